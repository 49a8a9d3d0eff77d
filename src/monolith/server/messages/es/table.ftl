### El marco de cada mesa: rechazos, recuperar un asiento, invitaciones, deshacer, accesibilidad.

## Por qué no se puede deshacer.
undo-blocked = { $reason ->
    [spectator] Los espectadores no pueden deshacer jugadas.
    [finished] La partida ha terminado.
    [taken_over] Un bot juega en tu asiento; recupéralo primero.
    [nothing] Todavía no se ha jugado nada.
    [not_yours] La última jugada fue de { $last }. Solo puedes deshacer tu propia jugada, mientras sea la última.
    [by_bot] Esa jugada la hizo un bot por ti, así que se queda.
    [revealed] Esa jugada reveló algo oculto o al azar, así que se queda.
    [passed] Ahora decide { $now }, así que tu jugada se queda.
   *[other] Ahora no se puede deshacer nada.
}
undo-blocked-label = No se puede deshacer

## Rechazos, según el código del servidor.
error-bad_token = Este navegador no tiene la llave de ese asiento.
error-not_your_seat = { $reason ->
    [taken_over] Ahora un bot juega en tu asiento; recupéralo primero.
    [turn] Decide { $to_move }, no tú.
    [other_seat] Ese asiento no es tuyo.
   *[other] No te toca decidir.
}
error-unknown_match = No existe esa partida.
error-unknown_seat = Esa partida no tiene ese asiento.
error-stale_version = La mesa cambió antes de que llegara tu jugada. Mira de nuevo y decide.
error-malformed = No se pudo leer tu jugada.
error-illegal = Las reglas no permiten esa jugada.
error-too_large = La petición es demasiado grande.
error-finished = La partida ha terminado; ya no puede cambiar nada.
error-not_started = La partida espera a que se ocupen todos los asientos.
error-cannot_undo = { undo-blocked }
error-seat_taken = Alguien ya ha ocupado ese asiento.
error-not_taken_over = Ya juegas tú en este asiento.
error-not_finished = La repetición se abre cuando termina la partida.
error-bad_options = La partida no se puede preparar así.
error-damaged = El registro de esta partida está dañado, así que no puede continuar.
error-network = Ahora no se puede contactar con el servidor; no se envió nada. Inténtalo de nuevo cuando la mesa diga En línea.
error-internal = El servidor falló con esa petición. No se perdió nada de lo que hiciste; la mesa se recarga.
error-unknown = El servidor lo rechazó.
error-detail = Detalles del servidor

## Un asiento que juega un bot porque su jugador se quedó sin tiempo o se fue.
takeover-you = { $reason ->
    [timeout] Se acabó el tiempo: { $bot } juega por ti.
    [left] Dejaste la mesa: { $bot } juega por ti.
   *[other] { $bot } juega por ti.
}
takeover-you_lead = Puedes recuperar tu asiento en cualquier momento hasta que termine la partida.
takeover-reclaim = Recuperar mi asiento
takeover-others = { $reason ->
    [timeout] A { $name } se le acabó el tiempo: { $bot } juega en ese asiento hasta que lo recupere.
    [left] { $name } dejó la mesa: { $bot } juega en ese asiento hasta que lo recupere.
   *[other] { $bot } juega por { $name } hasta que recupere el asiento.
}
takeover-row = { $reason ->
    [timeout] juega { $bot }: se acabó el tiempo
    [left] juega { $bot }: dejó la mesa
   *[other] juega { $bot }
}
takeover-back = Vuelves a jugar en tu asiento.

## Invitar a la mesa.
invite-button = Invitar
invite-title = Invitar jugadores
invite-lead = Envía a cada amigo el enlace de un asiento libre. Cualquiera con el enlace de espectador puede mirar.
invite-open_seats = { $n ->
    [0] Todos los asientos están ocupados.
    [one] Queda { $n } asiento libre.
   *[other] Quedan { $n } asientos libres.
}
invite-copy_seat = Copiar el enlace del asiento { $n }
invite-copy_spectators = Copiar el enlace de espectador
invite-copy = Copiar
invite-copy_failed = El navegador no quiso copiar; selecciona el enlace y cópialo tú.
invite-close = Cerrar las invitaciones
invite-button_watch = Invitar a mirar
invite-title_watch = Invitar espectadores
invite-lead_watch = Todos los asientos están ocupados. Cualquiera con este enlace puede mirar la partida.

## El marco: jugadores, registro, diálogos, atajos.
frame-created = Partida creada. Invita a los jugadores con los enlaces de la mesa.
frame-created_full = Partida creada. Todos los asientos están ocupados: empieza la partida.
frame-name_first = Escribe primero tu nombre: así te verán los demás jugadores.
frame-players_label = Jugadores y a quién le toca
frame-to_move = le toca
frame-your_turn_sr = te toca
frame-played_by_bot = lo juega un bot: { $about }
frame-connected = conectado
frame-disconnected = desconectado
frame-log_label = Registro de la partida, de lo más antiguo a lo más reciente
frame-leave_title = ¿Dejar esta partida?
frame-leave_body = Un bot juega en tu asiento mientras no estés. Vuelve a esta partida desde la sala para recuperarlo.
frame-leave_ok = Dejar la partida
frame-left = Has salido. Un bot juega en tu asiento; reanuda la partida desde la sala para recuperarlo.
frame-clock = { $min ->
    [0] { $sec ->
        [one] Queda { $sec } segundo para esta decisión
       *[other] Quedan { $sec } segundos para esta decisión
    }
   *[other] Quedan { $min } min { $sec } s para esta decisión
}
frame-replay_setup = La mesa al empezar
frame-replay_step = Jugada { $k } de { $n }
keys-title = Atajos de teclado
keys-replay-step = ← →: una jugada atrás o adelante
keys-replay-ends = Inicio / Fin: el comienzo / la última jugada
keys-replay-play = Espacio: reproducir o pausar
keys-dialog = Esc: cerrar un diálogo
