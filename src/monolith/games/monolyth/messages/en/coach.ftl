## The coach's reasons: what its choice does that the move played does not (monolith review).
## Each reads after the coach's choice, as a clause: "Take the prophecy 7 … — fulfils your east prophecy: +7".
mono-why-prophecy = fulfils your { $side } prophecy: +{ $value }
mono-why-take-prophecy = takes the prophecy { $value } for your { $side } side
mono-why-wall = { $more ->
        [one] one more cube
       *[other] { $more } more cubes
    } toward your { $side } prophecy ({ $count } of { $value })
mono-why-level = completes your level { $level }: +{ $token }{ $short ->
        [1] ; your move leaves it one cube short
        [2] ; your move leaves it 2 cubes short
        [3] ; your move leaves it 3 cubes short
       *[other] {""}
    }
mono-why-structure = earns the structure token: +{ $token }
mono-why-points = { $points ->
        [one] one more point
       *[other] { $points } more points
    } on your board
mono-why-cubes = builds { $cubes ->
        [one] one more cube
       *[other] { $cubes } more cubes
    }
