### Monolyth's printed things in Russian: colours, shapes, sides and the structure cards.
### Every shape is a masculine noun ("длинный брусок"), so a colour's value agrees with all of
### them ("синий длинный брусок"); .gen-pl counts cubes ("7 синих кубиков"). A side has .acc for
### "на северную сторону".

colour-blue = синий
    .gen-pl = синих
colour-orange = оранжевый
    .gen-pl = оранжевых
colour-black = чёрный
    .gen-pl = чёрных
colour-teal = бирюзовый
    .gen-pl = бирюзовых
colour-white = белый
    .gen-pl = белых

shape-I2 = короткий брусок
shape-I3 = брусок
shape-L3 = уголок
shape-I4 = длинный брусок
shape-O4 = квадрат
shape-T4 = тройник
shape-L4 = крюк
shape-S4 = зигзаг
shape-TRIPOD = треножник
shape-SCREW_R = правый винт
shape-SCREW_L = левый винт
shape-SINGLE = одиночный кубик

side-north = север
    .acc = северную сторону
side-east = восток
    .acc = восточную сторону
side-south = юг
    .acc = южную сторону
side-west = запад
    .acc = западную сторону
# Сокращения, которые не спутать с цифрой (одна «З» читается как 3).
side-north-short = Сев.
side-east-short = Вост.
side-south-short = Юг
side-west-short = Зап.

structure-1 = Слой и стена
    .text = Заполнен уровень 1, а также одна стена целиком.
structure-2 = Угол
    .text = Заполнен уровень 1, а также две смежные стены целиком.
structure-3 = Каньон
    .text = Заполнен уровень 1, а также две противоположные стены целиком.
structure-4 = Два этажа
    .text = Заполнены уровни 1 и 2, выше ничего нет.
structure-5 = Пирамида
    .text = Заполнен уровень 1, а также центр 2×2 уровня 2.
structure-6 = Внутренний двор
    .text = Заполнен уровень 1, а также двенадцать внешних клеток уровня 2; его центр 2×2 пуст.
structure-7 = Крест
    .text = Заполнен уровень 1, а также два средних ряда и два средних столбца уровня 2.
structure-8 = Четыре башни
    .text = Четыре угловых столбца во всю высоту, и больше ничего.
structure-9 = Половина
    .text = Восемь столбцов одной половины поля во всю высоту, другая половина пуста.
structure-10 = Лестница
    .text = Заполнен уровень 1; уровень 2 занимает три ряда, уровень 3 — два, а при высоте 4 уровень 4 — один ряд, и все они прижаты к одной стене.
