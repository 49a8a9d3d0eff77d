### Where things are on a Monolyth board, in what the player sees: a placement by its levels and the
### walls of the monolith it stands against, the sides by their whole names (a lone letter can
### read as a digit). Columns have no names on the page; screen readers get a1–d4, explained once
### by mono-board-grid. ($walls counts the walls; $list names them, joined by mono-list-and.)

mono-where-levels = { $span ->
    [1] level { $low }
   *[other] levels { $low }–{ $high }
}
mono-where-walls = { $walls ->
    [0] away from the walls
    [1] against the { $list } wall
   *[other] against the { $list } walls
}
mono-wall-north = north
mono-wall-east = east
mono-wall-south = south
mono-wall-west = west
mono-list-and = { $init } and { $last }
mono-board-grid = Columns are named as on a chessboard: a to d from west to east, 1 to 4 from north to south.
