### The Monolith's menu entries (tm-choose-*: said to the player choosing) and log lines
### (tm-log-*: $actor_you is "yes" for the reader's own moves), in Spanish. Spaces come with
### their phrases ($space_in, $space_to, $space_from: see content.ftl); no participle agrees with
### a player, so the lines hold for anyone.

## Menu entries.
tm-choose-keep-objective = Conservar el objetivo «{ $objective }»: { $objective_text }
tm-choose-draft-bid = Pujar { $hearts ->
        [one] 1 corazón
       *[other] { $hearts } corazones
    } en el reparto de chamanes
tm-choose-draft-pick = Elegir a { $shaman }: { $shaman_text }
tm-choose-take = Tomar la adivinación «{ $card }»: tienes la puja más alta
tm-choose-raise = Subir tu puja por «{ $card }» en { $hearts ->
        [one] 1 corazón
       *[other] { $hearts } corazones
    }
tm-choose-forfeit = Renunciar a tu puja por «{ $card }»: los corazones vuelven a tus disponibles
tm-choose-discard-divination = Descartar la adivinación «{ $card }»
tm-choose-march = Marchar: salir { $space_from } con { $warriors ->
        [one] 1 guerrero
       *[other] { $warriors } guerreros
    }
tm-choose-step = { $unit ->
        [shaman] Mover a tu chamán { $space_to }
       *[other] Mover el grupo { $space_to }
    }
tm-choose-drop-off = Dejar un guerrero { $space_in }
tm-choose-pick-up = Recoger a uno de tus guerreros { $space_in }
tm-choose-stop = { $order ->
        [march] Terminar la marcha
        [shaman] Terminar la orden de chamán
       *[other] Renunciar a los guerreros gratis que quedan
    }
tm-choose-shaman = Orden de chamán: paga 1 corazón y mueve a tu chamán hasta 3 pasos, incinerando a tus muertos por el camino
tm-choose-recruit = Reclutar: paga { $hearts ->
        [one] 1 corazón por 1 guerrero
       *[other] { $hearts } corazones por { $hearts } guerreros
    }, más 1 por cada mausoleo que controles
tm-choose-deploy = Desplegar un guerrero de { $source ->
        [anger] tu ira
       *[other] tus reservas
    } { $space_in }
tm-choose-bid = Pujar { $hearts ->
        [one] 1 corazón
       *[other] { $hearts } corazones
    } por «{ $card }»
tm-choose-commit = Comprometerse: echa al monolito tus corazones disponibles y los de las pujas superadas
tm-choose-use-effect = Usar el efecto de «{ $effect }»: { $effect_text }
tm-choose-resolve = { $owner ->
        [everyone] Resolver ahora «{ $effect }» para todos
       *[other] Resolver ahora «{ $effect }» para { $owner_you ->
            [yes] ti
           *[no] { $owner }
        }
    }
tm-choose-pass = Pasar
tm-choose-slay = { $unit ->
        [shaman] Matar al chamán de { $target } { $space_in }
       *[other] Matar a un guerrero de { $target } { $space_in }
    }
tm-choose-maneuver = { $unit ->
        [shaman] Maniobrar: mover a tu chamán { $from_from } { $to_to }
       *[other] Maniobrar: mover un guerrero { $from_from } { $to_to }
    }
tm-choose-boast = Alardear { $space_in }
tm-choose-sacrifice = Sacrificar a un guerrero { $space_in }, pagando de la zona de { $zone }
tm-choose-relent = Ceder: devuelve tus corazones del tablero de acciones y termina tus acciones
tm-choose-fate = Manipular el destino: gasta 1 de ira para mover un corazón de la zona de { $zone } a la zona siguiente en sentido horario
tm-choose-reveal-objective = Revelar el objetivo «{ $objective }»: { $objective_text }
tm-choose-discard-objective = Descartar el objetivo «{ $objective }»
tm-choose-place-event = { $moving ->
        [yes] Mover el evento «{ $event }» { $space_to }
       *[other] Colocar el evento «{ $event }» { $space_in }
    }

## Log lines.
tm-log-keep-objective = { $actor_you ->
    [yes] Conservas el objetivo «{ $objective }».
   *[no] { $actor } conserva el objetivo «{ $objective }».
}
tm-log-keep-objective-secret = { $actor_you ->
    [yes] Conservas uno de los dos objetivos que robaste.
   *[no] { $actor } conserva uno de los dos objetivos que robó.
}
tm-log-draft-bid = { $actor_you ->
    [yes] Pujas { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        } en el reparto de chamanes.
   *[no] { $actor } puja { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        } en el reparto de chamanes.
}
tm-log-draft-pick = { $actor_you ->
    [yes] Eliges a { $shaman }.
   *[no] { $actor } elige a { $shaman }.
}
tm-log-take = { $actor_you ->
    [yes] Tomas la adivinación «{ $card }».
   *[no] { $actor } toma la adivinación «{ $card }».
}
tm-log-raise = { $actor_you ->
    [yes] Subes tu puja por «{ $card }» en { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        }.
   *[no] { $actor } sube su puja por «{ $card }» en { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        }.
}
tm-log-forfeit = { $actor_you ->
    [yes] Renuncias a tu puja por «{ $card }».
   *[no] { $actor } renuncia a su puja por «{ $card }».
}
tm-log-discard-divination = { $actor_you ->
    [yes] Descartas la adivinación «{ $card }».
   *[no] { $actor } descarta la adivinación «{ $card }».
}
tm-log-march = { $actor_you ->
    [yes] Marchas: sales { $space_from } con { $warriors ->
            [one] 1 guerrero
           *[other] { $warriors } guerreros
        }.
   *[no] { $actor } marcha: sale { $space_from } con { $warriors ->
            [one] 1 guerrero
           *[other] { $warriors } guerreros
        }.
}
tm-log-step = { $actor_you ->
    [yes] { $unit ->
            [shaman] Tu chamán va { $space_to }.
           *[other] Tu grupo va { $space_to }.
        }
   *[no] { $unit ->
            [shaman] El chamán de { $actor } va { $space_to }.
           *[other] El grupo de { $actor } va { $space_to }.
        }
}
tm-log-drop-off = { $actor_you ->
    [yes] Dejas un guerrero { $space_in }.
   *[no] { $actor } deja un guerrero { $space_in }.
}
tm-log-pick-up = { $actor_you ->
    [yes] Recoges a un guerrero { $space_in }.
   *[no] { $actor } recoge a un guerrero { $space_in }.
}
tm-log-stop = { $actor_you ->
    [yes] { $order ->
            [march] Terminas la marcha.
            [shaman] Terminas la orden de chamán.
           *[other] Renuncias a los guerreros gratis que quedan.
        }
   *[no] { $order ->
            [march] { $actor } termina la marcha.
            [shaman] { $actor } termina la orden de chamán.
           *[other] { $actor } renuncia a los guerreros gratis que quedan.
        }
}
tm-log-shaman = { $actor_you ->
    [yes] Das una orden a tu chamán.
   *[no] { $actor } da una orden a su chamán.
}
tm-log-recruit = { $actor_you ->
    [yes] Reclutas con { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        }.
   *[no] { $actor } recluta con { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        }.
}
tm-log-deploy = { $actor_you ->
    [yes] Despliegas un guerrero { $space_in }.
   *[no] { $actor } despliega un guerrero { $space_in }.
}
tm-log-bid = { $actor_you ->
    [yes] Pujas { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        } por «{ $card }».
   *[no] { $actor } puja { $hearts ->
            [one] 1 corazón
           *[other] { $hearts } corazones
        } por «{ $card }».
}
tm-log-commit = { $actor_you ->
    [yes] Te comprometes y echas tus corazones al monolito.
   *[no] { $actor } se compromete y echa sus corazones al monolito.
}
tm-log-use-effect = { $actor_you ->
    [yes] Usas el efecto de «{ $effect }».
   *[no] { $actor } usa el efecto de «{ $effect }».
}
tm-log-resolve = { $actor_you ->
    [yes] Resuelves ahora «{ $effect }».
   *[no] { $actor } resuelve ahora «{ $effect }».
}
tm-log-pass = { $actor_you ->
    [yes] Pasas.
   *[no] { $actor } pasa.
}
tm-log-maneuver = { $actor_you ->
    [yes] { $unit ->
            [shaman] Maniobras: tu chamán va { $from_from } { $to_to }.
           *[other] Maniobras: uno de tus guerreros va { $from_from } { $to_to }.
        }
   *[no] { $unit ->
            [shaman] { $actor } maniobra: su chamán va { $from_from } { $to_to }.
           *[other] { $actor } maniobra: uno de sus guerreros va { $from_from } { $to_to }.
        }
}
tm-log-boast = { $actor_you ->
    [yes] Alardeas { $space_in }.
   *[no] { $actor } alardea { $space_in }.
}
tm-log-sacrifice = { $actor_you ->
    [yes] Sacrificas a un guerrero { $space_in }.
   *[no] { $actor } sacrifica a un guerrero { $space_in }.
}
tm-log-relent = { $actor_you ->
    [yes] Cedes y terminas tus acciones.
   *[no] { $actor } cede y termina sus acciones.
}
tm-log-fate = { $actor_you ->
    [yes] Manipulas el destino: un corazón avanza desde la zona de { $zone }.
   *[no] { $actor } manipula el destino: un corazón avanza desde la zona de { $zone }.
}
tm-log-discard-objective = { $actor_you ->
    [yes] Descartas el objetivo «{ $objective }».
   *[no] { $actor } descarta el objetivo «{ $objective }».
}
tm-log-discard-objective-secret = { $actor_you ->
    [yes] Descartas un objetivo.
   *[no] { $actor } descarta un objetivo.
}
tm-log-place-event = { $actor_you ->
    [yes] { $moving ->
            [yes] Mueves el evento «{ $event }» { $space_to }.
           *[other] Colocas el evento «{ $event }» { $space_in }.
        }
   *[no] { $moving ->
            [yes] { $actor } mueve el evento «{ $event }» { $space_to }.
           *[other] { $actor } coloca el evento «{ $event }» { $space_in }.
        }
}

## What actions set off, and chance.
tm-log-landed = { $actor_you ->
    [yes] Tus corazones caen: { $slay } en matar, { $maneuver } en maniobrar, { $boast } en alardear.
   *[no] Los corazones de { $actor } caen: { $slay } en matar, { $maneuver } en maniobrar, { $boast } en alardear.
}
tm-log-dealt = { $count ->
    [1] A la fila de adivinación llega «{ $card1 }».
    [2] A la fila de adivinación llegan «{ $card1 }» y «{ $card2 }».
    [3] A la fila de adivinación llegan «{ $card1 }», «{ $card2 }» y «{ $card3 }».
   *[other] A la fila de adivinación llegan «{ $card1 }», «{ $card2 }», «{ $card3 }» y «{ $card4 }».
}
tm-log-first = { $actor_you ->
    [yes] Tomas el marcador de jugador inicial.
   *[no] { $actor } toma el marcador de jugador inicial.
}
tm-log-shaman-dealt = { $actor_you ->
    [yes] Tu chamán es { $shaman }.
   *[no] El chamán de { $actor } es { $shaman }.
}
tm-log-event = { $actor_you ->
    [yes] Robas el evento «{ $event }».
   *[no] { $actor } roba el evento «{ $event }».
}
tm-log-objectives-drawn = { $count ->
    [1] Robas el objetivo «{ $card1 }».
    [2] Robas los objetivos «{ $card1 }» y «{ $card2 }».
    [3] Robas los objetivos «{ $card1 }», «{ $card2 }» y «{ $card3 }».
   *[other] Robas los objetivos «{ $card1 }», «{ $card2 }», «{ $card3 }» y «{ $card4 }».
}
tm-log-objectives-drawn-secret = { $actor_you ->
    [yes] { $count ->
            [1] Robas un objetivo.
            [2] Robas dos objetivos.
            [3] Robas tres objetivos.
           *[other] Robas cuatro objetivos.
        }
   *[no] { $count ->
            [1] { $actor } roba un objetivo.
            [2] { $actor } roba dos objetivos.
            [3] { $actor } roba tres objetivos.
           *[other] { $actor } roba cuatro objetivos.
        }
}
tm-log-shuffle = { $pile ->
    [divination] El mazo de adivinación se vuelve a barajar con sus descartes.
    [objective] El mazo de objetivos se vuelve a barajar con sus descartes.
   *[other] El mazo de eventos se vuelve a barajar con sus descartes.
}
tm-log-setup-shuffled = Se barajan los mazos de adivinaciones, de eventos y de objetivos.
