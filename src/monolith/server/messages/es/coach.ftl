### El entrenador en la mesa web: pistas durante la partida, la revisión en la repetición.

## Pistas activadas o no, al crear la partida.
coach-hints_on = Con pistas
coach-hints_off = Sin pistas
coach-hints_on_tip = Los jugadores de esta partida pueden pedir al entrenador las mejores decisiones.
coach-hints_off_tip = Nadie en esta partida puede pedir pistas al entrenador.
coach-lobby_hints = Pistas del entrenador
coach-lobby_hints_help = Los jugadores pueden pedir al entrenador las mejores decisiones durante la partida. Desactivadas por defecto cuando juegan varias personas.

## Una pista en la mesa.
coach-hint = Pista
coach-hint_help = Pide al entrenador las mejores decisiones aquí (H)
coach-hint_wait = El entrenador responde cuando te toca decidir.
coach-hint_title = El entrenador sugiere
coach-hint_close = Cerrar la pista
coach-hint_thinking = El entrenador está pensando…
coach-hint_win = { $win } % de ganar
coach-hint_unsure = Están demasiado igualadas para elegir entre ellas.
coach-hint_forced = Es la única decisión que puedes tomar.
coach-hint_all = Todas las sugerencias
coach-show_board = Mostrar en el tablero
coach-hide_board = Volver a la jugada hecha
error-hints_off = Esta partida se creó sin pistas.
error-coach_busy = El entrenador está ocupado; vuelve a pedirlo en un momento.

## La revisión en la repetición.
coach-review = Revisión del entrenador
coach-review_queued = El entrenador revisará esta partida en un momento.
coach-review_running = El entrenador está revisando la partida: { $done } de { $total } decisiones.
coach-review_failed = El entrenador no pudo revisar esta partida.
coach-review_none = En esta partida solo jugaron bots, así que no hay nada que revisar.
coach-summary = { $decisions ->
        [one] 1 decisión evaluada
       *[other] { $decisions } decisiones evaluadas
    } — { $blunder ->
        [one] 1 error grave
       *[other] { $blunder } errores graves
    }, { $mistake ->
        [one] 1 error
       *[other] { $mistake } errores
    }, { $inaccuracy ->
        [one] 1 imprecisión
       *[other] { $inaccuracy } imprecisiones
    }.
coach-first = { $mark ->
    [blunder] primer error grave
    [mistake] primer error
   *[inaccuracy] primera imprecisión
}
coach-graph_label = La probabilidad de ganar de cada jugador revisado tras cada una de sus decisiones, jugada a jugada
coach-graph_moves = { $n ->
        [one] 1 jugada
       *[other] { $n } jugadas
    }
coach-step_mark = { $you ->
    [yes] { $mark ->
            [good] Una buena decisión tuya.
            [inaccuracy] Una imprecisión tuya.
            [mistake] Un error tuyo.
           *[blunder] Un error grave tuyo.
        }
   *[no] { $mark ->
            [good] Una buena decisión de { $name }.
            [inaccuracy] Una imprecisión de { $name }.
            [mistake] Un error de { $name }.
           *[blunder] Un error grave de { $name }.
        }
}
coach-you = Tú
coach-win_after = Probabilidad de ganar después: { $chosen } %; con la elección del entrenador: { $best } %.
coach-lost = { $loss } % de probabilidad de ganar perdida
coach-agrees = El entrenador habría hecho lo mismo.
coach-preferred = El entrenador prefería:
coach-board_before = El tablero muestra la posición antes de la jugada, con la elección del entrenador marcada.
coach-hidden = Solo { $name } vio las opciones de esta decisión, así que el entrenador se las nombra solo a { $name }.
coach-unsure = El entrenador no está seguro de esta: sus búsquedas no coinciden.
coach-thresholds = Marcas según la probabilidad de ganar perdida frente a la elección del entrenador: imprecisión desde { $inaccuracy } %, error desde { $mistake } %, error grave desde { $blunder } %.

## Lo que hace la elección del entrenador, en términos del juego, y la línea que espera después.
coach-hint_why = Por qué primero: { $reason }
coach-hint_chosen = Está lista en la mesa: una pulsación la juega.
coach-why = Por qué: { $reason }
coach-line = Después el entrenador espera:
coach-board_line = El tablero muestra la posición antes de la jugada: la elección del entrenador marcada y, numeradas, las jugadas que espera después.
coach-prev_mark = Decisión marcada anterior
coach-next_mark = Decisión marcada siguiente
coach-mark_of = Decisión marcada { $k } de { $n }
coach-marks_count = { $n ->
        [one] 1 decisión marcada
       *[other] { $n } decisiones marcadas
    }
coach-open_review = La revisión del entrenador
