### Printed things named (translations of the English content files and names).

colour-blue = azul
colour-orange = naranja
colour-black = negro
colour-teal = turquesa
colour-white = blanco
side-north = norte
side-east = este
side-south = sur
side-west = oeste
side-north-short = N
side-east-short = E
side-south-short = S
side-west-short = O
