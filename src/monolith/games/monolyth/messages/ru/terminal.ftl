### Monolyth в терминале (`monolith play monolyth`): экран, меню ходов, итоги.

## Стол.
mono-term-title = Monolyth
mono-term-header = Monolyth · ход { $turn } · { $status ->
        [over] игра окончена
        [last] { $player_you ->
            [yes] ваш ход · последний круг
           *[no] ходит { $player } · последний круг
        }
       *[other] { $player_you ->
            [yes] ваш ход
           *[no] ходит { $player }
        }
    }
mono-term-card = Карта постройки { $number }, «{ $name }»: { $text }
mono-term-ring = Кольцо:
mono-term-piece = { $shape } ({ $colour })
mono-term-stacks = Оставшиеся жетоны уровней:
mono-term-stack = уровень { $level }: { $tokens }
mono-term-structure-tokens = жетоны постройки: { $tokens }
mono-term-prophecy-tokens = жетоны пророчеств: { $tokens }
mono-term-singles = Одиночные кубики:
mono-term-box = в коробке: { $pieces ->
        [one] { $pieces } деталь
        [few] { $pieces } детали
       *[many] { $pieces } деталей
    } · выбыло из игры: { $removed }
mono-term-board = { $player_you ->
        [yes] { $player } (вы)
       *[no] { $player }
    } · планшет { $board } · { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
mono-term-level = уровень { $level }
mono-term-tokens = жетоны уровней: { $levels } · жетон постройки: { $structure }
mono-term-none = нет

## Справка: все значки на экране.
mono-term-legend =
    - B O K T W: кубик цвета «{ colour-blue }», «{ colour-orange }», «{ colour-black }», «{ colour-teal }», «{ colour-white }» (по английским названиям цветов); · пустая клетка.
    - Каждый уровень виден сверху, север наверху; рамка окрашена в цвета краёв планшета.
    - Клетка называется столбцом a–d (с запада на восток), рядом 1–4 (с севера на юг) и уровнем: b3^1.
    - { side-north-short } { colour-blue } 2/8 ✓: на северной стороне в стене 2 кубика цвета «{ colour-blue }», а пророчество там требует 8; ✓ — исполнено; 2/– — на этой стороне пророчества пока нет.
    - Кольцо: ◆ кристалл; детали в 1–4 шагах после него (жирным) можно взять; — пустое место.
    - ▶ чей ход; ▒▒ размещение, которое вы сейчас подтверждаете.

## Выбор хода.
mono-term-your-move = { $player }, ваш ход:
mono-term-option-place = положить: { $piece } ({ $count ->
        [one] { $count } размещение
        [few] { $count } размещения
       *[many] { $count } размещений
    })
mono-term-option-empty = (пустое место)
mono-term-option-no-fit = { $piece }: не помещается
mono-term-option-swap = обменять деталь на одиночный кубик её цвета
mono-term-option-prophecy = взять пророчество
mono-term-choose = Выберите ({ $keys }; q выйти):{" "}
mono-term-choose-again = Выберите одно из: { $keys } — или q.
mono-term-pass = У вас нет возможного хода: вы пасуете.
mono-term-single = одиночный кубик цвета «{ $colour }»
mono-term-placements = { $what }: { $count ->
        [one] { $count } размещение
        [few] { $count } размещения
       *[many] { $count } размещений
    }
mono-term-covering = { $what }: размещений, где заняты { $cells }: { $count }
mono-term-more = … ещё { $count }: введите клетки, чтобы сузить выбор, или a, чтобы увидеть все
mono-term-pick-cells = Номер или клетки (например, b3^1 c3); a все, b назад, q выйти:{" "}
mono-term-no-cover = Ни одно возможное размещение не занимает этих клеток.
mono-term-pick-range = Выберите 1–{ $count }.
mono-term-cell-syntax = Клетки пишутся так: b3^1 — столбец, ряд, ^уровень.
mono-term-preview = Так будет: { $what } на { $cells }
mono-term-confirm = Положить сюда? (y да, n нет):{" "}
mono-term-which-piece = Какую деталь? { $pieces }:{" "}
mono-term-choose-one = Выберите одно из: { $choices }.
mono-term-wall-now = { $side }: сейчас в стене { $count ->
        [one] { $count } кубик
        [few] { $count } кубика
       *[many] { $count } кубиков
    } цвета «{ $colour }»
mono-term-which-side = Какая сторона? { $sides }:{" "}
mono-term-wall-counts = Стена ({ $side }) считает кубики цвета «{ $colour }».
mono-term-which-value = Какое значение? { $values }:{" "}
mono-term-values-shown = Выберите одно из показанных значений.

## Итоги: откуда у каждого игрока очки.
mono-term-total = { $player }: { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    }
mono-term-structure-scored = жетон постройки: { $value }
mono-term-structure-none = без жетона постройки
mono-term-level-token = уровень { $level }: жетон { $value }
mono-term-level-empty = уровень { $level }: достроен, жетонов не осталось
mono-term-level-open = уровень { $level }: не достроен
mono-term-prophecy-kept = пророчество ({ $side }, цвет «{ $colour }»): кубиков { $count }, нужно { $value }, исполнено: +{ $value }
mono-term-prophecy-failed = пророчество ({ $side }, цвет «{ $colour }»): кубиков { $count }, нужно { $value }, не исполнено: 0
mono-term-no-prophecy = пророчеств не брали
