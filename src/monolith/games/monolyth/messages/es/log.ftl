### Monolyth's menu entries (mono-choose-*: said to the player choosing) and log lines
### (mono-log-*: $actor_you is "yes" for the reader's own moves), in Spanish. Every shape is
### feminine: "la { $shape } { $colour_f }" (see content.ftl).

mono-choose-place = Tomar la { $shape } { $colour_f } ({ $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    }) y colocarla en { $span ->
        [1] el nivel { $low }
       *[other] los niveles { $low }–{ $high }
    }
mono-choose-swap = Tomar la { $shape } { $colour_f } ({ $steps ->
        [one] 1 paso
       *[other] { $steps } pasos
    }), apartarla y colocar un cubo suelto { $colour } en el nivel { $low }
mono-choose-prophecy = Tomar la profecía { $value } para tu lado { $side }: { $value } cubos { $edge_pl } en ese muro
mono-choose-pass = Pasar: no tienes ninguna jugada legal

mono-log-place = { $actor_you ->
    [yes] Tomas la { $shape } { $colour_f } y la colocas en { $span ->
            [1] el nivel { $low }
           *[other] los niveles { $low }–{ $high }
        }.
   *[no] { $actor } toma la { $shape } { $colour_f } y la coloca en { $span ->
            [1] el nivel { $low }
           *[other] los niveles { $low }–{ $high }
        }.
}
mono-log-swap = { $actor_you ->
    [yes] Apartas la { $shape } { $colour_f } y colocas un cubo suelto { $colour } en el nivel { $low }.
   *[no] { $actor } aparta la { $shape } { $colour_f } y coloca un cubo suelto { $colour } en el nivel { $low }.
}
mono-log-prophecy = { $actor_you ->
    [yes] Tomas la profecía { $value } para tu lado { $side }: { $value } cubos { $edge_pl } en ese muro.
   *[no] { $actor } toma la profecía { $value } para el lado { $side }: { $value } cubos { $edge_pl } en ese muro.
}
mono-log-pass = { $actor_you ->
    [yes] No tienes ninguna jugada legal y pasas.
   *[no] { $actor } no tiene ninguna jugada legal y pasa.
}
mono-log-level-token = { $actor_you ->
    [yes] Completas el nivel { $level } y te llevas su ficha de { $value ->
            [one] 1 punto
           *[other] { $value } puntos
        }.
   *[no] { $actor } completa el nivel { $level } y se lleva su ficha de { $value ->
            [one] 1 punto
           *[other] { $value } puntos
        }.
}
mono-log-level-no-token = { $actor_you ->
    [yes] Completas el nivel { $level }, pero ya no queda ninguna de sus fichas.
   *[no] { $actor } completa el nivel { $level }, pero ya no queda ninguna de sus fichas.
}
mono-log-structure-token = { $actor_you ->
    [yes] Tu monolito encaja con la carta de estructura: te llevas la ficha de estructura de { $value ->
            [one] 1 punto
           *[other] { $value } puntos
        }.
   *[no] El monolito de { $actor } encaja con la carta de estructura: se lleva la ficha de estructura de { $value ->
            [one] 1 punto
           *[other] { $value } puntos
        }.
}
mono-log-rival = El rival se lleva la { $shape } { $colour_f } del anillo.
mono-log-last-round-complete = { $actor_you ->
    [yes] Completas tu monolito: esta ronda es la última.
   *[no] { $actor } completa su monolito: esta ronda es la última.
}
mono-log-last-round-supply = Se han acabado las piezas: esta ronda es la última.
mono-log-all-passed = Nadie puede mover ya: la partida termina.
mono-log-setup = { $actor_you ->
    [yes] Empiezas tú. La carta de estructura es «{ $card }»: { $card_text }
   *[no] Empieza { $actor }. La carta de estructura es «{ $card }»: { $card_text }
}
