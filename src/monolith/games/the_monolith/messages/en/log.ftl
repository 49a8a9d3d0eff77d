### The Monolith's menu entries (tm-choose-*: said to the player choosing) and log lines
### (tm-log-*: $actor_you is "yes" for the reader's own moves).

## Menu entries.
tm-choose-keep-objective = Keep { $objective }: { $objective_text }
tm-choose-draft-bid = Bid { $hearts ->
        [one] 1 heart
       *[other] { $hearts } hearts
    } in the shaman draft
tm-choose-draft-pick = Pick { $shaman }: { $shaman_text }
tm-choose-take = Take { $card }: you hold the highest bid
tm-choose-raise = Raise your bid on { $card } by { $hearts ->
        [one] 1 heart
       *[other] { $hearts } hearts
    }
tm-choose-forfeit = Forfeit your bid on { $card }: the hearts go back to your available pool
tm-choose-discard-divination = Discard { $card }
tm-choose-march = March { $warriors ->
        [one] 1 warrior
       *[other] { $warriors } warriors
    } from { $space }
tm-choose-step = { $unit ->
        [shaman] Move your shaman to { $space }
       *[other] Move the group to { $space }
    }
tm-choose-drop-off = Drop off one warrior in { $space }
tm-choose-pick-up = Pick up one of your warriors in { $space }
tm-choose-stop = { $order ->
        [march] End the march
        [shaman] End the shaman order
       *[other] Decline the remaining free warriors
    }
tm-choose-shaman = Shaman order: pay 1 heart and move your shaman up to 3 steps, cremating your dead on the way
tm-choose-recruit = Recruit: pay { $hearts } hearts for { $hearts } warriors, plus 1 for each mausoleum you control
tm-choose-deploy = Deploy a warrior from your { $source ->
        [anger] anger pool
       *[other] reserves
    } to { $space }
tm-choose-bid = Bid { $hearts ->
        [one] 1 heart
       *[other] { $hearts } hearts
    } on { $card }
tm-choose-commit = Commit: drop your available and outbid hearts into the monolith
tm-choose-use-effect = Use { $effect }: { $effect_text }
tm-choose-resolve = { $owner ->
        [everyone] Resolve { $effect } for everyone next
       *[other] Resolve { $effect } for { $owner_you ->
            [yes] you
           *[no] { $owner }
        } next
    }
tm-choose-pass = Pass
tm-choose-slay = { $unit ->
        [shaman] Slay { $target }'s shaman in { $space }
       *[other] Slay a warrior of { $target } in { $space }
    }
tm-choose-maneuver = { $unit ->
        [shaman] Maneuver your shaman from { $from } to { $to }
       *[other] Maneuver a warrior from { $from } to { $to }
    }
tm-choose-boast = Boast in { $space }
tm-choose-sacrifice = Sacrifice a warrior in { $space }, paying from { $zone }
tm-choose-relent = Relent: return your hearts on the action board and end your actions
tm-choose-fate = Manipulate fate: spend 1 anger to move a heart from { $zone } one zone clockwise
tm-choose-reveal-objective = Reveal { $objective }: { $objective_text }
tm-choose-discard-objective = Discard { $objective }
tm-choose-place-event = { $moving ->
        [yes] Move { $event } to { $space }
       *[other] Place { $event } on { $space }
    }

## Log lines.
tm-log-keep-objective = { $actor_you ->
    [yes] You keep { $objective }.
   *[no] { $actor } keeps { $objective }.
}
tm-log-keep-objective-secret = { $actor_you ->
    [yes] You keep one of the two objectives drawn.
   *[no] { $actor } keeps one of the two objectives drawn.
}
tm-log-draft-bid = { $actor_you ->
    [yes] You bid { $hearts } in the shaman draft.
   *[no] { $actor } bids { $hearts } in the shaman draft.
}
tm-log-draft-pick = { $actor_you ->
    [yes] You pick { $shaman }.
   *[no] { $actor } picks { $shaman }.
}
tm-log-take = { $actor_you ->
    [yes] You take { $card }.
   *[no] { $actor } takes { $card }.
}
tm-log-raise = { $actor_you ->
    [yes] You raise your bid on { $card } by { $hearts }.
   *[no] { $actor } raises their bid on { $card } by { $hearts }.
}
tm-log-forfeit = { $actor_you ->
    [yes] You forfeit your bid on { $card }.
   *[no] { $actor } forfeits their bid on { $card }.
}
tm-log-discard-divination = { $actor_you ->
    [yes] You discard { $card }.
   *[no] { $actor } discards { $card }.
}
tm-log-march = { $actor_you ->
    [yes] You march { $warriors ->
            [one] 1 warrior
           *[other] { $warriors } warriors
        } from { $space }.
   *[no] { $actor } marches { $warriors ->
            [one] 1 warrior
           *[other] { $warriors } warriors
        } from { $space }.
}
tm-log-step = { $actor_you ->
    [yes] { $unit ->
            [shaman] Your shaman moves to { $space }.
           *[other] Your group moves to { $space }.
        }
   *[no] { $unit ->
            [shaman] { $actor }'s shaman moves to { $space }.
           *[other] { $actor }'s group moves to { $space }.
        }
}
tm-log-drop-off = { $actor_you ->
    [yes] You drop off a warrior in { $space }.
   *[no] { $actor } drops off a warrior in { $space }.
}
tm-log-pick-up = { $actor_you ->
    [yes] You pick up a warrior in { $space }.
   *[no] { $actor } picks up a warrior in { $space }.
}
tm-log-stop = { $actor_you ->
    [yes] { $order ->
            [march] You end the march.
            [shaman] You end the shaman order.
           *[other] You decline the remaining free warriors.
        }
   *[no] { $order ->
            [march] { $actor } ends the march.
            [shaman] { $actor } ends the shaman order.
           *[other] { $actor } declines the remaining free warriors.
        }
}
tm-log-shaman = { $actor_you ->
    [yes] You give your shaman an order.
   *[no] { $actor } gives their shaman an order.
}
tm-log-recruit = { $actor_you ->
    [yes] You recruit with { $hearts } hearts.
   *[no] { $actor } recruits with { $hearts } hearts.
}
tm-log-deploy = { $actor_you ->
    [yes] You deploy a warrior to { $space }.
   *[no] { $actor } deploys a warrior to { $space }.
}
tm-log-bid = { $actor_you ->
    [yes] You bid { $hearts } on { $card }.
   *[no] { $actor } bids { $hearts } on { $card }.
}
tm-log-commit = { $actor_you ->
    [yes] You commit your hearts to the monolith.
   *[no] { $actor } commits their hearts to the monolith.
}
tm-log-use-effect = { $actor_you ->
    [yes] You use { $effect }.
   *[no] { $actor } uses { $effect }.
}
tm-log-resolve = { $actor_you ->
    [yes] You resolve { $effect } next.
   *[no] { $actor } resolves { $effect } next.
}
tm-log-pass = { $actor_you ->
    [yes] You pass.
   *[no] { $actor } passes.
}
tm-log-maneuver = { $actor_you ->
    [yes] { $unit ->
            [shaman] You maneuver your shaman from { $from } to { $to }.
           *[other] You maneuver a warrior from { $from } to { $to }.
        }
   *[no] { $unit ->
            [shaman] { $actor } maneuvers their shaman from { $from } to { $to }.
           *[other] { $actor } maneuvers a warrior from { $from } to { $to }.
        }
}
tm-log-boast = { $actor_you ->
    [yes] You boast in { $space }.
   *[no] { $actor } boasts in { $space }.
}
tm-log-sacrifice = { $actor_you ->
    [yes] You sacrifice a warrior in { $space }.
   *[no] { $actor } sacrifices a warrior in { $space }.
}
tm-log-relent = { $actor_you ->
    [yes] You relent and end your actions.
   *[no] { $actor } relents and ends their actions.
}
tm-log-fate = { $actor_you ->
    [yes] You manipulate fate: a heart moves on from { $zone }.
   *[no] { $actor } manipulates fate: a heart moves on from { $zone }.
}
tm-log-discard-objective = { $actor_you ->
    [yes] You discard { $objective }.
   *[no] { $actor } discards { $objective }.
}
tm-log-discard-objective-secret = { $actor_you ->
    [yes] You discard an objective.
   *[no] { $actor } discards an objective.
}
tm-log-place-event = { $actor_you ->
    [yes] { $moving ->
            [yes] You move { $event } to { $space }.
           *[other] You place { $event } on { $space }.
        }
   *[no] { $moving ->
            [yes] { $actor } moves { $event } to { $space }.
           *[other] { $actor } places { $event } on { $space }.
        }
}

## What actions set off, and chance.
tm-log-landed = { $actor_you ->
    [yes] Your hearts land: { $slay } in slay, { $maneuver } in maneuver, { $boast } in boast.
   *[no] { $actor }'s hearts land: { $slay } in slay, { $maneuver } in maneuver, { $boast } in boast.
}
tm-log-dealt = { $count ->
    [1] Dealt to the divination row: { $card1 }.
    [2] Dealt to the divination row: { $card1 } and { $card2 }.
    [3] Dealt to the divination row: { $card1 }, { $card2 } and { $card3 }.
   *[other] Dealt to the divination row: { $card1 }, { $card2 }, { $card3 } and { $card4 }.
}
tm-log-first = { $actor_you ->
    [yes] You take the first player marker.
   *[no] { $actor } takes the first player marker.
}
tm-log-shaman-dealt = { $actor_you ->
    [yes] Your shaman is { $shaman }.
   *[no] { $actor }'s shaman is { $shaman }.
}
tm-log-event = { $actor_you ->
    [yes] You draw the event { $event }.
   *[no] { $actor } draws the event { $event }.
}
tm-log-objectives-drawn = { $count ->
    [1] You draw the objective { $card1 }.
    [2] You draw the objectives { $card1 } and { $card2 }.
    [3] You draw the objectives { $card1 }, { $card2 } and { $card3 }.
   *[other] You draw the objectives { $card1 }, { $card2 }, { $card3 } and { $card4 }.
}
tm-log-objectives-drawn-secret = { $actor_you ->
    [yes] { $count ->
            [1] You draw an objective.
            [2] You draw two objectives.
            [3] You draw three objectives.
           *[other] You draw four objectives.
        }
   *[no] { $count ->
            [1] { $actor } draws an objective.
            [2] { $actor } draws two objectives.
            [3] { $actor } draws three objectives.
           *[other] { $actor } draws four objectives.
        }
}
tm-log-shuffle = { $pile ->
    [divination] The divination deck is reshuffled from its discards.
    [objective] The objective deck is reshuffled from its discards.
   *[other] The event deck is reshuffled from its discards.
}
tm-log-setup-shuffled = The divination, event and objective decks are shuffled.
