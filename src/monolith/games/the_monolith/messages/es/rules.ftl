rules-the-monolith = 
    El Monolito lo juegan 3–4 tribus durante cuatro días. Cada tribu tiene 19 corazones, 16 guerreros, una fortaleza y un chamán; el favor es la puntuación.
    # Fase de órdenes
    - Por turnos, da una orden: Marchar (1 corazón por paso), Chamán (1 corazón, hasta 3 pasos, incinerando a tus muertos), Reclutar (2 o más corazones, despliega guerreros en tu fortaleza o en mausoleos que ocupes), Adivinación (puja corazones por una carta boca arriba) o Comprometerse.
    - Al empezar tu turno, toma la carta en la que tengas la puja más alta; donde te hayan superado, sube o renuncia.
    - Comprometerse echa tus corazones disponibles en el monolito; el primero en hacerlo toma el impulso.
    # Fase de acciones
    - Se levanta el monolito: cada corazón cae al azar en la zona de matar, maniobrar o alardear.
    - Desde quien tiene el impulso (4 acciones en ese primer turno, luego 2 por turno): Matar (+1 favor por un guerrero, +3 por un chamán), Maniobrar (mueve una unidad a un espacio adyacente), Alardear (un corazón en un hueco vacío de un espacio que disputes), Sacrificar o Ceder. Manipular el destino: gasta ira para mover un corazón a la zona siguiente.
    # Fase de descanso
    - Puntúan adivinaciones y eventos, los objetivos que reveles, 2 de favor por templo que controles y 3 por corazón de alarde (4 si controlas el monolito); luego los huecos se llenan de sangre.
    - Los escritorios que controles roban objetivos, las reservas se reinician y el jugador con menos favor roba un evento.
    # Final
    Tras el día 4 cada objetivo que conserves da 1 de favor; gana quien tenga más favor.
