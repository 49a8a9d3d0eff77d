## Kindling: entradas del menú, el registro y las reglas en breve.

wood-oak = Roble
wood-pine = Pino
wood-birch = Abedul
wood-ash = Fresno

game-kindling = Astillas

kin-play = Añadir «{ $wood } { $value }» a tu fuego
kin-discard = Echar «{ $wood } { $value }» a las cenizas

kin-log-deal = Se baraja el mazo; cada uno de los { $players } jugadores recibe { $cards ->
        [one] una carta
       *[other] { $cards } cartas
    }.
kin-log-first = { $actor_you ->
        [yes] Empiezas tú.
       *[no] Empieza { $actor }.
    }
kin-log-play = { $actor_you ->
        [yes] Añades «{ $wood } { $value }» a tu fuego.
       *[no] { $actor } añade «{ $wood } { $value }» a su fuego.
    }
kin-log-discard = { $actor_you ->
        [yes] Echas «{ $wood } { $value }» a las cenizas.
       *[no] { $actor } echa «{ $wood } { $value }» a las cenizas.
    }
kin-log-draw-own = Robas «{ $wood } { $value }».
kin-log-draw = { $actor_you ->
        [yes] Robas una carta.
       *[no] { $actor } roba una carta.
    }
kin-log-over = Todas las manos están vacías: se cuentan los fuegos.

rules-kindling =
    Astillas es un juego de cartas para 2-4 jugadores. Cada uno tiene una mano secreta; los fuegos y las cenizas están a la vista.
    # Tu turno: usa una carta de tu mano
    - Añádela a tu fuego de su madera: su valor no puede ser menor que la última carta de ese fuego.
    - O échala a las cenizas, boca arriba.
    - Luego roba una carta mientras quede mazo.
    # Final
    Cuando todas las manos están vacías, cada fuego encendido puntúa sus valores menos el coste de encenderlo, con una bonificación por un fuego grande. Una madera que nunca encendiste no cuesta nada. Gana quien tenga más puntos.
