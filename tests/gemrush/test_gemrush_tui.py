"""The Gem Rush terminal plug-in (``iridescia.tui.games.gemrush``): screens, log lines, labels.

Screens are rendered for real positions of both modes and every table size at 120 x 40, in
English, French and Japanese, and checked to fit (no line wider than 120 cells, at most 40
lines), to carry the provisional label, to show the viewer's hand, never to show a card of a
hand the viewer may not see (compared with that seat's own view), and to show the burn clock
and the targets. ``describe`` must handle every event kind of the catalogue, redacted for every
seat, in every language; ``action_label`` must say what each action does as a sentence. (The
compact layout, the panels and whole games at 80 x 24: ``test_gemrush_tui_compact``.)
"""

from __future__ import annotations

import io
import json
import re
import string
from pathlib import Path
from typing import Any

import pytest
from gemrush_tui_helpers import (
    HEIGHT,
    LANGS,
    WIDTH,
    check_fits,
    finished,
    positions,
    rendered,
    screen_for,
)
from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from iridescia.cli import main
from iridescia.core.events import Event
from iridescia.core.record import GameRecord
from iridescia.games.gemrush import DATA_SET, DWARF_COLOURS, GAME, GEM_CODES, NOTICE
from iridescia.i18n import Messages, catalogue
from iridescia.tui.games import PLUGINS
from iridescia.tui.games.gemrush import PLUGIN
from iridescia.tui.games.gemrush.describe import KNOWN_KINDS
from iridescia.tui.games.gemrush.tiles import Cell, draw_tile, turned_tile
from iridescia.tui.plugin import ExplainsItself, StylesSeats, TranslatesPrompts

I18N = Path(__file__).resolve().parents[2] / "src" / "iridescia" / "i18n"
CARD_ID = re.compile(r"G\d\d")


TABLES = [("crisis", n) for n in range(1, 8)] + [("rush", n) for n in range(2, 8)]


@pytest.mark.parametrize(("mode", "players"), TABLES)
def test_screens_fit_and_show_what_the_view_allows(mode: str, players: int) -> None:
    hidden = {"hidden_hands": True} if mode == "crisis" and players == 4 else None
    for i, (game, _) in enumerate(positions(mode, players, 100 + players, 29, hidden, 9)):
        lang = LANGS[i % len(LANGS)]
        msgs = Messages(lang)
        acting = game.current_player
        viewers: list[int | None] = [acting if acting is not None else 0]
        if i % 3 == 1:
            viewers.append(None if i % 2 else (viewers[0] or 0) + 1 if players > 1 else None)
        for viewer in viewers:
            if viewer is not None and viewer >= players:
                viewer = None
            screen = screen_for(game, viewer, msgs, log=False)
            text = rendered(PLUGIN.render(screen, msgs))
            check_fits(text)
            assert msgs("gr.notice.label") in text
            view = screen.view
            shown = set(CARD_ID.findall(text))
            # The viewer's own hand is on screen (it gets the players panel first).
            if viewer is not None:
                own = view["players"][viewer]["hand"]
                assert own is not None
                if len(own) <= 10:
                    assert {f"G{c:02d}" for c in own} <= shown
            # No card of a hand the viewer may not see, except those everyone saw enter it
            # and those being laid down as a payment (the view shows both).
            laid = set((view["decision"] or {}).get("chosen") or [])
            for p in view["players"]:
                if p["hand"] is not None:
                    continue
                seat = int(p["seat"])
                secret = set(game.view(seat)["players"][seat]["hand"]) - set(p["known"]) - laid
                assert not {f"G{c:02d}" for c in secret} & shown, (seat, viewer)
            # The burn clock in Crisis; the score against the target for every Rush player.
            if mode == "crisis" and view["outcome"] is None:
                assert msgs("gr.status.clock") in text
                if view["target"]:
                    assert f"/ {view['target']}" in text
            if mode == "rush":
                for p in view["players"]:
                    assert f"{p['score']}/{view['target']}" in text


def test_hands_hidden_in_rush_show_backs_and_known_cards() -> None:
    for game, _ in positions("rush", 3, 7, 40, limit=5):
        view = game.view(0)
        text = rendered(
            PLUGIN.render(screen_for(game, 0, Messages("en"), log=True), Messages("en"))
        )
        for p in view["players"][1:]:
            assert p["hand"] is None
            if p["hand_size"] > len(p["known"]):
                assert "▮" in text
        secret = set()
        for seat in (1, 2):
            secret |= set(game.view(seat)["players"][seat]["hand"]) - set(
                view["players"][seat]["known"]
            )
        # Log lines come from events redacted for seat 0: the others' draws carry no ids.
        for e in GAME.events.redact_all(game.log, 0):
            if e.kind in ("draw", "deal") and e.player != 0:
                assert "cards" not in e.data
                line = PLUGIN.describe(e, view, Messages("en")).plain
                assert not CARD_ID.search(line), line


@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (120, 40), (200, 60)])
def test_any_terminal_size_is_filled_without_overflow(width: int, height: int) -> None:
    game, _ = finished("crisis", 4, 12)
    for g in (game, GAME.new(3, 2, mode="rush")):
        msgs = Messages("en")
        screen = screen_for(g, 0, msgs, log=True, size=(width, height))
        lines = check_fits(rendered(PLUGIN.render(screen, msgs), width, height), width, height)
        assert len(lines) == screen.height  # the body fills its share of the window exactly


def test_a_larger_screen_shows_more_of_the_mine() -> None:
    game, _ = finished("rush", 7, 11)
    msgs = Messages("en")
    small = screen_for(game, 0, msgs, log=True)
    big = screen_for(game, 0, msgs, log=True, size=(160, 50))
    check_fits(rendered(PLUGIN.render(small, msgs)))
    text = rendered(PLUGIN.render(big, msgs), 160, 50)
    check_fits(text, 160, 50)
    tiles = len(game.view(0)["mine"]["tiles"])
    small_tiles = len(set(re.findall(r"T\d\d", rendered(PLUGIN.render(small, msgs)))))
    assert len(set(re.findall(r"T\d\d", text))) >= min(small_tiles, tiles)


def _sample_events() -> dict[str, list[Event]]:
    """Events of every kind the engine emitted in a few games, and hand-made ones for kinds
    that random games rarely reach (their data as the engine writes it)."""
    out: dict[str, list[Event]] = {}
    for mode, players, seed in (("crisis", 3, 1), ("rush", 4, 2), ("crisis", 5, 3), ("rush", 2, 4)):
        _, events = finished(mode, players, seed)
        for e in events:
            out.setdefault(e.kind, [])
            if len(out[e.kind]) < 4:
                out[e.kind].append(e)
    made = [
        Event("game_start", -1, {"mode": "rush", "players": 4, "first_player": 2, "target": 20,
                                 "data_set": "gemrush-2e-provisional-1"}),
        Event("deal", 0, {"cards": [3, 9, 10, 16], "count": 4, "open": False}),
        Event("start_room", -1, {"tile": 20}),
        Event("turn", 1, {"number": 5, "round": 2}),
        Event("patience_skip", 1, {}),
        Event("patience", 1, {}),
        Event("turn_end", 1, {}),
        Event("tile_drawn", 1, {"tile": 20, "stack": 79}),
        Event("tile_placed", 1, {"tile": 20, "x": 0, "y": 1, "rotation": 2,
                                 "purpose": "construction"}),
        Event("construction", 1, {"tile": 20, "dir": "S", "cost": [0, 4, 6], "points": 3,
                                  "warped": True}),
        Event("draw", 1, {"cards": [29, 5], "count": 2, "wanted": 3, "open": False}),
        Event("reveal", 1, {"cards": [25, 20, 34], "wanted": 3}),
        Event("dig", 0, {"cards": [30, 58, 64], "dug": [64], "wanted": 2}),
        Event("keep", 1, {"cards": [25, 45]}),
        Event("take", 1, {"cards": [33, 29], "wanted": 2}),
        Event("discard", 1, {"cards": [37, 44], "reason": "payment"}),
        Event("cleanup", -1, {"cards": [20, 34]}),
        Event("reshuffle", -1, {"cards": 64}),
        Event("burn_deck", 1, {"burnt": 1}),
        Event("effect", 1, {"tile": 80, "room": "Workshop", "effect": "draw_score"}),
        Event("effect_end", 1, {"tile": 80}),
        Event("name", 0, {"gems": ["EL", "OR"]}),
        Event("mine_closed", 0, {"tile": 12}),
        Event("reopen", 0, {"tile": 12, "dir": "W"}),
        Event("chain_stopped", 1, {"tile": 63}),
        Event("scry_look", 0, {"tiles": [12, 40, 7], "open": False}),
        Event("scry", 0, {"tiles": [40, 12, 7], "open": False}),
        Event("copy", 1, {"tile": 27, "room": "Insight Well", "effect": "discard_reveal_keep"}),
        Event("x_chosen", 1, {"x": 2}),
        Event("burn_hand", 1, {"seat": 0, "card": 7, "random": True, "burnt": 4}),
        Event("time_vein", 2, {"steps": 3}),
        Event("tile_removed", 1, {"tile": 40, "x": 1, "y": 2}),
        Event("elevator_door", 3, {"tile": 75, "dir": "S"}),
        Event("elevator", 3, {"tile": 38, "x": 1, "y": -2, "rotation": 0, "before": [0, 0],
                              "dwarves": [1, 3]}),
        Event("move", 1, {"room": 12, "before": 3, "how": "swapped"}),
        Event("score", 0, {"delta": 3, "total": 5, "reason": "construction", "bonus": 1}),
        Event("game_over", -1, {"scores": [3, 4], "winners": [], "returns": [0.0, 0.0],
                                "reason": "all cards burnt", "team_score": 7, "target": 44}),
    ]  # fmt: skip
    for e in made:
        out.setdefault(e.kind, []).append(e)
    return out


def test_describe_handles_every_event_kind_in_every_language() -> None:
    samples = _sample_events()
    kinds = [k.name for k in GAME.events]
    assert set(kinds) <= KNOWN_KINDS, set(kinds) - KNOWN_KINDS
    view = GAME.new(4, 1, mode="rush").view(0)
    for lang in LANGS:
        msgs = Messages(lang)
        for kind in kinds:
            assert kind in samples, f"no sample of {kind}"
            for event in samples[kind]:
                for viewer in (None, 0, 1, 2, 3):
                    seen = GAME.events.redact(event, viewer)
                    if seen is None:
                        continue
                    line = PLUGIN.describe(seen, view, msgs)
                    assert isinstance(line, Text)
                    plain = line.plain
                    assert plain.strip(), (kind, lang)
                    assert "{" not in plain and not plain.startswith(kind + " {"), plain
                    assert "gr." not in plain, plain
            # Odd data never raises: the log must go on.
            PLUGIN.describe(Event(kind, 0, {}), view, msgs)


def test_redacted_draws_say_how_many_cards() -> None:
    msgs = Messages("en")
    view = GAME.new(2, 1, mode="rush").view(1)
    draw = Event("draw", 0, {"cards": [3, 9], "count": 2, "wanted": 2, "open": False})
    seen = GAME.events.redact(draw, 1)
    assert seen is not None
    assert PLUGIN.describe(seen, view, msgs).plain == "Seat 1 draws 2 cards."
    assert "G03" in PLUGIN.describe(draw, view, msgs).plain


@pytest.mark.parametrize("mode", ["crisis", "rush"])
def test_action_labels_are_sentences(mode: str) -> None:
    kinds_seen = set()
    for i, (game, _) in enumerate(positions(mode, 3, 21, 3)):
        decision = game.decision()
        if decision is None:
            continue
        kinds_seen.add(decision.kind)
        msgs = Messages(LANGS[i % len(LANGS)])
        view = game.view(decision.player)
        for action in game.legal_actions():
            sentence = PLUGIN.action_label(action, view, msgs)
            assert sentence != str(action) and not sentence[:1].islower(), sentence
            assert "gr." not in sentence and "{" not in sentence
            assert GAME.actions.parse(str(action)) == action  # the text shown beside it
    assert {"movement", "action"} <= kinds_seen


def test_final_screens_and_opening() -> None:
    for mode, players, options in (
        ("crisis", 3, None),
        ("crisis", 2, {"level": "none"}),
        ("rush", 4, None),
    ):
        game, _ = finished(mode, players, 5, json.dumps(options or {}))
        outcome = game.outcome()
        for lang in LANGS:
            msgs = Messages(lang)
            text = rendered(PLUGIN.final(game.view(0), outcome, msgs))
            check_fits(text, WIDTH, 60)
            assert msgs("gr.notice.label") in text
            for seat in range(players):
                assert PLUGIN.seat_name(seat, game.view(0), msgs) in text
            if mode == "crisis" and outcome.target:
                key = "gr.final.won" if outcome.winners else "gr.final.lost"
                assert msgs(key, score=outcome.team_score, target=outcome.target) in text
            # The last screen of the game (no decision) fits as well.
            screen = screen_for(game, 0, msgs, log=True)
            check_fits(rendered(PLUGIN.render(screen, msgs)))
    for lang in LANGS:
        msgs = Messages(lang)
        lines = PLUGIN.opening(GAME.info, msgs)
        assert any(msgs("notice.gem-rush") in line.plain for line in lines)


def _fields(template: str) -> set[str]:
    return {f for _, f, _, _ in string.Formatter().parse(template) if f}


def test_the_gem_rush_catalogue_is_complete_in_every_language() -> None:
    sections = {
        lang: json.loads((I18N / lang / "gem-rush.json").read_text(encoding="utf-8"))
        for lang in LANGS
    }
    english = sections["en"]
    # Its own keys, and the notice and mode titles under the names every face looks up.
    assert all(k.startswith(("gr.", "mode.gem-rush.")) or k == "notice.gem-rush" for k in english)
    assert english["notice.gem-rush"] == NOTICE
    for lang, table in sections.items():
        assert set(table) == set(english), lang
        for key, template in table.items():
            assert _fields(template) == _fields(english[key]), (lang, key)
        merged = catalogue(lang)  # no key clashes with the other sections
        assert all(merged[k] == v for k, v in table.items())
    wanted = [f"gr.gem.{g}" for g in GEM_CODES] + [f"gr.colour.{c}" for c in DWARF_COLOURS]
    wanted += [f"mode.gem-rush.{m.name}" for m in GAME.info.modes]
    assert not [k for k in wanted if k not in english]
    # Every decision kind met in play has a prompt and a short name.
    for mode in ("crisis", "rush"):
        for game, _ in positions(mode, 3, 8, 5):
            decision = game.decision()
            if decision is not None:
                kind = decision.kind.replace(" ", "_")
                assert f"gr.prompt.{kind}" in english and f"gr.kind.{kind}" in english


def test_the_plugin_is_named_after_the_game_and_has_the_optional_members() -> None:
    assert PLUGIN.game == GAME.info.name == "gem-rush"
    game = GAME.new(2, 1, mode="rush")
    view = game.view(0)
    assert PLUGIN.seat_name(1, view, Messages("en")) == "Seat 2 (blue)"
    assert isinstance(PLUGIN, TranslatesPrompts)
    assert isinstance(PLUGIN, ExplainsItself)
    assert isinstance(PLUGIN, StylesSeats)
    decision = game.decision()
    assert decision is not None
    assert PLUGIN.prompt(decision, view, Messages("en")) == decision.prompt
    assert PLUGIN.prompt(decision, view, Messages("fr")) != decision.prompt
    for lang in LANGS:
        how, legend = PLUGIN.help(Messages(lang))
        assert "walk N" in how and legend


@pytest.mark.skipif(
    "gem-rush" not in PLUGINS, reason="the generic terminal does not register Gem Rush yet"
)
@pytest.mark.parametrize("mode", ["crisis", "rush"])
def test_a_whole_game_through_the_command_line(mode: str, tmp_path: Path) -> None:
    """``iridescia play --game gem-rush`` to the end: seat 1 types the first action's number
    (or its text) every time, seat 2 is a random bot."""
    out = io.StringIO()
    console = Console(width=WIDTH, height=HEIGHT, file=out, color_system=None)
    calls = {"n": 0}

    def read(prompt: str) -> str:
        calls["n"] += 1
        assert calls["n"] < 5000, "the game must end"
        return "1"

    code = main(
        ["play", "--game", "gem-rush", "--mode", mode, "--players", "2", "--seat", "2=random",
         "--seed", "3", "--save", str(tmp_path / "game.json")],
        console=console,
        read=read,
    )  # fmt: skip
    assert code == 0
    text = out.getvalue()
    msgs = Messages("en")
    assert msgs("gr.notice.label") in text
    assert (
        msgs("notice.gem-rush") in text.replace("\n", " ") or msgs("notice.gem-rush")[:40] in text
    )
    assert msgs("gr.final.title", mode=msgs(f"mode.gem-rush.{mode}")) in text


def test_every_tile_shows_every_door_and_every_dwarf_in_every_rotation() -> None:
    msgs = Messages("en")
    for tile in range(1, 81):
        for rotation in range(4):
            shown = turned_tile(tile, rotation)
            if shown["type"] == "tunnel":
                continue
            for dwarves in (0, 7):
                shown["dwarves"] = list(range(dwarves))
                lines = [line.plain for line in draw_tile(Cell(shown, {}), msgs)]
                assert all(cell_len(line) == 14 for line in lines) and len(lines) == 6
                body = "\n".join(lines)
                for d, side in zip("NESW", shown["sides"], strict=True):
                    if side["kind"] != "door":
                        continue
                    label = "".join(side["cost"]) + str(side["points"]) if side["cost"] else "free"
                    where = {"N": lines[0], "S": lines[5]}.get(d, body)
                    assert label in where, (tile, rotation, d, label, lines)
                assert "".join(str(s + 1) for s in range(dwarves)) in body, (tile, lines)


@pytest.mark.parametrize(
    ("mode", "flags", "hand_offs"),
    [("crisis", [], False), ("crisis", ["--hidden-hands"], True), ("rush", [], True)],
)
def test_hot_seat_hands_off_only_when_a_hand_is_secret(
    mode: str, flags: list[str], hand_offs: bool
) -> None:
    """Two people at one keyboard: Crisis hands are open, so they just take turns; with
    hidden hands (or in Rush) a hand-off screen hides one's hand from the other."""
    console = Console(width=WIDTH, height=HEIGHT, file=io.StringIO(), color_system=None)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if len(prompts) > 60:
            raise EOFError
        return "" if prompt == "> " else "1"

    main(
        ["play", "--game", "gem-rush", "--mode", mode, "--players", "2", "--seed", "4", *flags],
        console=console,
        read=read,
    )
    seats = {p.split(" [")[0] for p in prompts if p != "> "}
    assert len(seats) == 2  # both people had the keyboard
    assert ("> " in prompts) == hand_offs


def test_at_a_terminal_the_notice_waits_for_enter_before_the_first_screen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The first screen clears the opening lines: at a terminal, the game waits for Enter
    after them, so the provisional notice is read, not only left in the scrollback."""
    prompts: list[str] = []

    def fake_input(console: Console) -> Any:
        def read(prompt: str) -> str:
            prompts.append(prompt)
            raise EOFError  # the player leaves at once

        return read

    monkeypatch.setattr("iridescia.tui.commands.default_input", fake_input)
    monkeypatch.setattr("sys.stdin.isatty", lambda: True)
    out = io.StringIO()
    console = Console(width=WIDTH, height=HEIGHT, file=out, color_system=None)
    assert main(["play", "--game", "gem-rush", "--players", "2"], console=console) == 0
    assert prompts == [Messages("en")("prompt.start")]
    assert Messages("en")("notice.gem-rush")[:40] in out.getvalue()


@pytest.mark.parametrize("lang", ["en", "fr", "ja"])
def test_a_draw_from_an_empty_deck_says_how_many_not_an_empty_list(lang: str) -> None:
    event = Event("draw", 0, {"cards": [], "count": 0, "wanted": 1})
    text = PLUGIN.describe(event, {}, Messages(lang)).plain
    msgs = Messages(lang)
    assert msgs("gr.n.cards.other", n=0) in text and " ." not in text
    assert text.count(Messages(lang)("gr.ev.short", wanted=1)) == 1


def test_save_then_load_resumes_a_rush_game_with_the_same_hash(tmp_path: Path) -> None:
    path = tmp_path / "rush.json"
    console = Console(width=WIDTH, height=HEIGHT, file=io.StringIO(), color_system=None)
    lines = iter(["", "1", "1", "", "1", f"save {path}", "quit", "n"])

    def read(prompt: str) -> str:
        return next(lines)

    argv = ["play", "--game", "gem-rush", "--mode", "rush", "--players", "2", "--seed", "5"]
    assert main(argv, console=console, read=read) == 0
    record = GameRecord.load(path)
    assert record.game == "gem-rush" and record.data_set == DATA_SET
    assert len(record.actions) >= 2 and record.notice == NOTICE
    saved = GAME.from_record(record)

    out = io.StringIO()
    again = tmp_path / "again.json"
    more = iter(["", f"save {again}", "quit", "n"])
    assert main(["play", "--load", str(path)], console=Console(width=WIDTH, height=HEIGHT,
                file=out, color_system=None), read=lambda _: next(more)) == 0  # fmt: skip
    assert f"Resumed {path} after {len(record.actions)} actions" in out.getvalue()
    assert GAME.from_record(GameRecord.load(again)).state_hash() == saved.state_hash()


@pytest.mark.parametrize(
    ("flags", "target"),
    [
        (["--mode", "crisis", "--players", "3"], 44),  # journeyman, the default level
        (["--mode", "crisis", "--players", "3", "--level", "grandmaster"], 72),
        (["--mode", "crisis", "--players", "3", "--target", "30"], 30),
        (["--mode", "rush", "--players", "2", "--target", "12"], 12),
    ],
)
def test_level_and_target_set_the_target_the_screen_shows(flags: list[str], target: int) -> None:
    out = io.StringIO()
    console = Console(width=WIDTH, height=HEIGHT, file=out, color_system=None)
    lines = iter(["", "quit", "n"])  # (Enter: a hand-off screen in Rush)
    argv = ["play", "--game", "gem-rush", "--seed", "2", *flags]
    assert main(argv, console=console, read=lambda _: next(lines, "n")) == 0
    text = out.getvalue()
    assert f"/ {target}" in text or f"/{target} pts" in text
