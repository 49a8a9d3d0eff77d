### El entrenador: pistas durante la partida y revisión al final. Las marcas las comparten las páginas web.

## La marca de una decisión, según cuánta probabilidad de ganar perdió frente a la mejor que encontró el entrenador.
coach-mark = { $mark ->
    [good] buena
    [inaccuracy] imprecisión
    [mistake] error
   *[blunder] error grave
}
# Una probabilidad de ganar (0-100) en porcentaje.
coach-percent = { $value } %
# Probabilidad de ganar perdida, en puntos porcentuales.
coach-loss = −{ $value } %

## Pistas en la terminal: h en cualquier pregunta.
coach-term-keys = ? reglas y símbolos · u deshacer · h pista · q salir
coach-term-help-key = - h pide al entrenador las mejores decisiones aquí, cada una con tu probabilidad de ganar después.
coach-term-hints-off = Las pistas están desactivadas en esta partida (empiézala con --hints para tenerlas).
coach-term-thinking = El entrenador está pensando…
coach-term-hint-title = Las mejores decisiones para ti, según el entrenador:
coach-term-win = { $win } % de ganar
coach-term-unsure = Las primeras están demasiado igualadas para elegir entre ellas.
coach-term-forced = Es la única decisión que puedes tomar.

## Revisiones en la terminal: monolith review ARCHIVO.
coach-review-not-over = { $file } contiene una partida que aún no ha terminado; juégala antes hasta el final, con --resume.
coach-review-judging = El entrenador evalúa las decisiones
coach-review-title = Revisión del entrenador de { $game } ({ $moves ->
        [one] 1 jugada
       *[other] { $moves } jugadas
    })
coach-review-seat = { $name }: { $decisions ->
        [0] ninguna decisión que evaluar
        [one] 1 decisión evaluada
       *[other] { $decisions } decisiones evaluadas
    } · { $blunder ->
        [one] 1 error grave
       *[other] { $blunder } errores graves
    } · { $mistake ->
        [one] 1 error
       *[other] { $mistake } errores
    } · { $inaccuracy ->
        [one] 1 imprecisión
       *[other] { $inaccuracy } imprecisiones
    }
coach-review-graph = Probabilidad de ganar después de cada decisión:
coach-review-all-good = Ninguna decisión perdió suficiente probabilidad de ganar para marcarla.
coach-review-col-move = Jugada
coach-review-col-chosen = Jugado
coach-review-col-best = Lo que elige el entrenador
coach-review-col-win = Prob. de ganar
coach-review-col-loss = Perdido
coach-review-col-mark = Marca
coach-review-same = lo mismo
coach-review-hidden = una decisión oculta
coach-review-unsure = (sin certeza)
