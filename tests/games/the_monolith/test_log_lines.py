"""The Monolith's log as players read it: what one player draws in a row is one line, named to
that player and only counted to everyone else."""

from __future__ import annotations

import pytest

from monolith.core.i18n import LANGUAGES, localizer, seat_names
from monolith.games.the_monolith.game import TheMonolith

NAMES = ["Ada", "Grace", "Alan", "Edsger"]
TWO_DRAWN = {"en": "draws two objectives", "es": "roba dos objetivos", "ru": "тянет две цели"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_player_s_two_objectives_drawn_are_one_line(lang: str) -> None:
    game = TheMonolith()
    state = game.new_game(players=4, seed=3)
    loc = localizer(game, lang)
    names = seat_names(loc, 4, NAMES)
    keys = [o.key for o in game.content.objectives]
    title = {s: [loc.text(f"objective-{keys[c]}") for c in state.objs[s]] for s in range(4)}
    for reader in (None, 0, 1, 2, 3):
        said = [line.for_reader(reader) for line in game.introduce(state)]
        lines = [loc.format(m, reader=reader, names=names) for m in said if m is not None]
        for seat in range(4):
            if seat == reader:  # both of the reader's own objectives, named in one line
                assert sum(all(t in line for t in title[seat]) for line in lines) == 1, lines
                assert not any(TWO_DRAWN[lang] in line for line in lines if NAMES[seat] in line)
            else:  # another's: one line that counts them, and never their names
                counted = [line for line in lines if f"{NAMES[seat]} {TWO_DRAWN[lang]}" in line]
                assert len(counted) == 1, lines
                assert not any(t in line for t in title[seat] for line in lines)
