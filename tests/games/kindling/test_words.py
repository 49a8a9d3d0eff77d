"""Kindling's sentences read right in Russian: a card is named as the card's own title, in
guillemets («Берёза 3»), since a wood's name after a verb would need a case the title does not
take ("подложить Берёза 3" reads as broken Russian)."""

from __future__ import annotations

import re

from monolith.core.i18n import describe, localizer, seat_names
from monolith.games.kindling import GAME

CARD = re.compile(r"«(Дуб|Сосна|Берёза|Ясень) \d+»")


def test_russian_menu_entries_and_log_lines_name_a_card_in_guillemets() -> None:
    state = GAME.new_game(players=2, seed=3)
    words = localizer(GAME, "ru")
    names = seat_names(words, 2, ["Ada", "Bea"])
    for _ in range(4):  # a few turns, each seat reading its own draws and the other's
        actions = list(GAME.legal_actions(state))
        for action in actions:
            entry = describe(GAME, state, action, lang="ru")
            assert CARD.search(entry), entry
        after = GAME.apply(state, actions[0])
        for line in GAME.narrate(state, actions[0], after):
            for reader in (0, 1):
                message = line.for_reader(reader)
                if message is None:
                    continue
                said = words.format(message, reader=reader, names=names)
                if "карту" not in said:  # "Bea берёт карту": no card named
                    assert CARD.search(said), said
        state = after
