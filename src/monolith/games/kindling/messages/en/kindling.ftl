## Kindling: menu entries, the log and the rules in short. The woods' English names come from
## content/cards.toml.

game-kindling = Kindling

kin-play = Add { $wood } { $value } to your fire
kin-discard = Throw { $wood } { $value } on the ashes

kin-log-deal = The deck is shuffled; each of the { $players } players is dealt { $cards ->
        [one] one card
       *[other] { $cards } cards
    }.
kin-log-first = { $actor_you ->
        [yes] You begin.
       *[no] { $actor } begins.
    }
kin-log-play = { $actor_you ->
        [yes] You add { $wood } { $value } to your fire.
       *[no] { $actor } adds { $wood } { $value } to their fire.
    }
kin-log-discard = { $actor_you ->
        [yes] You throw { $wood } { $value } on the ashes.
       *[no] { $actor } throws { $wood } { $value } on the ashes.
    }
kin-log-draw-own = You draw { $wood } { $value }.
kin-log-draw = { $actor_you ->
        [yes] You draw a card.
       *[no] { $actor } draws a card.
    }
kin-log-over = Every hand is empty: the fires are counted.

rules-kindling =
    Kindling is a card game for 2-4 players. Each holds a secret hand; the fires and the ashes lie open on the table.
    # Your turn: use one card of your hand
    - Add it to your fire of its wood: its value may not be below the last card of that fire.
    - Or throw it on the ashes, face up.
    - Then draw a card while the deck lasts.
    # End
    When every hand is empty, each fire you lit scores its values less the cost of lighting it, with a bonus for a big fire. A wood you never lit costs nothing. The most points win.
