### Конец игры в «Монолите»: откуда у каждого игрока милость (games/the_monolith/web/score.js).

tm_score-title = Откуда милость
tm_score-favor = { $favor } { $favor ->
    [one] очко милости
    [few] очка милости
   *[many] очков милости
}
tm_score-source = Источник
tm_score-day_short = День { $n }
tm_score-total = Итого
tm_score-nothing = Милости нет.
tm_score-source-slay = Убийства
tm_score-source-slay-tip = 1 милость за убитого воина, 3 за шамана.
tm_score-source-divination = Гадания
tm_score-source-divination-tip = Действия карт гаданий.
tm_score-source-shaman = Шаман
tm_score-source-shaman-tip = Способность шамана.
tm_score-source-event = События
tm_score-source-event-tip = Открытые события и события в игре при подсчёте.
tm_score-source-objective = Цели
tm_score-source-objective-tip = Цели, открытые в фазе отдыха.
tm_score-source-temple = Храмы
tm_score-source-temple-tip = 2 милости за каждый храм под контролем в фазе отдыха.
tm_score-source-boast = Похвальба
tm_score-source-boast-tip = 3 милости за каждое сердце похвальбы в фазе отдыха.
tm_score-source-monolith = Бонус монолита
tm_score-source-monolith-tip = Ещё 1 милость за сердце похвальбы, если монолит под вашим контролем.
tm_score-source-held = Оставшиеся цели
tm_score-source-held-tip = 1 милость за каждую цель, оставшуюся на руках в конце игры.
tm_score-held = Цели, сохранённые до конца
tm_score-held_favor = +{ $favor } { $favor ->
    [one] очко милости
    [few] очка милости
   *[many] очков милости
}
tm_score-revealed = Открытые цели
tm_score-revealed_on = день { $day }
tm_score-none = Нет.
tm_score-chart = Милость в конце каждого дня
tm_score-axis_day = День
tm_score-axis_favor = Милость
tm_score-start = Начало
