### Por qué decide el lector ahora (tm-why-<decisión>: el "reason" de la vista, dicho al jugador
### que decide, con los números que explican la decisión).

tm-why-resolve = { $count } efectos ocurren a la vez: elige cuál se resuelve primero.
tm-why-discard-divination = Tienes { $held } adivinaciones y puedes quedarte { $keep }: descarta una.
tm-why-discard-objective = Tienes { $held } objetivos y puedes quedarte { $keep }: descarta uno.
tm-why-keep-objective = Has robado dos objetivos: quédate uno; el otro se descarta boca abajo.
tm-why-draft-bid = Selección de chamanes: puja de 0 a { $most } corazones. Las pujas más altas eligen chamán primero; los corazones que pujes pasan a no ganados.
tm-why-draft-pick = Selección de chamanes: elige tu chamán (se elige en el orden de las pujas).
tm-why-checks = Tu turno empieza con { $cards ->
        [one] tu puja
       *[other] tus { $cards } pujas
    } en la fila de adivinaciones: toma la carta donde tengas la puja más alta; sube o renuncia donde te hayan superado.
tm-why-order = { $hearts ->
        [0] No te quedan corazones disponibles: comprometerte es tu única orden.
       *[other] Tu orden: marchar, enviar a tu chamán, reclutar, pujar por una adivinación o comprometerte. Tienes { $hearts ->
            [one] 1 corazón disponible
           *[other] { $hearts } corazones disponibles
        }.
    }
tm-why-march = Marcha: { $warriors ->
        [one] 1 guerrero
       *[other] { $warriors } guerreros
    } en { $space }, { $steps ->
        [one] 1 paso dado
       *[other] { $steps } pasos dados
    }. { $next ->
        [free] El siguiente paso es gratis ({ $free ->
            [one] queda 1 paso gratis
           *[other] quedan { $free } pasos gratis
        }).
        [heart] El siguiente paso cuesta 1 corazón; tienes { $hearts }.
       *[none] No quedan corazones ni pasos gratis para otro paso: la marcha termina aquí.
    }
tm-why-shaman = Orden del chamán: tu chamán está en { $space } tras { $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    }. { $left ->
        [0] No le quedan pasos: termina la orden.
        [one] Queda 1 paso gratis.
       *[other] Quedan { $left } pasos gratis.
    }
tm-why-recruit = Reclutar: { $paid ->
        [one] queda 1 guerrero pagado
       *[other] quedan { $paid } guerreros pagados
    }{ $free ->
        [0] {""}
       *[other] {" "}y hasta { $free } gratis
    } por desplegar, en tu fortaleza o en un mausoleo que ocupes.
tm-why-action = Fase de acciones: { $actions ->
        [one] queda 1 acción
       *[other] quedan { $actions } acciones
    }. Tus corazones en el tablero de acciones: matar { $slay }, maniobrar { $maneuver }, alardear { $boast }.
tm-why-slay-window = Has matado: puedes usar ahora un efecto de matanza, o pasar.
tm-why-rest-optional = Fase de descanso: puedes usar ahora un efecto de puntuación, o pasar.
tm-why-reveal = Fase de descanso: { $count ->
        [one] se cumple uno de tus objetivos
       *[other] se cumplen { $count } de tus objetivos
    }: revela para ganar favor ahora, o pasa.
tm-why-place-event = Has robado el evento «{ $event }»: colócalo en un espacio.
tm-why-move-event = El evento «{ $event }» ha puntuado y se desplaza: como jugador inicial, lo mueves a otro espacio.
