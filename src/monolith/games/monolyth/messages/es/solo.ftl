### El final de una partida en solitario: la puntuación final en la escala de rangos.

mono-solo-title = Rango en solitario
mono-solo-scored = { $player_you ->
        [yes] Has conseguido
       *[no] { $player } consiguió
    } { $score ->
        [one] 1 punto
       *[other] { $score } puntos
    }: { $rating }
mono-solo-short = { $missing ->
        [one] Faltó 1 punto
       *[other] Faltaron { $missing } puntos
    } para { $rating } (desde { $minimum ->
        [one] 1 punto
       *[other] { $minimum } puntos
    }).
mono-solo-top = Es el rango más alto.
mono-solo-rating = Rango
mono-solo-points = Puntos
mono-solo-range = { $min }–{ $max }
mono-solo-range-open = { $min } o más

## Los rangos (en inglés, los títulos de content/tokens.toml).

rating-apprentice = aprendiz
rating-mason = cantero
rating-architect = arquitecto
rating-master-builder = maestro de obras
