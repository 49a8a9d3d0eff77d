### The web table's own words: the lobby, the frame around every table, replays and help.

ui-language = Idioma
ui-rules = Reglas
ui-rules_help = Ayuda de reglas
ui-close = Cerrar
ui-cancel = Cancelar
ui-confirm = Confirmar
lobby-title = Construye, conspira y juega
lobby-lead = Empieza una partida de cualquiera de estos juegos con amigos o bots. Comparte un enlace de asiento con cada amigo; cada jugada se guarda en el momento en que se hace.
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
lobby-level_easy_how = mira una jugada por delante y toma lo que rinde al momento.
lobby-level_medium_how = prueba unas decenas de rumbos de la partida antes de cada jugada.
lobby-level_hard_how = juega cientos de rumbos de la partida antes de cada jugada; se toma su tiempo.
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
choice-random = al azar
choice-true = sí
choice-false = no
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
table-coach_choice = La elección del entrenador aquí: { $choice }
table-raw_view = Todo lo que ves (en bruto)
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
table-no_moves = Aún no hay jugadas.
table-log_times = { $count } veces
conn-failed = Sin conexión
conn-failed-help = El servidor rechazó la conexión en vivo para esta partida.
table-bad_token = Este asiento no es tuyo en este navegador

