### Why the reader decides now (tm-why-<decision>: the view's "reason", said to the player
### deciding, with the numbers that explain the decision).

tm-why-resolve = { $count } effects happen at the same time: choose which one resolves first.
tm-why-discard-divination = You hold { $held } divinations and may keep { $keep }: discard one.
tm-why-discard-objective = You hold { $held } objectives and may keep { $keep }: discard one.
tm-why-keep-objective = You drew two objectives: keep one; the other is discarded face down.
tm-why-draft-bid = Shaman draft: bid 0 to { $most } hearts. The highest bids pick their shaman first; the hearts you bid become unearned.
tm-why-draft-pick = Shaman draft: pick your shaman (players pick in the order of their bids).
tm-why-checks = Your turn starts with your { $cards ->
        [one] bid
       *[other] { $cards } bids
    } on the divination row: take a card where you hold the highest bid; raise or forfeit where you are outbid.
tm-why-order = { $hearts ->
        [0] You have no hearts available: committing is your only order.
       *[other] Your order: march, send your shaman, recruit, bid on a divination or commit. You have { $hearts ->
            [one] 1 heart
           *[other] { $hearts } hearts
        } available.
    }
tm-why-march = March: { $warriors ->
        [one] 1 warrior
       *[other] { $warriors } warriors
    } at { $space }, { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    } taken. { $next ->
        [free] The next step is free ({ $free ->
            [one] 1 free step
           *[other] { $free } free steps
        } left).
        [heart] The next step costs 1 heart; you have { $hearts }.
       *[none] No hearts or free steps are left for another step: the march ends here.
    }
tm-why-shaman = Shaman order: your shaman is at { $space } after { $steps ->
        [one] 1 step
       *[other] { $steps } steps
    }. { $left ->
        [0] It has no steps left: end the order.
        [one] 1 free step left.
       *[other] { $left } free steps left.
    }
tm-why-recruit = Recruit: { $paid ->
        [one] 1 paid warrior
       *[other] { $paid } paid warriors
    }{ $free ->
        [0] {""}
       *[other] {" "}and up to { $free } free
    } left to deploy, at your stronghold or a mausoleum you occupy.
tm-why-action = Action phase: { $actions ->
        [one] 1 action
       *[other] { $actions } actions
    } left. Your hearts on the action board: slay { $slay }, maneuver { $maneuver }, boast { $boast }.
tm-why-slay-window = You slew: you may use a slay effect now, or pass.
tm-why-rest-optional = Rest phase: you may use a scoring effect now, or pass.
tm-why-reveal = Rest phase: { $count ->
        [one] an objective of yours is met
       *[other] { $count } of your objectives are met
    }: reveal for favor now, or pass.
tm-why-place-event = You drew the event { $event }: place it on a space.
tm-why-move-event = { $event } scored and moves on: as the first player, you move it to another space.
