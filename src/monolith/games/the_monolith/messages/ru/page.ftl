### The Monolith's table in the browser: the names of its panels, its phases
### and decks, the map's legend, its rules help at this table, its title and rule options in the lobby.

game-the-monolith = Монолит
option-tower = Башня
option-draft = Выбор шаманов
option-tower_help = Равномерная: каждое сердце, брошенное в монолит, падает в случайную зону. Липкая: сердца могут застрять в башне.
option-draft_help = Нет: шаманы раздаются случайно. Со ставками: игроки ставят сердца, затем выбирают шаманов в порядке ставок.
tm-map = Земля
tm-day = День { $n }
tm-phase = Фаза
tm-decision = Решение
tm-players = Племена
tm-favor_track = Шкала милости
tm-favor_tip = Милость — это очки: побеждает тот, у кого её больше в конце.
tm-hearts = Сердца
tm-available = доступно
tm-spent = потрачено
tm-unearned = не заработано
tm-tower = в башне
tm-reserves = Запас
tm-anger = Гнев
tm-limbo = Лимб
tm-shaman = Шаман
tm-divinations = Гадания
tm-objectives = Цели
tm-your_objectives = Ваши тайные цели
tm-hidden_objectives = { $n ->
    [one] { $n } скрытая цель
    [few] { $n } скрытые цели
   *[many] { $n } скрытых целей
}
tm-action_board = Поле действий
tm-zones_tip = Сердца на поле действий по зонам.
tm-row = Ряд гаданий
tm-row_tip = Ставьте сердца на карты гаданий; высшая ставка забирает карту.
tm-no_bids = ставок нет
tm-decks = Колоды
tm-events = События в игре
tm-pending = Ждущие эффекты
tm-filter = Найти действие…
tm-tunnel = туннель
tm-monolith = Монолит
tm-stronghold_of = твердыня: { $name }
tm-building-temple = храм
tm-building-scriptorium = скрипторий
tm-building-mausoleum = мавзолей
# The one-letter mark of each building on the map, from its name in this language.
tm-building-mark-temple = Х
tm-building-mark-scriptorium = С
tm-building-mark-mausoleum = М
tm-legend_warrior = воины
tm-legend_shaman = шаман
tm-legend_slot = место похвальбы
tm-legend_dead = мёртвые
tm-absent = вне игры
tm-phase-setup = подготовка
tm-phase-draft = выбор шаманов
tm-phase-order = фаза приказов
tm-phase-action = фаза действий
tm-phase-rest = фаза отдыха
tm-phase-over = конец
tm-objectives_tip = Их видите только вы; в конце они приносят милость.
tm-no_objectives = Целей на руке нет.
tm-deck = колода
tm-empty_slot = пустое место
tm-tower_tip = Сердца, брошенные в башню монолита и ещё не выпавшие.
tm-legend_buildings = храм / скрипторий / мавзолей
tm-deck-divination = гадания
tm-deck-event = события
tm-deck-objective = цели
tm-your_divinations = Ваши гадания
tm-rating_tip = Сила карты
tm-border_open = { $a } – { $b }: открытая граница (соседние)
tm-border_wall = { $a } – { $b }: стена (не соседние)
tm-legend_open = открытая граница
tm-legend_wall = стена
tm-legend_absent = тёмные области: вне игры при { $n } игроках
help-table-the-monolith =
    # За этим столом
    - На карте видны воины (кружки с числом), шаманы (треугольники), павшие (†), твердыни, постройки по первой букве ({ tm-building-mark-temple } — { tm-building-temple }, { tm-building-mark-scriptorium } — { tm-building-scriptorium }, { tm-building-mark-mausoleum } — { tm-building-mausoleum }), туннели (⌒) и места похвальбы (красное — кровь, сердце — похвальба).
    - Чтобы отдать приказ, щёлкните по своему отряду воинов или шаману, затем по областям его пути: на каждой достижимой области видно, сколько стоит шаг, прежде чем вы за него заплатите. Щёлкните по области самого отряда, чтобы оставить или подобрать воинов.
    - В фазе действий щёлкните по вражеской фигуре, чтобы убить её, по своей фигуре и затем по соседней области, чтобы совершить манёвр, или по пустому месту, чтобы похвалиться.
    - Ставьте, повышайте, берите карту или отказывайтесь прямо на картах гаданий. Выбор из одного варианта делается за вас, если вы не выключили это; все варианты есть и в полном списке.
    - Клавиатура: Tab — к выделенной области, стрелки — к её соседям, Enter — действовать, + и − — сколько воинов, Esc — отмена.
# tower: how dropped hearts land
choice-uniform = равномерная
choice-sticky = липкая
# draft: how shamans are given out
choice-off = нет
choice-bid = со ставками
