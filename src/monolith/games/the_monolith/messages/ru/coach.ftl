## Доводы тренера: что даёт его выбор, чего не дал сыгранный ход (monolith review).
tm-why-favor = приносит ещё { $favor ->
        [one] { $favor } очко
        [few] { $favor } очка
       *[many] { $favor } очков
    } милости
tm-why-keep-control = сохраняет контроль над областью «{ $space }», который ваш ход теряет
tm-why-take-control = берёт под контроль область «{ $space }»
tm-why-slay = убивает ещё { $count ->
        [one] { $count } вражеского воина
       *[other] { $count } вражеских воинов
    }
tm-why-hearts = ещё { $hearts ->
        [one] { $hearts } сердце идёт
        [few] { $hearts } сердца идут
       *[many] { $hearts } сердец идут
    } { $to ->
        [slay] в зону убийства
        [maneuver] в зону манёвра
        [boast] в зону похвальбы
        [tower] в башню
        [bids] в ставки
       *[available] в доступные
    } вместо { $away ->
        [slay] зоны убийства
        [maneuver] зоны манёвра
        [boast] зоны похвальбы
        [tower] башни
        [bids] ставок
       *[available] доступных
    }
tm-why-warriors = оставляет на карте ещё { $count ->
        [one] { $count } воина
       *[other] { $count } воинов
    }
