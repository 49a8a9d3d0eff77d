## Las razones del entrenador: lo que hace su opción y no la jugada hecha (monolith review).

mono-reason-prophecy = cumple tu profecía del lado { $side }: +{ $value }
mono-reason-take-prophecy = toma la profecía { $value } para tu lado { $side }
mono-reason-wall = { $more ->
        [one] un cubo más
       *[other] { $more } cubos más
    } para tu profecía del lado { $side } ({ $count } de { $value })
mono-reason-level = completa tu nivel { $level }: +{ $token }{ $short ->
        [1] ; { $against ->
               [next] con la siguiente opción
              *[other] con tu jugada
            } le falta un cubo
        [2] ; { $against ->
               [next] con la siguiente opción
              *[other] con tu jugada
            } le faltan 2 cubos
        [3] ; { $against ->
               [next] con la siguiente opción
              *[other] con tu jugada
            } le faltan 3 cubos
       *[other] {""}
    }
mono-reason-structure = consigue la ficha de estructura: +{ $token }
mono-reason-points = { $points ->
        [one] un punto más
       *[other] { $points } puntos más
    } en tu tablero
mono-reason-cubes = construye { $cubes ->
        [one] un cubo más
       *[other] { $cubes } cubos más
    }
