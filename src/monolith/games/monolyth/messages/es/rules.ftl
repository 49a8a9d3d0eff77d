rules-monolyth = 
    Monolyth es una carrera de construcción. Cada jugador levanta un monolito de cubos de colores sobre un tablero de 4×4, de 4 niveles con 1–2 jugadores y de 3 con 3–4.
    # Tu turno: haz una cosa
    - Tomar una pieza: mueve el cristal de 1 a 4 casillas en sentido horario por el anillo y toma la pieza donde cae. Colócala en tu tablero girada como quieras (nunca reflejada), dentro del tablero, sin solaparse y sin quedar colgando sobre el vacío. Una pieza nueva de la caja ocupa la casilla que dejó el cristal.
    - O cambiarla: la pieza sale del juego y colocas un cubo suelto de su color.
    - O tomar una profecía: pon una ficha de profecía libre en un lado de tu tablero que no tenga ninguna.
    - Solo pasas si no tienes ninguna jugada legal.
    # Puntuación
    - Completar un nivel da la ficha superior de la pila de ese nivel.
    - Un edificio con exactamente la forma de la carta de estructura se lleva la mejor ficha de estructura que quede (una vez).
    - Una profecía puntúa su valor si el muro de ese lado tiene al menos tantos cubos del color del borde.
    # Final
    Cuando alguien completa su monolito o se acaban las piezas, se termina la ronda y gana quien más puntos tenga.
