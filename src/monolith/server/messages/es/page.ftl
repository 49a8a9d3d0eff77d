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
lobby-opponent = Bot: { $level }
lobby-level_easy = fácil
lobby-level_medium = medio
lobby-level_hard = difícil
lobby-level_easy_how = Mira una jugada por delante y toma lo que rinde al momento.
lobby-level_medium_how = Prueba unas decenas de rumbos de la partida antes de cada jugada.
lobby-level_hard_how = Juega cientos de rumbos de la partida antes de cada jugada; se toma su tiempo.
lobby-default_opponent = Los bots empiezan en el nivel { $level }: el más fuerte que responde en medio segundo en este servidor.
lobby-other_bots = Otros bots
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
option-structure_card_help = La carta de estructura de la partida: su número, o al azar.
option-tower_help = Uniforme: cada corazón que cae en el monolito va a una zona al azar. Pegajosa: los corazones pueden quedarse dentro de la torre.
option-draft_help = No: los chamanes se reparten al azar. Por pujas: cada jugador puja corazones y luego elige chamán en el orden de las pujas.
page-noscript = Esta mesa necesita JavaScript.
status-open = abierta
status-running = en curso
status-finished = terminada
join-title = Ocupar el asiento { $n }
join-lead = Elige el nombre que verán los demás. Tu asiento se guarda en este navegador.
join-sit = Sentarme
join-game = Una partida de { $game }.
join-invited = { $who } te invita a una partida de { $game }.
join-seat_free = El asiento { $n } está libre.
join-seat_taken = El asiento { $n } ya está ocupado: puedes mirar la partida.
join-seat_over = Esta partida ha terminado: puedes mirarla.
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
mono-crystal = El cristal
mono-in_box = en la caja
mono-steps = { $n ->
    [one] { $n } paso
   *[other] { $n } pasos
}
mono-board_n = tablero { $n }
mono-score_tip = Puntos hasta ahora: fichas de nivel, ficha de estructura y profecías cumplidas.
mono-rotate_left = Girar la vista un cuarto a la izquierda
mono-rotate_right = Girar la vista un cuarto a la derecha
mono-structure_token_tip = Ficha de estructura: el edificio coincidió con la carta de estructura.
mono-must_pass = No tienes ninguna jugada legal, así que pasas.
mono-pass = Pasar
mono-turn = Girar
mono-turn_tip = Girar la pieza a su siguiente orientación
mono-prev_tip = Colocación anterior
mono-next_tip = Colocación siguiente
mono-swap_tip = Retira esta pieza del juego y coloca en su lugar un cubo suelto de su color.
mono-place = Colocar la pieza
mono-take_prophecy = Tomar una profecía
mono-prophecy_help = Una profecía en un lado puntúa su valor al final si el muro de ese lado tiene al menos tantos cubos del color del borde.
mono-side_tip = Lado { $side }, borde { $colour }
mono-nothing_chosen = Aún no has elegido nada.
mono-structure_tip = La carta de estructura: los primeros cuyo edificio tenga exactamente esta forma se llevan las fichas de estructura.
mono-supply = Cubos sueltos
mono-level_tokens = Fichas de nivel
mono-level_n = Nivel { $n }
mono-structure_tokens = Fichas de estructura
mono-prophecy_tokens = Profecías
mono-turn_no = Turno
mono-last_round = última ronda
tm-map = La tierra
tm-day = Día { $n }
tm-phase = Fase
tm-decision = Decisión
tm-players = Tribus
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
tm-no_bids = sin pujas
tm-decks = Mazos
tm-events = Eventos en juego
tm-pending = Efectos en espera
tm-filter = Filtrar acciones…
tm-tunnel = túnel
tm-monolith = El Monolito
tm-stronghold_of = fortaleza de { $name }
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
tm-legend_dead = muertos
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
tm-phase-setup = preparación
tm-phase-draft = reparto de chamanes
tm-phase-order = fase de órdenes
tm-phase-action = fase de acciones
tm-phase-rest = fase de descanso
tm-phase-over = el final
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
table-log_times = { $count } veces
conn-failed = Sin conexión
conn-failed-help = El servidor rechazó la conexión en vivo para esta partida.
table-bad_token = Este asiento no es tuyo en este navegador
tm-your_divinations = Tus adivinaciones
tm-rating_tip = Fuerza de la carta
tm-border_open = { $a } – { $b }: frontera abierta (adyacentes)
tm-border_wall = { $a } – { $b }: muro (no adyacentes)
tm-legend_open = frontera abierta
tm-legend_wall = muro
tm-legend_absent = zonas oscuras: fuera de juego con { $n } jugadores

