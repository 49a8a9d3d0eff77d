## Las razones del entrenador: lo que hace su opción y no la jugada hecha (monolith review).

tm-reason-favor = gana { $favor ->
        [one] un favor más
       *[other] { $favor } de favor más
    }
tm-reason-keep-control = mantiene el control de { $space }, que { $against ->
       [next] la siguiente opción
      *[other] tu jugada
    } pierde
tm-reason-take-control = toma el control de { $space }
tm-reason-slay = mata { $count ->
        [one] un guerrero enemigo más
       *[other] { $count } guerreros enemigos más
    }
tm-reason-hearts = { $hearts ->
        [one] un corazón más va
       *[other] { $hearts } corazones más van
    } a { $to ->
        [slay] tu zona de matar
        [maneuver] tu zona de maniobrar
        [boast] tu zona de alardear
        [tower] la torre
        [bids] tus apuestas
       *[available] tus corazones disponibles
    } en vez de { $away ->
        [slay] la zona de matar
        [maneuver] la zona de maniobrar
        [boast] la zona de alardear
        [tower] la torre
        [bids] tus apuestas
       *[available] tus corazones disponibles
    }
tm-reason-warriors = deja { $count ->
        [one] un guerrero más
       *[other] { $count } guerreros más
    } en el mapa
