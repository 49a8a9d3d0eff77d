### El Monolito en la terminal (`monolith play the-monolith`): la pantalla, los menús, el final.

## La cabecera.
tm-term-title = El Monolito
tm-term-day = Día { $day } de 4
tm-term-phase = { $phase ->
        [setup] preparación
        [order] fase de órdenes
        [action] fase de acciones
        [rest] fase de descanso
       *[over] fin de la partida
    }
tm-term-decider = { $player_you ->
        [yes] Tu decisión
       *[no] Decide { $player }
    }: { $decision ->
        [keep_objective] quedarse uno de dos objetivos
        [draft_bid] pujar en el reparto de chamanes
        [draft_pick] elegir un chamán
        [checks] tomar, subir o renunciar a tus pujas
        [order] dar una orden
        [march] seguir la marcha
        [shaman] seguir moviendo al chamán
        [recruit] desplegar reclutas
        [action] hacer una acción
        [slay_window] usar un efecto de matar o pasar
        [rest_optional] usar un efecto de puntuación o pasar
        [reveal] revelar un objetivo o pasar
        [place_event] colocar el evento
        [move_event] mover el evento que puntuó
        [resolve] elegir qué efecto se resuelve antes
        [discard_divination] descartar una adivinación hasta quedarse con tres
        [discard_objective] descartar un objetivo hasta quedarse con tres
       *[other] esperar
    }
tm-term-actions-left = { $count ->
        [one] queda 1 acción este turno
       *[other] quedan { $count } acciones este turno
    }
tm-term-march = { $order ->
        [shaman] el chamán está en { $space }
       *[other] el grupo está en { $space }
    }, { $steps ->
        [one] 1 paso dado
       *[other] { $steps } pasos dados
    }
tm-term-recruit = reclutas por desplegar: { $paid } pagados, { $free } gratis

## El mapa.
tm-term-out-of-play = fuera de juego

## Los jugadores.
tm-term-col-player = Jugador
tm-term-col-shaman = Chamán
tm-term-col-favor = Favor
tm-term-col-hearts = Corazones
tm-term-col-board = Tablero
tm-term-col-warriors = Guerreros
tm-term-col-cards = Cartas
tm-term-players-key = Corazones: disponibles / gastados / sin ganar / en la torre · tablero: corazones en las zonas de matar / maniobrar / alardear · guerreros: reservas / ira / limbo
tm-term-hidden-objectives = { $count ->
        [one] 1 objetivo oculto
       *[other] { $count } objetivos ocultos
    }
tm-term-no-cards = sin cartas

## La fila de adivinación, tus cartas, eventos, efectos y favor.
tm-term-row = Fila de adivinación
tm-term-col-card = Carta
tm-term-col-effect = Efecto
tm-term-taken = (tomada)
tm-term-your-cards = Tus cartas
tm-term-your-divination = Adivinación { $card }: { $card_text }
tm-term-your-objective = Objetivo { $card }: { $card_text }
tm-term-events = Eventos en juego: { $events }
tm-term-event-on = { $event } en { $space }
tm-term-pending = Por resolver: { $effects }
tm-term-pending-item = { $owner ->
        [everyone] { $effect } (todos)
       *[other] { $effect } ({ $owner })
    }
tm-term-favor = Favor:

## Ayuda: cada símbolo de la pantalla.
tm-term-legend =
    - A B C D: los jugadores (ver la tabla de jugadores); cada uno se dibuja también en su color.
    - En un espacio: A3 tres guerreros de A · ▲ el chamán de A (△ caído) · †2 dos muertos de A.
    - ⚑A: A controla el espacio (más unidades vivas) · ⌂A: la fortaleza de A.
    - T templo, S escritorio, M mausoleo · ⊙ túnel · un nombre subrayado: el Monolito.
    - Huecos de alarde: ○ vacío, ● sangre, ♥A alarde de A.
    - Jugadores: ① jugador inicial, ↯ tiene el impulso, ✓ se ha comprometido.
    - Fila de adivinación: ◆ la fuerza de la carta; las columnas A–D son las pujas de cada jugador.

## Elegir.
tm-term-your-decision = { $player }, tu decisión:
tm-term-group = { $kind ->
        [keep_objective] Quedarse un objetivo
        [draft_bid] Pujar por un chamán
        [draft_pick] Elegir chamán
        [take] Tomar una carta
        [raise] Subir una puja
        [forfeit] Renunciar a una puja
        [discard_divination] Descartar una adivinación
        [march] Marchar: elige un grupo de guerreros
        [step] Mover un espacio
        [drop_off] Dejar un guerrero
        [pick_up] Recoger un guerrero
        [stop] Parar
        [shaman] Orden al chamán
        [recruit] Reclutar guerreros
        [deploy] Desplegar un recluta
        [bid] Pujar por una adivinación
        [commit] Comprometerse
        [use_effect] Usar el efecto de una carta
        [resolve] Ordenar los efectos simultáneos
        [pass] Pasar
        [slay] Matar
        [maneuver] Maniobrar
        [boast] Alardear
        [sacrifice] Sacrificar
        [relent] Ceder
        [fate] Manipular el destino
        [reveal_objective] Revelar un objetivo
        [discard_objective] Descartar un objetivo
       *[place_event] Colocar el evento
    } ({ $count ->
        [one] 1 opción
       *[other] { $count } opciones
    })
tm-term-choose = Elige 1–{ $count } (b volver, q salir):{" "}
tm-term-number = Escribe un número del 1 al { $count }.

## El final: el favor y los objetivos de cada jugador.
tm-term-total = { $player }: { $favor } de favor
tm-term-revealed = objetivos revelados: { $cards }
tm-term-held = objetivos que conservaba al final (1 de favor cada uno): { $cards }
tm-term-revealed-on = { $card } (día { $day })
tm-term-col-source = Origen
tm-term-col-day = Día { $day }
tm-term-col-total = Total
tm-term-nothing = nada puntuado
tm-term-none = ninguno
tm-term-source = { $source ->
        [slay] matar
        [boast] alardes
        [temple] templos
        [monolith] el Monolito
        [divination] adivinaciones
        [event] eventos
        [objective] objetivos
        [shaman] habilidades de chamán
        [sacrifice] sacrificios
        [held] objetivos conservados al final
       *[other] otros
    }
