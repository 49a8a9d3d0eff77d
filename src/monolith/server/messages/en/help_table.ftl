### Each game at this web table: what it shows and how to play on it (rules help).

help-table-the-monolith =
    # At this table
    - The map shows warriors (circles with counts), shamans (triangles), the dead (†), strongholds, buildings by their first letter ({ tm-building-mark-temple } { tm-building-temple }, { tm-building-mark-scriptorium } { tm-building-scriptorium }, { tm-building-mark-mausoleum } { tm-building-mausoleum }), tunnels (⌒) and boast slots (red: blood; a heart: a boast).
    - To give an order, click your warrior group or your shaman, then the spaces of its path: every space you can reach shows what the step costs before you pay it. Click the group's own space to drop off or pick up warriors.
    - In the action phase, click an enemy unit to slay it, your unit and then a neighbouring space to maneuver, or an empty slot to boast.
    - Bid, raise, take or forfeit on the divination cards. A choice with a single option is taken for you unless you switch that off; every choice is also in the list of all choices.
    - Keyboard: Tab to a highlighted space, the arrow keys to its neighbours, Enter to act, + and − for how many warriors, Esc to cancel.

help-table-monolyth =
    # At this table
    - Choose a piece on the ring (or press 1–4 for the piece that many steps from the crystal), then click the column of your monolith where it should go; click it again (or press Enter on it) for the next placement there. R turns the piece (Shift+R back), ← → step through its placements, Enter confirms, Esc cancels.
    - Cubes in front of the piece you place turn see-through; the small plan from above reaches columns hidden behind taller ones.
    - Tab and the arrow keys reach the ring and every column of your board.
