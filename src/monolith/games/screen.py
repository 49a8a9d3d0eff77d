"""What the games' terminal companions share: the words of one screen's reader.

A terminal screen belongs to one reader (a seat, or ``None`` for everyone at the table). Every
sentence on it goes through :class:`Voice`, so that a companion never writes words itself: it names
a Fluent message and its arguments, and the reader's language, the players' names and the second
person for the reader's own things come from :mod:`monolith.core.i18n`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from rich.table import Table
from rich.text import Text

from monolith.core.i18n import Arg, Localizer, Message, localizer, player, seat_names


class Voice:
    """Sentences for one reader: ``voice("id", x=...)`` formats a message in the reader's words."""

    def __init__(self, words: Localizer, names: Sequence[str], reader: int | None) -> None:
        self.words = words
        self.names = list(names)
        self.reader = reader

    @classmethod
    def default(cls, game: Any, players: int, reader: int | None) -> Voice:
        """English, with each seat's default name: for scripts and tests that name nobody."""
        words = localizer(game, "en")
        return cls(words, seat_names(words, players), reader)

    def __call__(self, message_id: str, /, **args: Arg) -> str:
        return self.say(Message(message_id, args))

    def say(self, message: Message) -> str:
        return self.words.format(message, reader=self.reader, names=self.names)

    def player(self, seat: int, message_id: str, /, **args: Arg) -> str:
        """A message about ``seat`` (its ``player`` argument), second person for the reader."""
        return self(message_id, player=player(seat), **args)

    def name(self, kind: str, key: str | int) -> str:
        """The name of printed content (``space``, ``colour``...) in the reader's language."""
        return self.words.text(f"{kind}-{key}")

    def text(self, kind: str, key: str | int) -> str:
        """The printed text of a card, in the reader's language."""
        return self.words.text(f"{kind}-{key}.text")


def listing(rows: Iterable[tuple[str, str | Text]], *, indent: int = 2) -> Table:
    """Rows of a marker (a number, a bullet) and a text that wraps under itself rather than under
    the marker, so long menu entries and card texts stay readable."""
    table = Table.grid(padding=(0, 1), pad_edge=False)
    rows = list(rows)
    width = max((len(marker) for marker, _ in rows), default=0)
    table.add_column(width=indent + width, justify="right", no_wrap=True)
    table.add_column()
    for marker, text in rows:
        table.add_row(marker, text if isinstance(text, Text) else Text(text))
    return table
