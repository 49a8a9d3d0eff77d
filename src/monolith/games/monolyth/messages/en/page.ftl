### Monolyth's table in the browser: choosing on the board, descriptions for screen readers, the
### score breakdown. ($fulfilled is "yes" or "no"; $mode is "place" or "swap".)

mono-hint-choose = Choose a piece on the ring (1–4 steps from the crystal), or take a prophecy.
mono-hint-place = Click the column of your monolith where the piece should go; click it again for another placement there. R turns the piece.
mono-hint-swap = Click the column where the single cube should go.
mono-hint-place-touch = Tap the column of your monolith where the piece should go; tap it again for another placement there.
mono-hint-swap-touch = Tap the column where the single cube should go.
mono-swap-short = 1 cube
mono-place-short = The piece
mono-tray-label = Your move
mono-info-label = Structure card and tokens
mono-others-label = The other players' monoliths
mono-piece-name = { $colour } { $shape }
mono-empty-space = empty space
mono-ring-label = The ring: { $n ->
    [one] { $n } piece
   *[other] { $n } pieces
} left in the box
mono-ring-space = { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
}: { $piece }
mono-ring-further = Further round the ring: { $pieces }.
mono-chosen-piece = { $colour } { $shape } chosen. Now choose a column of your monolith.
mono-piece-words = { $mode ->
    [swap] A single { $colour } cube.
   *[place] { $colour } { $shape }: { $n ->
        [one] { $n } cube
       *[other] { $n } cubes
    } on { $levels ->
        [one] one level
       *[other] { $levels } levels
    }, orientation { $k } of { $count }.
}
mono-where-level = level { $level }: { $cells }
mono-cycle-position = placement { $k } of { $n } on this column
mono-pick-piece-first = Choose a piece on the ring first.
mono-no-fit = The piece cannot cover that column.
mono-no-cube-here = No single cube can go on that column.
mono-only-orientation = Only this orientation fits that column.
mono-board-label = { $name }'s monolith, { $n ->
    [one] { $n } cube
   *[other] { $n } cubes
}
mono-plan-tip = Your monolith from above, turned like the view: each column's height. Click here too, for columns hidden behind taller ones.
mono-board-pick-label = Your monolith: choose a column
mono-column-label = { $cell }, { $n ->
    [0] empty
    [one] { $n } cube high, { $colour } on top
   *[other] { $n } cubes high, { $colour } on top
}
mono-column-fits = the piece fits here
mono-column-nofit = the piece does not fit here
mono-desc-title = { $name }'s monolith: { $n ->
    [one] { $n } cube
   *[other] { $n } cubes
}.
mono-desc-level = Level { $level }: { $filled ->
    [0] empty.
    [16] full: { $cells }.
   *[other] { $filled } of 16 cells filled: { $cells }.
}
mono-desc-colour = { $colour } { $cells }
mono-desc-wall = The { $side } wall, { $colour } edge: { $count ->
    [one] { $count } { $colour } cube
   *[other] { $count } { $colour } cubes
}, no prophecy.
mono-desc-wall-prophecy = The { $side } wall, { $colour } edge: { $count ->
    [one] { $count } { $colour } cube
   *[other] { $count } { $colour } cubes
}, prophecy { $value } { $fulfilled ->
    [yes] fulfilled.
   *[no] not fulfilled yet.
}
mono-prophecy-count-tip = The { $side } side, { $colour } edge: prophecy { $value } needs at least { $value } { $colour } cubes in that wall; it holds { $count }: { $fulfilled ->
    [yes] fulfilled.
   *[no] not fulfilled yet.
}
mono-prophecy-value-label = Prophecy { $value }: { $value } { $colour } cubes in that wall
mono-level-chip = L{ $level }: { $value }
mono-level-token-tip = Level { $level } completed: its token is worth { $value }.
mono-level-no-token-tip = Level { $level } completed, but none of its tokens was left.
mono-confirm-final = Once confirmed, this cannot be taken back: a new piece is drawn from the box to refill the ring.
mono-undo-drawn = Your move cannot be taken back: the piece drawn from the box to refill the ring is already known.
mono-undo-rival = Your move cannot be taken back: the rival's piece was replaced from the box.
mono-bd-title = Score by part
mono-bd-structure = Structure token
mono-bd-no-structure = not taken
mono-bd-level-token = completed
mono-bd-level-none = completed, no token left
mono-bd-level-open = not completed
mono-bd-prophecy = Prophecy { $side } ({ $value })
mono-bd-prophecy-count = { $count ->
    [one] { $count } { $colour } cube
   *[other] { $count } { $colour } cubes
} in the wall, { $value } needed{ $fulfilled ->
    [yes] : fulfilled
   *[no] : not fulfilled
}
mono-bd-total = Total

### The rest of Monolyth's table in the browser: the names of its panels and buttons, its
### keyboard shortcuts, its rules help at this table, its title and rule option in the lobby.

game-monolyth = Monolyth
option-structure_card = Structure card
option-structure_card_help = The structure card the game is played with: its number, or random.
mono-ring = The ring
mono-crystal = The crystal
mono-in_box = in the box
mono-steps = { $n ->
    [one] { $n } step
   *[other] { $n } steps
}
mono-board_n = board { $n }
mono-score_tip = Points so far: level tokens, structure token and fulfilled prophecies.
mono-rotate_left = Turn the view a quarter to the left
mono-rotate_right = Turn the view a quarter to the right
mono-structure_token_tip = Structure token: the building matched the structure card.
mono-must_pass = You have no legal move, so you pass.
mono-pass = Pass
mono-turn = Turn
mono-turn_tip = Turn the piece to its next orientation
mono-prev_tip = Previous placement
mono-next_tip = Next placement
mono-swap_tip = Remove this piece from the game and place a single cube of its colour instead.
mono-place = Place the piece
mono-take_prophecy = Take a prophecy
mono-prophecy_help = A prophecy on a side scores its value at the end if that side's wall holds at least that many cubes of the edge's colour.
mono-side_tip = { $side } side, { $colour } edge
mono-nothing_chosen = Nothing chosen yet.
mono-structure_tip = The structure card: the first players whose building has exactly this shape take the structure tokens.
mono-supply = Single cubes
mono-level_tokens = Level tokens
mono-level_n = Level { $n }
mono-structure_tokens = Structure tokens
mono-prophecy_tokens = Prophecies
mono-turn_no = Turn
mono-last_round = last round
keys-monolyth-steps = 1–4: choose the piece that many steps from the crystal
keys-monolyth-turn = R: turn the piece (Shift+R: back)
keys-monolyth-cycle = ← →: step through its placements
keys-monolyth-confirm = Enter: confirm the move
keys-monolyth-cancel = Esc: cancel the choice
help-table-monolyth =
    # At this table
    - Choose a piece on the ring (or press 1–4 for the piece that many steps from the crystal), then click the column of your monolith where it should go; click it again (or press Enter on it) for the next placement there. R turns the piece (Shift+R back), ← → step through its placements, Enter confirms, Esc cancels.
    - Cubes in front of the piece you place turn see-through; the small plan from above reaches columns hidden behind taller ones.
    - Tab and the arrow keys reach the ring and every column of your board.
