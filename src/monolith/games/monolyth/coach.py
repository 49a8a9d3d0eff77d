"""What the coach needs to know about Monolyth beyond its rules: how far a game has come, and
what a decision it prefers does that the one played does not.

Early in a game a lead is worth less than the same lead near the end, so the coach's win chances
are calibrated by progress as well as by the search's reward (:mod:`monolith.bots.coach`). A marked
decision's reason compares the two branches the coach compared (:mod:`monolith.bots.reasons`).
"""

from __future__ import annotations

from monolith.core.companions import AGAINST_PLAYED
from monolith.core.i18n import Message, Ref, msg
from monolith.games.monolyth.geometry import LEVEL_MASK, SIZE
from monolith.games.monolyth.rules import EMPTY, SIDES, MonolythRules, State


def progress(game: MonolythRules, state: State) -> float:
    """How far the game has come, 0 at setup and 1 at its end: the further of the fullest
    monolith (completing one ends the game) and the pieces used up (running out ends it too)."""
    if state.over:
        return 1.0
    capacity = SIZE * SIZE * state.height
    built = max(board.occupied.bit_count() for board in state.boards) / capacity
    left = len(state.box) + sum(1 for piece in state.ring if piece != EMPTY)
    used = 1.0 - left / len(game.content.box_pieces())
    return min(1.0, max(built, used))


def turn_of(state: State) -> int:
    """Which turn it is: every decision is a whole turn, a solo player's one after another."""
    return state.turn


def consequence(
    game: MonolythRules,
    seat: int,
    before: State,
    played: State,
    preferred: State,
    *,
    against: str = AGAINST_PLAYED,
) -> Message | None:
    """What the coach's choice (leading to ``preferred``) does for ``seat``'s monolith that the
    decision played (leading to ``played``) does not, the most points first: a prophecy
    fulfilled or taken, a level completed (and how short the move played left it), the
    structure token, cubes toward a prophecy, more points, or simply more cubes built; ``None``
    if none of these changed. Everything named is on the seat's own board, which everyone sees."""
    height = before.height
    mine, theirs = preferred.boards[seat], played.boards[seat]
    done, done_played = game.board_fulfilled(mine, height), game.board_fulfilled(theirs, height)
    counts, counts_played = (
        game.board_wall_counts(mine, height),
        game.board_wall_counts(theirs, height),
    )
    found: list[tuple[float, Message]] = []
    for side, value in enumerate(mine.prophecies):
        where = Ref("side", SIDES[side])
        if done[side] and not done_played[side]:
            found.append((value, msg("mono-reason-prophecy", side=where, value=value)))
        elif value and value != theirs.prophecies[side]:
            found.append((value / 2, msg("mono-reason-take-prophecy", side=where, value=value)))
        elif value and not done[side] and counts[side] > counts_played[side]:
            more = counts[side] - counts_played[side]
            found.append(
                (
                    more / 4,
                    msg("mono-reason-wall", side=where, more=more, count=counts[side], value=value),
                )
            )
    for level in range(height):
        bit = 1 << level
        if mine.levels_done & bit and not theirs.levels_done & bit:
            token = mine.level_tokens[level] if level < len(mine.level_tokens) else 0
            filled = (theirs.occupied >> (SIZE * SIZE * level)) & LEVEL_MASK
            short = SIZE * SIZE - filled.bit_count()
            found.append(
                (
                    token + 0.5,
                    msg(
                        "mono-reason-level",
                        level=level + 1,
                        token=token,
                        short=short,
                        against=against,
                    ),
                )
            )
    if mine.structure_token and not theirs.structure_token:
        token = mine.structure_token
        found.append((token, msg("mono-reason-structure", token=token)))
    points = game.board_score(mine, height) - game.board_score(theirs, height)
    if not found and points > 0:
        found.append((points, msg("mono-reason-points", points=points)))
    cubes = mine.occupied.bit_count() - theirs.occupied.bit_count()
    if not found and cubes > 0:
        found.append((cubes, msg("mono-reason-cubes", cubes=cubes)))
    return max(found, key=lambda item: item[0])[1] if found else None
