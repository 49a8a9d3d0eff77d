### The Monolith en el mapa: selecciones, coste de los pasos, selectores de cantidad, el panel de
### decisión, el interruptor de elecciones forzadas y el teclado en el mapa (tm-map-*).

tm-map-label = El territorio: Tab hasta un espacio donde puedas actuar, flechas al espacio vecino, Intro para actuar
tm-map-legend_target = borde dorado: puedes actuar ahí
tm-map-less = Uno menos
tm-map-more = Uno más
tm-map-free = gratis
tm-map-cost_free = Este paso es gratis.
tm-map-cost_heart = Este paso cuesta 1 corazón: tienes { $hearts }, te quedarán { $after }.
tm-map-close = Cerrar
tm-map-cancel = Cancelar
tm-map-forced = Única opción
tm-map-sending = Enviando tu orden…

## Lo que un espacio dice a un lector de pantalla
tm-map-warriors = { $you ->
        [yes] tú
       *[no] { $who }
    }: { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    }
tm-map-shaman = { $you ->
        [yes] tu chamán
       *[no] chamán de { $who }
    }{ $alive ->
        [no] {" "}(muerto)
       *[yes] {""}
    }
tm-map-dead = { $you ->
        [yes] tú
       *[no] { $who }
    }: { $n ->
        [one] 1 muerto
       *[other] { $n } muertos
    }
tm-map-nobody = no hay nadie
tm-map-control = { $you ->
        [yes] lo controlas tú
       *[no] lo controla { $who }
    }
tm-map-slots = { $total ->
        [one] 1 hueco de alarde
       *[other] { $total } huecos de alarde
    }: { $empty ->
        [one] 1 libre
       *[other] { $empty } libres
    }{ $blood ->
        [0] {""}
       *[other] , { $blood } con sangre
    }
tm-map-slot_heart = un corazón { $you ->
        [yes] tuyo
       *[no] de { $who }
    }
tm-map-event_here = evento «{ $event }»

## Lo que hace pulsar (o Intro en) un espacio
tm-map-hint_group = Intro: marchar desde aquí (hasta { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    })
tm-map-hint_shaman = Intro: dar una orden a tu chamán
tm-map-hint_which_unit = Intro: elegir tus guerreros o tu chamán
tm-map-hint_cancel = Intro: cancelar la selección
tm-map-hint_drop_pick = Intro: dejar o recoger guerreros aquí
tm-map-hint_actions = Intro: las acciones que puedes hacer aquí
tm-map-hint_maneuver_warrior = Maniobrar este guerrero: después pulsa un espacio adyacente
tm-map-hint_maneuver_warrior_touch = Maniobrar este guerrero: después toca un espacio adyacente
tm-map-hint_maneuver_shaman = Maniobrar tu chamán: después pulsa un espacio adyacente
tm-map-hint_maneuver_shaman_touch = Maniobrar tu chamán: después toca un espacio adyacente
tm-map-do_march = Marchar con { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    } a { $to }.
tm-map-do_shaman = Enviar tu chamán a { $to }: la orden cuesta 1 corazón y sus pasos son gratis.
tm-map-do_shaman_here = Empezar la orden del chamán aquí (1 corazón, incinera a tus muertos)
tm-map-do_deploy = Desplegar { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    } en { $space }
tm-map-choose_group = Marchar con tus guerreros (hasta { $n })
tm-map-choose_shaman = Dar una orden a tu chamán
tm-map-choose_maneuver_warrior = Maniobrar un guerrero desde aquí…
tm-map-choose_maneuver_shaman = Maniobrar tu chamán desde aquí…

## El panel de decisión
tm-map-hint_order = Pulsa tus guerreros en el mapa para marchar, tu chamán (▲) para moverlo; puja por una carta de la fila de adivinaciones; o recluta o comprométete aquí.
tm-map-hint_order_touch = Toca tus guerreros en el mapa para marchar, tu chamán (▲) para moverlo; puja por una carta de la fila de adivinaciones; o recluta o comprométete aquí.
tm-map-hint_march_path = Elige cuántos guerreros van y pulsa el siguiente espacio del camino. El primer paso cuesta 1 corazón (tienes { $hearts }).
tm-map-hint_march_path_touch = Elige cuántos guerreros van y toca el siguiente espacio del camino. El primer paso cuesta 1 corazón (tienes { $hearts }).
tm-map-hint_shaman_path = Pulsa adonde va tu chamán: la orden cuesta 1 corazón (tienes { $hearts }) y sus pasos son gratis.
tm-map-hint_shaman_path_touch = Toca adonde va tu chamán: la orden cuesta 1 corazón (tienes { $hearts }) y sus pasos son gratis.
tm-map-hint_march = Pulsa un espacio resaltado para avanzar; pulsa el espacio del grupo para dejar o recoger guerreros.
tm-map-hint_march_touch = Toca un espacio resaltado para avanzar; toca el espacio del grupo para dejar o recoger guerreros.
tm-map-hint_shaman_steps = Pulsa un espacio resaltado para avanzar.
tm-map-hint_shaman_steps_touch = Toca un espacio resaltado para avanzar.
tm-map-hint_recruit = Elige cuántos desplegar y pulsa tu fortaleza o un mausoleo que ocupes.
tm-map-hint_recruit_touch = Elige cuántos desplegar y toca tu fortaleza o un mausoleo que ocupes.
tm-map-hint_action = Pulsa una unidad enemiga para matarla, una tuya para maniobrarla, un hueco de alarde libre para alardear, o un espacio para ver todo lo que puedes hacer ahí.
tm-map-hint_action_touch = Toca una unidad enemiga para matarla, una tuya para maniobrarla, un hueco de alarde libre para alardear, o un espacio para ver todo lo que puedes hacer ahí.
tm-map-behind_wall = Un muro separa { $from } de { $to }: una maniobra solo cruza una frontera abierta.
tm-map-not_adjacent = { $to } no linda con { $from }: una maniobra avanza un solo espacio.
tm-map-hint_maneuver_path = Pulsa un espacio adyacente para mover el guerrero (1 corazón de maniobra).
tm-map-hint_maneuver_path_touch = Toca un espacio adyacente para mover el guerrero (1 corazón de maniobra).
tm-map-hint_maneuver_path_shaman = Pulsa un espacio adyacente para mover tu chamán (1 corazón de maniobra).
tm-map-hint_maneuver_path_shaman_touch = Toca un espacio adyacente para mover tu chamán (1 corazón de maniobra).
tm-map-hint_checks = Toma, sube o renuncia en las cartas de la fila de adivinaciones.
tm-map-hint_place = Pulsa un espacio resaltado.
tm-map-hint_place_touch = Toca un espacio resaltado.
tm-map-selected_group = Marcha desde { $space }:
tm-map-group_here = El grupo en marcha: { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    }
tm-map-group_label = Guerreros en la marcha
tm-map-of_warriors = de { $n ->
        [one] 1 guerrero
       *[other] { $n } guerreros
    } allí
tm-map-selected_shaman = Tu chamán está listo para moverse.
tm-map-selected_maneuver = Maniobrando un guerrero desde { $space }.
tm-map-selected_maneuver_shaman = Maniobrando tu chamán desde { $space }.
tm-map-order_shaman = ▲ Orden del chamán (1 corazón)
tm-map-recruit_label = Corazones que pagas por reclutas
tm-map-recruit = Reclutar { $n } guerreros ({ $n } ♥)
tm-map-commit = Comprometerte: echar { $hearts ->
        [0] ningún corazón
        [one] tu único corazón disponible
       *[other] tus { $hearts } corazones disponibles
    } al monolito
tm-map-drop_label = Guerreros que dejas
tm-map-drop = Dejar { $n } en { $space }
tm-map-pick_label = Guerreros que recoges
tm-map-pick = Recoger { $n } en { $space }
tm-map-deploy_label = Guerreros que despliegas con un clic
tm-map-deploy_label_touch = Guerreros que despliegas con un toque
tm-map-deploy_where = por clic en un espacio resaltado
tm-map-deploy_where_touch = por toque en un espacio resaltado
tm-map-source_label = Desplegar desde
tm-map-from_reserves = primero la reserva ({ $n })
tm-map-from_anger = primero la ira ({ $n })
tm-map-draft_label = Corazones que pujas en la selección
tm-map-take = Tomar esta carta
tm-map-raise_label = Corazones que añades a tu puja
tm-map-raise = Subir { $n } ♥
tm-map-bid_label = Corazones que pujas por esta carta
tm-map-bid = Pujar { $n } ♥
tm-map-forfeit = Renunciar
tm-map-fate = Manipular el destino, 1 de ira cada vez:
tm-map-all_choices = Todas las opciones en lista ({ $n })
tm-map-auto = Tomar por mí las elecciones forzadas
tm-map-auto_tip = Cuando una decisión tiene una sola opción posible, se toma enseguida. El registro la sigue mostrando.
tm-map-auto_taken = Tomado por ti: { $label }

## Teclas en el mapa (también para la ayuda)
tm-map-keys_title = Teclado
tm-map-key_tab = Tab / Mayús+Tab: los espacios donde puedes actuar ahora
tm-map-key_arrows = Flechas: el espacio vecino en esa dirección
tm-map-key_enter = Intro o Espacio: actuar en el espacio (elegir, avanzar, abrir sus acciones)
tm-map-key_plusminus = + / −: un guerrero más o menos (grupo de marcha, dejar, desplegar)
tm-map-key_escape = Esc: cancelar la selección o cerrar las acciones de un espacio
tm-map-keys =
    # The Monolith en el mapa
    - Pulsa una de tus unidades y después su camino o su objetivo; los espacios resaltados dicen lo que cuesta un paso.
    - Tab / Mayús+Tab: los espacios donde puedes actuar ahora. Flechas: el espacio vecino. Intro o Espacio: actuar en el espacio.
    - + / −: un guerrero más o menos (grupo de marcha, dejar, desplegar). Esc: cancelar la selección o cerrar las acciones de un espacio.
