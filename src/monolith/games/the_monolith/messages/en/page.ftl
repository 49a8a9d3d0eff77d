### The Monolith's table in the browser: the names of its panels, its phases
### and decks, the map's legend, its rules help at this table, its title and rule options in the lobby.

game-the-monolith = The Monolith
option-tower = Tower
option-draft = Shaman draft
option-tower_help = Even: each heart dropped into the monolith lands in a random zone. Sticky: hearts may stick inside the tower.
option-draft_help = Off: shamans are dealt at random. By bids: players bid hearts, then pick their shamans in bid order.
tm-map = The land
tm-day = Day { $n }
tm-phase = Phase
tm-decision = Decision
tm-players = Tribes
tm-favor_track = Favor track
tm-favor_tip = Favor is the score: the most favor at the end wins.
tm-hearts = Hearts
tm-available = available
tm-spent = spent
tm-unearned = unearned
tm-tower = in the tower
tm-reserves = Reserves
tm-anger = Anger
tm-limbo = Limbo
tm-shaman = Shaman
tm-divinations = Divinations
tm-objectives = Objectives
tm-your_objectives = Your secret objectives
tm-hidden_objectives = { $n ->
    [one] { $n } hidden objective
   *[other] { $n } hidden objectives
}
tm-action_board = Action board
tm-zones_tip = Hearts on the action board, zone by zone.
tm-row = Divination row
tm-row_tip = Bid hearts on divination cards; the highest bid takes the card.
tm-no_bids = no bids
tm-decks = Decks
tm-events = Events in play
tm-pending = Effects waiting
tm-filter = Filter actions…
tm-tunnel = tunnel
tm-monolith = The Monolith
tm-stronghold_of = stronghold of { $name }
tm-building-temple = temple
tm-building-scriptorium = scriptorium
tm-building-mausoleum = mausoleum
# The one-letter mark of each building on the map, from its name in this language.
tm-building-mark-temple = T
tm-building-mark-scriptorium = S
tm-building-mark-mausoleum = M
tm-legend_warrior = warriors
tm-legend_shaman = shaman
tm-legend_slot = boast slot
tm-legend_dead = dead
tm-absent = not in play
tm-phase-setup = setup
tm-phase-draft = shaman draft
tm-phase-order = order phase
tm-phase-action = action phase
tm-phase-rest = rest phase
tm-phase-over = the end
tm-objectives_tip = Only you see these; they score favor at the end.
tm-no_objectives = No objectives in hand.
tm-deck = deck
tm-empty_slot = empty slot
tm-tower_tip = Hearts dropped into the monolith's tower, not landed yet.
tm-legend_buildings = temple / scriptorium / mausoleum
tm-deck-divination = divinations
tm-deck-event = events
tm-deck-objective = objectives
tm-your_divinations = Your divinations
tm-rating_tip = Card strength
tm-border_open = { $a } – { $b }: open border (adjacent)
tm-border_wall = { $a } – { $b }: wall (not adjacent)
tm-legend_open = open border
tm-legend_wall = wall
tm-legend_absent = dark spaces: not in play with { $n } players
help-table-the-monolith =
    # At this table
    - The map shows warriors (circles with counts), shamans (triangles), the dead (†), strongholds, buildings by their first letter ({ tm-building-mark-temple } { tm-building-temple }, { tm-building-mark-scriptorium } { tm-building-scriptorium }, { tm-building-mark-mausoleum } { tm-building-mausoleum }), tunnels (⌒) and boast slots (red: blood; a heart: a boast).
    - To give an order, click your warrior group or your shaman, then the spaces of its path: every space you can reach shows what the step costs before you pay it. Click the group's own space to drop off or pick up warriors.
    - In the action phase, click an enemy unit to slay it, your unit and then a neighbouring space to maneuver, or an empty slot to boast.
    - Bid, raise, take or forfeit on the divination cards. A choice with a single option is taken for you unless you switch that off; every choice is also in the list of all choices.
    - Keyboard: Tab to a highlighted space, the arrow keys to its neighbours, Enter to act, + and − for how many warriors, Esc to cancel.
# tower: how dropped hearts land
choice-uniform = even
choice-sticky = sticky
# draft: how shamans are given out
choice-off = off
choice-bid = by bids
