### Игра в терминале (`monolith play`): то, что общее у экранов всех игр.

## Кто за столом.
term-title = { $game }: { $players ->
        [one] { $players } игрок
        [few] { $players } игрока
       *[many] { $players } игроков
    }, зерно { $seed }
term-seat = { $kind ->
        [you] { $name } (вы)
        [human] { $name }
       *[bot] { $name } ({ $about })
    }
term-resumed = Партия продолжена из { $file } после { $moves ->
        [one] { $moves } хода
       *[other] { $moves } ходов
    }.
term-save-failed = не удаётся сохранить партию в { $file }: { $reason }
term-saving = Каждый ход сохраняется в { $file }.

## Клавиши, справка и отмена.
term-keys = ? правила и значки · u отменить · q выйти
term-help-title = Правила игры «{ $game }»
term-help-symbols = Значки на экране
term-help-keys-title = Клавиши
term-help-keys =
    Введите номер или букву варианта и нажмите Enter.
    - ? показывает эту справку, когда бы вас ни спросили.
    - u отменяет ваше последнее решение, если после него никто не решал и оно ничего не вытянуло и не открыло.
    - b возвращает к предыдущему меню.
    - q выход: партия брошена (с --save её продолжает --resume).
term-undone = { $actor_you ->
        [yes] Вы отменяете: { $what }
       *[no] { $actor } отменяет: { $what }
    }
term-undo-nothing = Вам нечего отменять.
term-undo-since = После вас уже решал(а) { $actor }: ваше последнее решение остаётся.
term-undo-revealed = Ваше последнее решение что-то вытянуло или открыло: его нельзя отменить.

## Игра за одной клавиатурой.
term-pass = Передайте клавиатуру: { $name }.
term-pass-ready = { $name }, нажмите Enter, когда будете готовы:{" "}
term-since = С вашего прошлого хода:
term-so-far = До вашего первого хода:

## Выбор из списка (для игр без своего меню).
term-choose = Выберите 1–{ $count } (q выйти):{" "}
term-choose-number = Введите число от 1 до { $count }.
term-not-allowed = Этот ход сейчас нельзя сделать.

## Конец.
term-game-over = Конец игры
term-ranking = Итоговые места
term-place = Место
term-player = Игрок
term-score = Очки
term-breakdown = Откуда взялись очки
term-abandoned = Партия брошена после { $moves ->
        [one] { $moves } хода
       *[other] { $moves } ходов
    }.
term-abandoned-resume = Продолжить: monolith play { $game } --resume { $file }
term-abandoned-seed = Начать ту же партию заново: { $command }

## Продолжение сохранённой партии: почему файл не подходит.
term-resume-unreadable = не удаётся прочитать { $file }: { $reason }
term-resume-not-record = { $file } — не сохранённая партия
term-resume-other-game = в { $file } партия в { $other }, а не в { $game }
term-resume-no-replay = { $file } не воспроизводится: его ходы не приводят к записанной позиции
term-resume-over = партия в { $file } уже окончена
term-resume-players = в { $file } партия на { $players ->
        [one] { $players } игрока
       *[other] { $players } игроков
    }, а не на { $asked }
term-resume-seed = в { $file } своё зерно: уберите --seed или укажите то же самое
