"""The Monolith for learning agents: an observation tensor of what one seat may know, and a
legal-action mask.

The encoder reads a state only where the seat's view shows it: the board, every pool and card
anyone can see, the seat's own objectives, the objectives it knows lie in the discard pile (its
own face-down discards and every revealed one since the pile was last reshuffled), and never
another seat's objectives, a deck's order, the random source or hearts stuck inside the closed
tower. A view is first turned into a state by ``determinize``, which fills only what the encoder
never reads. Seats are relative: index 0 is the observing seat, then the others clockwise.
Every value lies in [0, 1].
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from monolith.core import JsonDict
from monolith.core.layout import Layout, Tensor
from monolith.games.the_monolith.content import BUILDINGS
from monolith.games.the_monolith.game import TheMonolith
from monolith.games.the_monolith.rules import (
    DAYS,
    DRAFT_MAX_BID,
    HEARTS,
    MAX_HAND,
    MAX_PENDING,
    MAX_ROW,
    SOURCE_EVENT,
    WARRIORS,
    State,
    Work,
)
from monolith.games.the_monolith.validate import DECISIONS, PHASES

SEATS = 4
ORDERS = ("", "march", "shaman", "recruit")
MAX_FAVOR = 150.0
"""Above any favor a seat reaches in four days."""
SEAT_COLUMNS = (
    "favor",
    "available",
    "spent",
    "unearned",
    "bids",
    "tower",
    "stuck",
    "slay zone",
    "maneuver zone",
    "boast zone",
    "reserves",
    "anger",
    "limbo",
    "objectives held",
    "divinations held",
    "committed",
    "draft bid",
)
"""Columns of the ``seats`` channel."""

Mask = npt.NDArray[np.int8]


class TheMonolithEncoder:
    """The Monolith's observation tensor and action mask (see :mod:`monolith.rl`)."""

    def __init__(self, game: TheMonolith | None = None) -> None:
        self.game = game or TheMonolith()
        c = self.game.content
        self.num_actions = self.game.info.num_actions
        spaces = len(c.spaces)
        divs, events, objs = len(c.divinations), len(c.events), len(c.objectives)
        self.spaces, self.divs, self.events, self.objs = spaces, divs, events, objs
        slots = max(space.slots for space in c.spaces)
        self.slots = slots
        layout = Layout()
        add = layout.add
        add("warriors", (SEATS, spaces), f"living warriors per seat and space / {WARRIORS}")
        add("dead", (SEATS, spaces), f"dead warriors per seat and space / {WARRIORS}")
        add("shaman", (SEATS, spaces), "1 where the seat's shaman stands alive")
        add("shaman_dead", (SEATS, spaces), "1 where the seat's slain shaman lies")
        add("control", (SEATS, spaces), "1 where the seat controls the space")
        add("boasts", (SEATS, spaces), f"the seat's hearts in the space's boast slots / {slots}")
        add(
            "slots", (spaces, 2), f"per space: blood in boast slots / {slots}, free slots / {slots}"
        )
        add(
            "map",
            (spaces, 4 + len(BUILDINGS)),
            "per space: exists in this game, has a tunnel (printed or by an event), is the "
            "monolith, is a stronghold, then its building one-hot (" + ", ".join(BUILDINGS) + ")",
        )
        add("strongholds", (SEATS, spaces), "1 at the seat's stronghold")
        add("events_at", (events, spaces), "1 where an event in play lies")
        add(
            "events",
            (events, 3),
            "per event card: in play, waiting to be placed or moved, on the discard pile",
        )
        add("seats", (SEATS, len(SEAT_COLUMNS)), _seat_meaning())
        add("shaman_cards", (SEATS, len(c.shamans)), "each seat's shaman card, one-hot")
        add("divinations", (SEATS, divs), "divination cards each seat holds")
        add("revealed", (SEATS, objs), "objectives each seat revealed (or showed at the end)")
        add("own_objectives", (objs,), "the observer's own objectives")
        add(
            "known_discarded",
            (objs,),
            "objectives the observer knows lie in the discard pile: their own face-down "
            "discards and every one revealed, since the pile was last reshuffled",
        )
        add("row", (MAX_ROW, divs), "the divination row: the card in each slot, one-hot")
        add("row_bids", (MAX_ROW, SEATS), f"bids on each row slot per seat / {HEARTS}")
        add("div_discard", (divs,), "divinations on the discard pile")
        add(
            "piles",
            (4,),
            "cards left in the divination, event, objective decks; objective discards",
        )
        add("day", (DAYS,), "the day, one-hot")
        add("phase", (len(PHASES),), "the phase, one-hot: " + ", ".join(PHASES))
        add(
            "decision", (len(DECISIONS),), "what is being decided, one-hot: " + ", ".join(DECISIONS)
        )
        add("decider", (SEATS,), "the seat deciding now, one-hot (none once over)")
        add("first", (SEATS,), "the first player, one-hot")
        add("surge", (SEATS,), "the surge marker's holder, one-hot (none: unclaimed)")
        add("turn", (SEATS,), "the seat whose turn it is, one-hot")
        add("order", (len(ORDERS),), "the order in progress, one-hot: none, march, shaman, recruit")
        add("at", (spaces,), "where the march or shaman in progress stands, one-hot")
        add(
            "progress",
            (8,),
            "march group / 16, steps / 8, free steps / 8, dropped off here, picked up here, "
            "recruits owed / 18, free recruits / 8, actions left / 4",
        )
        add(
            "pending",
            (SOURCE_EVENT + events,),
            f"automatic effects waiting, per source / {MAX_PENDING}",
        )
        add("used", (SOURCE_EVENT,), "optional effects already used in the open window, per source")
        add("setting", (SEATS + 3,), "players one-hot (1-4), sticky tower, bid draft, tower closed")
        self.layout = layout
        self.shape: tuple[int, ...] = (layout.size,)
        self._static: dict[int, Tensor] = {}

    def state_of(self, state_or_view: State | JsonDict, seat: int) -> State:
        """A state to read: the state itself, or one the view shows (``determinize`` fills in
        only what the encoder never reads). A view must be the seat's own."""
        if isinstance(state_or_view, dict):
            if state_or_view.get("viewer") != seat:
                raise ValueError(f"this view is seat {state_or_view.get('viewer')}'s, not {seat}'s")
            return self.game.determinize(state_or_view, 0)
        return state_or_view

    def observation_tensor(self, state_or_view: State | JsonDict, seat: int) -> Tensor:
        """What ``seat`` may know, as a flat ``float32`` vector of :attr:`shape` (see the
        channel table: ``layout.markdown()``)."""
        state = self.state_of(state_or_view, seat)
        n = state.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not in this {n}-player game")
        c = self.game.content
        w = Work.reader(state, c)
        out = np.zeros(self.layout.size, dtype=np.float32)
        layout = self.layout

        def part(name: str) -> Tensor:
            return layout.view(out, name)

        order = [(seat + k) % n for k in range(n)]
        active = c.active_spaces(n)
        warriors, dead = part("warriors"), part("dead")
        shaman, shaman_dead = part("shaman"), part("shaman_dead")
        control, boasts = part("control"), part("boasts")
        strongholds = part("strongholds")
        for k, p in enumerate(order):
            warriors[k] = state.warriors[p]
            dead[k] = state.dead[p]
            at = state.shaman_at[p]
            if at >= 0:
                (shaman if state.shaman_alive[p] else shaman_dead)[k, at] = 1
            for s in active:
                if w.controls(p, s):
                    control[k, s] = 1
            strongholds[k, state.stronghold[p]] = 1
        warriors /= WARRIORS
        dead /= WARRIORS
        slots = part("slots")
        for s, marks in enumerate(state.slots):
            for mark in marks:
                if mark > 0:
                    boasts[(mark - 1 - seat) % n, s] += 1 / self.slots
                elif mark < 0:
                    slots[s, 0] += 1 / self.slots
                else:
                    slots[s, 1] += 1 / self.slots
        part("map")[:] = self._map(n)
        if any(c.events[e].tunnel and at >= 0 for e, at in state.events_in_play):
            part("map")[list(w.tunnels()), 1] = 1
        events_at, events = part("events_at"), part("events")
        for e, space in state.events_in_play:
            events[e, 0] = 1
            if space >= 0:
                events_at[e, space] = 1
        for e in state.moving:
            events[e, 1] = 1
        if state.events_in_play and state.events_in_play[-1][1] < 0:
            events[state.events_in_play[-1][0], 1] = 1
        _ones(events[:, 2], state.event_discard)
        tower_open = state.phase != "order"
        seats = part("seats")
        for k, p in enumerate(order):
            zones = state.zones[p]
            seats[k] = (
                state.favor[p] / MAX_FAVOR,
                state.available[p] / HEARTS,
                state.spent[p] / HEARTS,
                state.unearned[p] / HEARTS,
                sum(bids[p] for bids in state.bids) / HEARTS,
                state.tower[p] / HEARTS,
                state.stuck[p] / HEARTS if tower_open else 0.0,
                zones[0] / HEARTS,
                zones[1] / HEARTS,
                zones[2] / HEARTS,
                state.reserves[p] / WARRIORS,
                state.anger[p] / WARRIORS,
                state.limbo[p] / WARRIORS,
                len(state.objs[p]) / MAX_HAND,
                len(state.divs[p]) / MAX_HAND,
                float(state.committed[p]),
                state.draft_bids[p] / DRAFT_MAX_BID,
            )
            if state.shaman[p] >= 0:
                part("shaman_cards")[k, state.shaman[p]] = 1
            _ones(part("divinations")[k], state.divs[p])
        revealed, known = part("revealed"), part("known_discarded")
        for entry in state.log:
            kind = entry.kind
            if kind == "shuffle" and entry.value == 1:
                known[:] = 0
            elif kind == "reveal" or kind == "final":
                revealed[(entry.player - seat) % n, entry.value] = 1
                known[entry.value] = 1
            elif kind == "discard" and entry.player == seat:
                known[entry.value] = 1
        _ones(part("own_objectives"), state.objs[seat])
        row, row_bids = part("row"), part("row_bids")
        for slot, card in enumerate(state.row):
            if card >= 0:
                row[slot, card] = 1
            for k, p in enumerate(order):
                row_bids[slot, k] = state.bids[slot][p] / HEARTS
        _ones(part("div_discard"), state.div_discard)
        part("piles")[:] = (
            len(state.div_deck) / self.divs,
            len(state.event_deck) / self.events,
            len(state.obj_deck) / self.objs,
            len(state.obj_discard) / self.objs,
        )
        part("day")[state.day - 1] = 1
        part("phase")[PHASES.index(state.phase)] = 1
        decider, what = w.decider()
        part("decision")[DECISIONS.index(what)] = 1
        if decider >= 0:
            part("decider")[(decider - seat) % n] = 1
        part("first")[(state.first - seat) % n] = 1
        if state.surge >= 0:
            part("surge")[(state.surge - seat) % n] = 1
        if state.turn >= 0:
            part("turn")[(state.turn - seat) % n] = 1
        part("order")[ORDERS.index(state.order)] = 1
        if state.at >= 0:
            part("at")[state.at] = 1
        part("progress")[:] = (
            state.group / WARRIORS,
            min(state.steps, 8) / 8,
            min(state.free, 8) / 8,
            float(state.moved_here == 1),
            float(state.moved_here == 2),
            state.recruits / (HEARTS - 1),
            min(state.bonus, 8) / 8,
            min(state.actions_left, 4) / 4,
        )
        pending = part("pending")
        for item in state.pending:
            pending[item.source] += 1 / MAX_PENDING
        _ones(part("used"), state.used)
        setting = part("setting")
        setting[n - 1] = 1
        setting[SEATS:] = (state.tower_model == "sticky", state.draft == "bid", not tower_open)
        return out

    def _map(self, players: int) -> Tensor:
        """The printed map's channel for a player count (built once)."""
        known = self._static.get(players)
        if known is None:
            c = self.game.content
            active = set(c.active_spaces(players))
            strongholds = set(c.stronghold_seats(players))
            known = np.zeros((self.spaces, 4 + len(BUILDINGS)), dtype=np.float32)
            for s, space in enumerate(c.spaces):
                if s in active:
                    known[s, :4] = (1, s in c.tunnels, s == c.monolith, s in strongholds)
                    if space.building:
                        known[s, 4 + BUILDINGS.index(space.building)] = 1
            self._static[players] = known
        return known

    def action_mask(self, state_or_view: State | JsonDict, seat: int | None = None) -> Mask:
        """1 for each legal action id of the player deciding, over ``num_actions`` (all 0 once
        the game is over)."""
        if isinstance(state_or_view, dict):
            viewer = int(state_or_view["viewer"]) if seat is None else seat
            state = self.state_of(state_or_view, viewer)
        else:
            state = state_or_view
        mask = np.zeros(self.num_actions, dtype=np.int8)
        game = self.game
        _ones(mask, [game.action_to_id(action) for action in game.legal_actions(state)])
        return mask


def _ones(target: npt.NDArray[np.float32] | Mask, indices: tuple[int, ...] | list[int]) -> None:
    """Set ``target`` to 1 at ``indices`` (none: nothing to set)."""
    if indices:
        target[list(indices)] = 1


def _seat_meaning() -> str:
    scales = {"favor": f"/ {MAX_FAVOR:.0f}", "reserves": f"/ {WARRIORS}", "anger": f"/ {WARRIORS}"}
    scales |= {"limbo": f"/ {WARRIORS}", "objectives held": f"/ {MAX_HAND}"}
    scales |= {"divinations held": f"/ {MAX_HAND}", "committed": "0 or 1"}
    scales |= {
        "draft bid": f"/ {DRAFT_MAX_BID}",
        "stuck": f"/ {HEARTS}, 0 while the tower is closed",
    }
    columns = [f"{name} {scales.get(name, f'/ {HEARTS}')}" for name in SEAT_COLUMNS]
    return "per seat: " + "; ".join(columns)
