### Стол Monolyth в браузере: выбор на поле, описания для экранных дикторов, подсчёт очков по
### частям. (Цвета и фигуры подставляются как названия, поэтому без согласования: «фигура (цвет)».)

mono-hint-choose = Выберите фигуру на кольце (в 1–4 шагах от кристалла) или возьмите пророчество.
mono-hint-place = Щёлкните столбец своего монолита, куда должна встать фигура; ещё щелчок — другое размещение там же. R поворачивает фигуру.
mono-hint-swap = Щёлкните столбец, куда поставить одиночный кубик.
mono-hint-place-touch = Нажмите на столбец своего монолита, куда должна встать фигура; ещё нажатие — другое размещение там же.
mono-hint-swap-touch = Нажмите на столбец, куда поставить одиночный кубик.
mono-swap-short = 1 кубик
mono-place-short = Фигура
mono-tray-label = Ваш ход
mono-info-label = Карта постройки и жетоны
mono-others-label = Монолиты других игроков
mono-piece-name = { $shape } ({ $colour })
mono-empty-space = пустое место
mono-ring-label = Кольцо: в коробке { $n ->
    [one] осталась { $n } фигура
    [few] осталось { $n } фигуры
   *[many] осталось { $n } фигур
}
mono-ring-space = { $steps ->
    [one] { $steps } шаг
    [few] { $steps } шага
   *[many] { $steps } шагов
}: { $piece }
mono-ring-further = Дальше по кольцу: { $pieces }.
mono-chosen-piece = Выбрано: { $shape } ({ $colour }). Теперь выберите столбец своего монолита.
mono-piece-words = { $mode ->
    [swap] Одиночный кубик, цвет: { $colour }.
   *[place] { $shape } ({ $colour }): { $n ->
        [one] { $n } кубик
        [few] { $n } кубика
       *[many] { $n } кубиков
    }, { $levels ->
        [one] один уровень
        [few] { $levels } уровня
       *[many] { $levels } уровней
    }, положение { $k } из { $count }.
}
mono-where-level = уровень { $level }: { $cells }
mono-cycle-position = размещение { $k } из { $n } в этом столбце
mono-pick-piece-first = Сначала выберите фигуру на кольце.
mono-no-fit = Фигура не может занять этот столбец.
mono-no-cube-here = В этот столбец одиночный кубик не поставить.
mono-only-orientation = В этот столбец встаёт только это положение.
mono-board-label = Монолит игрока { $name }: { $n ->
    [one] { $n } кубик
    [few] { $n } кубика
   *[many] { $n } кубиков
}
mono-plan-tip = Ваш монолит сверху, повёрнутый как вид: высота каждого столбца. Щёлкать можно и здесь — для столбцов, скрытых за более высокими.
mono-board-pick-label = Ваш монолит: выберите столбец
mono-column-label = { $cell }, { $n ->
    [0] пусто
    [one] высота { $n } кубик, сверху: { $colour }
    [few] высота { $n } кубика, сверху: { $colour }
   *[many] высота { $n } кубиков, сверху: { $colour }
}
mono-column-fits = фигура сюда встаёт
mono-column-nofit = фигура сюда не встаёт
mono-desc-title = Монолит игрока { $name }: { $n ->
    [one] { $n } кубик
    [few] { $n } кубика
   *[many] { $n } кубиков
}.
mono-desc-level = Уровень { $level }: { $filled ->
    [0] пусто.
    [16] заполнен: { $cells }.
   *[other] заполнено { $filled } из 16 клеток: { $cells }.
}
mono-desc-colour = { $colour }: { $cells }
mono-desc-wall = Стена «{ $side }», край цвета «{ $colour }»: кубиков этого цвета — { $count }, пророчества нет.
mono-desc-wall-prophecy = Стена «{ $side }», край цвета «{ $colour }»: кубиков этого цвета — { $count }, пророчество { $value } { $fulfilled ->
    [yes] исполнено.
   *[no] пока не исполнено.
}
mono-prophecy-count-tip = Сторона «{ $side }», край цвета «{ $colour }»: пророчеству { $value } нужно не меньше { $value } кубиков этого цвета в стене, сейчас их { $count }: { $fulfilled ->
    [yes] исполнено.
   *[no] пока не исполнено.
}
mono-prophecy-value-label = Пророчество { $value }: { $value } кубиков цвета «{ $colour }» в этой стене
mono-level-chip = Ур.{ $level }: { $value }
mono-level-token-tip = Уровень { $level } завершён: его жетон стоит { $value }.
mono-level-no-token-tip = Уровень { $level } завершён, но его жетонов не осталось.
mono-confirm-final = После подтверждения ход нельзя отменить: из коробки вытягивается новая фигура на кольцо.
mono-undo-drawn = Ход нельзя отменить: фигура, вытянутая из коробки на кольцо, уже известна.
mono-undo-rival = Ход нельзя отменить: фигуру соперника заменили из коробки.
mono-bd-title = Очки по частям
mono-bd-structure = Жетон постройки
mono-bd-no-structure = не получен
mono-bd-level-token = завершён
mono-bd-level-none = завершён, жетонов не осталось
mono-bd-level-open = не завершён
mono-bd-prophecy = Пророчество «{ $side }» ({ $value })
mono-bd-prophecy-count = в стене { $count ->
    [one] { $count } кубик
    [few] { $count } кубика
   *[many] { $count } кубиков
} цвета «{ $colour }», нужно { $value }{ $fulfilled ->
    [yes] : исполнено
   *[no] : не исполнено
}
mono-bd-total = Итого

### The rest of Monolyth's table in the browser: the names of its panels and buttons, its
### keyboard shortcuts, its rules help at this table, its title and rule option in the lobby.

game-monolyth = Monolyth
option-structure_card = Карта постройки
option-structure_card_help = Карта постройки для партии: её номер или случайная.
mono-ring = Кольцо
mono-crystal = Кристалл
mono-in_box = в коробке
mono-steps = { $n ->
    [one] { $n } шаг
    [few] { $n } шага
   *[many] { $n } шагов
}
mono-board_n = поле { $n }
mono-score_tip = Очки на сейчас: жетоны уровней, жетон постройки и сбывшиеся пророчества.
mono-rotate_left = Повернуть вид на четверть влево
mono-rotate_right = Повернуть вид на четверть вправо
mono-structure_token_tip = Жетон постройки: здание совпало с картой постройки.
mono-must_pass = Допустимых ходов нет — вы пасуете.
mono-pass = Пас
mono-turn = Повернуть
mono-turn_tip = Повернуть фигуру в следующее положение
mono-prev_tip = Предыдущий вариант
mono-next_tip = Следующий вариант
mono-swap_tip = Убрать эту фигуру из игры и поставить вместо неё одиночный кубик её цвета.
mono-place = Поставить фигуру
mono-take_prophecy = Взять пророчество
mono-prophecy_help = Пророчество на стороне приносит своё значение в конце, если в стене этой стороны не меньше стольких кубиков цвета её края.
mono-side_tip = Сторона «{ $side }», край: { $colour }
mono-nothing_chosen = Пока ничего не выбрано.
mono-structure_tip = Карта постройки: первые, чьё здание имеет ровно такую форму, получают жетоны постройки.
mono-supply = Одиночные кубики
mono-level_tokens = Жетоны уровней
mono-level_n = Уровень { $n }
mono-structure_tokens = Жетоны постройки
mono-prophecy_tokens = Пророчества
mono-turn_no = Ход
mono-last_round = последний круг
keys-monolyth-steps = 1–4: выбрать фигуру на столько шагов от кристалла
keys-monolyth-turn = R: повернуть фигуру (Shift+R: обратно)
keys-monolyth-cycle = ← →: перебрать её размещения
keys-monolyth-confirm = Enter: подтвердить ход
keys-monolyth-cancel = Esc: отменить выбор
help-table-monolyth =
    # За этим столом
    - Выберите фигуру на кольце (или нажмите 1–4 — фигура в стольких шагах от кристалла), затем щёлкните по столбцу своего монолита, куда её поставить; щёлкните ещё раз (или нажмите на нём Enter) — следующий вариант там же. R поворачивает фигуру (Shift+R — обратно), ← → перебирают варианты, Enter подтверждает, Esc отменяет.
    - Кубики перед ставящейся фигурой становятся прозрачными; маленький план сверху достаёт до столбцов, скрытых за более высокими.
    - Tab и стрелки доходят до кольца и до каждого столбца вашего поля.
