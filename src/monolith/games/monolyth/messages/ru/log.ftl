### Monolyth's menu entries (mono-choose-*: said to the player choosing) and log lines
### (mono-log-*: $actor_you is "yes" for the reader's own moves), in Russian. Every shape is a
### masculine noun, so "{ $colour } { $shape }" agrees and "его" refers to it; verbs about players
### are in the present tense, which does not change with the player's gender.

mono-choose-place = Взять { $colour } { $shape } ({ $steps ->
        [one] { $steps } шаг
        [few] { $steps } шага
       *[many] { $steps } шагов
    }) и поставить его на { $span ->
        [1] уровень { $low }
       *[other] уровни { $low }–{ $high }
    }
mono-choose-swap = Взять { $colour } { $shape } ({ $steps ->
        [one] { $steps } шаг
        [few] { $steps } шага
       *[many] { $steps } шагов
    }), убрать его из игры и поставить одиночный { $colour } кубик на уровень { $low }
mono-choose-prophecy = Взять пророчество { $value } на свою { $side_acc }: { $value ->
        [one] { $value } { $edge } кубик
        [few] { $value } { $edge_gen-pl } кубика
       *[many] { $value } { $edge_gen-pl } кубиков
    } в этой стене
mono-choose-pass = Пас: допустимых ходов нет

mono-log-place = { $actor_you ->
    [yes] Вы берёте { $colour } { $shape } и ставите его на { $span ->
            [1] уровень { $low }
           *[other] уровни { $low }–{ $high }
        }.
   *[no] { $actor } берёт { $colour } { $shape } и ставит его на { $span ->
            [1] уровень { $low }
           *[other] уровни { $low }–{ $high }
        }.
}
mono-log-swap = { $actor_you ->
    [yes] Вы убираете из игры { $colour } { $shape } и ставите одиночный { $colour } кубик на уровень { $low }.
   *[no] { $actor } убирает из игры { $colour } { $shape } и ставит одиночный { $colour } кубик на уровень { $low }.
}
mono-log-prophecy = { $actor_you ->
    [yes] Вы берёте пророчество { $value } на свою { $side_acc }: { $value ->
            [one] { $value } { $edge } кубик
            [few] { $value } { $edge_gen-pl } кубика
           *[many] { $value } { $edge_gen-pl } кубиков
        } в этой стене.
   *[no] { $actor } берёт пророчество { $value } на { $side_acc }: { $value ->
            [one] { $value } { $edge } кубик
            [few] { $value } { $edge_gen-pl } кубика
           *[many] { $value } { $edge_gen-pl } кубиков
        } в этой стене.
}
mono-log-pass = { $actor_you ->
    [yes] У вас нет допустимых ходов, и вы пасуете.
   *[no] { $actor } пасует: допустимых ходов нет.
}
mono-log-level-token = { $actor_you ->
    [yes] Вы заполняете уровень { $level } и берёте его жетон на { $value ->
            [one] { $value } очко
            [few] { $value } очка
           *[many] { $value } очков
        }.
   *[no] { $actor } заполняет уровень { $level } и берёт его жетон на { $value ->
            [one] { $value } очко
            [few] { $value } очка
           *[many] { $value } очков
        }.
}
mono-log-level-no-token = { $actor_you ->
    [yes] Вы заполняете уровень { $level }, но его жетонов уже не осталось.
   *[no] { $actor } заполняет уровень { $level }, но его жетонов уже не осталось.
}
mono-log-structure-token = { $actor_you ->
    [yes] Ваш монолит совпадает с картой постройки: вы берёте жетон постройки на { $value ->
            [one] { $value } очко
            [few] { $value } очка
           *[many] { $value } очков
        }.
   *[no] { $actor } берёт жетон постройки на { $value ->
            [one] { $value } очко
            [few] { $value } очка
           *[many] { $value } очков
        }: монолит совпадает с картой постройки.
}
mono-log-rival = Соперник забирает с кольца { $colour } { $shape }.
mono-log-last-round-complete = { $actor_you ->
    [yes] Вы достраиваете свой монолит: этот круг последний.
   *[no] { $actor } достраивает свой монолит: этот круг последний.
}
mono-log-last-round-supply = Фигуры кончились: этот круг последний.
mono-log-all-passed = Больше никто не может ходить: партия окончена.
mono-log-setup = { $actor_you ->
    [yes] Начинаете вы. Карта постройки — «{ $card }»: { $card_text }
   *[no] Начинает { $actor }. Карта постройки — «{ $card }»: { $card_text }
}
