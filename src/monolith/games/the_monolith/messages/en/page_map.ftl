### The Monolith played on the map: selections, step costs, steppers, the decision panel, the
### forced-choice switch and the map's keyboard use (tm-map-*, page ids tm.map.*).

tm-map-label = The land: Tab to a space you can act on, arrow keys to the neighbouring space, Enter to act
tm-map-legend_target = gold outline: you can act there
tm-map-less = One fewer
tm-map-more = One more
tm-map-free = free
tm-map-cost_free = This step is free.
tm-map-cost_heart = This step costs 1 heart: you have { $hearts }, { $after } left after it.
tm-map-close = Close
tm-map-cancel = Cancel
tm-map-forced = Only choice
tm-map-sending = Sending your order…

## What a space says to a screen reader (its accessible name)
tm-map-warriors = { $you ->
        [yes] you
       *[no] { $who }
    }: { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    }
tm-map-shaman = { $you ->
        [yes] your shaman
       *[no] shaman of { $who }
    }{ $alive ->
        [no] {" "}(dead)
       *[yes] {""}
    }
tm-map-dead = { $you ->
        [yes] you
       *[no] { $who }
    }: { $n } dead
tm-map-nobody = nobody here
tm-map-control = { $you ->
        [yes] you control it
       *[no] { $who } controls it
    }
tm-map-slots = { $total ->
        [one] 1 boast slot
       *[other] { $total } boast slots
    }: { $empty } empty{ $blood ->
        [0] {""}
       *[other] , { $blood } with blood
    }
tm-map-slot_heart = a heart of { $you ->
        [yes] yours
       *[no] { $who }
    }
tm-map-event_here = event { $event }

## What clicking (or Enter on) a space does
tm-map-hint_group = Enter: march from here (up to { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    })
tm-map-hint_shaman = Enter: give your shaman an order
tm-map-hint_which_unit = Enter: choose your warriors or your shaman
tm-map-hint_cancel = Enter: cancel the selection
tm-map-hint_drop_pick = Enter: drop off or pick up warriors here
tm-map-hint_actions = Enter: the actions you can take here
tm-map-hint_maneuver_warrior = Maneuver this warrior: then click an adjacent space
tm-map-hint_maneuver_warrior_touch = Maneuver this warrior: then tap an adjacent space
tm-map-hint_maneuver_shaman = Maneuver your shaman: then click an adjacent space
tm-map-hint_maneuver_shaman_touch = Maneuver your shaman: then tap an adjacent space
tm-map-do_march = March { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    } to { $to }.
tm-map-do_shaman = Send your shaman to { $to }: the order costs 1 heart, its steps are free.
tm-map-do_shaman_here = Start the shaman order here (1 heart, cremates your dead)
tm-map-do_deploy = Deploy { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    } to { $space }
tm-map-choose_group = March with your warriors (up to { $n })
tm-map-choose_shaman = Give your shaman an order
tm-map-choose_maneuver_warrior = Maneuver a warrior from here…
tm-map-choose_maneuver_shaman = Maneuver your shaman from here…

## The decision panel
tm-map-hint_order = Click your warriors on the map to march, your shaman (▲) to move it; bid on a card of the divination row; or recruit or commit here.
tm-map-hint_order_touch = Tap your warriors on the map to march, your shaman (▲) to move it; bid on a card of the divination row; or recruit or commit here.
tm-map-hint_march_path = Choose how many warriors go, then click the next space of their path. The first step costs 1 heart (you have { $hearts }).
tm-map-hint_march_path_touch = Choose how many warriors go, then tap the next space of their path. The first step costs 1 heart (you have { $hearts }).
tm-map-hint_shaman_path = Click where your shaman goes: the order costs 1 heart (you have { $hearts }), then its steps are free.
tm-map-hint_shaman_path_touch = Tap where your shaman goes: the order costs 1 heart (you have { $hearts }), then its steps are free.
tm-map-hint_march = Click a highlighted space to step there; click the group's space to drop off or pick up warriors.
tm-map-hint_march_touch = Tap a highlighted space to step there; tap the group's space to drop off or pick up warriors.
tm-map-hint_shaman_steps = Click a highlighted space to step there.
tm-map-hint_shaman_steps_touch = Tap a highlighted space to step there.
tm-map-hint_recruit = Choose how many to deploy, then click your stronghold or a mausoleum you occupy.
tm-map-hint_recruit_touch = Choose how many to deploy, then tap your stronghold or a mausoleum you occupy.
tm-map-hint_action = Click an enemy unit to slay it, one of yours to maneuver it, an empty boast slot to boast, or a space for everything you can do there.
tm-map-hint_action_touch = Tap an enemy unit to slay it, one of yours to maneuver it, an empty boast slot to boast, or a space for everything you can do there.
tm-map-behind_wall = A wall stands between { $from } and { $to }: a maneuver crosses only an open border.
tm-map-not_adjacent = { $to } does not border { $from }: a maneuver goes one space.
tm-map-hint_maneuver_path = Click an adjacent space to move the warrior there (1 heart from maneuver).
tm-map-hint_maneuver_path_touch = Tap an adjacent space to move the warrior there (1 heart from maneuver).
tm-map-hint_maneuver_path_shaman = Click an adjacent space to move your shaman there (1 heart from maneuver).
tm-map-hint_maneuver_path_shaman_touch = Tap an adjacent space to move your shaman there (1 heart from maneuver).
tm-map-hint_checks = Take, raise or forfeit on the cards of the divination row.
tm-map-hint_place = Click a highlighted space.
tm-map-hint_place_touch = Tap a highlighted space.
tm-map-selected_group = Marching from { $space }:
tm-map-group_here = The marching group: { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    }
tm-map-group_label = Warriors in the march
tm-map-of_warriors = of { $n ->
        [one] 1 warrior
       *[other] { $n } warriors
    } there
tm-map-selected_shaman = Your shaman is ready to move.
tm-map-selected_maneuver = Maneuvering a warrior from { $space }.
tm-map-selected_maneuver_shaman = Maneuvering your shaman from { $space }.
tm-map-order_shaman = ▲ Shaman order (1 heart)
tm-map-recruit_label = Hearts to pay for recruits
tm-map-recruit = Recruit { $n } warriors ({ $n } ♥)
tm-map-commit = Commit: drop { $hearts ->
        [0] no hearts
        [one] your 1 available heart
       *[other] your { $hearts } available hearts
    } into the monolith
tm-map-drop_label = Warriors to drop off
tm-map-drop = Drop off { $n } in { $space }
tm-map-pick_label = Warriors to pick up
tm-map-pick = Pick up { $n } in { $space }
tm-map-deploy_label = Warriors to deploy in one click
tm-map-deploy_label_touch = Warriors to deploy in one tap
tm-map-deploy_where = per click on a highlighted space
tm-map-deploy_where_touch = per tap on a highlighted space
tm-map-source_label = Deploy from
tm-map-from_reserves = reserves first ({ $n })
tm-map-from_anger = anger first ({ $n })
tm-map-draft_label = Hearts to bid in the draft
tm-map-take = Take this card
tm-map-raise_label = Hearts to add to your bid
tm-map-raise = Raise by { $n } ♥
tm-map-bid_label = Hearts to bid on this card
tm-map-bid = Bid { $n } ♥
tm-map-forfeit = Forfeit
tm-map-fate = Manipulate fate, 1 anger each:
tm-map-all_choices = All choices as a list ({ $n })
tm-map-auto = Take forced choices for me
tm-map-auto_tip = When a decision has only one possible choice, take it at once. The log still shows it.
tm-map-auto_taken = Taken for you: { $label }

## Keys on the map (also for the rules help)
tm-map-keys_title = Keyboard
tm-map-key_tab = Tab / Shift+Tab: the spaces you can act on now
tm-map-key_arrows = Arrow keys: the neighbouring space in that direction
tm-map-key_enter = Enter or Space: act on the space (select, step, open its actions)
tm-map-key_plusminus = + / −: one more or one fewer warrior (march group, drop-off, deployment)
tm-map-key_escape = Esc: cancel the selection or close a space's actions
tm-map-keys =
    # The Monolith on the map
    - Click one of your units, then its path or its target; highlighted spaces show what a step costs.
    - Tab / Shift+Tab: the spaces you can act on now. Arrow keys: the neighbouring space. Enter or Space: act on the space.
    - + / −: one more or one fewer warrior (march group, drop-off, deployment). Esc: cancel the selection or close a space's actions.
