## Доводы тренера: что даёт его выбор, чего не дал сыгранный ход (monolith review).

mono-reason-prophecy = выполняет ваше пророчество на { $side_acc }: +{ $value }
mono-reason-take-prophecy = берёт пророчество { $value } на вашу { $side_acc }
mono-reason-wall = ещё { $more ->
        [one] { $more } кубик
        [few] { $more } кубика
       *[many] { $more } кубиков
    } для пророчества на { $side_acc } ({ $count } из { $value })
mono-reason-level = завершает ваш уровень { $level }: +{ $token }{ $short ->
        [1] ; { $against ->
               [next] при следующем варианте
              *[other] после вашего хода
            } ему не хватает одного кубика
        [2] ; { $against ->
               [next] при следующем варианте
              *[other] после вашего хода
            } ему не хватает 2 кубиков
        [3] ; { $against ->
               [next] при следующем варианте
              *[other] после вашего хода
            } ему не хватает 3 кубиков
       *[other] {""}
    }
mono-reason-structure = приносит жетон постройки: +{ $token }
mono-reason-points = ещё { $points ->
        [one] { $points } очко
        [few] { $points } очка
       *[many] { $points } очков
    } на вашем планшете
mono-reason-cubes = строит ещё { $cubes ->
        [one] { $cubes } кубик
        [few] { $cubes } кубика
       *[many] { $cubes } кубиков
    }
