"""Gem Rush in any window: the compact layout, the panels, the legend, whole games at 80 x 24.

Every decision kind that random games reach is drawn at 80 x 24, 100 x 30 (compact) and
120 x 40 (full) in English, French and Japanese: the body must fill its share of the window
exactly (the window less the prompt's line and the message area) with no line wider than the
window, and the compact layout must show the prompt and the first action (or the line that says
which key lists them all); every panel must render in both layouts. ``help`` and the symbols
panel must explain every symbol in the legend's table. Then whole games are played at an 80 x 24
terminal through ``PlaySession``, opening every panel on the way, in each language.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from gemrush_tui_helpers import LANGS, SIZES, body_height, builder, rendered, screen_for
from rich.cells import cell_len
from rich.console import Console

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME, GEM_CODES, GemRushGame
from iridescia.i18n import Messages
from iridescia.tui import PlaySession, scripted_input
from iridescia.tui.games.gemrush import PLUGIN
from iridescia.tui.games.gemrush.key_panels import ACTIONS, SYMBOLS
from iridescia.tui.games.gemrush.legend import ENTRIES
from iridescia.tui.plugin import HasPanels, Screen

# Games whose decisions, taken together, reach every kind random play reaches in a few games.
GAMES = (
    ("crisis", 3, 1, None),
    ("rush", 4, 2, None),
    ("crisis", 7, 3, None),
    ("rush", 2, 4, None),
    ("crisis", 1, 5, None),
    ("rush", 7, 6, None),
    ("crisis", 2, 9, {"crisis_may_stop": True, "target": 6}),
)
PER_KIND = 2  # positions kept of each decision kind
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _decisions() -> Iterator[tuple[GemRushGame, int]]:
    """Clones of games at their first ``PER_KIND`` decisions of each kind, with a number that
    picks the language."""
    kept: dict[str, int] = {}
    n = 0
    for mode, players, seed, options in GAMES:
        game = GAME.new(players, seed, options, mode=mode)
        rng = Rng(seed)
        while not game.is_terminal():
            decision = game.decision()
            assert decision is not None
            if kept.get(decision.kind, 0) < PER_KIND:
                kept[decision.kind] = kept.get(decision.kind, 0) + 1
                n += 1
                yield game.clone(), n
            builder(game, rng)


DECISIONS = list(_decisions())


def _body(screen: Screen, msgs: Messages, size: tuple[int, int]) -> list[str]:
    """The screen as plain lines, once checked to fill its share of the window exactly."""
    width, height = size
    lines = rendered(PLUGIN.render(screen, msgs), width, height).rstrip("\n").split("\n")
    assert len(lines) == body_height(height), (len(lines), size)
    widest = max(cell_len(line) for line in lines)
    assert widest <= width, (widest, size)
    return lines


def test_random_games_reach_the_usual_decision_kinds() -> None:
    kinds = {game.decision().kind for game, _ in DECISIONS}  # type: ignore[union-attr]
    usual = {"movement", "payment", "rotation", "action", "hand limit", "burn", "keep", "name"}
    assert usual | {"name two", "destination", "discard one", "discard any", "stop"} <= kinds


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_every_decision_fits_the_window_in_every_language(size: tuple[int, int]) -> None:
    for game, n in DECISIONS:
        decision = game.decision()
        assert decision is not None
        for lang in (LANGS[n % 3], LANGS[(n + 1) % 3]):
            msgs = Messages(lang)
            screen = screen_for(game, decision.player, msgs, log=True, size=size)
            lines = _body(screen, msgs, size)
            text = "\n".join(lines)
            assert msgs("gr.notice.short" if screen.compact else "gr.notice.label") in text
            if not screen.compact:
                continue
            # The prompt, and the first action as a sentence, or the line that names the key
            # of the panel that lists them all.
            prompt = PLUGIN.prompt(decision, screen.view, msgs)
            assert prompt[:12] in text, (prompt, lang, size)
            first = (screen.actions[0], screen.action_texts[0])
            listed = f"1 {first[0][:10]}" in text or f"1 {first[1]}" in text
            assert listed or msgs("gr.decision.more_at", n=0, key=ACTIONS)[3:] in text
            # The key line: every panel's key, then help and log.
            keys = lines[-1].split()
            assert [p.key for p in PLUGIN.panels(screen.view, msgs)] == [
                k for k in keys if len(k) == 1
            ]
            assert "help" in keys and "log" in keys


def test_a_screen_of_someone_elses_decision_and_of_a_spectator_fit() -> None:
    for game, n in DECISIONS[::3]:
        msgs = Messages(LANGS[n % 3])
        decision = game.decision()
        assert decision is not None
        other = (decision.player + 1) % game.num_players
        for viewer in (other, None):
            for size in SIZES[:2]:
                screen = screen_for(game, viewer, msgs, log=True, size=size)
                text = "\n".join(_body(screen, msgs, size))
                if game.num_players > 1 or viewer is None:
                    who = PLUGIN.seat_name(decision.player, screen.view, msgs)
                    assert msgs("gr.decision.waiting", who=who)[:12] in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_panel_renders_in_both_layouts(lang: str) -> None:
    msgs = Messages(lang)
    assert isinstance(PLUGIN, HasPanels)
    for game, _ in DECISIONS[::4]:
        decision = game.decision()
        assert decision is not None
        view = game.view(decision.player)
        panels = PLUGIN.panels(view, msgs)
        assert {"p", "h", "c", "r", "k", "a"} == {p.key for p in panels}
        for panel in panels:
            for size in SIZES:
                screen = screen_for(
                    game, decision.player, msgs, log=True, size=size, panel=panel.key
                )
                text = "\n".join(_body(screen, msgs, size))
                assert panel.name[1:] in text  # its title (capitalised)
                if panel.key == ACTIONS and size == SIZES[-1]:
                    for typed in screen.action_texts[:6]:  # beside the sentences
                        assert typed in text
    # A spectator has no hand, and no actions to list.
    spectator = GAME.new(3, 1).spectator_view()
    assert {p.key for p in PLUGIN.panels(spectator, msgs)} == {"p", "c", "r", "k"}


def test_the_players_panel_shows_your_hand_in_full_and_no_secret() -> None:
    for mode in ("rush", "crisis"):
        game = GAME.new(3, 9, {"hidden_hands": True} if mode == "crisis" else None, mode=mode)
        msgs = Messages("en")
        screen = screen_for(game, 0, msgs, log=False, size=(80, 24), panel="p")
        text = "\n".join(_body(screen, msgs, (80, 24)))
        own = game.view(0)["players"][0]["hand"]
        assert all(f"G{c:02d}" in text for c in own)
        for seat in (1, 2):
            secret = game.view(seat)["players"][seat]["hand"]
            assert not any(f"G{c:02d}" in text for c in secret)
        assert "▮" in text


@pytest.mark.parametrize("lang", LANGS)
def test_help_and_the_symbols_panel_explain_every_symbol(lang: str) -> None:
    msgs = Messages(lang)
    typing, legend = PLUGIN.help(msgs)
    assert "walk N" in typing
    for _, key in ENTRIES:
        assert msgs(key) in legend, key
    for code in GEM_CODES:
        assert f"{code} {msgs(f'gr.gem.{code}')}" in legend
    # The symbols panel at 80 x 24: every entry is there (cut at worst), every gem named.
    game, _ = DECISIONS[0]
    decision = game.decision()
    assert decision is not None
    screen = screen_for(game, decision.player, msgs, log=False, size=(80, 24), panel=SYMBOLS)
    text = "\n".join(_body(screen, msgs, (80, 24)))
    for _, key in ENTRIES:
        assert msgs(key)[:4] in text, key
    for code in GEM_CODES:
        assert msgs(f"gr.gem.{code}") in text


def _frames(output: str) -> list[list[str]]:
    """The screens a live session drew: the text between two clears, without escape codes."""
    frames = []
    for part in output.split("\x1b[2J")[1:]:
        frames.append(ANSI.sub("", part).replace("\r", "").split("\n"))
    return frames


@pytest.mark.parametrize("lang", LANGS)
def test_a_scripted_game_at_80_by_24_plays_to_the_end(lang: str) -> None:
    """Seat 1 opens every panel (and help and log), then always plays the first action; seat 2
    is a random bot. Every frame fits an 80 x 24 terminal."""
    msgs = Messages(lang)
    game = GAME.new(2, 6, mode="crisis")
    buffer = io.StringIO()
    console = Console(file=buffer, width=80, height=24, force_terminal=True)
    first: list[str] = []
    for key in ("p", "h", "c", "r", "k", "a", "help", "log"):
        first += [key, ""]

    def lines() -> Iterator[str]:
        yield from first
        while True:
            yield "1"

    session = PlaySession(game, ["human", "random"], console, scripted_input(lines()), msgs)
    assert session.run() == 0
    assert game.is_terminal()
    frames = _frames(buffer.getvalue())
    assert len(frames) > 20
    for frame in frames:
        assert max(cell_len(line) for line in frame) <= 80
    mode = msgs("mode.gem-rush.crisis")
    assert any(msgs("gr.final.title", mode=mode) in "\n".join(f) for f in frames)
    opened = "\n".join("\n".join(f) for f in frames)
    for name in ("gr.key.players", "gr.key.cards", "gr.key.rooms", "gr.key.symbols"):
        title = msgs(name)
        assert title[:1].upper() + title[1:] in opened, name


def test_a_replay_screen_shows_the_next_action_and_no_commands() -> None:
    """A replay's screen (a spectator's, with the next recorded action as its note) keeps the
    note in the decision's place, and its key line offers the panels and the log (a replay
    takes no other command)."""
    game, _ = DECISIONS[0]
    msgs = Messages("fr")
    screen = screen_for(game, None, msgs, log=True, size=(80, 24))
    screen.note = "Ensuite : Place 1 (rouge) joue 'end'\n(Marchez)"
    lines = _body(screen, msgs, (80, 24))
    text = "\n".join(lines)
    assert "Ensuite : Place 1" in text and "(Marchez)" in text
    assert lines[-1].split()[::2] == ["p", "c", "r", "k", "log"]  # (help is not in replays)
