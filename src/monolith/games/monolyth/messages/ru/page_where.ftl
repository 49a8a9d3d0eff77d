### Где что на поле Monolyth — так, как это видит игрок: размещение по уровням и стенам монолита, у
### которых оно встаёт; стороны целыми словами (одна буква читается как цифра: З как 3). См.
### en/page_where.ftl. mono-wall-* стоят в родительном падеже: «у северной и западной стен».

mono-where-levels = { $span ->
    [1] уровень { $low }
   *[other] уровни { $low }–{ $high }
}
mono-where-walls = { $walls ->
    [0] не у стен
    [1] у { $list } стены
   *[other] у { $list } стен
}
mono-wall-north = северной
mono-wall-east = восточной
mono-wall-south = южной
mono-wall-west = западной
mono-list-and = { $init } и { $last }
mono-board-grid = Столбцы названы как клетки шахматной доски: от a до d с запада на восток, от 1 до 4 с севера на юг.
