"""Every word a player reads exists in English, Spanish and Russian.

Three checks: every message English defines exists in each language, with the same attributes (a
language may add grammatical forms of a name, such as Russian cases); random playouts of both games
put every menu entry and log line into words in all three languages with strict localizers (no
fallback, no Fluent error), with no stray Latin word in Russian and no untranslated Spanish line;
and each game's glossary is complete and is the one the games list gives the browser.
"""

from __future__ import annotations

import random
import re
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest

from monolith.bots import make_bot
from monolith.bots.base import decide
from monolith.core.i18n import (
    CORE_MESSAGES,
    LANGUAGES,
    Line,
    Localizer,
    Message,
    Ref,
    core_messages,
    message_ids,
    msg,
    player,
    read_ftl,
)
from monolith.games import registry
from monolith.games.the_monolith.game import TheMonolith
from monolith.server.routes.games import PAGE_MESSAGES, all_messages, glossary_terms

OTHERS = tuple(lang for lang in LANGUAGES if lang != "en")
GAMES = registry()

NAMES = ("Ada", "Бо", "Cy", "Di")
"""Player names for rendering: Latin and Cyrillic ones, stripped before the script checks."""


def _sources(lang: str) -> dict[str, str]:
    """Each place messages live, by a name for failure messages."""
    sources = {"core": read_ftl(CORE_MESSAGES, lang), "pages": read_ftl(PAGE_MESSAGES, lang)}
    sources.update({f"game {name}": game.messages(lang) for name, game in GAMES.items()})
    return sources


def _split(ids: set[str]) -> tuple[set[str], dict[str, set[str]]]:
    """Message ids, and each message's attribute names."""
    messages = {i for i in ids if "." not in i}
    attributes: dict[str, set[str]] = defaultdict(set)
    for i in ids - messages:
        name, _, attr = i.partition(".")
        attributes[name].add(attr)
    return messages, attributes


@pytest.mark.parametrize("lang", OTHERS)
@pytest.mark.parametrize("where", ["core", "pages", *(f"game {name}" for name in GAMES)])
def test_every_english_message_exists_in_each_language(where: str, lang: str) -> None:
    english = message_ids(_sources("en")[where])
    other = message_ids(_sources(lang)[where])
    missing = sorted(english - other)
    assert not missing, f"{where}: {lang} lacks {missing}"
    en_messages, _ = _split(english)
    messages, attributes = _split(other)
    extra = sorted(messages - en_messages)
    assert not extra, f"{where}: {lang} defines messages English lacks: {extra}"
    # A language may give a name more forms than English; an attribute English reads (.text) it
    # must not invent, since nothing would show it.
    for name, attrs in attributes.items():
        assert "text" not in attrs or f"{name}.text" in english, f"{where}: {lang} {name}.text"


def _kind(message_id: str) -> str | None:
    """The kind of a content name (``space`` for ``space-monolith``), or None for templates and
    other words (tooltips, short side names)."""
    kind, _, rest = message_id.partition("-")
    if kind in {"space", "shaman", "divination", "event", "objective", "zone"}:
        return None if rest.endswith("-tip") else kind
    if kind in {"colour", "shape", "side", "structure", "rating"}:
        return None if rest.endswith("-short") else kind
    if kind == "wood":  # the small card game's woods
        return kind
    return None


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_names_of_one_kind_have_the_same_forms(name: str, lang: str) -> None:
    """A template reads ``$space_in`` for any space, so every space needs that form."""
    _, attributes = _split(message_ids(GAMES[name].messages(lang)))
    messages, _ = _split(message_ids(GAMES[name].messages(lang)))
    forms: dict[str, dict[str, set[str]]] = defaultdict(dict)
    for message in messages:
        kind = _kind(message)
        if kind is not None:
            forms[kind][message] = attributes.get(message, set())
    assert forms, "no content names found"
    for kind, by_name in forms.items():
        shapes = {frozenset(attrs) for attrs in by_name.values()}
        assert len(shapes) == 1, f"{lang} {kind} names differ in their forms: {by_name}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_served_messages_form_one_bundle_without_clashes(lang: str) -> None:
    """The browser loads pages', core and both games' words as one bundle: no id twice."""
    seen: dict[str, str] = {}
    for where, source in _sources(lang).items():
        for message in _split(message_ids(source))[0]:
            assert message not in seen, f"{message} is in both {seen[message]} and {where}"
            seen[message] = where
    assert set(seen) == _split(message_ids(all_messages(lang)))[0]


CARD_NAMES = re.compile(r"\{ \$(card|objective|event|divination|wood) \}")
MESSAGE_START = re.compile(r"^([a-z][\w-]*) =", re.MULTILINE)


@pytest.mark.parametrize("lang", OTHERS)
def test_card_names_in_sentences_stand_in_guillemets(lang: str) -> None:
    """Spanish and Russian set a card's name apart in guillemets («Trofeos de la contienda»), as
    their log does for divinations; a bare name runs into the sentence ("от карты Гордость
    очага"). The terminal's compact lines (``tm-term-``) are columns, not sentences."""
    bare = []
    for where, source in _sources(lang).items():
        starts = [(m.start(), m.group(1)) for m in MESSAGE_START.finditer(source)]
        for found in CARD_NAMES.finditer(source):
            message = max((s for s in starts if s[0] <= found.start()), default=(0, "?"))[1]
            quoted = source[found.start() - 1 : found.start()] == "«"
            if not quoted and not message.startswith("tm-term-"):
                bare.append(f"{where}: {message}")
    assert not bare, bare


# Rendering random playouts ----------------------------------------------------------------------

PLAYOUTS: dict[str, list[tuple[int, int, dict[str, str] | None]]] = {
    "monolyth": [(1, 3, None), (2, 11, None), (3, 5, None), (4, 8, None)],
    "the-monolith": [
        (3, 1, {"tower": "uniform", "draft": "off"}),
        (4, 2, {"tower": "sticky", "draft": "bid"}),
        (3, 7, {"tower": "sticky", "draft": "off"}),
        (4, 9, {"tower": "uniform", "draft": "bid"}),
    ],
}
STEPS = {"monolyth": 200, "the-monolith": 400}
"""Steps at most per playout: Monolyth's play out to the end; The Monolith's reach the rest phase
of the first days."""


def _strict(game: Any, lang: str) -> Localizer:
    """A localizer with no English behind it: anything missing or broken raises."""
    return Localizer(lang, [core_messages(lang), game.messages(lang)])


def _playout(
    game: Any, players: int, seed: int, options: dict[str, str] | None
) -> Iterator[tuple[Message, int | None]]:
    """Every menu entry, setup line and log line of a playout, each with the seat that acts (the
    chooser of an entry, the actor of a line, None when nobody does). Moves are random, and every
    other one greedy, so that games reach their end (completed levels, the last round)."""
    rng = random.Random(seed)
    greedy = make_bot("greedy", seed)
    state = game.new_game(players=players, seed=seed, options=options)
    for line in game.introduce(state):
        yield from _line_messages(line)
    for _ in range(STEPS[game.info.name]):
        if game.is_terminal(state):
            return
        actions = list(game.legal_actions(state))
        seat = game.current_player(state)
        for action in rng.sample(actions, min(len(actions), 12)):
            yield game.label(state, action), seat
        action = decide(greedy, game, state) if rng.random() < 0.5 else rng.choice(actions)
        after = game.apply(state, action)
        for line in game.narrate(state, action, after):
            yield from _line_messages(line)
        state = after


def _line_messages(line: Line) -> Iterator[tuple[Message, int | None]]:
    for message in (line.message, line.others):
        if message is not None:
            actor = message.args.get("actor")
            yield message, (int(actor.id) if isinstance(actor, Ref) else None)


def _words(text: str) -> str:
    """``text`` without the players' names."""
    for name in NAMES:
        text = text.replace(name, " ")
    return text


LATIN = re.compile(r"[A-Za-z]+")


def _read(
    localizers: dict[str, Localizer], message: Message, reader: int, names: tuple[str, ...]
) -> None:
    """``message`` in every language for ``reader``: strict, no stray Latin in Russian, no
    untranslated Spanish."""
    words = {
        lang: loc.format(message, reader=reader, names=names) for lang, loc in localizers.items()
    }
    where = f"{message.id} {message.args} for seat {reader}"
    for lang, text in words.items():
        assert text.strip(), f"{lang} {where}: empty"
    latin = LATIN.findall(_words(words["ru"]))
    assert not latin, f"ru {where}: Latin words {latin} in {words['ru']!r}"
    assert words["es"] != words["en"], f"es {where}: untranslated {words['es']!r}"


@pytest.mark.parametrize("name", sorted(PLAYOUTS))
def test_playouts_read_in_every_language(name: str) -> None:
    game = GAMES[name]
    localizers = {lang: _strict(game, lang) for lang in LANGUAGES}
    rendered = 0
    seen_ids: set[str] = set()
    for players, seed, options in PLAYOUTS[name]:
        for message, actor in _playout(game, players, seed, options):
            seen_ids.add(message.id)
            seat = 0 if actor is None or actor < 0 else actor
            for reader in (seat, (seat + 1) % players):
                _read(localizers, message, reader, NAMES[:players])
                rendered += 1
    assert rendered > 1000, rendered
    # the playouts reach the templates (RARE below reads the few they seldom reach)
    templates = {
        i
        for i in _split(message_ids(game.messages("en")))[0]
        if re.match(r"(mono|tm)-(choose|log)-", i)
    }
    unseen = templates - seen_ids - {m.id for m in RARE.get(name, ())}
    assert not unseen, sorted(unseen)


OBJECTIVES = [o.key for o in TheMonolith().content.objectives[:4]]

RARE = {
    "monolyth": (
        msg("mono-log-level-no-token", actor=player(0), level=2),
        msg("mono-log-level-no-token", actor=player(1), level=3),
        msg("mono-log-structure-token", actor=player(0), value=10),
        msg("mono-log-structure-token", actor=player(1), value=1),
        msg("mono-log-last-round-supply"),
        msg("mono-log-last-round-complete", actor=player(1)),
    ),
    "the-monolith": (
        *(msg("tm-log-shuffle", pile=pile) for pile in ("divination", "event")),
        *(
            msg(
                "tm-log-objectives-drawn",
                count=count,
                **{f"card{i + 1}": Ref("objective", key) for i, key in enumerate(OBJECTIVES)},
            )
            for count in (1, 3, 4)
        ),
        *(
            msg("tm-log-objectives-drawn-secret", actor=player(1), count=count)
            for count in (1, 3, 4)
        ),
    ),
}
"""Lines random playouts seldom reach: a level completed after its tokens ran out, a building
that matches the structure card, the pieces running out, a deck reshuffled from its discards, one,
three or four objectives drawn at once (a scriptorium's draw)."""


@pytest.mark.parametrize("name", sorted(RARE))
def test_rare_lines_read_in_every_language(name: str) -> None:
    localizers = {lang: _strict(GAMES[name], lang) for lang in LANGUAGES}
    for message in RARE[name]:
        for reader in (0, 1):
            _read(localizers, message, reader, NAMES[:2])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_line_kept_from_the_others_reads_in_second_person_to_its_own_seat(name: str) -> None:
    """A replay is public: the seat a line was kept for reads there the line's public form, as
    everyone does, and reads it about itself ("You draw a card", not "Ada draws a card")."""
    game = GAMES[name]
    localizers = {lang: _strict(game, lang) for lang in LANGUAGES}
    players = min(max(3, game.info.min_players), game.info.max_players)
    rng = random.Random(5)
    state = game.new_game(players=players, seed=5)
    lines = list(game.introduce(state))
    for _ in range(400):
        if game.is_terminal(state):
            break
        action = rng.choice(list(game.legal_actions(state)))
        after = game.apply(state, action)
        lines.extend(game.narrate(state, action, after))
        state = after
    for line in lines:
        if line.only is None or line.others is None:
            continue
        for lang, loc in localizers.items():
            text = loc.format(line.others, reader=line.only, names=NAMES[:players])
            assert NAMES[line.only] not in text, f"{lang} {line.others.id}: {text!r}"


# The glossary ------------------------------------------------------------------------------------

REQUIRED_TERMS = {
    "the-monolith": [
        "unearned",
        "available",
        "spent",
        "anger",
        "limbo",
        "reserves",
        "cremate",
        "surge",
        "first-player",
        "commit",
        "divination",
        "bid",
        "outbid",
        "slay",
        "maneuver",
        "boast",
        "sacrifice",
        "relent",
        "manipulate-fate",
        "tower",
        "contest",
        "control",
        "occupy",
        "temple",
        "scriptorium",
        "mausoleum",
        "stronghold",
        "tunnel",
        "blood",
        "favor",
        "objective",
        "event",
        "shaman",
    ],
    "monolyth": [
        "crystal",
        "ring",
        "box",
        "supply",
        "single-cube",
        "swap",
        "level-token",
        "structure-card",
        "structure-token",
        "prophecy",
        "fulfilled",
        "wall",
        "edge-colour",
        "height-limit",
        "last-round",
    ],
}


def _glossary_ids(game: Any, lang: str) -> set[str]:
    ids = message_ids(game.messages(lang))
    return {i.removeprefix("glossary-") for i in ids if i.startswith("glossary-") and "." not in i}


@pytest.mark.parametrize("name", sorted(REQUIRED_TERMS))
def test_glossary_terms_exist_in_every_language(name: str) -> None:
    game = GAMES[name]
    english = _glossary_ids(game, "en")
    assert set(REQUIRED_TERMS[name]) <= english, sorted(set(REQUIRED_TERMS[name]) - english)
    assert glossary_terms(name) == sorted(english)  # what the games list gives the help
    for lang in LANGUAGES:
        loc = _strict(game, lang)
        assert _glossary_ids(game, lang) == english, lang
        for term in english:
            word, text = loc.text(f"glossary-{term}"), loc.text(f"glossary-{term}.text")
            assert word and len(text) > len(word), f"{lang} glossary-{term}"
            if lang == "ru":
                assert not LATIN.search(word + text), f"ru glossary-{term}: {word}: {text}"


def test_glossary_is_one_list_per_game_without_clashes() -> None:
    lists = {name: glossary_terms(name) for name in GAMES}
    assert lists["kindling"] == []  # a game whose words explain no term lists none
    shared = set(lists["monolyth"]) & set(lists["the-monolith"])
    assert not shared, f"one glossary id cannot mean two things in one bundle: {shared}"


def _outline(text: str) -> list[str]:
    """A rules summary's shape: a heading, a list item or a paragraph per line."""
    return [line[:2] if line[:2] in ("# ", "- ") else "p" for line in text.split("\n")]


def test_rule_summaries_have_the_english_shape() -> None:
    """A translated rules summary keeps the English headings and list items, line for line."""
    for game in GAMES.values():
        en = Localizer("en", [game.messages("en")])
        rules = [i for i in message_ids(game.messages("en")) if i.startswith("rules-")]
        assert rules
        for lang in OTHERS:
            loc = Localizer(lang, [game.messages(lang)])
            for message_id in rules:
                outline = _outline(en.text(message_id))
                assert _outline(loc.text(message_id)) == outline, f"{lang} {message_id}"
