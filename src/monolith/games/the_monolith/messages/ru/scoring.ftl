### «Монолит»: милость, как её получают (tm-score-*), в журнале после хода, который её принёс.
### $favor — полученная милость; $actor_you — "yes" для ходов самого читателя.

## Убийство или открытая цель: строка самого хода, с милостью.
tm-score-slay = { $actor_you ->
    [yes] { $unit ->
            [shaman] Вы убиваете шамана игрока { $target } в { $space } (+{ $favor } { $favor ->
                [one] милость
                [few] милости
               *[many] милостей
            }).
           *[other] Вы убиваете воина игрока { $target } в { $space } (+{ $favor } { $favor ->
                [one] милость
                [few] милости
               *[many] милостей
            }).
        }
   *[no] { $target_you ->
            [yes] { $unit ->
                [shaman] { $actor } убивает вашего шамана в { $space } (+{ $favor } { $favor ->
                    [one] милость
                    [few] милости
                   *[many] милостей
                }).
               *[other] { $actor } убивает вашего воина в { $space } (+{ $favor } { $favor ->
                    [one] милость
                    [few] милости
                   *[many] милостей
                }).
            }
           *[no] { $unit ->
                [shaman] { $actor } убивает шамана игрока { $target } в { $space } (+{ $favor } { $favor ->
                    [one] милость
                    [few] милости
                   *[many] милостей
                }).
               *[other] { $actor } убивает воина игрока { $target } в { $space } (+{ $favor } { $favor ->
                    [one] милость
                    [few] милости
                   *[many] милостей
                }).
            }
        }
}
tm-score-reveal-objective = { $actor_you ->
    [yes] Вы открываете цель { $objective } (+{ $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        }).
   *[no] { $actor } открывает цель { $objective } (+{ $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        }).
}

## Милость с поля ($count — храмы под контролем или сердца похвальбы).
tm-score = { $actor_you ->
        [yes] Вы получаете
       *[no] { $actor } получает
    } { $favor } { $favor ->
        [one] милость
        [few] милости
       *[many] милостей
    } { $source ->
        [temple] за { $count } { $count ->
            [one] храм
            [few] храма
           *[many] храмов
        }
        [boast] за { $count } { $count ->
            [one] сердце
            [few] сердца
           *[many] сердец
        } похвальбы
       *[monolith] за похвальбу с монолитом под контролем
    }.
## Милость от действия карты: гадания, способности шамана или события.
tm-score-card = { $actor_you ->
    [yes] Вы получаете { $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        } от карты { $card }.
   *[no] { $actor } получает { $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        } от карты { $card }.
}
## Игра окончена: каждая оставшаяся цель открывается и приносит милость.
tm-score-held = { $actor_you ->
    [yes] Вы открываете цель { $objective }, сохранённую до конца (+{ $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        }).
   *[no] { $actor } открывает цель { $objective }, сохранённую до конца (+{ $favor } { $favor ->
            [one] милость
            [few] милости
           *[many] милостей
        }).
}
