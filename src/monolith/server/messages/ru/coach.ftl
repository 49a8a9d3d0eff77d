### Тренер за веб-столом: подсказки во время игры, разбор в повторе.

## Подсказки включены или нет — выбирается при создании партии.
coach-hints_on = С подсказками
coach-hints_off = Без подсказок
coach-hints_on_tip = Игроки этой партии могут просить у тренера лучшие решения.
coach-hints_off_tip = В этой партии никто не может просить у тренера подсказки.
coach-lobby_hints = Подсказки тренера
coach-lobby_hints_help = Игроки могут просить у тренера лучшие решения во время игры. По умолчанию выключены, если играют несколько человек.

## Подсказка за столом.
coach-hint = Подсказка
coach-hint_help = Спросить у тренера лучшие решения в этой позиции (H)
coach-hint_wait = Тренер отвечает, когда решение за вами.
coach-hint_title = Тренер советует
coach-hint_close = Закрыть подсказку
coach-hint_thinking = Тренер думает…
coach-hint_win = шанс на победу { $win } %
coach-hint_unsure = Эти решения слишком близки, чтобы выбрать между ними.
coach-hint_forced = Это единственное решение, которое вы можете принять.
coach-hint_all = Все советы
coach-show_board = Показать на поле
coach-hide_board = Вернуться к сыгранному ходу
error-hints_off = Эта партия создана без подсказок.
error-coach_busy = Тренер занят; спросите ещё раз чуть позже.

## Разбор в повторе.
coach-review = Разбор тренера
coach-review_queued = Тренер вот-вот начнёт разбирать эту партию.
coach-review_running = Тренер разбирает партию: { $done } из { $total } решений.
coach-review_failed = Тренеру не удалось разобрать эту партию.
coach-review_none = В этой партии играли только боты, разбирать нечего.
coach-summary = { $decisions ->
        [one] оценено { $decisions } решение
        [few] оценено { $decisions } решения
       *[many] оценено { $decisions } решений
    } — { $blunder ->
        [one] { $blunder } зевок
        [few] { $blunder } зевка
       *[many] { $blunder } зевков
    }, { $mistake ->
        [one] { $mistake } ошибка
        [few] { $mistake } ошибки
       *[many] { $mistake } ошибок
    }, { $inaccuracy ->
        [one] { $inaccuracy } неточность
        [few] { $inaccuracy } неточности
       *[many] { $inaccuracy } неточностей
    }.
coach-first = { $mark ->
    [blunder] первый зевок
    [mistake] первая ошибка
   *[inaccuracy] первая неточность
}
coach-graph_label = Шанс на победу каждого разобранного игрока после каждого его решения, ход за ходом
coach-graph_moves = { $n ->
        [one] { $n } ход
        [few] { $n } хода
       *[many] { $n } ходов
    }
coach-step_mark = { $you ->
    [yes] { $mark ->
            [good] Ваше хорошее решение.
            [inaccuracy] Ваша неточность.
            [mistake] Ваша ошибка.
           *[blunder] Ваш зевок.
        }
   *[no] { $mark ->
            [good] Хорошее решение: { $name }.
            [inaccuracy] Неточность: { $name }.
            [mistake] Ошибка: { $name }.
           *[blunder] Зевок: { $name }.
        }
}
coach-you = Вы
coach-win_after = Шанс на победу после этого хода: { $chosen } %; с выбором тренера: { $best } %.
coach-lost = потеряно { $loss } % шанса на победу
coach-agrees = Тренер поступил бы так же.
coach-preferred = Тренер предпочёл бы:
coach-board_before = На поле позиция перед ходом, выбор тренера отмечен.
coach-hidden = Варианты этого решения видел только игрок { $name }, поэтому тренер называет их только ему.
coach-unsure = Тренер не уверен в этой оценке: его поиски расходятся.
coach-thresholds = Оценки по потерянному шансу на победу относительно выбора тренера: неточность — от { $inaccuracy } %, ошибка — от { $mistake } %, зевок — от { $blunder } %.

## Что даёт выбор тренера, в понятиях игры, и какое продолжение он ждёт.
coach-hint_why = Почему первым: { $reason }
coach-hint_chosen = Ход подготовлен на столе: одно нажатие — и он сыгран.
coach-why = Почему: { $reason }
coach-line = Дальше тренер ожидает:
coach-board_line = На поле позиция перед ходом: выбор тренера отмечен, ожидаемые после него ходы пронумерованы.
coach-prev_mark = Предыдущее отмеченное решение
coach-next_mark = Следующее отмеченное решение
coach-mark_of = Отмеченное решение { $k } из { $n }
coach-marks_count = { $n ->
        [one] { $n } отмеченное решение
        [few] { $n } отмеченных решения
       *[many] { $n } отмеченных решений
    }
coach-open_review = Разбор тренера
