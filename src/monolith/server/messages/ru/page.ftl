### The web table's own words: the lobby, the frame around every table, replays and help.

ui-language = Язык
ui-rules = Правила
ui-rules_help = Справка по правилам
ui-close = Закрыть
ui-cancel = Отмена
ui-confirm = Подтвердить
lobby-title = Стройте, интригуйте, играйте
lobby-lead = Начните партию в любую из этих игр с друзьями или ботами. Отправьте каждому другу ссылку на его место; каждый ход сохраняется в тот же миг.
lobby-your_name = Ваше имя
lobby-name_needed = Сначала введите имя.
lobby-new_match = Новая партия
lobby-loading = Загрузка…
lobby-players = Игроки
lobby-players_range = { $min }–{ $max } { $max ->
    [one] игрок
    [few] игрока
   *[many] игроков
}
lobby-seats = Места
lobby-seat_n = Место { $n }
lobby-human = Человек
lobby-bot_level = { $bot ->
    [random] Случайный бот
    [greedy] Жадный бот
    [ismcts] Бот с поиском
   *[other] Бот { $bot }
} ({ $level ->
    [easy] лёгкий
    [hard] сложный
    [default] обычный уровень
   *[other] { $level }
})
lobby-opponent = Бот: { $level }
lobby-level_easy = лёгкий
lobby-level_medium = средний
lobby-level_hard = сложный
lobby-level_easy_how = смотрит на ход вперёд и берёт то, что выгодно сразу.
lobby-level_medium_how = перед каждым ходом пробует несколько десятков вариантов развития партии.
lobby-level_hard_how = перед каждым ходом разыгрывает сотни вариантов партии; думает дольше.
lobby-default_opponent = Боты по умолчанию играют на уровне «{ $level }» — самом сильном из тех, что отвечают за полсекунды на этом сервере.
lobby-other_bots = Другие боты
lobby-clock = Часы хода
lobby-clock_help = Время на решение; когда оно истекает, за место играет бот.
lobby-clock_none = Без часов
lobby-clock_s = { $n ->
    [one] { $n } секунда
    [few] { $n } секунды
   *[many] { $n } секунд
}
lobby-create = Создать партию
lobby-copied = Ссылка скопирована.
lobby-spectators = Зрители
lobby-matches = Открытые и идущие партии
lobby-no_matches = Партий пока нет. Создайте первую!
lobby-open_seat = свободно
lobby-resume = Вернуться на место { $n }
lobby-join_seat = Занять место { $n }
lobby-watch = Смотреть
lobby-replay = Запись
choice-random = случайно
choice-true = да
choice-false = нет
page-noscript = Для этого стола нужен JavaScript.
status-open = открыта
status-running = идёт
status-finished = окончена
join-title = Занять место { $n }
join-lead = Выберите имя, которое увидят другие игроки. Место запоминается в этом браузере.
join-sit = Сесть
join-game = Партия в «{ $game }».
join-invited = { $who } приглашает вас на партию в «{ $game }».
join-seat_free = Место { $n } свободно.
join-seat_taken = Место { $n } уже занято: можно смотреть партию.
join-seat_over = Эта партия окончена: её можно посмотреть.
conn-connecting = Подключение…
conn-connected = В сети
conn-reconnecting = Переподключение…
conn-connecting-help = Открываем живое соединение с сервером.
conn-connected-help = Подключено: ходы появляются сразу.
conn-reconnecting-help = Связь прервалась; пробуем снова. Ничего из сделанного не потеряно.
table-loading = Готовим стол…
table-players = Игроки
table-player = Игрок
table-player_n = Игрок { $n }
table-log = Журнал партии
table-you = вы
table-bot_help = За это место на сервере играет бот.
table-bot_tag = БОТ
table-online = в сети
table-offline = не в сети
table-your_turn = Ваш ход
table-waiting_for = Ждём: { $name }
table-waiting_players = Ждём, пока сядут игроки
table-finished = Партия окончена
table-game_over = Партия окончена
table-score = Очки
table-refused = Отказано:
table-undo = Отменить
table-undo_help = Взять назад последнее действие (пока оно ничего не открыло).
table-leave = Выйти
table-leave_help = Покинуть партию; ваше место займёт бот.
table-spectating = Вы зритель
table-watch_replay = Смотреть запись
table-back_lobby = В лобби
table-no_match = Такой партии нет
table-your_options = Ваши варианты
table-nothing_to_do = Сейчас делать нечего.
table-coach_choice = Выбор тренера здесь: { $choice }
table-raw_view = Всё, что вы видите (как есть)
replay-title = Запись
replay-first = В начало
replay-prev = Назад
replay-next = Вперёд
replay-last = В конец
replay-play = Играть
replay-pause = Пауза
replay-position = Позиция
replay-step_of = шаг { $k } из { $n }
replay-unavailable = Записи пока нет
help-table = 
    # Как пользоваться столом
    - Наведите курсор на что угодно, чтобы увидеть подсказку. Ваш ход объявляется золотом вверху.
    - Точка справа вверху показывает живое соединение; если оно прервётся, стол переподключится сам, и ничего не потеряется.
    - Отклонённое действие объясняется красным; стол остаётся как был.
    - У каждой оконченной партии есть запись, которую можно пройти по шагам.
    - В записи ← → листают ходы, Пробел запускает показ.
table-no_moves = Ходов пока нет.
table-log_times = { $count ->
    [one] { $count } раз
    [few] { $count } раза
   *[many] { $count } раз
}
conn-failed = Нет соединения
conn-failed-help = Сервер отказал в живом соединении для этой партии.
table-bad_token = Это место в этом браузере не ваше

