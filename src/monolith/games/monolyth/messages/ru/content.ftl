### Printed things named (translations of the English content files and names).

colour-blue = синий
colour-orange = оранжевый
colour-black = чёрный
colour-teal = бирюзовый
colour-white = белый
side-north = север
side-east = восток
side-south = юг
side-west = запад
side-north-short = С
side-east-short = В
side-south-short = Ю
side-west-short = З
