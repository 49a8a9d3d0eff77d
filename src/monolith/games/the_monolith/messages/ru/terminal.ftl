### Монолит в терминале (`monolith play the-monolith`): экран, меню, итоги.

## Заголовок.
tm-term-title = Монолит
tm-term-day = День { $day } из 4
tm-term-phase = { $phase ->
        [setup] подготовка
        [order] фаза приказов
        [action] фаза действий
        [rest] фаза отдыха
       *[over] конец игры
    }
tm-term-decider = { $player_you ->
        [yes] Ваше решение
       *[no] Решает { $player }
    }: { $decision ->
        [keep_objective] оставить одну из двух целей
        [draft_bid] ставка в выборе шаманов
        [draft_pick] выбрать шамана
        [checks] взять, повысить или отказаться от ставок
        [order] отдать приказ
        [march] продолжить поход
        [shaman] продолжить ход шамана
        [recruit] расставить новобранцев
        [action] выбрать действие
        [slay_window] применить эффект убийства или пасовать
        [rest_optional] применить эффект подсчёта или пасовать
        [reveal] открыть цель или пасовать
        [place_event] положить событие
        [move_event] переложить принёсшее очки событие
        [resolve] выбрать, какой эффект разрешить первым
        [discard_divination] сбросить гадание, чтобы осталось три
        [discard_objective] сбросить цель, чтобы осталось три
       *[other] ждать
    }
tm-term-actions-left = { $count ->
        [one] в этом ходу осталось { $count } действие
        [few] в этом ходу осталось { $count } действия
       *[many] в этом ходу осталось { $count } действий
    }
tm-term-march = { $order ->
        [shaman] шаман в области { $space }
       *[other] отряд в области { $space }
    }, шагов сделано: { $steps }
tm-term-recruit = новобранцев к расстановке: { $paid } оплаченных, { $free } бесплатных

## Карта.
tm-term-out-of-play = вне игры

## Игроки.
tm-term-col-player = Игрок
tm-term-col-shaman = Шаман
tm-term-col-favor = Милость
tm-term-col-hearts = Сердца
tm-term-col-board = Поле
tm-term-col-warriors = Воины
tm-term-col-cards = Карты
tm-term-players-key = Сердца: доступно / потрачено / не заработано / в башне · поле: сердца в зонах убийства / манёвра / похвальбы · воины: запас / гнев / лимб
tm-term-hidden-objectives = { $count ->
        [one] { $count } тайная цель
        [few] { $count } тайные цели
       *[many] { $count } тайных целей
    }
tm-term-no-cards = карт нет

## Ряд гаданий, ваши карты, события, эффекты и милость.
tm-term-row = Ряд гаданий
tm-term-col-card = Карта
tm-term-col-effect = Действие
tm-term-taken = (взята)
tm-term-your-cards = Ваши карты
tm-term-your-divination = Гадание «{ $card }»: { $card_text }
tm-term-your-objective = Цель «{ $card }»: { $card_text }
tm-term-events = События в игре: { $events }
tm-term-event-on = { $event } — { $space }
tm-term-pending = Ждут разрешения: { $effects }
tm-term-pending-item = { $owner ->
        [everyone] { $effect } (для всех)
       *[other] { $effect } ({ $owner })
    }
tm-term-favor = Милость:

## Справка: все значки на экране.
tm-term-legend =
    - A B C D: игроки (см. таблицу игроков); каждый ещё и нарисован своим цветом.
    - В области: A3 — три воина игрока A · ▲ шаман игрока A (△ — павший) · †2 — двое павших игрока A.
    - ⚑A: область под контролем A (больше всего живых фигур) · ⌂A: твердыня A.
    - T храм, S скрипторий, M мавзолей · ⊙ туннель · подчёркнутое название: Монолит.
    - Места похвальбы: ○ пусто, ● кровь, ♥A похвальба игрока A.
    - Игроки: ① первый игрок, ↯ у него порыв, ✓ дал обет.
    - Ряд гаданий: ◆ сила карты; столбцы A–D — ставки каждого игрока.

## Выбор.
tm-term-your-decision = { $player }, ваше решение:
tm-term-group = { $kind ->
        [keep_objective] Оставить цель
        [draft_bid] Ставка за шамана
        [draft_pick] Выбрать шамана
        [take] Взять карту
        [raise] Повысить ставку
        [forfeit] Отказаться от ставки
        [discard_divination] Сбросить гадание
        [march] Поход: выберите отряд
        [step] Шаг в соседнюю область
        [drop_off] Оставить воина
        [pick_up] Подобрать воина
        [stop] Стоп
        [shaman] Приказ шаману
        [recruit] Набор воинов
        [deploy] Расставить новобранца
        [bid] Ставка на гадание
        [commit] Обет
        [use_effect] Применить эффект карты
        [resolve] Порядок одновременных эффектов
        [pass] Пас
        [slay] Убийство
        [maneuver] Манёвр
        [boast] Похвальба
        [sacrifice] Жертва
        [relent] Отступить
        [fate] Игра с судьбой
        [reveal_objective] Открыть цель
        [discard_objective] Сбросить цель
       *[place_event] Положить событие
    } (вариантов: { $count })
tm-term-choose = Выберите 1–{ $count } (b назад, q выйти):{" "}
tm-term-number = Введите число от 1 до { $count }.

## Итоги: милость и цели каждого игрока.
tm-term-total = { $player }: милость { $favor }
tm-term-revealed = открытые цели: { $cards }
tm-term-held = цели на руке в конце (по 1 милости): { $cards }
tm-term-revealed-on = { $card } (день { $day })
tm-term-col-source = Источник
tm-term-col-day = День { $day }
tm-term-col-total = Всего
tm-term-nothing = ничего не набрано
tm-term-none = нет
tm-term-source = { $source ->
        [slay] убийства
        [boast] похвальба
        [temple] храмы
        [monolith] Монолит
        [divination] гадания
        [event] события
        [objective] цели
        [shaman] способности шамана
        [sacrifice] жертвы
        [held] цели на руке в конце
       *[other] прочее
    }
