### The Monolith: favor as it is scored (tm-score-*), told in the log after the move that
### scored it. $favor is the favor gained; $actor_you is "yes" for the reader's own.

## A slay or a revealed objective: the actor's own line, with its favor.
tm-score-slay = { $actor_you ->
    [yes] { $unit ->
            [shaman] You slay { $target }'s shaman in { $space } (+{ $favor } favor).
           *[other] You slay a warrior of { $target } in { $space } (+{ $favor } favor).
        }
   *[no] { $target_you ->
            [yes] { $unit ->
                [shaman] { $actor } slays your shaman in { $space } (+{ $favor } favor).
               *[other] { $actor } slays one of your warriors in { $space } (+{ $favor } favor).
            }
           *[no] { $unit ->
                [shaman] { $actor } slays { $target }'s shaman in { $space } (+{ $favor } favor).
               *[other] { $actor } slays a warrior of { $target } in { $space } (+{ $favor } favor).
            }
        }
}
tm-score-reveal-objective = { $actor_you ->
    [yes] You reveal { $objective } (+{ $favor } favor).
   *[no] { $actor } reveals { $objective } (+{ $favor } favor).
}

## Favor from the board ($count: temples controlled, or hearts boasted; the monolith bonus
## counts one per boasted heart).
tm-score = { $actor_you ->
        [yes] You score
       *[no] { $actor } scores
    } { $favor } favor { $source ->
        [temple] for { $count ->
            [one] 1 temple
           *[other] { $count } temples
        }
        [boast] for { $count ->
            [one] 1 boast
           *[other] { $count } boasts
        }
       *[monolith] for boasting while controlling the monolith space
    }.
## Favor from a card's effect: a divination, a shaman's ability or an event.
tm-score-card = { $actor_you ->
    [yes] You score { $favor } favor from { $card }.
   *[no] { $actor } scores { $favor } favor from { $card }.
}
## The game is over: each objective still held is shown and scores.
tm-score-held = { $actor_you ->
    [yes] You show { $objective }, held to the end (+{ $favor } favor).
   *[no] { $actor } shows { $objective }, held to the end (+{ $favor } favor).
}
