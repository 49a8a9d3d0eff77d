### The Monolith in the terminal (`monolith play the-monolith`): the screen, the menus, the end.

## The header.
tm-term-title = The Monolith
tm-term-day = Day { $day } of 4
tm-term-phase = { $phase ->
        [setup] setup
        [order] order phase
        [action] action phase
        [rest] rest phase
       *[over] game over
    }
tm-term-decider = { $player_you ->
        [yes] Your decision
       *[no] { $player } to decide
    }: { $decision ->
        [keep_objective] keep one of two objectives
        [draft_bid] bid in the shaman draft
        [draft_pick] pick a shaman
        [checks] take, raise or forfeit your bids
        [order] give an order
        [march] march on
        [shaman] move the shaman on
        [recruit] deploy recruited warriors
        [action] take an action
        [slay_window] use a slay effect or pass
        [rest_optional] use a scoring effect or pass
        [reveal] reveal an objective or pass
        [place_event] place the event
        [move_event] move the event that scored
        [resolve] choose which effect resolves next
        [discard_divination] discard a divination down to three
        [discard_objective] discard an objective down to three
       *[other] wait
    }
tm-term-actions-left = { $count ->
        [one] 1 action left this turn
       *[other] { $count } actions left this turn
    }
tm-term-march = { $order ->
        [shaman] the shaman is at { $space }
       *[other] the group is at { $space }
    }, { $steps ->
        [one] 1 step so far
       *[other] { $steps } steps so far
    }
tm-term-recruit = recruits to deploy: { $paid } paid, { $free } free

## The map.
tm-term-out-of-play = out of play

## The players.
tm-term-col-player = Player
tm-term-col-shaman = Shaman
tm-term-col-favor = Favor
tm-term-col-hearts = Hearts
tm-term-col-board = Board
tm-term-col-warriors = Warriors
tm-term-col-cards = Cards
tm-term-players-key = Hearts: available / spent / unearned / in the tower · board: hearts in the slay / maneuver / boast zones · warriors: reserves / anger / limbo
tm-term-hidden-objectives = { $count ->
        [one] 1 hidden objective
       *[other] { $count } hidden objectives
    }
tm-term-no-cards = no cards

## The divination row, your cards, events, effects and favor.
tm-term-row = Divination row
tm-term-col-card = Card
tm-term-col-effect = Effect
tm-term-taken = (taken)
tm-term-your-cards = Your cards
tm-term-your-divination = Divination { $card }: { $card_text }
tm-term-your-objective = Objective { $card }: { $card_text }
tm-term-events = Events in play: { $events }
tm-term-event-on = { $event } on { $space }
tm-term-pending = Waiting to resolve: { $effects }
tm-term-pending-item = { $owner ->
        [everyone] { $effect } (everyone)
       *[other] { $effect } ({ $owner })
    }
tm-term-favor = Favor:

## Help: every symbol on the screen.
tm-term-legend =
    - A B C D: the players (see the Players table); each is also drawn in their colour.
    - In a space: A3 three warriors of A · ▲ A's shaman (△ fallen) · †2 two dead of A.
    - ⚑A: A controls the space (most living units) · ⌂A: A's stronghold.
    - T temple, S scriptorium, M mausoleum · ⊙ tunnel · an underlined name: the Monolith.
    - Boast slots: ○ empty, ● blood, ♥A A's boast.
    - Players: ① first player, ↯ holds the surge, ✓ has committed.
    - Divination row: ◆ the card's rating; the A–D columns are each player's bid.

## Choosing.
tm-term-your-decision = { $player }, your decision:
tm-term-group = { $kind ->
        [keep_objective] Keep an objective
        [draft_bid] Bid in the shaman draft
        [draft_pick] Pick a shaman
        [take] Take a card
        [raise] Raise a bid
        [forfeit] Forfeit a bid
        [discard_divination] Discard a divination
        [march] March: pick a group of warriors
        [step] Move one space
        [drop_off] Drop off a warrior
        [pick_up] Pick up a warrior
        [stop] Stop
        [shaman] Shaman order
        [recruit] Recruit warriors
        [deploy] Deploy a recruited warrior
        [bid] Bid on a divination
        [commit] Commit
        [use_effect] Use a card effect
        [resolve] Order the simultaneous effects
        [pass] Pass
        [slay] Slay
        [maneuver] Maneuver
        [boast] Boast
        [sacrifice] Sacrifice
        [relent] Relent
        [fate] Manipulate fate
        [reveal_objective] Reveal an objective
        [discard_objective] Discard an objective
       *[place_event] Place the event
    } ({ $count ->
        [one] 1 choice
       *[other] { $count } choices
    })
tm-term-choose = Choose 1–{ $count } (b back, q quit):{" "}
tm-term-number = Type a number from 1 to { $count }.

## The end: each player's favor and objectives.
tm-term-total = { $player }: { $favor } favor
tm-term-revealed = objectives revealed: { $cards }
tm-term-held = objectives held at the end (1 favor each): { $cards }
tm-term-revealed-on = { $card } (day { $day })
tm-term-col-source = Source
tm-term-col-day = Day { $day }
tm-term-col-total = Total
tm-term-nothing = nothing scored
tm-term-none = none
tm-term-source = { $source ->
        [slay] slaying
        [boast] boasts
        [temple] temples
        [monolith] the Monolith
        [divination] divinations
        [event] events
        [objective] objectives
        [shaman] shaman abilities
        [sacrifice] sacrifices
        [held] objectives held at the end
       *[other] other
    }
