### The Monolith's table in the browser: the names of its panels, its phases
### and decks, the map's legend, its rules help at this table, its title and rule options in the lobby.

game-the-monolith = El Monolito
option-tower = Torre
option-draft = Reparto de chamanes
option-tower_help = Uniforme: cada corazón que cae en el monolito va a una zona al azar. Pegajosa: los corazones pueden quedarse dentro de la torre.
option-draft_help = No: los chamanes se reparten al azar. Por pujas: cada jugador puja corazones y luego elige chamán en el orden de las pujas.
tm-map = La tierra
tm-day = Día { $n }
tm-phase = Fase
tm-decision = Decisión
tm-players = Tribus
tm-favor_track = Marcador de favor
tm-favor_tip = El favor es la puntuación: gana quien más favor tenga al final.
tm-hearts = Corazones
tm-available = disponibles
tm-spent = gastados
tm-unearned = sin ganar
tm-tower = en la torre
tm-reserves = Reservas
tm-anger = Ira
tm-limbo = Limbo
tm-shaman = Chamán
tm-divinations = Adivinaciones
tm-objectives = Objetivos
tm-your_objectives = Tus objetivos secretos
tm-hidden_objectives = { $n ->
    [one] { $n } objetivo oculto
   *[other] { $n } objetivos ocultos
}
tm-action_board = Tablero de acciones
tm-zones_tip = Corazones en el tablero de acciones, zona por zona.
tm-row = Fila de adivinación
tm-row_tip = Puja corazones por las cartas de adivinación; la puja más alta se lleva la carta.
tm-no_bids = sin pujas
tm-decks = Mazos
tm-events = Eventos en juego
tm-pending = Efectos en espera
tm-filter = Filtrar acciones…
tm-tunnel = túnel
tm-monolith = El Monolito
tm-stronghold_of = fortaleza de { $name }
tm-building-temple = templo
tm-building-scriptorium = escritorio
tm-building-mausoleum = mausoleo
# The one-letter mark of each building on the map, from its name in this language.
tm-building-mark-temple = T
tm-building-mark-scriptorium = E
tm-building-mark-mausoleum = M
tm-legend_warrior = guerreros
tm-legend_shaman = chamán
tm-legend_slot = hueco de alarde
tm-legend_dead = muertos
tm-absent = fuera de juego
tm-phase-setup = preparación
tm-phase-draft = reparto de chamanes
tm-phase-order = fase de órdenes
tm-phase-action = fase de acciones
tm-phase-rest = fase de descanso
tm-phase-over = el final
tm-objectives_tip = Solo tú los ves; dan favor al final.
tm-no_objectives = No tienes objetivos en la mano.
tm-deck = mazo
tm-empty_slot = hueco vacío
tm-tower_tip = Corazones echados en la torre del monolito que aún no han caído.
tm-legend_buildings = templo / escritorio / mausoleo
tm-deck-divination = adivinaciones
tm-deck-event = eventos
tm-deck-objective = objetivos
tm-your_divinations = Tus adivinaciones
tm-rating_tip = Fuerza de la carta
tm-border_open = { $a } – { $b }: frontera abierta (adyacentes)
tm-border_wall = { $a } – { $b }: muro (no adyacentes)
tm-legend_open = frontera abierta
tm-legend_wall = muro
tm-legend_absent = zonas oscuras: fuera de juego con { $n } jugadores
help-table-the-monolith =
    # En esta mesa
    - El mapa muestra guerreros (círculos con su número), chamanes (triángulos), muertos (†), fortalezas, edificios por su inicial ({ tm-building-mark-temple } { tm-building-temple }, { tm-building-mark-scriptorium } { tm-building-scriptorium }, { tm-building-mark-mausoleum } { tm-building-mausoleum }), túneles (⌒) y huecos de alarde (rojo: sangre; un corazón: un alarde).
    - Para dar una orden, haz clic en tu grupo de guerreros o en tu chamán y luego en los espacios de su camino: cada espacio al que puedes llegar muestra lo que cuesta el paso antes de pagarlo. Haz clic en el espacio del propio grupo para dejar o recoger guerreros.
    - En la fase de acciones, haz clic en una unidad enemiga para matarla, en tu unidad y luego en un espacio vecino para maniobrar, o en un hueco vacío para alardear.
    - Puja, sube, toma o renuncia en las cartas de adivinación. Una elección con una sola opción se toma por ti salvo que lo desactives; todas las elecciones están también en la lista completa.
    - Teclado: Tab hasta un espacio resaltado, las flechas hacia sus vecinos, Intro para actuar, + y − para cuántos guerreros, Esc para cancelar.
# tower: how dropped hearts land
choice-uniform = uniforme
choice-sticky = pegajosa
# draft: how shamans are given out
choice-off = no
choice-bid = por pujas
