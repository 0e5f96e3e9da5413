"""Room effects in words: a room's steps (spec §4.3), translated, with the gems each test names.

The rules package describes each room's program as short English steps (``reveal 5``, ``keep
all matching``) in ``catalogue()``, with the parameters of its effect family (spec §4.5). This
module turns a step into the viewer's language and adds what the step looks for, read from those
parameters: ``dig 2 FR/ST/EL`` for Nova Vein, ``discard 1 DD`` for Diamond Refinery. A step it
does not know is shown as the rules package wrote it.
"""

from __future__ import annotations

import re
from typing import Any

from rich.text import Text

from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th

_FIXED = {
    "keep all dug": "keep_all_dug",
    "keep all matching": "keep_all",
    "discard one": "discard_one",
    "discard any": "discard_any",
    "discard hand": "discard_hand",
    "name a gem": "name1",
    "name 2 gems": "name2",
    "draw hand size": "draw_hand",
    "draw one per leader": "draw_leaders",
    "move to": "move",
    "swap": "swap",
    "copy": "copy",
    "rift": "rift",
    "elevator": "elevator",
    "mine cart": "mine_cart",
    "patience": "patience",
}
_COUNTED = re.compile(r"^(reveal|dig|draw|keep|score|lose|take|scry|refill steps) (\d+|X)$")
_KEEP_DUG = re.compile(r"^keep (\d+) of the dug cards$")
_DRAW_UP_TO = re.compile(r"^draw up to (\d+) in hand$")


def step_text(step: str, msgs: Messages) -> str:
    """One program step in the viewer's language."""
    if step in _FIXED:
        return msgs(f"gr.op.{_FIXED[step]}")
    m = _COUNTED.match(step)
    if m:
        return msgs(f"gr.op.{m.group(1).replace(' ', '_')}", n=m.group(2))
    m = _KEEP_DUG.match(step)
    if m:
        return msgs("gr.op.keep_dug", n=m.group(1))
    m = _DRAW_UP_TO.match(step)
    if m:
        return msgs("gr.op.draw_upto", n=m.group(1))
    return step


def test_text(test: dict[str, Any] | None, msgs: Messages) -> Text:
    """What a card test looks for (spec R51), short: ``FR/ST``, ``only DD``, ``special``."""
    if not test:
        return Text()
    kind = str(test.get("kind", ""))
    gems = [str(g) for g in test.get("gems", [])]
    if kind in ("any", "has", "both"):
        return th.gems_text(gems, "/")
    if kind == "only":
        out = th.seg(msgs("gr.test.only") + " ", th.DIM)
        out.append_text(th.gems_text(gems, "/"))
        return out
    if kind in ("special", "standard_only", "shares", "shares_nothing"):
        return th.seg(msgs(f"gr.test.{kind}"), "italic " + th.DIM)
    return Text()


def _named(params: dict[str, Any], msgs: Messages) -> Text:
    mode = params.get("mode", "has")
    key = "gr.test.not_named" if mode == "none" else "gr.test.named"
    return th.seg(msgs(key), "italic " + th.DIM)


def room_steps(room: str, msgs: Messages, current: int | None = None) -> Text:
    """A room's effect, step by step (``reveal 4 › name a gem › keep all named``); the step
    running now (``current``) is underlined."""
    row = th.ROOMS.get(room)
    if row is None:
        return Text()
    params: dict[str, Any] = dict(row.get("params") or {})
    effect = str(row.get("effect", ""))
    out = Text()
    for i, step in enumerate(row.get("program") or []):
        if i:
            out.append(" › ", style=th.FAINT)
        style = "bold underline " + th.ACCENT if i == current else th.TEXT
        out.append(step_text(str(step), msgs), style=style)
        extra = Text()
        if step.startswith("discard one") or step == "discard any":
            extra = test_text(params.get("discard"), msgs)
        elif step.startswith("dig") or step == "keep all matching":
            if effect in ("name_reveal", "name_dig", "reveal_name_keep"):
                extra = _named(params, msgs)
            else:
                extra = test_text(params.get("test") or params.get("relation"), msgs)
        if extra.cell_len:
            out.append(" ")
            out.append_text(extra)
    if not out.cell_len:
        out.append(msgs("gr.op.none"), style=th.DIM)
    return out


def room_steps_plain(room: str, msgs: Messages) -> str:
    return room_steps(room, msgs).plain
