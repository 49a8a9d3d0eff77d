rules-monolyth = 
    Monolyth is a race to build. Everyone raises a monolith of coloured cubes on a 4×4 board, 4 levels high with 1–2 players and 3 with 3–4.
    # Your turn: do one thing
    - Take a piece: move the crystal 1–4 spaces clockwise on the ring and take the piece where it lands. Place it on your board, turned any way (never mirrored), fully inside, on nothing filled, and never hanging over empty space. A new piece from the box fills the space the crystal left.
    - Or swap it: the piece leaves the game and you place one single cube of its colour.
    - Or take a prophecy: put a free prophecy token on a side of your board that has none.
    - Only with no legal move do you pass.
    # Scoring
    - Completing a level takes the top token of that level's stack.
    - A building with exactly the structure card's shape takes the best structure token left (once).
    - A prophecy scores its value if that side's wall holds at least that many cubes of the edge's colour.
    # End
    When someone completes a monolith or the pieces run out, the round is played out and the most points win.
