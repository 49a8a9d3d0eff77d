## Доводы тренера: что даёт его выбор, чего не дал сыгранный ход (monolith review).

tm-reason-favor = приносит ещё { $favor ->
        [one] { $favor } очко
        [few] { $favor } очка
       *[many] { $favor } очков
    } милости
tm-reason-keep-control = сохраняет контроль над областью «{ $space }», который { $against ->
       [next] следующий вариант
      *[other] ваш ход
    } теряет
tm-reason-take-control = берёт под контроль область «{ $space }»
tm-reason-slay = убивает ещё { $count ->
        [one] { $count } вражеского воина
       *[other] { $count } вражеских воинов
    }
tm-reason-hearts = ещё { $hearts ->
        [one] { $hearts } сердце идёт
        [few] { $hearts } сердца идут
       *[many] { $hearts } сердец идут
    } { $to ->
        [slay] в зону убийства
        [maneuver] в зону манёвра
        [boast] в зону похвальбы
        [tower] в башню
        [bids] в ставки
       *[available] в пул доступных
    } вместо { $away ->
        [slay] зоны убийства
        [maneuver] зоны манёвра
        [boast] зоны похвальбы
        [tower] башни
        [bids] ставок
       *[available] пула доступных
    }
tm-reason-warriors = оставляет на карте ещё { $count ->
        [one] { $count } воина
       *[other] { $count } воинов
    }
