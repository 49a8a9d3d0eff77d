## The coach's reasons: what its choice does that the move played does not (monolith review).

## Each reads after the coach's choice, as a clause: "Take the prophecy 7 … — fulfils your east prophecy: +7".
mono-reason-prophecy = fulfils your { $side } prophecy: +{ $value }
mono-reason-take-prophecy = takes the prophecy { $value } for your { $side } side
mono-reason-wall = { $more ->
        [one] one more cube
       *[other] { $more } more cubes
    } toward your { $side } prophecy ({ $count } of { $value })
mono-reason-level = completes your level { $level }: +{ $token }{ $short ->
        [1] ; { $against ->
               [next] the next choice
              *[other] your move
            } leaves it one cube short
        [2] ; { $against ->
               [next] the next choice
              *[other] your move
            } leaves it 2 cubes short
        [3] ; { $against ->
               [next] the next choice
              *[other] your move
            } leaves it 3 cubes short
       *[other] {""}
    }
mono-reason-structure = earns the structure token: +{ $token }
mono-reason-points = { $points ->
        [one] one more point
       *[other] { $points } more points
    } on your board
mono-reason-cubes = builds { $cubes ->
        [one] one more cube
       *[other] { $cubes } more cubes
    }
