### Dónde está cada cosa en un tablero de Monolyth, con lo que ve el jugador: una colocación por sus
### niveles y los muros del monolito junto a los que queda; los lados por su nombre entero (una letra
### sola puede leerse como una cifra: O como 0). Véase en/page_where.ftl.

mono-where-levels = { $span ->
    [1] nivel { $low }
   *[other] niveles { $low }–{ $high }
}
mono-where-walls = { $walls ->
    [0] lejos de los muros
    [1] junto al muro { $list }
   *[other] junto a los muros { $list }
}
mono-wall-north = norte
mono-wall-east = este
mono-wall-south = sur
mono-wall-west = oeste
mono-list-and = { $init } y { $last }
mono-board-grid = Las columnas se nombran como en un tablero de ajedrez: de la a a la d de oeste a este, del 1 al 4 de norte a sur.
