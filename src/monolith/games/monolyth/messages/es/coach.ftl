## Las razones del entrenador: lo que hace su opción y no la jugada hecha (monolith review).
mono-why-prophecy = cumple tu profecía del lado { $side }: +{ $value }
mono-why-take-prophecy = toma la profecía { $value } para tu lado { $side }
mono-why-wall = { $more ->
        [one] un cubo más
       *[other] { $more } cubos más
    } para tu profecía del lado { $side } ({ $count } de { $value })
mono-why-level = completa tu nivel { $level }: +{ $token }{ $short ->
        [1] ; con tu jugada le falta un cubo
        [2] ; con tu jugada le faltan 2 cubos
        [3] ; con tu jugada le faltan 3 cubos
       *[other] {""}
    }
mono-why-structure = consigue la ficha de estructura: +{ $token }
mono-why-points = { $points ->
        [one] un punto más
       *[other] { $points } puntos más
    } en tu tablero
mono-why-cubes = construye { $cubes ->
        [one] un cubo más
       *[other] { $cubes } cubos más
    }
