"""Kindling's rules: the state, the actions and how one follows from the other.

Each player holds a hidden hand. On your turn you take one card from your hand and either add it
to your fire of its wood (a fire only grows: a card's value may not be below the fire's last
card) or throw it on the ashes, face up; then you draw from the deck while it lasts. When every
hand is empty the game ends. Each fire scores the sum of its cards less the cost of starting it,
plus a bonus for a big fire; a wood never lit costs nothing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping

import msgspec

from monolith.core import GameInfo, JsonDict, Rng
from monolith.core.errors import GameError, IllegalAction, MalformedAction
from monolith.games.kindling.content import MAX_PLAYERS, Content, default_content

KINDS = ("play", "discard")
"""What a card can be used for; an action's id is ``card * 2 + kind``."""


class Action(msgspec.Struct, frozen=True):
    """Use ``card`` (an int, see :class:`Content`) for ``kind``: ``play`` or ``discard``."""

    kind: str
    card: int


class State(msgspec.Struct, frozen=True):
    """A whole game at one moment. Immutable: ``apply`` returns a new one. Hands are kept
    sorted, so two states that differ only in the order cards were drawn are equal."""

    players: int
    deck: tuple[int, ...]
    """Cards still to draw, the top first (the order is the game's chance, fixed by the seed)."""
    hands: tuple[tuple[int, ...], ...]
    fires: tuple[tuple[tuple[int, ...], ...], ...]
    """Per seat, per wood: the values played there, in order."""
    ashes: tuple[int, ...]
    current: int | None
    moves: int = 0


class KindlingRules:
    """The rules on :class:`monolith.core.Game`, minus what players see and read (see
    :mod:`.game`)."""

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or default_content()
        c = self.content
        best = c.best_fire() * len(c.woods)
        worst = (1 - c.fire_cost) * len(c.woods)
        self.info = GameInfo(
            name="kindling",
            title="Kindling",
            min_players=2,
            max_players=MAX_PLAYERS,
            chance=True,
            hidden_information=True,
            num_actions=c.cards * len(KINDS),
            max_score=float(max(best, 0) - min(worst, 0)),
            max_length=len(c.deck()),
        )

    # Setting up and moving ---------------------------------------------------------------------

    def new_game(
        self, *, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        self.info.check_players(players)
        self.info.resolve_options(options)
        deck, _ = Rng(seed).shuffled(self.content.deck())
        hand = self.content.hand
        hands = tuple(
            tuple(sorted(deck[seat * hand : (seat + 1) * hand])) for seat in range(players)
        )
        empty = tuple(() for _ in self.content.woods)
        return State(
            players=players,
            deck=deck[players * hand :],
            hands=hands,
            fires=tuple(empty for _ in range(players)),
            ashes=(),
            current=0,
        )

    def num_players(self, state: State) -> int:
        return state.players

    def current_player(self, state: State) -> int | None:
        return state.current

    def is_terminal(self, state: State) -> bool:
        return state.current is None

    def playable(self, state: State, seat: int, card: int) -> bool:
        """Whether ``card`` may go on ``seat``'s fire: its value is not below the fire's top."""
        fire = state.fires[seat][self.content.wood_of(card)]
        return not fire or self.content.value_of(card) >= fire[-1]

    def legal_actions(self, state: State) -> Iterator[Action]:
        seat = state.current
        if seat is None:
            return
        for card in sorted(set(state.hands[seat])):
            if self.playable(state, seat, card):
                yield Action("play", card)
            yield Action("discard", card)

    def apply(self, state: State, action: Action) -> State:
        seat = state.current
        if seat is None:
            raise IllegalAction("the game is over")
        if action.kind not in KINDS or not 0 <= action.card < self.content.cards:
            raise MalformedAction(f"not a Kindling action: {action!r}")
        if action.card not in state.hands[seat]:
            raise IllegalAction(f"{self.content.code(action.card)} is not in your hand")
        hand = list(state.hands[seat])
        hand.remove(action.card)
        fires, ashes = state.fires, state.ashes
        if action.kind == "play":
            if not self.playable(state, seat, action.card):
                raise IllegalAction(
                    f"{self.content.code(action.card)} is lower than the top of that fire"
                )
            wood = self.content.wood_of(action.card)
            mine = list(fires[seat])
            mine[wood] = (*mine[wood], self.content.value_of(action.card))
            fires = (*fires[:seat], tuple(mine), *fires[seat + 1 :])
        else:
            ashes = (*ashes, action.card)
        deck = state.deck
        if deck:
            hand.append(deck[0])
            deck = deck[1:]
        hands = (*state.hands[:seat], tuple(sorted(hand)), *state.hands[seat + 1 :])
        return State(
            players=state.players,
            deck=deck,
            hands=hands,
            fires=fires,
            ashes=ashes,
            current=_next_seat(hands, seat),
            moves=state.moves + 1,
        )

    # Ids and JSON ------------------------------------------------------------------------------

    def action_to_id(self, action: Action) -> int:
        return action.card * len(KINDS) + KINDS.index(action.kind)

    def action_from_id(self, action_id: int) -> Action:
        if not isinstance(action_id, int) or isinstance(action_id, bool):
            raise MalformedAction(f"an action id is an integer, not {type(action_id).__name__}")
        if not 0 <= action_id < self.info.num_actions:
            raise MalformedAction(f"no action has the id {action_id}")
        card, kind = divmod(action_id, len(KINDS))
        return Action(KINDS[kind], card)

    def action_to_json(self, action: Action) -> JsonDict:
        return {"type": action.kind, "card": self.content.code(action.card)}

    def action_from_json(self, data: object) -> Action:
        if not isinstance(data, dict) or set(data) != {"type", "card"}:
            raise MalformedAction('a Kindling action is {"type": "play" or "discard", "card"}')
        if data["type"] not in KINDS:
            raise MalformedAction(f"the type is play or discard, not {data['type']!r}")
        try:
            return Action(str(data["type"]), self.content.card_of(data["card"]))
        except ValueError as error:
            raise MalformedAction(str(error)) from None

    def state_to_json(self, state: State) -> JsonDict:
        code = self.content.code
        return {
            "players": state.players,
            "deck": [code(card) for card in state.deck],
            "hands": [[code(card) for card in hand] for hand in state.hands],
            "fires": [[list(fire) for fire in fires] for fires in state.fires],
            "ashes": [code(card) for card in state.ashes],
            "current": state.current,
            "moves": state.moves,
        }

    def state_from_json(self, data: object) -> State:
        """Read a state; :class:`GameError` names what is wrong with its shape, or what no game
        could reach (a card too many or missing, a fire that went down, a wrong turn)."""
        try:
            raw = msgspec.convert(data, _StateJson)
            card = self.content.card_of
            state = State(
                players=raw.players,
                deck=tuple(card(c) for c in raw.deck),
                hands=tuple(tuple(sorted(card(c) for c in hand)) for hand in raw.hands),
                fires=tuple(tuple(tuple(fire) for fire in fires) for fires in raw.fires),
                ashes=tuple(card(c) for c in raw.ashes),
                current=raw.current,
                moves=raw.moves,
            )
        except (msgspec.ValidationError, ValueError) as error:
            raise GameError(f"not a Kindling state: {error}") from None
        problem = self.impossible(state)
        if problem:
            raise GameError(f"impossible Kindling state: {problem}")
        return state

    def impossible(self, state: State) -> str | None:
        """What no game could reach in ``state``, or ``None``."""
        c = self.content
        if not self.info.min_players <= state.players <= self.info.max_players:
            return f"{state.players} players"
        if len(state.hands) != state.players or len(state.fires) != state.players:
            return "a hand or fires per player are needed"
        if any(len(fires) != len(c.woods) for fires in state.fires):
            return f"each player has {len(c.woods)} fires"
        cards: Counter[int] = Counter(state.deck)
        cards.update(state.ashes)
        for hand in state.hands:
            cards.update(hand)
        for fires in state.fires:
            for wood, fire in enumerate(fires):
                if any(not 1 <= v <= c.values for v in fire):
                    return "a fire holds a value the deck has not"
                if list(fire) != sorted(fire):
                    return "a fire went down"
                cards.update(wood * c.values + v - 1 for v in fire)
        if cards != Counter(c.deck()):
            return "the cards are not those of one deck"
        if state.current != _next_seat(state.hands, (state.current or 0) - 1):
            return "the wrong seat is to move"
        return None

    # The end -----------------------------------------------------------------------------------

    def fire_score(self, fire: tuple[int, ...]) -> int:
        c = self.content
        if not fire:
            return 0
        return sum(fire) - c.fire_cost + (c.blaze_bonus if len(fire) >= c.blaze else 0)

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(sum(map(self.fire_score, fires))) for fires in state.fires)

    def ranking(self, state: State) -> tuple[int, ...]:
        """Highest score first; a tie goes to more cards in the fires, then to the earlier seat."""
        scores = self.scores(state)
        played = [sum(map(len, fires)) for fires in state.fires]
        return tuple(sorted(range(state.players), key=lambda s: (-scores[s], -played[s], s)))

    def undoable(self, before: State, after: State) -> bool:
        """Never: every move shows a card from a hidden hand (and most draw one)."""
        return False


class _StateJson(msgspec.Struct, forbid_unknown_fields=True):
    players: int
    deck: list[str]
    hands: list[list[str]]
    fires: list[list[list[int]]]
    ashes: list[str]
    current: int | None
    moves: int = 0


def _next_seat(hands: tuple[tuple[int, ...], ...], seat: int) -> int | None:
    """The first seat after ``seat`` with a card to use, or ``None`` when every hand is empty."""
    players = len(hands)
    for step in range(1, players + 1):
        other = (seat + step) % players
        if hands[other]:
            return other
    return None
