"""Shared helpers for the Gem Rush terminal tests: positions from random games, screens, sizes.

``positions`` yields every ``every``-th decision of a game played by ``builder`` (a policy that
builds often, so mines grow), then its end; ``finished`` plays a whole game once per process
(the tests only read it). ``screen_for`` builds the ``Screen`` the play loop would give the
plug-in (the viewer's view, the sentences and texts of its actions when it decides, the latest
log lines) for a window of ``width`` x ``height``: the body is the window less the prompt's
line and the message area's two, in the compact layout under 120 x 40. ``rendered`` prints a
renderable as a console of that size would and returns its plain text; ``check_fits`` asserts
it stays within the size.

Imported by the tests as ``from gemrush_tui_helpers import ...`` (this folder is on
``sys.path``).
"""

from __future__ import annotations

import functools
import io
import json
from collections.abc import Iterator
from typing import Any

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text

from iridescia.core.events import Event
from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME, GemRushGame
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import PLUGIN
from iridescia.tui.plugin import FULL_HEIGHT, FULL_WIDTH, MESSAGE_LINES, PROMPT_LINES, Screen

LANGS = ("en", "fr", "ja")
WIDTH, HEIGHT = FULL_WIDTH, FULL_HEIGHT
SIZES = ((80, 24), (100, 30), (120, 40))  # the smallest window, one between, the full layout


def body_height(height: int) -> int:
    """The plug-in's share of a window ``height`` lines tall."""
    return height - PROMPT_LINES - MESSAGE_LINES


def rendered(renderable: RenderableType, width: int = WIDTH, height: int = HEIGHT) -> str:
    console = Console(
        width=width, height=height, record=True, file=io.StringIO(), color_system="truecolor"
    )
    console.print(renderable)
    return console.export_text()


def check_fits(text: str, width: int = WIDTH, height: int = HEIGHT) -> list[str]:
    """The text's lines, once checked to be at most ``height`` lines of ``width`` cells."""
    lines = text.rstrip("\n").split("\n")
    assert len(lines) <= height, f"{len(lines)} lines"
    widest = max(cell_len(line) for line in lines)
    assert widest <= width, f"a line is {widest} cells wide"
    return lines


def builder(game: GemRushGame, rng: Rng) -> None:
    """One step of a policy that builds often (so mines grow), else a uniform choice."""
    legal = game.legal_actions()
    keen = [a for a in legal if str(a).split()[0] in ("walk", "pay", "paid", "rotate", "keep")]
    pool = keen if keen and rng.below(10) < 8 else legal
    game.apply(pool[rng.below(len(pool))])


def positions(
    mode: str,
    players: int,
    seed: int,
    every: int,
    options: dict[str, Any] | None = None,
    limit: int = 1000,
) -> Iterator[tuple[GemRushGame, list[Event]]]:
    """Every ``every``-th decision of one game (at most ``limit`` of them), then its end: the
    game itself and its events so far."""
    game = GAME.new(players, seed, options, mode=mode)
    rng = Rng(seed)
    step = 0
    while not game.is_terminal():
        if step % every == 0 and step // every < limit:
            yield game, list(game.log)
        builder(game, rng)
        step += 1
    yield game, list(game.log)


@functools.cache
def finished(
    mode: str, players: int, seed: int, options: str = "{}"
) -> tuple[GemRushGame, tuple[Event, ...]]:
    """A whole game played by ``builder`` (shared by the tests, which only read it)."""
    *_, (game, events) = positions(mode, players, seed, 10_000, json.loads(options) or None)
    return game, tuple(events)


def screen_for(
    game: GemRushGame,
    viewer: int | None,
    msgs: Messages,
    log: bool,
    size: tuple[int, int] = (WIDTH, HEIGHT),
    panel: str | None = None,
) -> Screen:
    """The screen the play loop would draw for ``viewer`` in a window of ``size``."""
    view = game.view(viewer) if viewer is not None else game.spectator_view()
    decision = game.decision()
    deciding = decision is not None and decision.player == viewer
    legal = game.legal_actions() if deciding else []
    actions = [PLUGIN.action_label(a, view, msgs) for a in legal]
    lines: list[Text] = []
    if log:
        for e in GAME.events.redact_all(game.log[-30:], viewer):
            if GAME.events.shown(e):
                lines.append(PLUGIN.describe(e, view, msgs))
    width, height = size
    return Screen(
        view=view,
        viewer=viewer,
        seat_kinds=["human"] * game.num_players,
        width=width,
        height=body_height(height),
        compact=width < FULL_WIDTH or height < FULL_HEIGHT,
        panel=panel,
        prompt=decision.prompt if deciding and decision is not None else None,
        acting=game.current_player,
        actions=actions,
        action_texts=[str(a) for a in legal],
        log=lines[-9:],
    )
