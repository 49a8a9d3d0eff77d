### Monolyth in the terminal (`monolith play monolyth`): the screen, the move menus, the end.

## The table.
mono-term-title = Monolyth
mono-term-header = Monolyth · turn { $turn } · { $status ->
        [over] game over
        [last] { $player_you ->
            [yes] your move · last round
           *[no] { $player } to move · last round
        }
       *[other] { $player_you ->
            [yes] your move
           *[no] { $player } to move
        }
    }
mono-term-card = Structure card { $number }, { $name }: { $text }
mono-term-ring = Ring:
mono-term-piece = { $colour } { $shape }
mono-term-stacks = Level tokens left:
mono-term-stack = level { $level }: { $tokens }
mono-term-structure-tokens = structure tokens: { $tokens }
mono-term-prophecy-tokens = prophecy tokens: { $tokens }
mono-term-singles = Single cubes:
mono-term-box = box: { $pieces ->
        [one] 1 piece
       *[other] { $pieces } pieces
    } · out of the game: { $removed }
mono-term-board = { $player_you ->
        [yes] { $player } (you)
       *[no] { $player }
    } · board { $board } · { $points ->
        [one] 1 point
       *[other] { $points } points
    }
mono-term-level = level { $level }
mono-term-tokens = level tokens: { $levels } · structure token: { $structure }
mono-term-none = none

## Help: every symbol on the screen.
mono-term-legend =
    - B O K T W: a cube of { colour-blue }, { colour-orange }, { colour-black }, { colour-teal }, { colour-white }; · an empty cell.
    - Each level is seen from above, north on top; its frame is drawn in the colours of the board's edges.
    - Cells are named by column a–d (west to east), row 1–4 (north to south) and level: b3^1.
    - { side-north-short } { colour-blue } 2/8 ✓: on the north side 2 { colour-blue } cubes stand in the wall and its prophecy asks for 8; ✓ when fulfilled; 2/– when the side has no prophecy yet.
    - Ring: ◆ the crystal; the pieces 1–4 steps after it (in bold) can be taken; — an empty space.
    - ▶ the player to move; ▒▒ the placement you are about to confirm.

## Choosing a move.
mono-term-your-move = { $player }, your move:
mono-term-option-place = place the { $piece } ({ $count ->
        [one] 1 placement
       *[other] { $count } placements
    })
mono-term-option-empty = (empty space)
mono-term-option-no-fit = { $piece }: does not fit
mono-term-option-swap = swap a piece for a single cube of its colour
mono-term-option-prophecy = take a prophecy
mono-term-choose = Choose ({ $keys }; q quit):{" "}
mono-term-choose-again = Choose one of { $keys }, or q.
mono-term-pass = You have no legal move: you pass.
mono-term-single = single { $colour } cube
mono-term-placements = { $what }: { $count ->
        [one] 1 placement
       *[other] { $count } placements
    }
mono-term-covering = { $what }: { $count ->
        [one] 1 placement
       *[other] { $count } placements
    } covering { $cells }
mono-term-more = … { $count } more: type cells to narrow them down, or a for all
mono-term-pick-cells = Number, or cells (e.g. b3^1 c3); a all, b back, q quit:{" "}
mono-term-no-cover = No legal placement covers those cells.
mono-term-pick-range = Choose 1–{ $count }.
mono-term-cell-syntax = Cells are written like b3^1: column, row, ^level.
mono-term-preview = Preview: { $what } on { $cells }
mono-term-confirm = Place it here? (y yes, n no):{" "}
mono-term-which-piece = Which piece? { $pieces }:{" "}
mono-term-choose-one = Choose one of { $choices }.
mono-term-wall-now = { $side }: { $count } { $colour } cubes in the wall now
mono-term-which-side = Which side? { $sides }:{" "}
mono-term-wall-counts = The { $side } wall counts { $colour } cubes.
mono-term-which-value = Which value? { $values }:{" "}
mono-term-values-shown = Choose one of the values shown.

## The end: where each player's points came from.
mono-term-total = { $player }: { $points ->
        [one] 1 point
       *[other] { $points } points
    }
mono-term-structure-scored = structure token: { $value }
mono-term-structure-none = no structure token
mono-term-level-token = level { $level }: token { $value }
mono-term-level-empty = level { $level }: completed, no token was left
mono-term-level-open = level { $level }: not completed
mono-term-prophecy-kept = prophecy { $side } ({ $colour }): { $count } cubes, { $value } needed, fulfilled: +{ $value }
mono-term-prophecy-failed = prophecy { $side } ({ $colour }): { $count } cubes, { $value } needed, not fulfilled: 0
mono-term-no-prophecy = no prophecy taken
