### La mesa de Monolyth en el navegador: elegir sobre el tablero, descripciones para lectores de
### pantalla, el desglose de la puntuación.

mono-hint-choose = Elige una pieza del anillo (a 1–4 pasos del cristal) o toma una profecía.
mono-hint-place = Haz clic en la columna de tu monolito donde debe ir la pieza; otro clic, otra colocación allí. R gira la pieza.
mono-hint-swap = Haz clic en la columna donde debe ir el cubo suelto.
mono-hint-place-touch = Toca la columna de tu monolito donde debe ir la pieza; otro toque, otra colocación allí.
mono-hint-swap-touch = Toca la columna donde debe ir el cubo suelto.
mono-swap-short = 1 cubo
mono-place-short = La pieza
mono-tray-label = Tu jugada
mono-info-label = Carta de estructura y fichas
mono-others-label = Los monolitos de los demás
mono-piece-name = { $shape } { $colour }
mono-empty-space = espacio vacío
mono-ring-label = El anillo: { $n ->
    [one] queda { $n } pieza
   *[other] quedan { $n } piezas
} en la caja
mono-ring-space = { $steps ->
    [one] { $steps } paso
   *[other] { $steps } pasos
}: { $piece }
mono-ring-further = Más allá en el anillo: { $pieces }.
mono-chosen-piece = Has elegido: { $shape } { $colour }. Ahora elige una columna de tu monolito.
mono-piece-words = { $mode ->
    [swap] Un cubo suelto { $colour }.
   *[place] { $shape } { $colour }: { $n ->
        [one] { $n } cubo
       *[other] { $n } cubos
    } en { $levels ->
        [one] un nivel
       *[other] { $levels } niveles
    }, orientación { $k } de { $count }.
}
mono-where-level = nivel { $level }: { $cells }
mono-cycle-position = colocación { $k } de { $n } en esta columna
mono-pick-piece-first = Primero elige una pieza del anillo.
mono-no-fit = La pieza no puede cubrir esa columna.
mono-no-cube-here = Ningún cubo suelto puede ir en esa columna.
mono-only-orientation = Solo esta orientación cabe en esa columna.
mono-board-label = Monolito de { $name }, { $n ->
    [one] { $n } cubo
   *[other] { $n } cubos
}
mono-plan-tip = Tu monolito visto desde arriba, girado como la vista: la altura de cada columna. También se puede hacer clic aquí, para las columnas ocultas tras otras más altas.
mono-board-pick-label = Tu monolito: elige una columna
mono-column-label = { $cell }, { $n ->
    [0] vacía
    [one] { $n } cubo de alto, arriba { $colour }
   *[other] { $n } cubos de alto, arriba { $colour }
}
mono-column-fits = la pieza cabe aquí
mono-column-nofit = la pieza no cabe aquí
mono-desc-title = Monolito de { $name }: { $n ->
    [one] { $n } cubo
   *[other] { $n } cubos
}.
mono-desc-level = Nivel { $level }: { $filled ->
    [0] vacío.
    [16] completo: { $cells }.
   *[other] { $filled } de 16 casillas ocupadas: { $cells }.
}
mono-desc-colour = { $colour } { $cells }
mono-desc-wall = Muro { $side }, borde { $colour }: { $count ->
    [one] { $count } cubo { $colour }
   *[other] { $count } cubos de color { $colour }
}, sin profecía.
mono-desc-wall-prophecy = Muro { $side }, borde { $colour }: { $count ->
    [one] { $count } cubo { $colour }
   *[other] { $count } cubos de color { $colour }
}, profecía { $value } { $fulfilled ->
    [yes] cumplida.
   *[no] aún no cumplida.
}
mono-prophecy-count-tip = Lado { $side }, borde { $colour }: la profecía { $value } pide al menos { $value } cubos de color { $colour } en ese muro; tiene { $count }: { $fulfilled ->
    [yes] cumplida.
   *[no] aún no cumplida.
}
mono-prophecy-value-label = Profecía { $value }: { $value } cubos de color { $colour } en ese muro
mono-level-chip = N{ $level }: { $value }
mono-level-token-tip = Nivel { $level } completo: su ficha vale { $value }.
mono-level-no-token-tip = Nivel { $level } completo, pero no quedaba ninguna de sus fichas.
mono-confirm-final = Una vez confirmada, no se puede deshacer: se saca una pieza nueva de la caja para rellenar el anillo.
mono-undo-drawn = Tu jugada no se puede deshacer: la pieza sacada de la caja para rellenar el anillo ya se conoce.
mono-undo-rival = Tu jugada no se puede deshacer: la pieza del rival se repuso desde la caja.
mono-bd-title = Puntuación por partes
mono-bd-structure = Ficha de estructura
mono-bd-no-structure = no conseguida
mono-bd-level-token = completo
mono-bd-level-none = completo, sin fichas
mono-bd-level-open = sin completar
mono-bd-prophecy = Profecía { $side } ({ $value })
mono-bd-prophecy-count = { $count ->
    [one] { $count } cubo de color { $colour }
   *[other] { $count } cubos de color { $colour }
} en el muro, se necesitan { $value }{ $fulfilled ->
    [yes] : cumplida
   *[no] : no cumplida
}
mono-bd-total = Total

### The rest of Monolyth's table in the browser: the names of its panels and buttons, its
### keyboard shortcuts, its rules help at this table, its title and rule option in the lobby.

game-monolyth = Monolyth
option-structure_card = Carta de estructura
option-structure_card_help = La carta de estructura de la partida: su número, o al azar.
mono-ring = El anillo
mono-crystal = El cristal
mono-in_box = en la caja
mono-steps = { $n ->
    [one] { $n } paso
   *[other] { $n } pasos
}
mono-board_n = tablero { $n }
mono-score_tip = Puntos hasta ahora: fichas de nivel, ficha de estructura y profecías cumplidas.
mono-rotate_left = Girar la vista un cuarto a la izquierda
mono-rotate_right = Girar la vista un cuarto a la derecha
mono-structure_token_tip = Ficha de estructura: el edificio coincidió con la carta de estructura.
mono-must_pass = No tienes ninguna jugada legal, así que pasas.
mono-pass = Pasar
mono-turn = Girar
mono-turn_tip = Girar la pieza a su siguiente orientación
mono-prev_tip = Colocación anterior
mono-next_tip = Colocación siguiente
mono-swap_tip = Retira esta pieza del juego y coloca en su lugar un cubo suelto de su color.
mono-place = Colocar la pieza
mono-take_prophecy = Tomar una profecía
mono-prophecy_help = Una profecía en un lado puntúa su valor al final si el muro de ese lado tiene al menos tantos cubos del color del borde.
mono-side_tip = Lado { $side }, borde { $colour }
mono-nothing_chosen = Aún no has elegido nada.
mono-structure_tip = La carta de estructura: los primeros cuyo edificio tenga exactamente esta forma se llevan las fichas de estructura.
mono-supply = Cubos sueltos
mono-level_tokens = Fichas de nivel
mono-level_n = Nivel { $n }
mono-structure_tokens = Fichas de estructura
mono-prophecy_tokens = Profecías
mono-turn_no = Turno
mono-last_round = última ronda
keys-monolyth-steps = 1–4: elegir la pieza a esa distancia del cristal
keys-monolyth-turn = R: girar la pieza (Mayús+R: al revés)
keys-monolyth-cycle = ← →: recorrer sus colocaciones
keys-monolyth-confirm = Intro: confirmar la jugada
keys-monolyth-cancel = Esc: cancelar la elección
help-table-monolyth =
    # En esta mesa
    - Elige una pieza en el anillo (o pulsa 1–4 para la pieza a ese número de pasos del cristal) y haz clic en la columna de tu monolito donde debe ir; vuelve a hacer clic (o pulsa Intro sobre ella) para la siguiente colocación allí. R gira la pieza (Mayús+R al revés), ← → recorren sus colocaciones, Intro confirma, Esc cancela.
    - Los cubos delante de la pieza que colocas se vuelven transparentes; el pequeño plano visto desde arriba alcanza las columnas ocultas tras otras más altas.
    - Tab y las flechas llegan al anillo y a cada columna de tu tablero.
