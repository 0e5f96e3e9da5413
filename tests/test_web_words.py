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
from pathlib import Path
from typing import Any

import pytest

import iridescia.bots.base as bot_base
from iridescia import games
from iridescia.bots import bot_names
from iridescia.core.events import Event
from iridescia.games.iridescia import tile_json
from iridescia.i18n import Messages, catalogue, languages, plural_form, sections
from iridescia.web import plugin as plugin_module
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
    re.compile(r"\b(une?|la|le|de la|du) (améthyste|citrine|émeraude|saphir)\b"),  # both genders
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
        order = {"list": [msg(f"rhom.dir.{d}") for d in card["reveal_order"]]}
        yield msg("rhom.card", card=card["id"], icon=msg(f"icon.{card['icon']}"), order=order,
                  vane=msg(f"vane.{card['weathervane']}"))  # fmt: skip


def shipped(bot: str) -> bool:
    """Whether a bot is one of the package's own (its factory is defined in ``iridescia``)."""
    factory = bot_base._REGISTRY[bot].factory
    return str(getattr(factory, "__module__", "")).startswith("iridescia.")


def lobby_messages() -> Iterator[Any]:
    """Every lobby word: games, modes, notices, options, bots and seat kinds."""
    for name in games.names():
        spec = games.get(name)
        yield msg(f"game.{name}")
        yield from (msg(f"mode.{name}.{m.name}") for m in spec.info.modes)
        for bot in bot_names(spec):
            if shipped(bot):  # not the bots other tests register for themselves
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
    assert read("fr", ["Donner une saphir à Joueur 2"]) and read("fr", ["2 point(s)"])
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


# ---------------------------------------------------------------- words built from data


def test_every_key_the_browser_builds_from_data_is_in_every_language() -> None:
    """Keys the client makes from a value (``error.<code>``, ``region.<r>``...)."""
    web_src = Path(plugin_module.__file__).resolve().parent
    error = re.compile(r"(?:ProtocolError|\berror|_error)\(\s*(?:\d+,\s*)?\"([a-z_]+)\"")
    codes = set(error.findall(_sources(web_src)))
    assert {"illegal", "not_your_turn", "game_over"} <= codes
    built = [f"error.{c}" for c in codes]
    built += [f"table.stall.{r}" for r in ("clock", "away")]
    built += [f"lobby.away.{a}" for a in ("vote", "bot", "wait")]
    built += [f"note.takeover.{r}" for r in ("clock", "away", "vote")]
    built += [f"table.away_rule.{a}" for a in ("vote", "bot", "wait")]
    built += [f"type.{t}" for t in ("jewelry", "tech", "lore", "iridia")]
    built += [f"vane.{v}" for v in ("left", "right")]
    built += ["table.playing.rhom", "seat.rhom", "kind.rhom"]
    for lang in LANGUAGES:
        assert [k for k in built if not known(lang, k)] == [], lang


def _sources(folder: Path) -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.py")))


GUIDE_TERMS = {  # /work/shared/seeds/004 (the Japanese guide) -> the words we must not use
    "探検者": ("探索者", "探険者"),
    "王族トークン": ("王権トークン", "ロイヤルトークン"),
    "遺物": ("レリック",),
    "貨物": ("積荷", "カーゴ"),
    "イリディアの石": ("イリディア・ストーン", "イリディアストーン"),
    "風見鶏": ("風見 ", "風見{"),
    "秘密目標": ("秘密の目的",),
}


def test_japanese_follows_the_guide_terms() -> None:
    """Gems of Iridescia's Japanese words are the guide's (Gem Rush has its own section)."""
    for name, table in sections("ja").items():
        if name == "gem-rush.json":
            continue
        for key, text in table.items():
            for guide, wrong in GUIDE_TERMS.items():
                assert not any(w in text for w in wrong), (name, key, text, guide)
    words = catalogue("ja")
    assert "探検者" in words["table.players"] and words["table.token"] == "王族トークン"


# ---------------------------------------------------------------- labels say cost and yield


def _decision_with(game: Any, rng: random.Random, head: str, limit: int = 4000) -> Any:
    """Play ``game`` at random until the acting seat may play an action starting ``head``."""
    for _ in range(limit):
        decision = game.decision()
        if decision is None:
            return None
        if any(str(a).startswith(head) for a in decision.actions):
            return decision
        others = [a for a in decision.actions if not str(a).startswith(("end", "done"))]
        game.apply(rng.choice(others or decision.actions))
    return None


def _shown(game: Any, decision: Any, lang: str = "en") -> dict[str, str]:
    web = plugin(IRIDESCIA)
    labels = web.labels(game.view(decision.player), decision.actions)
    table = web.action_table()
    render = Renderer(lang)
    return {str(a): render(labels.get(a.id, table[a.id]["label"])) for a in decision.actions}


def test_mining_says_its_cost_target_and_dice() -> None:
    spec = games.get(IRIDESCIA)
    game = spec.new(2, 1, mode="standard")
    decision = _decision_with(game, random.Random(1), "mine")
    view = game.view(decision.player)
    colour = view["turn"]["mining_colour"]
    target = view["market"][colour]
    shown = _shown(game, decision)
    assert (
        shown["mine 0"]
        == f"Mine {colour} for 3 coins: roll 2 dice, a gem per die showing {target}+"
    )
    ja = _shown(game, decision, "ja")["mine 0"]
    assert "3コイン" in ja and f"{target}以上" in ja and "ダイス2個" in ja


def test_selling_says_the_coins_and_hexes_say_their_tile() -> None:
    spec = games.get(IRIDESCIA)
    game = spec.new(2, 1, mode="standard")
    decision = _decision_with(game, random.Random(1), "sell")
    view = game.view(decision.player)
    sale = next(str(a) for a in decision.actions if str(a).startswith("sell"))
    _, colour, count = sale.split(" ")
    coins = int(count) * view["market"][colour]
    assert _shown(game, decision)[sale].endswith(f"for {coins} coin{'s' if coins != 1 else ''}")
    game = spec.new(3, 2, mode="standard")
    decision = game.decision()
    shown = _shown(game, decision)
    assert all(re.fullmatch(r"Reveal hex \d+ \(face-down Desert tile\)", t) for t in shown.values())
    decision = _decision_with(game, random.Random(2), "move")
    moves = {t: s for t, s in _shown(game, decision).items() if t.startswith("move")}
    assert moves and all(re.fullmatch(r"Move to hex \d+: \w+ tile.*", s) for s in moves.values())


def test_restoring_says_the_gems_it_costs_and_the_points() -> None:
    web = plugin(IRIDESCIA)
    spec = games.get(IRIDESCIA)
    restore = spec.actions.parse("restore 1")  # Amethyst Ring: 2 amethyst, 1 citrine; 5 points
    label = web.action_table()[restore.id]["label"]
    assert (
        Renderer("en")(label) == "Restore Amethyst Ring: pay 2 amethyst, 1 citrine, score 5 points"
    )
    assert Renderer("ja")(label) == (
        "アメジストの指輪を復元: アメジスト2個、シトリン1個を支払い5点を獲得"
    )


def test_the_same_choice_reads_the_same_and_different_choices_differ() -> None:
    """The same item in two market slots is one button (identical labels); any other two legal
    actions of one decision read differently."""
    web = plugin(IRIDESCIA)
    spec = games.get(IRIDESCIA)
    twice = [spec.actions.parse("buy 1"), spec.actions.parse("buy 3")]
    labels = web.labels({"item_market": ["dynamite", "book", "dynamite"]}, twice)
    assert labels[twice[0].id] == labels[twice[1].id]
    for seed, mode, players in GAMES[:6]:
        game = spec.new(players, seed, mode=mode)
        rng = random.Random(seed)
        while (decision := game.decision()) is not None:
            shown = _shown(game, decision)
            seen: dict[str, str] = {}
            market = game.view(decision.player).get("item_market") or []
            for text, label in shown.items():
                other = seen.setdefault(label, text)
                if other != text:  # purchases of one item, discards of one gem's tiles
                    assert _same_choice(other, text, market), label
            game.apply(rng.choice(decision.actions))


def _same_choice(a: str, b: str, market: list[str | None]) -> bool:
    if a.startswith("buy ") and b.startswith("buy "):
        return market[int(a.split(" ")[1]) - 1] == market[int(b.split(" ")[1]) - 1]
    if a.startswith("discard tile ") and b.startswith("discard tile "):
        return tile_json(int(a.split(" ")[2]))["gem"] == tile_json(int(b.split(" ")[2]))["gem"]
    return False


def test_a_solo_game_is_announced_without_a_wrong_count() -> None:
    spec = games.get(IRIDESCIA)
    setup = spec.new(1, 4, mode="solo").log[0]
    line = Renderer("en")(plugin(IRIDESCIA).describe_event(setup))
    assert line == "New game at a table of 2; Seat 2 plays first."
    assert "players" not in line


def test_dice_say_what_they_show_and_will_show() -> None:
    """A die to choose says its face; a change says the face it gives (6 wraps to 1)."""
    web = plugin(IRIDESCIA)
    spec = games.get(IRIDESCIA)
    up, pick = spec.actions.parse("die market:amethyst +1"), spec.actions.parse("die roll:2")
    roll = {"dice": [{"die": "roll:1", "face": 3}, {"die": "roll:2", "face": 5}]}
    view = {"market": {"amethyst": 6}, "turn": {"latest_roll": roll}}
    labels = web.labels(view, [up, pick])
    render = Renderer("en")
    assert render(labels[up.id]) == "Change amethyst market die from 6 to 1"
    assert render(labels[pick.id]) == "Choose die 2 of the roll (showing 5)"
    assert Renderer("fr")(labels[up.id]) == "Passer le dé du marché améthyste de 6 à 1"


def test_prompts_read_well_for_the_seat_deciding_and_for_the_others() -> None:
    """ "Your turn: <prompt>" and "Seat 2 is deciding: <prompt>" both: no "you" in a prompt."""
    second_person = {"en": r"\byour?\b", "fr": r"\b(vous|votre|vos)\b", "ja": r"あなた|ください"}
    for lang, pattern in second_person.items():
        prompts = {k: v for k, v in catalogue(lang).items() if k.startswith("decision.")}
        assert len(prompts) > 20
        assert {k: v for k, v in prompts.items() if re.search(pattern, v)} == {}, lang


def test_mining_counts_the_active_stone_dice_and_the_mine_cart() -> None:
    web = plugin(IRIDESCIA)
    mine = games.get(IRIDESCIA).actions.parse("mine 1")
    turn = {"mining_colour": "emerald", "mine_cart": True, "active_stone_dice": 1}
    view = {"turn": turn, "market": {"emerald": 4}, "params": {"mining_dice": 2, "mining_cost": 3}}
    label = web.labels(view, [mine])[mine.id]
    assert Renderer("en")(label) == (
        "Mine emerald with 1 stone die for 3 coins: roll 4 dice, 2 gems per die showing 4+"
    )
