### Monolyth's printed things in Spanish: colours, shapes, sides and the structure cards.
### Every shape is feminine ("la barra larga"), so a colour has .f for the shapes ("la barra
### larga negra"), its plain (masculine) value for a cube ("un cubo suelto negro") and .pl for
### cubes counted ("7 cubos negros").

colour-blue = azul
    .f = azul
    .pl = azules
colour-orange = naranja
    .f = naranja
    .pl = naranja
colour-black = negro
    .f = negra
    .pl = negros
colour-teal = turquesa
    .f = turquesa
    .pl = turquesa
colour-white = blanco
    .f = blanca
    .pl = blancos

shape-I2 = barra corta
shape-I3 = barra
shape-L3 = esquina
shape-I4 = barra larga
shape-O4 = losa
shape-T4 = T
shape-L4 = escuadra
shape-S4 = zeta
shape-TRIPOD = garra
shape-SCREW_R = hélice diestra
shape-SCREW_L = hélice zurda
shape-SINGLE = cubo suelto

side-north = norte
side-east = este
side-south = sur
side-west = oeste
# Palabras enteras: una O sola se lee como un cero.
side-north-short = Norte
side-east-short = Este
side-south-short = Sur
side-west-short = Oeste

structure-1 = Piso y muro
    .text = Nivel 1 completo, más un muro completo.
structure-2 = Esquina
    .text = Nivel 1 completo, más dos muros completos contiguos.
structure-3 = Cañón
    .text = Nivel 1 completo, más dos muros completos opuestos.
structure-4 = Dos plantas
    .text = Niveles 1 y 2 completos, nada encima.
structure-5 = Pirámide
    .text = Nivel 1 completo, más el centro de 2×2 del nivel 2.
structure-6 = Patio
    .text = Nivel 1 completo, más las doce celdas exteriores del nivel 2, con su centro de 2×2 vacío.
structure-7 = Cruz
    .text = Nivel 1 completo, más las dos filas centrales y las dos columnas centrales del nivel 2.
structure-8 = Cuatro torres
    .text = Las cuatro columnas de las esquinas a altura completa, nada más.
structure-9 = Mitad
    .text = Las ocho columnas de una mitad del tablero a altura completa, la otra mitad vacía.
structure-10 = Escalera
    .text = Nivel 1 completo; el nivel 2 cubre tres filas, el nivel 3 dos filas y, con altura 4, el nivel 4 una fila, todas apoyadas en el mismo muro.
