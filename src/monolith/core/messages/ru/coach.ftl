### Тренер: подсказки во время игры и разбор после неё. Оценки общие с веб-страницами.

## Оценка решения: сколько шансов на победу оно потеряло по сравнению с лучшим решением, найденным тренером.
coach-mark = { $mark ->
    [good] хорошее
    [inaccuracy] неточность
    [mistake] ошибка
   *[blunder] зевок
}
# Шанс на победу (0–100) в процентах.
coach-percent = { $value } %
# Потерянный шанс на победу, в процентных пунктах.
coach-loss = −{ $value } %

## Подсказки в терминале: h в любом вопросе.
coach-term-keys = ? правила и символы · u отменить · h подсказка · q выйти
coach-term-help-key = - h просит у тренера лучшие решения в этой позиции, с вашим шансом на победу после каждого.
coach-term-hints-off = В этой партии подсказки выключены (чтобы они были, начните её с --hints).
coach-term-thinking = Тренер думает…
coach-term-hint-title = Лучшие решения для вас по мнению тренера:
coach-term-win = шанс на победу { $win } %
coach-term-unsure = Первые решения слишком близки, чтобы выбрать между ними.
coach-term-forced = Это единственное решение, которое вы можете принять.

## Разбор в терминале: monolith review ФАЙЛ.
coach-review-not-over = В { $file } партия, которая ещё не закончена; сначала доиграйте её до конца с --resume.
coach-review-judging = Тренер оценивает решения
coach-review-title = Разбор тренера: { $game } ({ $moves ->
        [one] { $moves } ход
        [few] { $moves } хода
       *[many] { $moves } ходов
    })
coach-review-seat = { $name }: { $decisions ->
        [0] нет решений для оценки
        [one] оценено { $decisions } решение
        [few] оценено { $decisions } решения
       *[many] оценено { $decisions } решений
    } · { $blunder ->
        [one] { $blunder } зевок
        [few] { $blunder } зевка
       *[many] { $blunder } зевков
    } · { $mistake ->
        [one] { $mistake } ошибка
        [few] { $mistake } ошибки
       *[many] { $mistake } ошибок
    } · { $inaccuracy ->
        [one] { $inaccuracy } неточность
        [few] { $inaccuracy } неточности
       *[many] { $inaccuracy } неточностей
    }
coach-review-graph = Шанс на победу после каждого решения:
coach-review-all-good = Ни одно решение не потеряло столько шансов на победу, чтобы его отметить.
coach-review-col-move = Ход
coach-review-col-chosen = Сыграно
coach-review-col-best = Выбор тренера
coach-review-col-win = Шанс на победу
coach-review-col-loss = Потеря
coach-review-col-mark = Оценка
coach-review-same = то же самое
coach-review-hidden = скрытое решение
coach-review-unsure = (неуверенно)
