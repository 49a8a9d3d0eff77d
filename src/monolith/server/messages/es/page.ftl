### The web table's own words: the lobby, the frame around every table, replays and help.

ui-language = Idioma
ui-rules = Reglas
ui-rules_help = Ayuda de reglas
ui-close = Cerrar
ui-cancel = Cancelar
ui-confirm = Confirmar
game-monolyth = Monolyth
game-the-monolith = El Monolito
lobby-title = Construye, conspira y juega
lobby-lead = Empieza una partida de Monolyth o El Monolito con amigos o bots. Comparte un enlace de asiento con cada amigo; cada jugada se guarda en el momento en que se hace.
lobby-your_name = Tu nombre
lobby-name_needed = Escribe primero tu nombre.
lobby-new_match = Nueva partida
lobby-loading = Cargando…
lobby-players = Jugadores
lobby-players_range = { $min }–{ $max } { $max ->
    [one] jugador
   *[other] jugadores
}
lobby-seats = Asientos
lobby-seat_n = Asiento { $n }
lobby-human = Jugador humano
lobby-bot = Bot
lobby-bot_level = { $bot ->
    [random] Bot aleatorio
    [greedy] Bot codicioso
    [ismcts] Bot de búsqueda
   *[other] Bot { $bot }
} ({ $level ->
    [easy] fácil
    [hard] difícil
    [default] nivel normal
   *[other] { $level }
})
lobby-clock = Reloj de turno
lobby-clock_help = Tiempo por decisión; si se agota, un bot juega por ese asiento.
lobby-clock_none = Sin reloj
lobby-clock_s = { $n ->
    [one] { $n } segundo
   *[other] { $n } segundos
}
lobby-create = Crear partida
lobby-copied = Enlace copiado.
lobby-spectators = Espectadores
lobby-matches = Partidas abiertas y en curso
lobby-no_matches = Todavía no hay partidas. ¡Crea una!
lobby-open_seat = asiento libre
lobby-resume = Volver al asiento { $n }
lobby-join_seat = Ocupar el asiento { $n }
lobby-watch = Mirar
lobby-replay = Repetición
option-structure_card = Carta de estructura
option-tower = Torre
option-draft = Reparto de chamanes
choice-random = al azar
choice-true = sí
choice-false = no
status-open = abierta
status-running = en curso
status-finished = terminada
join-title = Ocupar el asiento { $n }
join-lead = Elige el nombre que verán los demás. Tu asiento se guarda en este navegador.
join-sit = Sentarme
conn-connecting = Conectando…
conn-connected = En vivo
conn-reconnecting = Reconectando…
conn-connecting-help = Abriendo la conexión en vivo con el servidor.
conn-connected-help = Conectado: las jugadas aparecen en cuanto se hacen.
conn-reconnecting-help = Se cortó la conexión; reintentando. No se pierde nada de lo que hiciste.
table-loading = Preparando la mesa…
table-players = Jugadores
table-player = Jugador
table-player_n = Jugador { $n }
table-log = Registro de la partida
table-you = tú
table-bot_help = Un bot juega este asiento en el servidor.
table-bot_tag = BOT
table-online = conectado
table-offline = desconectado
table-your_turn = Tu turno
table-waiting_for = Esperando a { $name }
table-waiting_players = Esperando a que se unan los jugadores
table-finished = Fin de la partida
table-game_over = Fin de la partida
table-score = Puntos
table-refused = Rechazado:
table-undo = Deshacer
table-undo_help = Retira tu última acción (solo si no reveló nada nuevo).
table-leave = Abandonar
table-leave_help = Abandona la partida; un bot ocupa tu asiento.
table-spectating = Estás mirando
table-watch_replay = Ver la repetición
table-back_lobby = Volver a la sala de partidas
table-no_match = No existe esa partida
table-your_options = Tus opciones
table-nothing_to_do = Nada que hacer por ahora.
table-raw_view = Todo lo que ves (en bruto)
mono-ring = El anillo
mono-ring_tip = Mueve el cristal de 1 a 4 casillas en sentido horario y toma la pieza donde cae.
mono-crystal = El cristal
mono-in_box = en la caja
mono-steps = { $n ->
    [one] { $n } paso
   *[other] { $n } pasos
}
mono-board_n = tablero { $n }
mono-board_tip = El tablero impreso del jugador: cada borde tiene su color.
mono-score_tip = Puntos hasta ahora: fichas de nivel, ficha de estructura y profecías cumplidas.
mono-rotate_left = Girar la vista un cuarto a la izquierda
mono-rotate_right = Girar la vista un cuarto a la derecha
mono-level_token_tip = Ficha de nivel: por completar un nivel.
mono-structure_token_tip = Ficha de estructura: el edificio coincidió con la carta de estructura.
mono-prophecy_tip = Lado { $side } (borde { $colour }): profecía { $value }, { $state }. Puntúa si ese muro tiene al menos { $value } cubos de color { $colour }.
mono-fulfilled = cumplida
mono-unfulfilled = aún sin cumplir
mono-spectator_hint = Estás mirando. Gira cualquier monolito con ⟲ ⟳.
mono-must_pass = No tienes ninguna jugada legal, así que pasas.
mono-pass = Pasar
mono-hint_choose = Elige una pieza del anillo (círculos dorados, a 1–4 pasos del cristal) o toma una profecía.
mono-hint_place = Gira la pieza, señala un lugar resaltado de tu monolito y haz clic para elegirlo (otro clic para otra colocación ahí). Confirma para colocarla.
mono-hint_swap = Haz clic en una celda resaltada para poner allí un cubo suelto y confirma.
mono-orientation = orientación { $k } de { $n }
mono-placements = { $n ->
    [one] { $n } colocación
   *[other] { $n } colocaciones
}
mono-swap_explain = Cambio: la pieza sale del juego y colocas un cubo suelto { $colour }.
mono-turn = Girar
mono-turn_tip = Girar la pieza a su siguiente orientación
mono-prev_tip = Colocación anterior
mono-next_tip = Colocación siguiente
mono-swap = Cambiar por un cubo
mono-swap_tip = Retira esta pieza del juego y coloca en su lugar un cubo suelto de su color.
mono-place = Colocar la pieza
mono-take_prophecy = Tomar una profecía
mono-prophecy_help = Una profecía en un lado puntúa su valor al final si el muro de ese lado tiene al menos tantos cubos del color del borde.
mono-side_tip = Lado { $side }, borde { $colour }
mono-nothing_chosen = Aún no has elegido nada.
mono-structure_tip = La carta de estructura: los primeros cuyo edificio tenga exactamente esta forma se llevan las fichas de estructura.
mono-supply = Cubos sueltos
mono-supply_tip = Cubos sueltos que quedan para cambios, por color.
mono-level_tokens = Fichas de nivel
mono-levels_tip = Llena las 16 celdas de un nivel para tomar la ficha superior de su pila.
mono-level_n = Nivel { $n }
mono-structure_tokens = Fichas de estructura
mono-prophecy_tokens = Profecías
mono-turn_no = Turno
mono-last_round = última ronda
mono-ending_tip = Se activó el final: la partida termina al acabar esta ronda.
mono-solo_rating = Tu rango: { $title }
tm-map = La tierra
tm-day = Día { $n }
tm-phase = Fase
tm-decision = Decisión
tm-players = Tribus
tm-favor = Favor
tm-favor_track = Marcador de favor
tm-favor_tip = El favor es la puntuación: gana quien más favor tenga al final.
tm-hearts = Corazones
tm-available = disponibles
tm-spent = gastados
tm-unearned = sin ganar
tm-tower = en la torre
tm-reserves = Reservas
tm-anger = Ira
tm-limbo = Limbo
tm-shaman = Chamán
tm-divinations = Adivinaciones
tm-objectives = Objetivos
tm-your_objectives = Tus objetivos secretos
tm-hidden_objectives = { $n ->
    [one] { $n } objetivo oculto
   *[other] { $n } objetivos ocultos
}
tm-action_board = Tablero de acciones
tm-zones_tip = Corazones en el tablero de acciones, zona por zona.
tm-row = Fila de adivinación
tm-row_tip = Puja corazones por las cartas de adivinación; la puja más alta se lleva la carta.
tm-bids = Pujas
tm-no_bids = sin pujas
tm-decks = Mazos
tm-events = Eventos en juego
tm-pending = Efectos en espera
tm-your_decision = Tu decisión
tm-filter = Filtrar acciones…
tm-click_space = Haz clic en un espacio del mapa para ver solo sus acciones.
tm-warriors = guerreros
tm-dead = muertos
tm-tunnel = túnel
tm-monolith = El Monolito
tm-stronghold_of = fortaleza de { $name }
tm-controller = controlado por { $name }
tm-slots = huecos de alarde
tm-building-temple = templo
tm-building-scriptorium = escritorio
tm-building-mausoleum = mausoleo
# The one-letter mark of each building on the map, from its name in this language.
tm-building-mark-temple = T
tm-building-mark-scriptorium = E
tm-building-mark-mausoleum = M
tm-legend_warrior = guerreros
tm-legend_shaman = chamán
tm-legend_slot = hueco de alarde
tm-march = Marcha
tm-actions_left = Acciones restantes
tm-show_all = Mostrar todo
replay-title = Repetición
replay-first = Inicio
replay-prev = Atrás
replay-next = Adelante
replay-last = Final
replay-play = Reproducir
replay-pause = Pausa
replay-position = Posición
replay-step_of = paso { $k } de { $n }
replay-unavailable = Aún no hay repetición
help-table = 
    # Usar la mesa
    - Pasa el ratón sobre cualquier cosa para ver una ayuda. Tu turno se anuncia en dorado arriba.
    - El punto de arriba a la derecha muestra la conexión en vivo; si se corta, la mesa se reconecta sola y no se pierde nada.
    - Una acción rechazada se explica en rojo; la mesa queda como estaba.
    - Toda partida terminada tiene una repetición que puedes recorrer paso a paso.
    - En una repetición, ← → avanzan o retroceden y Espacio reproduce.
tm-absent = fuera de juego
tm-slot_blood = hueco de alarde: sangre
tm-slot_heart = hueco de alarde: un corazón de { $name }
tm-slot_empty = hueco de alarde: vacío
tm-phase-setup = preparación
tm-phase-draft = reparto de chamanes
tm-phase-order = fase de órdenes
tm-phase-action = fase de acciones
tm-phase-rest = fase de descanso
tm-phase-over = el final
tm-decision-keep_objective = quedarse un objetivo
tm-decision-order = elegir una orden
tm-decision-action = elegir una acción
tm-decision-march = marcha
tm-decision-recruit = desplegar reclutas
tm-decision-resolve = orden de los efectos
tm-decision-place_event = colocar el evento
tm-decision-reveal = revelar un objetivo
tm-objectives_tip = Solo tú los ves; dan favor al final.
tm-no_objectives = No tienes objetivos en la mano.
tm-deck = mazo
tm-empty_slot = hueco vacío
tm-tower_tip = Corazones echados en la torre del monolito que aún no han caído.
tm-legend_buildings = templo / escritorio / mausoleo
tm-deck-divination = adivinaciones
tm-deck-event = eventos
tm-deck-objective = objetivos
table-no_moves = Aún no hay jugadas.
conn-failed = Sin conexión
conn-failed-help = El servidor rechazó la conexión en vivo para esta partida.
tm-chronicle = Crónica
tm-chronicle_tip = Lo que han hecho el azar y las cartas: público para todos.
table-bad_token = Este asiento no es tuyo en este navegador
tm-your_divinations = Tus adivinaciones
tm-rating_tip = Fuerza de la carta
tm-border_open = { $a } – { $b }: frontera abierta (adyacentes)
tm-border_wall = { $a } – { $b }: muro (no adyacentes)
tm-legend_open = frontera abierta
tm-legend_wall = muro
tm-kind-march = Marchar
tm-kind-step = Mover
tm-kind-drop_off = Dejar
tm-kind-pick_up = Recoger
tm-kind-stop = Parar
tm-kind-shaman = Chamán
tm-kind-recruit = Reclutar
tm-kind-deploy = Desplegar
tm-kind-bid = Puja de adivinación
tm-kind-commit = Comprometerse
tm-kind-take = Tomar una carta
tm-kind-raise = Subir
tm-kind-forfeit = Renunciar
tm-kind-use_effect = Usar un efecto
tm-kind-resolve = Resolver
tm-kind-pass = Pasar
tm-kind-slay = Matar
tm-kind-maneuver = Maniobrar
tm-kind-boast = Alardear
tm-kind-sacrifice = Sacrificar
tm-kind-relent = Ceder
tm-kind-fate = Manipular el destino
tm-kind-keep_objective = Quedarse un objetivo
tm-kind-reveal_objective = Revelar un objetivo
tm-kind-discard_objective = Descartar un objetivo
tm-kind-discard_divination = Descartar una adivinación
tm-kind-place_event = Colocar el evento
tm-kind-draft_bid = Puja por chamán
tm-kind-draft_pick = Elegir chamán

