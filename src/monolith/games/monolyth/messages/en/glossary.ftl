### Monolyth's glossary: every game term a player meets, as glossary-<term> with the term as value
### and .text, a sentence or two true to docs/rules/monolyth.md. The help dialog lists them;
### static/js/glossary.js explains a word on the page with them.

glossary-ring = ring
    .text = The 13 spaces around the table that hold the pieces on offer; the crystal travels round it.
glossary-crystal = crystal
    .text = On your turn move it 1 to 4 spaces clockwise on the ring, onto a piece, and take that piece.
glossary-box = box
    .text = The pieces not yet on the ring. A random one from the box fills the space the crystal left, while any are left.
glossary-level = level
    .text = One layer of 16 cells of your monolith; level 1 lies on the board.
glossary-height-limit = height limit
    .text = A monolith is 4 levels high with 1–2 players and 3 levels with 3–4; no cube may go higher.
glossary-supply = supply
    .text = The single cubes beside the board, four of each colour, for swaps.
glossary-single-cube = single cube
    .text = A piece of one cube from the supply, placed when you swap.
glossary-swap = swap
    .text = Instead of placing the piece you take, remove it from the game and place a single cube of its colour.
glossary-level-token = level token
    .text = Completing all 16 cells of a level takes the top token of that level's stack, if one is left.
glossary-structure-card = structure card
    .text = The card drawn at setup. A building whose filled cells are exactly its shape, colours ignored and turned any quarter, takes a structure token.
glossary-structure-token = structure token
    .text = Points for matching the structure card: the best token left, once per player.
glossary-prophecy = prophecy
    .text = Instead of taking a piece, put a token worth 4 to 12 on a side of your board that has none. At the end it scores its value if it is fulfilled.
glossary-fulfilled = fulfilled
    .text = A prophecy is fulfilled when its side's wall holds at least its value in cubes of that side's edge colour.
glossary-wall = wall
    .text = The outer vertical slice of your monolith on one side: four cells wide and as tall as the monolith; corner columns belong to both walls.
glossary-player-board = player board
    .text = Your 4x4 board; each of its four edges is printed in a different colour, and every board has its own combination (boards are dealt at random). The number says which of the five boards you were dealt.
glossary-edge-colour = edge colour
    .text = Each edge of your board is printed in a colour; a prophecy on that side counts cubes of that colour.
glossary-last-round = last round
    .text = When someone completes their monolith or the pieces run out, the round is played to its end and the game is over.
