### Each game at this web table: what it shows and how to play on it (rules help).

help-table-the-monolith =
    # En esta mesa
    - El mapa muestra guerreros (círculos con su número), chamanes (triángulos), muertos (†), fortalezas, edificios por su inicial ({ tm-building-mark-temple } { tm-building-temple }, { tm-building-mark-scriptorium } { tm-building-scriptorium }, { tm-building-mark-mausoleum } { tm-building-mausoleum }), túneles (⌒) y huecos de alarde (rojo: sangre; un corazón: un alarde).
    - Para dar una orden, haz clic en tu grupo de guerreros o en tu chamán y luego en los espacios de su camino: cada espacio al que puedes llegar muestra lo que cuesta el paso antes de pagarlo. Haz clic en el espacio del propio grupo para dejar o recoger guerreros.
    - En la fase de acciones, haz clic en una unidad enemiga para matarla, en tu unidad y luego en un espacio vecino para maniobrar, o en un hueco vacío para alardear.
    - Puja, sube, toma o renuncia en las cartas de adivinación. Una elección con una sola opción se toma por ti salvo que lo desactives; todas las elecciones están también en la lista completa.
    - Teclado: Tab hasta un espacio resaltado, las flechas hacia sus vecinos, Intro para actuar, + y − para cuántos guerreros, Esc para cancelar.

help-table-monolyth =
    # En esta mesa
    - Elige una pieza en el anillo (o pulsa 1–4 para la pieza a ese número de pasos del cristal) y haz clic en la columna de tu monolito donde debe ir; vuelve a hacer clic (o pulsa Intro sobre ella) para la siguiente colocación allí. R gira la pieza (Mayús+R al revés), ← → recorren sus colocaciones, Intro confirma, Esc cancela.
    - Los cubos delante de la pieza que colocas se vuelven transparentes; el pequeño plano visto desde arriba alcanza las columnas ocultas tras otras más altas.
    - Tab y las flechas llegan al anillo y a cada columna de tu tablero.
