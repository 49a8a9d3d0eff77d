"""The compiled deals are the engine's: every column of :func:`deal_chunk_compiled` equals
:func:`deal_chunk`'s (the draws through ``Rng``) for every player count, a drawn or a fixed
structure card, and seeds whose keys have one to four words."""

from __future__ import annotations

import numpy as np
import pytest

from monolith.games import get_game
from monolith.games.monolyth.dealing import (
    _FIELDS,
    Table,
    deal_chunk,
    deal_chunk_compiled,
    dealer_for,
)
from monolith.games.monolyth.rules import RING_SPACES


def table(players: int, card: int | None) -> Table:
    content = get_game("monolyth").content  # type: ignore[attr-defined]
    return Table(
        players=players,
        cards=len(content.cards),
        card=card,
        boards=len(content.boards),
        box_pieces=tuple(content.box_pieces()),
        ring_spaces=RING_SPACES,
    )


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("card", [None, 3])
def test_compiled_deals_are_the_engines(players: int, card: int | None) -> None:
    rng = np.random.default_rng(players)
    seeds = [0, 1, 2**32 - 1, 2**32] + [int(s) for s in rng.integers(2**62, size=120)]
    dealt = table(players, card)
    reference, compiled = deal_chunk(seeds, dealt), deal_chunk_compiled(seeds, dealt)
    for field in _FIELDS:
        assert np.array_equal(getattr(reference, field), getattr(compiled, field)), field
    assert dealer_for(dealt) is deal_chunk_compiled


def test_many_boards_keep_to_the_engines_draws() -> None:
    """Past 21 boards ``random.Random.sample`` picks another way than the compiled pool: such a
    table deals through ``Rng``."""
    many = Table(
        players=2, cards=3, card=None, boards=22, box_pieces=tuple(range(60)), ring_spaces=13
    )
    assert dealer_for(many) is deal_chunk
