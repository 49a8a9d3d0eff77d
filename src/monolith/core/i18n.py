"""Every sentence a player reads is data first and words last.

Games and the server say what happened as :class:`Message` values: a message id and its arguments
(players, pieces, spaces, cards as :class:`Ref`, amounts as numbers). Each interface turns a message
into words for its own reader, in the reader's language, with `Project Fluent
<https://projectfluent.org>`_: the browser with ``@fluent/bundle``, the terminal with
``fluent.runtime``. Both read the same ``.ftl`` files, so plural forms (Russian has three),
second person for the reader's own moves and names in the reader's language are decided by the
translations, not by code.

Conventions every ``.ftl`` file follows:

- a :class:`Ref` to a player becomes two variables: ``$name`` (the player's name) and
  ``$name_you`` (``yes`` when the reader is that player, else ``no``), so a template can say "You
  place" to the actor and "Ada places" to everyone else;
- a :class:`Ref` to printed content becomes the message ``{kind}-{id}`` of the same bundle,
  rendered first: ``Ref("space", "glass-quarry")`` as ``$space`` reads ``space-glass-quarry``, and
  each attribute of that message comes along as ``$space_<attribute>``, so a language that
  inflects names gives them the forms its templates need (``.acc``, ``.in``) and a template picks
  one (``{ $space_in }``);
- a ``str`` argument is a keyword a template selects on (``north``, ``slay``), never words shown
  as they are.

Where messages live: ``core/messages/{lang}/*.ftl`` (what every game shares), each game's
``messages/{lang}/*.ftl`` plus the English names and texts of its content, read from its content
files (``Game.messages``), and the web pages' own ``server/messages/{lang}/*.ftl``.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import msgspec
from fluent.runtime import FluentBundle, FluentResource

LANGUAGES = ("en", "es", "ru")
"""Every language the project speaks; English is the fallback for anything missing."""

CORE_MESSAGES = Path(__file__).parent / "messages"


class Ref(msgspec.Struct, frozen=True):
    """A thing a message names: a player (``kind == "player"``, ``id`` the seat) or an item of
    printed content, whose words are the message ``{kind}-{id}`` and its attributes."""

    kind: str
    id: str | int


def player(seat: int) -> Ref:
    return Ref("player", seat)


Arg = int | str | Ref


class Message(msgspec.Struct, frozen=True):
    """A sentence as data: a Fluent message id and its arguments."""

    id: str
    args: dict[str, Arg] = msgspec.field(default_factory=dict)


def msg(message_id: str, /, **args: Arg) -> Message:
    """Shorthand: ``msg("mono-place", actor=player(0), level=1)``."""
    return Message(message_id, args)


class Line(msgspec.Struct, frozen=True, omit_defaults=True):
    """One log line and who may read it.

    With ``only`` unset everyone reads ``message``. With ``only`` set, that seat alone reads
    ``message`` and everyone else (spectators too) reads ``others``, or nothing when it is unset:
    the game decides here what only one player may know.
    """

    message: Message
    only: int | None = None
    others: Message | None = None

    def for_reader(self, seat: int | None) -> Message | None:
        if self.only is None or seat == self.only:
            return self.message
        return self.others


def to_json(message: Message) -> dict[str, Any]:
    """The wire form: ``{"id": ..., "args": {...}}``, a Ref as ``{"kind": ..., "id": ...}``."""
    data: dict[str, Any] = msgspec.to_builtins(message)
    return data


def from_json(data: object) -> Message:
    return msgspec.convert(data, Message)


# Reading .ftl files ------------------------------------------------------------------------------


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}")
    return lang


def read_ftl(folder: Path, lang: str) -> str:
    """Every ``folder/{lang}/*.ftl`` file, in name order (several files, so that templates,
    content names and the glossary can be kept and translated apart)."""
    files = sorted((folder / check_language(lang)).glob("*.ftl"))
    return "\n".join(path.read_text(encoding="utf-8") for path in files)


@cache
def core_messages(lang: str) -> str:
    """What every game shares: bot personas, generic log lines, glossary terms of the table."""
    return read_ftl(CORE_MESSAGES, lang)


def ftl_text(text: str) -> str:
    """``text`` as a one-line Fluent pattern: braces escaped, so printed texts stay as written."""
    escaped = text.replace("{", '{"{"}').replace("}", '{"}"}')
    flat = " ".join(escaped.split())
    return flat if flat else '{""}'


def ftl_entries(kind: str, items: Iterable[tuple[str | int, str, str | None]]) -> str:
    """Fluent entries ``{kind}-{id} = name`` with ``.text`` for printed content read from data
    files, so the English words of a card stay in one place: its content file."""
    lines = []
    for item_id, name, text in items:
        lines.append(f"{kind}-{item_id} = {ftl_text(name)}")
        if text:
            lines.append(f"    .text = {ftl_text(text)}")
    return "\n".join(lines) + "\n"


# Rendering ---------------------------------------------------------------------------------------


class MissingMessageError(LookupError):
    """A message id (or a content name) that no bundle of the reader's language holds."""


class Localizer:
    """Turns messages into words in one language, falling back to English for anything missing.

    ``resources`` are Fluent sources in the order they are added; later ones may not redefine
    earlier ids. ``strict`` raises on anything missing instead of falling back (tests use it).
    """

    def __init__(
        self, lang: str, resources: Sequence[str], *, fallback: Localizer | None = None
    ) -> None:
        self.lang = check_language(lang)
        self.bundle = FluentBundle([lang], use_isolating=False)
        for source in resources:
            self.bundle.add_resource(FluentResource(source))
        self.fallback = fallback
        self.missing: set[str] = set()

    @classmethod
    def for_game(cls, game: Any, lang: str) -> Localizer:
        """Core messages and ``game.messages(lang)``, with English behind them."""
        english = None
        if lang != "en":
            english = cls("en", [core_messages("en"), game.messages("en")])
        return cls(lang, [core_messages(lang), game.messages(lang)], fallback=english)

    def has(self, message_id: str) -> bool:
        name, _, attr = message_id.partition(".")
        if not self.bundle.has_message(name):
            return False
        return not attr or attr in self.bundle.get_message(name).attributes

    def attributes(self, message_id: str) -> tuple[str, ...]:
        """The attribute names of a message in this language (or in English, when missing)."""
        if self.bundle.has_message(message_id):
            return tuple(self.bundle.get_message(message_id).attributes)
        if self.fallback is not None:
            return self.fallback.attributes(message_id)
        return ()

    def text(self, message_id: str, /, **args: Any) -> str:
        """One message (``id`` or ``id.attr``) with plain arguments."""
        if not self.has(message_id):
            self.missing.add(message_id)
            if self.fallback is not None and self.fallback.has(message_id):
                return self.fallback.text(message_id, **args)
            raise MissingMessageError(f"no message {message_id!r} in {self.lang}")
        name, _, attr = message_id.partition(".")
        found = self.bundle.get_message(name)
        pattern = found.attributes[attr] if attr else found.value
        if pattern is None:
            raise MissingMessageError(f"message {message_id!r} has no value in {self.lang}")
        words, errors = self.bundle.format_pattern(pattern, args)
        if errors:
            raise MissingMessageError(f"{message_id!r} in {self.lang}: {errors[0]}")
        return str(words)

    def arguments(
        self, message: Message, *, reader: int | None, names: Sequence[str]
    ) -> dict[str, Any]:
        """The message's arguments as Fluent variables (see the module's conventions)."""
        out: dict[str, Any] = {}
        for key, value in message.args.items():
            if isinstance(value, Ref):
                if value.kind == "player":
                    seat = int(value.id)
                    out[key] = names[seat] if 0 <= seat < len(names) else str(seat + 1)
                    out[f"{key}_you"] = "yes" if seat == reader else "no"
                else:
                    ref_id = f"{value.kind}-{value.id}"
                    out[key] = self.text(ref_id)
                    for attr in self.attributes(ref_id):
                        out[f"{key}_{attr}"] = self.text(f"{ref_id}.{attr}")
            else:
                out[key] = value
        return out

    def format(
        self, message: Message, *, reader: int | None = None, names: Sequence[str] = ()
    ) -> str:
        """``message`` in words for ``reader`` (a seat, or ``None`` for a spectator)."""
        return self.text(message.id, **self.arguments(message, reader=reader, names=names))


def message_ids(source: str) -> set[str]:
    """Every message id (``id`` and ``id.attr``) a Fluent source defines (terms excluded)."""
    from fluent.syntax import FluentParser, ast

    ids: set[str] = set()
    for entry in FluentParser().parse(source).body:
        if isinstance(entry, ast.Message):
            ids.add(entry.id.name)
            ids.update(f"{entry.id.name}.{attr.id.name}" for attr in entry.attributes)
        elif isinstance(entry, ast.Junk):
            raise ValueError(
                f"unreadable Fluent: {entry.annotations[0].message}: {entry.content!r}"
            )
    return ids


_LOCALIZERS: weakref.WeakKeyDictionary[Any, dict[str, Localizer]] = weakref.WeakKeyDictionary()


def localizer(game: Any, lang: str) -> Localizer:
    """The localizer of ``game`` in ``lang``, built once per game object."""
    per_game = _LOCALIZERS.setdefault(game, {})
    if lang not in per_game:
        per_game[lang] = Localizer.for_game(game, lang)
    return per_game[lang]


def seat_names(loc: Localizer, players: int, given: Sequence[str | None] = ()) -> list[str]:
    """A name per seat: the one given, else the seat's default (``Player 2``)."""
    names = list(given) + [None] * (players - len(given))
    return [name or loc.text("seat-name", seat=seat + 1) for seat, name in enumerate(names)]


def describe(game: Any, state: Any, action: Any, *, lang: str = "en") -> str:
    """The menu entry for ``action`` in words, for the player deciding: what the terminal, tests
    and scripts print."""
    loc = localizer(game, lang)
    names = seat_names(loc, game.num_players(state))
    return loc.format(game.label(state, action), reader=game.current_player(state), names=names)
