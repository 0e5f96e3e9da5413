"""Every text the web face shows, rendered in every language the way the browser renders it
(``static/js/i18n.js``: a message's key looked up, its arguments rendered in turn, plural forms
chosen by ``count``/``n``, lists joined with ``list.sep``), and read for defects a player would
see: a catalogue key shown as text, a key a language lacks, a placeholder left unfilled, English
left in French or Japanese ("+2p", the Rhom's "R, L, FL, FR"), English grammar slips ("a
amethyst", "+1 points", "1 stone dice"), ASCII commas in Japanese lists.

What is rendered: the log line of every event of many random games of every mode and size (as
each seat and a spectator see it), every prompt, every action label (the table's and the
state's), the card data the browser draws with (items with their timing, relics, objectives,
tiles, tokens, Rhom cards) and every lobby word (games, modes, options, bots, seat kinds)."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from iridescia import games
from iridescia.bots import bot_names
from iridescia.core.events import Event
from iridescia.i18n import Messages, catalogue, languages, plural_form
from iridescia.web.games import PLUGINS, plugin
from iridescia.web.plugin import msg

IRIDESCIA = "gems-of-iridescia"
LANGUAGES = languages()
KEYLIKE = re.compile(r"[a-z][a-z_-]*(\.[a-z0-9_ :-]+)+")
GAMES = [
    (1, "standard", 2), (2, "standard", 3), (3, "standard", 4), (4, "solo", 1),
    (5, "rhom", 2), (6, "rhom", 3), (7, "solo", 1), (8, "standard", 4), (9, "solo", 1),
    (10, "standard", 2), (11, "rhom", 3), (12, "standard", 3),
]  # fmt: skip


def known(lang: str, key: str) -> bool:
    """Whether ``lang``'s own catalogue says ``key`` (itself or as plural forms)."""
    table = catalogue(lang)
    return key in table or f"{key}.other" in table


class Renderer:
    """The browser's ``render`` in Python, noting every defect it meets."""

    def __init__(self, lang: str) -> None:
        self.lang = lang
        self.words = Messages(lang)
        self.problems: list[str] = []

    def __call__(self, m: Any) -> str:
        if m is None:
            return ""
        if isinstance(m, (int, float)):
            return str(m)
        if isinstance(m, str):
            if KEYLIKE.fullmatch(m):
                self.problems.append(f"a key shown as text: {m!r}")
            return m
        if "list" in m:
            items = [self(x) for x in m["list"]]
            return m["sep"].join(items) if "sep" in m else self.words.join(items)
        if "key" not in m and "seat" in m:
            return self.words("seat", n=m["seat"] + 1)
        key = m["key"]
        if not known(self.lang, key):
            self.problems.append(f"{key!r} is not in the {self.lang} catalogue")
        args = {k: self(v) for k, v in (m.get("args") or {}).items()}
        raw = m.get("args") or {}
        for name in ("count", "n"):  # plural forms read the number itself
            if isinstance(raw.get(name), (int, float)):
                args[name] = raw[name]
        try:
            text = self.words(key, **args) if args else self.words(key)
        except (KeyError, IndexError, ValueError) as err:
            self.problems.append(f"{key!r}: placeholder {err} not filled")
            return key
        return str(text)


# ---------------------------------------------------------------- what a reader must not see

ENGLISH_SLIPS = [
    re.compile(r"\b[Aa] (amethyst|emerald|Iridia|item|objective|extra)\b"),
    re.compile(r"(?<![\d.])1 (points|coins|stone dice|players|successes|gems|cards)\b"),
    re.compile(r"\((s|es)\)"),
    re.compile(r"\+a "),
]
ENGLISH_LEFT = [
    re.compile(r"\+\d+[cp]\b"),
    re.compile(r"\+sd\b"),
    re.compile(r"(?<![\w'’])(FL|FR|R|L)(?![\w'’])"),
    re.compile(r"\b(coins?|stone dic?e|tiles?|hex|players?|the Rhom|weathervane)\b"),
]
FRENCH_SLIPS = [
    re.compile(r"\((s|es|x)\)"),
    re.compile(r"(?<![\d.])[01] (points|pièces|dés|joueurs)\b"),
    re.compile(r"\b([2-9]|\d\d+) (point|pièce|dé) "),
]


def defects(lang: str, text: str) -> list[str]:
    found = []
    if "{" in text or "}" in text:
        found.append("an unfilled placeholder")
    if lang == "en":
        found += [f"English slip {p.pattern}" for p in ENGLISH_SLIPS if p.search(text)]
    else:
        found += [f"English left {p.pattern}" for p in ENGLISH_LEFT if p.search(text)]
    if lang == "fr":
        found += [f"French slip {p.pattern}" for p in FRENCH_SLIPS if p.search(text)]
    if lang == "ja" and re.search(r"[,，] ?\S", text):
        found.append("a comma in a Japanese list (、 is the list separator)")
    return found


def read(lang: str, texts: Any) -> list[str]:
    """The defects of ``texts`` rendered in ``lang``, each with the text it is in."""
    render = Renderer(lang)
    out = []
    for m in texts:
        before = len(render.problems)
        shown = render(m)
        problems = render.problems[before:] + defects(lang, shown)
        out += [f"{problem}: {shown!r}" for problem in problems]
    return sorted(set(out))


# ---------------------------------------------------------------- what the server says


def game_messages(seed: int, mode: str, players: int) -> Iterator[Any]:
    """Every message of one random game: each event as each seat and a spectator see it,
    each decision's prompt and the labels of its actions as the table shows them."""
    spec = games.get(IRIDESCIA)
    web = plugin(IRIDESCIA)
    game = spec.new(players, seed, mode=mode)
    rng = random.Random(seed)
    viewers: list[int | None] = [*range(game.num_players), None]
    events = list(game.log)
    table = web.action_table()
    while True:
        for e in events:
            for viewer in viewers:
                seen = spec.events.redact(e, viewer)
                if seen is not None:
                    yield web.describe_event(seen)
        decision = game.decision()
        if decision is None:
            return
        yield web.prompt(decision)
        labels = web.labels(game.view(decision.player), decision.actions)
        yield from (labels.get(a.id, table[a.id]["label"]) for a in decision.actions)
        events = game.apply(rng.choice(decision.actions))


@pytest.fixture(scope="module")
def played() -> list[Any]:
    """The messages of a dozen random games, each text once."""
    seen: dict[str, Any] = {}
    for seed, mode, players in GAMES:
        for m in game_messages(seed, mode, players):
            seen.setdefault(repr(m), m)
    return list(seen.values())


def card_messages() -> Iterator[Any]:
    """The words the browser draws the cards with (``games/gems-of-iridescia/words.js``)."""
    data = plugin(IRIDESCIA).client_data()
    for it in data["items"]:
        yield msg(f"item.{it['key']}")
        yield msg(f"itemtext.{it['key']}")
        yield msg(f"timing.{it['timing']}")
        yield msg("table.cost", cost=it["cost"])
    for r in data["relics"]:
        lead = msg("lead.wild") if r["lead"] == "wild" else msg(f"colour.{r['lead']}")
        cost = [
            msg("gems.count", n=n, colour=msg(f"colour.{c}")) for c, n in r["cost"].items() if n
        ]
        yield msg("relic.tip", name=msg(f"relic.{r['id']}"), type=msg(f"type.{r['type']}"),
                  lead=lead, points=r["points"], cost={"list": cost})  # fmt: skip
    for o in data["objectives"]:
        arg = o["argument"]  # a colour, a relic type or a number, as the condition needs
        words = {"colour": msg(f"colour.{arg}"), "type": msg(f"type.{arg}"), "n": arg}
        template = catalogue("en")[f"obj.{o['condition']}"]
        condition = msg(f"obj.{o['condition']}", **{k: v for k, v in words.items()
                                                     if f"{{{k}}}" in template})  # fmt: skip
        yield msg("obj.tip", name=msg(f"objective.{o['id']}"), points=o["points"],
                  condition=condition)  # fmt: skip
    for t in data["tiles"]:
        yield msg(f"region.{t['region']}")
        if t["bonus"]:
            yield msg("tile.bonus", gem=msg(f"colour.{t['gem']}"),
                      bonus=msg(f"bonus.{t['bonus']}", n=t["amount"]))  # fmt: skip
        else:
            yield msg("tile", gem=msg(f"colour.{t['gem']}"))
    for tok in data["tokens"]:
        yield msg(f"token.{tok['key']}")
    for card in data["rhom_cards"]:
        yield msg(f"icon.{card['icon']}")
        yield msg(f"vane.{card['weathervane']}")
        yield {"list": [msg(f"rhom.dir.{d}") for d in card["reveal_order"]]}


def lobby_messages() -> Iterator[Any]:
    """Every lobby word: games, modes, notices, options, bots and seat kinds."""
    for name in games.names():
        spec = games.get(name)
        yield msg(f"game.{name}")
        yield from (msg(f"mode.{name}.{m.name}") for m in spec.info.modes)
        for bot in bot_names(spec):
            yield msg("kind.bot", name=msg(f"bot.{bot}"))
    for web in PLUGINS.values():
        yield from (msg(o.label) for o in web.lobby_options)
        yield msg(f"kind.{web.automa_kind}")
        yield msg(f"seat.{web.automa_kind}")
    yield msg("kind.human")


# ---------------------------------------------------------------- the tests


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_log_line_label_and_prompt_reads_well(lang: str, played: list[Any]) -> None:
    assert len(played) > 500  # the games said many different things
    assert read(lang, played) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_reads_well(lang: str) -> None:
    assert read(lang, card_messages()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_lobby_word_reads_well(lang: str) -> None:
    assert read(lang, lobby_messages()) == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_action_of_the_table_has_a_label(lang: str) -> None:
    assert read(lang, (row["label"] for row in plugin(IRIDESCIA).action_table())) == []


def test_the_renderer_finds_the_defects_players_saw() -> None:
    """The checks above would have caught what players reported."""
    assert read("en", [msg("timing.nonexistent")])  # a key shown as itself
    assert read("en", ["timing.any_time"])
    assert read("en", ["Gain a amethyst."]) and read("en", ["+1 points"])
    assert read("en", ["1 stone dice"]) and read("en", ["1 players"])
    assert read("fr", ["ordre R, L, FL, FR"]) and read("fr", ["tuile (+2p)"])
    assert read("ja", ["アメジスト, エメラルド"])
    assert read("en", [msg("ev.setup", players=1, first={"seat": 0})]) == []


# ---------------------------------------------------------------- plurals and lists


def test_plural_forms_follow_each_language() -> None:
    assert [plural_form("en", n) for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_form("fr", n) for n in (0, 1, 2)] == ["one", "one", "other"]
    assert [plural_form("ja", n) for n in (0, 1, 2)] == ["other", "other", "other"]
    en = Messages("en")
    assert en("n.coins", n=1) == "1 coin" and en("n.coins", n=3) == "3 coins"
    assert en("bonus.points", n=1) == "+1 point" and en("bonus.points", n=2) == "+2 points"
    assert en.count("stone", 1) == "1 stone die"
    assert en.has("n.coins") and not en.has("n.nothing")
    fr = Messages("fr")
    assert fr("n.coins", n=0) == "0 pièce" and fr("n.coins", n=2) == "2 pièces"


def test_lists_are_joined_as_each_language_joins_them() -> None:
    assert Messages("en").join(["a", "b"]) == "a, b"
    assert Messages("ja").join(["a", "b"]) == "a、b"
    ev = Event("item_market_refresh", -1, {"market": [1, 0]})
    line = Renderer("ja")(plugin(IRIDESCIA).describe_event(ev))
    assert "、" in line and "," not in line


def test_a_solo_game_does_not_say_one_players() -> None:
    spec = games.get(IRIDESCIA)
    web = plugin(IRIDESCIA)
    setup = spec.new(1, 4, mode="solo").log[0]
    line = Renderer("en")(web.describe_event(setup))
    assert "1 players" not in line and "players" not in line.split(":")[0][:3]
