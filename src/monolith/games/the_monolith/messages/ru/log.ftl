### The Monolith's menu entries (tm-choose-*: said to the player choosing) and log lines
### (tm-log-*: $actor_you is "yes" for the reader's own moves), in Russian. Spaces come with their
### prepositional phrases ($space_in, $space_to, $space_from), zones with $zone_gen, shamans with
### $shaman_acc (see content.ftl). Verbs about players are in the present tense, which does not
### change with the player's gender; a player's name is never declined ("игрока { $target }").

## Menu entries.
tm-choose-keep-objective = Оставить цель «{ $objective }»: { $objective_text }
tm-choose-draft-bid = Поставить { $hearts ->
        [one] { $hearts } сердце
        [few] { $hearts } сердца
       *[many] { $hearts } сердец
    } в выборе шаманов
tm-choose-draft-pick = Выбрать { $shaman_acc }: { $shaman_text }
tm-choose-take = Забрать гадание «{ $card }»: ваша ставка самая высокая
tm-choose-raise = Добавить { $hearts ->
        [one] { $hearts } сердце
        [few] { $hearts } сердца
       *[many] { $hearts } сердец
    } к ставке на гадание «{ $card }»
tm-choose-forfeit = Отказаться от ставки на гадание «{ $card }»: сердца вернутся в доступные
tm-choose-discard-divination = Сбросить гадание «{ $card }»
tm-choose-march = Поход: вывести { $warriors ->
        [one] { $warriors } воина
       *[many] { $warriors } воинов
    } { $space_from }
tm-choose-step = { $unit ->
        [shaman] Переместить шамана { $space_to }
       *[other] Переместить отряд { $space_to }
    }
tm-choose-drop-off = Оставить одного воина { $space_in }
tm-choose-pick-up = Взять в отряд одного своего воина { $space_in }
tm-choose-stop = { $order ->
        [march] Закончить поход
        [shaman] Закончить приказ шаману
       *[other] Отказаться от оставшихся бесплатных воинов
    }
tm-choose-shaman = Приказ шаману: заплатить 1 сердце и провести шамана до 3 шагов, сжигая по пути своих павших
tm-choose-recruit = Набор: заплатить { $hearts ->
        [one] { $hearts } сердце за { $hearts } воина
        [few] { $hearts } сердца за { $hearts } воинов
       *[many] { $hearts } сердец за { $hearts } воинов
    } и ещё по одному за каждый мавзолей под вашим контролем
tm-choose-deploy = Выставить воина из { $source ->
        [anger] пула гнева
       *[other] запаса
    } { $space_to }
tm-choose-bid = Поставить { $hearts ->
        [one] { $hearts } сердце
        [few] { $hearts } сердца
       *[many] { $hearts } сердец
    } на гадание «{ $card }»
tm-choose-commit = Обет: бросить в монолит доступные сердца и сердца из перебитых ставок
tm-choose-use-effect = Применить эффект «{ $effect }»: { $effect_text }
tm-choose-resolve = { $owner ->
        [everyone] Следующим разыграть эффект «{ $effect }» для всех
       *[other] Следующим разыграть эффект «{ $effect }» для { $owner_you ->
            [yes] вас
           *[no] игрока { $owner }
        }
    }
tm-choose-pass = Пас
tm-choose-slay = { $unit ->
        [shaman] Убить шамана игрока { $target } { $space_in }
       *[other] Убить воина игрока { $target } { $space_in }
    }
tm-choose-maneuver = { $unit ->
        [shaman] Манёвр: перевести шамана { $from_from } { $to_to }
       *[other] Манёвр: перевести воина { $from_from } { $to_to }
    }
tm-choose-boast = Похвальба { $space_in }
tm-choose-sacrifice = Принести в жертву воина { $space_in }, заплатив из зоны { $zone_gen }
tm-choose-relent = Отступить: вернуть свои сердца с поля действий и закончить свои действия
tm-choose-fate = Игра с судьбой: потратить 1 гнев и сдвинуть сердце из зоны { $zone_gen } на одну зону по часовой стрелке
tm-choose-reveal-objective = Открыть цель «{ $objective }»: { $objective_text }
tm-choose-discard-objective = Сбросить цель «{ $objective }»
tm-choose-place-event = { $moving ->
        [yes] Перенести событие «{ $event }» { $space_to }
       *[other] Положить событие «{ $event }» { $space_to }
    }

## Log lines.
tm-log-keep-objective = { $actor_you ->
    [yes] Вы оставляете цель «{ $objective }».
   *[no] { $actor } оставляет цель «{ $objective }».
}
tm-log-keep-objective-secret = { $actor_you ->
    [yes] Вы оставляете одну из двух вытянутых целей.
   *[no] { $actor } оставляет одну из двух вытянутых целей.
}
tm-log-draft-bid = { $actor_you ->
    [yes] Вы ставите { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } в выборе шаманов.
   *[no] { $actor } ставит { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } в выборе шаманов.
}
tm-log-draft-pick = { $actor_you ->
    [yes] Вы выбираете { $shaman_acc }.
   *[no] { $actor } выбирает { $shaman_acc }.
}
tm-log-take = { $actor_you ->
    [yes] Вы забираете гадание «{ $card }».
   *[no] { $actor } забирает гадание «{ $card }».
}
tm-log-raise = { $actor_you ->
    [yes] Вы добавляете { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } к ставке на гадание «{ $card }».
   *[no] { $actor } добавляет { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } к ставке на гадание «{ $card }».
}
tm-log-forfeit = { $actor_you ->
    [yes] Вы отказываетесь от ставки на гадание «{ $card }».
   *[no] { $actor } отказывается от ставки на гадание «{ $card }».
}
tm-log-discard-divination = { $actor_you ->
    [yes] Вы сбрасываете гадание «{ $card }».
   *[no] { $actor } сбрасывает гадание «{ $card }».
}
tm-log-march = { $actor_you ->
    [yes] Вы выводите в поход { $warriors ->
            [one] { $warriors } воина
           *[many] { $warriors } воинов
        } { $space_from }.
   *[no] { $actor } выводит в поход { $warriors ->
            [one] { $warriors } воина
           *[many] { $warriors } воинов
        } { $space_from }.
}
tm-log-step = { $actor_you ->
    [yes] { $unit ->
            [shaman] Ваш шаман идёт { $space_to }.
           *[other] Ваш отряд идёт { $space_to }.
        }
   *[no] { $unit ->
            [shaman] { $actor } ведёт шамана { $space_to }.
           *[other] { $actor } ведёт отряд { $space_to }.
        }
}
tm-log-drop-off = { $actor_you ->
    [yes] Вы оставляете воина { $space_in }.
   *[no] { $actor } оставляет воина { $space_in }.
}
tm-log-pick-up = { $actor_you ->
    [yes] Вы берёте в отряд воина { $space_in }.
   *[no] { $actor } берёт в отряд воина { $space_in }.
}
tm-log-stop = { $actor_you ->
    [yes] { $order ->
            [march] Вы заканчиваете поход.
            [shaman] Вы заканчиваете приказ шаману.
           *[other] Вы отказываетесь от оставшихся бесплатных воинов.
        }
   *[no] { $order ->
            [march] { $actor } заканчивает поход.
            [shaman] { $actor } заканчивает приказ шаману.
           *[other] { $actor } отказывается от оставшихся бесплатных воинов.
        }
}
tm-log-shaman = { $actor_you ->
    [yes] Вы отдаёте приказ шаману.
   *[no] { $actor } отдаёт приказ шаману.
}
tm-log-recruit = { $actor_you ->
    [yes] Вы набираете воинов за { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        }.
   *[no] { $actor } набирает воинов за { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        }.
}
tm-log-deploy = { $actor_you ->
    [yes] Вы выставляете воина { $space_to }.
   *[no] { $actor } выставляет воина { $space_to }.
}
tm-log-bid = { $actor_you ->
    [yes] Вы ставите { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } на гадание «{ $card }».
   *[no] { $actor } ставит { $hearts ->
            [one] { $hearts } сердце
            [few] { $hearts } сердца
           *[many] { $hearts } сердец
        } на гадание «{ $card }».
}
tm-log-commit = { $actor_you ->
    [yes] Вы даёте обет и бросаете свои сердца в монолит.
   *[no] { $actor } даёт обет и бросает свои сердца в монолит.
}
tm-log-use-effect = { $actor_you ->
    [yes] Вы применяете эффект «{ $effect }».
   *[no] { $actor } применяет эффект «{ $effect }».
}
tm-log-resolve = { $actor_you ->
    [yes] Следующим вы разыгрываете эффект «{ $effect }».
   *[no] Следующим { $actor } разыгрывает эффект «{ $effect }».
}
tm-log-pass = { $actor_you ->
    [yes] Вы пасуете.
   *[no] { $actor } пасует.
}
tm-log-maneuver = { $actor_you ->
    [yes] { $unit ->
            [shaman] Манёвр: вы переводите шамана { $from_from } { $to_to }.
           *[other] Манёвр: вы переводите воина { $from_from } { $to_to }.
        }
   *[no] { $unit ->
            [shaman] Манёвр: { $actor } переводит шамана { $from_from } { $to_to }.
           *[other] Манёвр: { $actor } переводит воина { $from_from } { $to_to }.
        }
}
tm-log-boast = { $actor_you ->
    [yes] Вы похваляетесь { $space_in }.
   *[no] { $actor } похваляется { $space_in }.
}
tm-log-sacrifice = { $actor_you ->
    [yes] Вы приносите в жертву воина { $space_in }.
   *[no] { $actor } приносит в жертву воина { $space_in }.
}
tm-log-relent = { $actor_you ->
    [yes] Вы отступаете и заканчиваете свои действия.
   *[no] { $actor } отступает и заканчивает свои действия.
}
tm-log-fate = { $actor_you ->
    [yes] Вы играете с судьбой: сердце уходит из зоны { $zone_gen } в следующую.
   *[no] { $actor } играет с судьбой: сердце уходит из зоны { $zone_gen } в следующую.
}
tm-log-discard-objective = { $actor_you ->
    [yes] Вы сбрасываете цель «{ $objective }».
   *[no] { $actor } сбрасывает цель «{ $objective }».
}
tm-log-discard-objective-secret = { $actor_you ->
    [yes] Вы сбрасываете цель.
   *[no] { $actor } сбрасывает цель.
}
tm-log-place-event = { $actor_you ->
    [yes] { $moving ->
            [yes] Вы переносите событие «{ $event }» { $space_to }.
           *[other] Вы кладёте событие «{ $event }» { $space_to }.
        }
   *[no] { $moving ->
            [yes] { $actor } переносит событие «{ $event }» { $space_to }.
           *[other] { $actor } кладёт событие «{ $event }» { $space_to }.
        }
}

## What actions set off, and chance.
tm-log-landed = { $actor_you ->
    [yes] Ваши сердца падают: в зону убийства { $slay }, манёвра { $maneuver }, похвальбы { $boast }.
   *[no] Сердца игрока { $actor } падают: в зону убийства { $slay }, манёвра { $maneuver }, похвальбы { $boast }.
}
tm-log-dealt = { $count ->
    [1] В ряд гаданий выложено гадание «{ $card1 }».
    [2] В ряд гаданий выложены гадания «{ $card1 }» и «{ $card2 }».
    [3] В ряд гаданий выложены гадания «{ $card1 }», «{ $card2 }» и «{ $card3 }».
   *[other] В ряд гаданий выложены гадания «{ $card1 }», «{ $card2 }», «{ $card3 }» и «{ $card4 }».
}
tm-log-first = { $actor_you ->
    [yes] Вы получаете жетон первого игрока.
   *[no] { $actor } получает жетон первого игрока.
}
tm-log-shaman-dealt = { $actor_you ->
    [yes] Ваш шаман — { $shaman }.
   *[no] Шаман игрока { $actor } — { $shaman }.
}
tm-log-event = { $actor_you ->
    [yes] Вы тянете событие «{ $event }».
   *[no] { $actor } тянет событие «{ $event }».
}
tm-log-objectives-drawn = { $count ->
    [1] Вы тянете цель «{ $card1 }».
    [2] Вы тянете цели «{ $card1 }» и «{ $card2 }».
    [3] Вы тянете цели «{ $card1 }», «{ $card2 }» и «{ $card3 }».
   *[other] Вы тянете цели «{ $card1 }», «{ $card2 }», «{ $card3 }» и «{ $card4 }».
}
tm-log-objectives-drawn-secret = { $actor_you ->
    [yes] { $count ->
            [1] Вы тянете цель.
            [2] Вы тянете две цели.
            [3] Вы тянете три цели.
           *[other] Вы тянете четыре цели.
        }
   *[no] { $count ->
            [1] { $actor } тянет цель.
            [2] { $actor } тянет две цели.
            [3] { $actor } тянет три цели.
           *[other] { $actor } тянет четыре цели.
        }
}
tm-log-shuffle = { $pile ->
    [divination] Колода гаданий заново перемешана из сброса.
    [objective] Колода целей заново перемешана из сброса.
   *[other] Колода событий заново перемешана из сброса.
}
tm-log-setup-shuffled = Колоды гаданий, событий и целей перетасованы.
