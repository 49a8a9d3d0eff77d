"""Whatever reason the coach gives, it is the difference between the two branches it compared:
on positions of whole games of both games, every pair of a few decisions is explained, and each
reason's figures are read again off the two branches (each decision played on to the end of the
seat's turn from one state sampled from the seat's view) and must match."""

from __future__ import annotations

from typing import Any

from monolith.bots import make_bot
from monolith.bots.base import decide
from monolith.bots.reasons import consequence, play_on
from monolith.core import AnyGame
from monolith.core.i18n import Message, Ref
from monolith.games.monolyth import GAME as MONOLYTH
from monolith.games.monolyth.geometry import LEVEL_MASK, SIZE
from monolith.games.monolyth.rules import SIDES
from monolith.games.the_monolith import GAME as THE_MONOLITH
from monolith.games.the_monolith.coach import HEART_PLACES
from monolith.games.the_monolith.rules import Work

OPTIONS = 4
"""Decisions compared at each position, spread over its menu (every ordered pair of them)."""


def positions(game: AnyGame, players: int, seed: int, every: int) -> list[Any]:
    """Every ``every``-th position of a game of greedy bots with a decision to compare."""
    state = game.new_game(players=players, seed=seed)
    bot = make_bot("greedy", seed)
    found = []
    step = 0
    while not game.is_terminal(state):
        if step % every == 0 and len(list(game.legal_actions(state))) >= 2:
            found.append(state)
        state = game.apply(state, decide(bot, game, state))
        step += 1
    return found


def explained(game: AnyGame, state: Any) -> list[tuple[Message, int, Any, Any, Any]]:
    """Each reason given between two of the first decisions here, with the seat, the sampled
    state the branches start from and the branches (played, preferred)."""
    seat = game.current_player(state)
    assert seat is not None
    legal = list(game.legal_actions(state))
    # spread over the menu, its last entry too (a prophecy, in Monolyth)
    options = [*legal[:: max(1, len(legal) // OPTIONS)][: OPTIONS - 1], legal[-1]]
    sample = game.determinize(game.view(state, seat), 0)
    out = []
    for chosen in options:
        for best in options:
            reason = consequence(game, state, chosen, best, seed=0)
            if reason is None:
                continue
            played = play_on(game, sample, seat, chosen, 0)
            preferred = play_on(game, sample, seat, best, 0)
            out.append((reason, seat, sample, played, preferred))
    return out


def test_every_reason_of_the_monolith_is_what_changed_between_its_branches() -> None:
    kinds: set[str] = set()
    content = THE_MONOLITH.content
    for state in positions(THE_MONOLITH, 3, seed=2, every=9):
        for reason, seat, before, played, preferred in explained(THE_MONOLITH, state):
            kinds.add(reason.id)
            args = reason.args
            if reason.id == "tm-reason-favor":
                assert args["favor"] == preferred.favor[seat] - played.favor[seat] > 0
            elif reason.id in ("tm-reason-keep-control", "tm-reason-take-control"):
                space = args["space"]
                assert isinstance(space, Ref)
                index = next(i for i, s in enumerate(content.spaces) if s.key == space.id)
                was, now, then = (Work.reader(s, content) for s in (before, preferred, played))
                assert now.controls(seat, index) and not then.controls(seat, index)
                assert was.controls(seat, index) == (reason.id == "tm-reason-keep-control")
            elif reason.id == "tm-reason-slay":
                others = [q for q in range(preferred.players) if q != seat]
                slain = sum(sum(played.warriors[q]) - sum(preferred.warriors[q]) for q in others)
                assert args["count"] == slain > 0
            elif reason.id == "tm-reason-hearts":
                bids = [sum(slot[seat] for slot in s.bids) for s in (played, preferred)]
                where = [
                    (*s.zones[seat], s.tower[seat], s.available[seat], bid)
                    for s, bid in zip((played, preferred), bids, strict=True)
                ]
                to, away = (
                    HEART_PLACES.index(str(args["to"])),
                    HEART_PLACES.index(str(args["away"])),
                )
                assert args["hearts"] == where[1][to] - where[0][to] > 0
                assert where[1][away] < where[0][away]
            else:
                assert reason.id == "tm-reason-warriors", reason
                own = sum(preferred.warriors[seat]) - sum(played.warriors[seat])
                assert args["count"] == own > 0
    assert len(kinds) >= 3, kinds  # the test met several kinds of reason


PROPHECY_REASONS = ("mono-reason-prophecy", "mono-reason-take-prophecy", "mono-reason-wall")


def test_every_reason_of_monolyth_is_what_changed_between_its_branches() -> None:
    kinds: set[str] = set()
    games = [positions(MONOLYTH, 2, seed=seed, every=2) for seed in (3, 4, 5)]
    for state in [state for game in games for state in game]:
        for reason, seat, before, played, preferred in explained(MONOLYTH, state):
            kinds.add(reason.id)
            args = reason.args
            height = before.height
            mine, theirs = preferred.boards[seat], played.boards[seat]
            if reason.id in PROPHECY_REASONS:
                side_ref = args["side"]
                assert isinstance(side_ref, Ref)
                side = SIDES.index(side_ref.id)
                assert args["value"] == mine.prophecies[side]
                done = MONOLYTH.board_fulfilled(mine, height)[side]
                done_played = MONOLYTH.board_fulfilled(theirs, height)[side]
                if reason.id == "mono-reason-prophecy":
                    assert done and not done_played
                elif reason.id == "mono-reason-take-prophecy":
                    assert mine.prophecies[side] != theirs.prophecies[side]
                else:
                    counts = MONOLYTH.board_wall_counts(mine, height)
                    counts_played = MONOLYTH.board_wall_counts(theirs, height)
                    assert args["more"] == counts[side] - counts_played[side] > 0
                    assert args["count"] == counts[side]
            elif reason.id == "mono-reason-level":
                level = int(str(args["level"])) - 1
                assert mine.levels_done >> level & 1 and not theirs.levels_done >> level & 1
                filled = (theirs.occupied >> (SIZE * SIZE * level)) & LEVEL_MASK
                assert args["short"] == SIZE * SIZE - filled.bit_count()
            elif reason.id == "mono-reason-structure":
                assert args["token"] == mine.structure_token and not theirs.structure_token
            elif reason.id == "mono-reason-points":
                score = MONOLYTH.board_score(mine, height) - MONOLYTH.board_score(theirs, height)
                assert args["points"] == score > 0
            else:
                assert reason.id == "mono-reason-cubes", reason
                more = mine.occupied.bit_count() - theirs.occupied.bit_count()
                assert args["cubes"] == more > 0
    assert len(kinds) >= 3, kinds
