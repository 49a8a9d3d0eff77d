### El Monolito: el favor según se puntúa (tm-score-*), contado en el registro tras la jugada
### que lo puntuó. $favor es el favor ganado; $actor_you es "yes" para las del propio lector.

## Matar o revelar un objetivo: la línea de quien actúa, con su favor.
tm-score-slay = { $actor_you ->
    [yes] { $unit ->
            [shaman] Matas al chamán de { $target } { $space_in } (+{ $favor } de favor).
           *[other] Matas a un guerrero de { $target } { $space_in } (+{ $favor } de favor).
        }
   *[no] { $target_you ->
            [yes] { $unit ->
                [shaman] { $actor } mata a tu chamán { $space_in } (+{ $favor } de favor).
               *[other] { $actor } mata a uno de tus guerreros { $space_in } (+{ $favor } de favor).
            }
           *[no] { $unit ->
                [shaman] { $actor } mata al chamán de { $target } { $space_in } (+{ $favor } de favor).
               *[other] { $actor } mata a un guerrero de { $target } { $space_in } (+{ $favor } de favor).
            }
        }
}
tm-score-reveal-objective = { $actor_you ->
    [yes] Revelas el objetivo «{ $objective }» (+{ $favor } de favor).
   *[no] { $actor } revela el objetivo «{ $objective }» (+{ $favor } de favor).
}

## Favor del tablero ($count: templos controlados, o corazones de alarde).
tm-score = { $actor_you ->
        [yes] Ganas
       *[no] { $actor } gana
    } { $favor } de favor { $source ->
        [temple] por { $count ->
            [one] 1 templo
           *[other] { $count } templos
        }
        [boast] por { $count ->
            [one] 1 alarde
           *[other] { $count } alardes
        }
       *[monolith] por alardear controlando el espacio del monolito
    }.
## Favor del efecto de una carta: una adivinación, la habilidad de un chamán o un evento.
tm-score-card = { $actor_you ->
    [yes] Ganas { $favor } de favor por «{ $card }».
   *[no] { $actor } gana { $favor } de favor por «{ $card }».
}
## La partida terminó: cada objetivo que queda en la mano se muestra y puntúa.
tm-score-held = { $actor_you ->
    [yes] Muestras el objetivo «{ $objective }», guardado hasta el final (+{ $favor } de favor).
   *[no] { $actor } muestra el objetivo «{ $objective }», guardado hasta el final (+{ $favor } de favor).
}
