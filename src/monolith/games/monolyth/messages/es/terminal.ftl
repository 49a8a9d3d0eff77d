### Monolyth en la terminal (`monolith play monolyth`): la pantalla, los menús, el final.

## La mesa.
mono-term-title = Monolyth
mono-term-header = Monolyth · turno { $turn } · { $status ->
        [over] fin de la partida
        [last] { $player_you ->
            [yes] te toca · última ronda
           *[no] le toca a { $player } · última ronda
        }
       *[other] { $player_you ->
            [yes] te toca
           *[no] le toca a { $player }
        }
    }
mono-term-card = Carta de estructura { $number }, { $name }: { $text }
mono-term-ring = Anillo:
mono-term-piece = { $shape } ({ $colour })
mono-term-stacks = Fichas de nivel que quedan:
mono-term-stack = nivel { $level }: { $tokens }
mono-term-structure-tokens = fichas de estructura: { $tokens }
mono-term-prophecy-tokens = fichas de profecía: { $tokens }
mono-term-singles = Cubos sueltos:
mono-term-box = caja: { $pieces ->
        [one] 1 pieza
       *[other] { $pieces } piezas
    } · fuera de la partida: { $removed }
mono-term-board = { $player_you ->
        [yes] { $player } (tú)
       *[no] { $player }
    } · tablero { $board } · { $points ->
        [one] 1 punto
       *[other] { $points } puntos
    }
mono-term-level = nivel { $level }
mono-term-tokens = fichas de nivel: { $levels } · ficha de estructura: { $structure }
mono-term-none = ninguna

## Ayuda: cada símbolo de la pantalla.
mono-term-legend =
    - B O K T W: un cubo { colour-blue }, { colour-orange }, { colour-black }, { colour-teal }, { colour-white } (las letras de sus nombres en inglés); · una casilla vacía.
    - Cada nivel se ve desde arriba, con el norte arriba; su marco lleva los colores de los bordes del tablero.
    - Las casillas se nombran por columna a–d (de oeste a este), fila 1–4 (de norte a sur) y nivel: b3^1.
    - { side-north-short } { colour-blue } 2/8 ✓: en el lado norte hay 2 cubos de color { colour-blue } en el muro y su profecía pide 8; ✓ si se cumple; 2/– si ese lado aún no tiene profecía.
    - Anillo: ◆ el cristal; las piezas a 1–4 pasos tras él (en negrita) se pueden tomar; — un espacio vacío.
    - ▶ quien juega ahora; ▒▒ la colocación que vas a confirmar.

## Elegir una jugada.
mono-term-your-move = { $player }, tu jugada:
mono-term-option-place = colocar { $piece } ({ $count ->
        [one] 1 colocación
       *[other] { $count } colocaciones
    })
mono-term-option-empty = (espacio vacío)
mono-term-option-no-fit = { $piece }: no cabe
mono-term-option-swap = cambiar una pieza por un cubo suelto de su color
mono-term-option-prophecy = tomar una profecía
mono-term-choose = Elige ({ $keys }; q salir):{" "}
mono-term-choose-again = Elige una de { $keys }, o q.
mono-term-pass = No tienes ninguna jugada legal: pasas.
mono-term-single = cubo suelto de color { $colour }
mono-term-placements = { $what }: { $count ->
        [one] 1 colocación
       *[other] { $count } colocaciones
    }
mono-term-covering = { $what }: { $count ->
        [one] 1 colocación que cubre
       *[other] { $count } colocaciones que cubren
    } { $cells }
mono-term-more = … { $count } más: escribe casillas para acotarlas, o a para verlas todas
mono-term-pick-cells = Número, o casillas (p. ej. b3^1 c3); a todas, b volver, q salir:{" "}
mono-term-no-cover = Ninguna colocación legal cubre esas casillas.
mono-term-pick-range = Elige 1–{ $count }.
mono-term-cell-syntax = Las casillas se escriben como b3^1: columna, fila, ^nivel.
mono-term-preview = Vista previa: { $what } en { $cells }
mono-term-confirm = ¿Colocarla aquí? (y sí, n no):{" "}
mono-term-which-piece = ¿Qué pieza? { $pieces }:{" "}
mono-term-choose-one = Elige una de: { $choices }.
mono-term-wall-now = { $side }: ahora hay { $count } cubos de color { $colour } en el muro
mono-term-which-side = ¿Qué lado? { $sides }:{" "}
mono-term-wall-counts = El muro { $side } cuenta cubos de color { $colour }.
mono-term-which-value = ¿Qué valor? { $values }:{" "}
mono-term-values-shown = Elige uno de los valores mostrados.

## El final: de dónde salieron los puntos de cada jugador.
mono-term-total = { $player }: { $points ->
        [one] 1 punto
       *[other] { $points } puntos
    }
mono-term-structure-scored = ficha de estructura: { $value }
mono-term-structure-none = sin ficha de estructura
mono-term-level-token = nivel { $level }: ficha { $value }
mono-term-level-empty = nivel { $level }: completo, no quedaba ficha
mono-term-level-open = nivel { $level }: sin completar
mono-term-prophecy-kept = profecía { $side } ({ $colour }): { $count } cubos, hacen falta { $value }, cumplida: +{ $value }
mono-term-prophecy-failed = profecía { $side } ({ $colour }): { $count } cubos, hacen falta { $value }, no cumplida: 0
mono-term-no-prophecy = ninguna profecía tomada
