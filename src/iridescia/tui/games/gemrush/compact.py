"""The compact layout of the Gem Rush table: any window under the full layout's 120 x 40, down
to 80 x 24, fully playable. The board and the decision come first; the rest is in panels.

    ◆ GEM RUSH · Crisis · Round 2 · Turn 5 · ▶ 1 Seat 1 (red)          ⚠ PROVISIONAL
    Team 12/44 · ◷ 9 turns · 27 cards · Steps ●●○ · Free uses 8/8
    Hand (4): G02FROB G40ELRH G45PFDD G46STDD
       the mine around the acting dwarf: as many rows of tiles as the decision leaves
       room for (at least one) ... or, instead, the panel the player opened by its key
    │ the latest log lines, when there are lines to spare
    ▶ Your decision: Walk, build, use the room, warp, or end your movement
    Here: ⚒ Wish Fountain: name 2 gems › reveal 3 › keep all named
     1 Walk north and build the door (EL+RH, 2 pts)                         walk N
     2 End your movement                                                       end
    p players  h hand  c cards  r rooms  k symbols  a actions  help  log

The height is shared in this order: the title, the status and the key line; the prompt and
what it is about; every action (in columns when they are many, else as many as fit and a cell
that says ``a`` lists them all); one row of tiles; more rows of tiles; the hand; the log. The
body is exactly ``screen.height`` lines of ``screen.width`` cells, in any language.
"""

from __future__ import annotations

from dataclasses import dataclass

from rich.console import Group
from rich.text import Text

from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.games.gemrush import theme as th
from iridescia.tui.games.gemrush.decision import (
    Choice,
    action_layout,
    action_lines,
    choices,
    context_line,
    marked_tiles,
    previews,
)
from iridescia.tui.games.gemrush.describe import fill
from iridescia.tui.games.gemrush.effects import room_steps
from iridescia.tui.games.gemrush.final import headline
from iridescia.tui.games.gemrush.key_panels import (
    ACTIONS,
    SYMBOLS,
    key_items,
    offered,
    panel_lines,
    titled,
)
from iridescia.tui.games.gemrush.mine import render_mine
from iridescia.tui.games.gemrush.panels import burn_clock, burns
from iridescia.tui.games.gemrush.tiles import TILE_H
from iridescia.tui.plugin import Screen

ROW_LINES = TILE_H  # one more row of tiles
EDGE_LINES = 2  # the mine's edges (what lies beyond, above and below)
PANEL_ACTION_ROWS = 3  # actions kept under an open panel (beside the all-actions panel)
# Decisions about the map: the mine keeps a row of tiles however many actions there are.
MAP_KINDS = frozenset(
    {"movement", "rotation", "destination", "copy", "remove", "swap", "elevator door",
     "setup door", "reopen"}
)  # fmt: skip


def acting_seat(screen: Screen) -> int | None:
    view = screen.view
    if screen.acting is not None or view.get("outcome") is not None:
        return screen.acting
    seat = view.get("current_player")
    return None if seat is None else int(seat)


# ------------------------------------------------------------------ the lines around the mine


def title_line(screen: Screen, width: int, msgs: Messages, acting: int | None) -> Text:
    """Game, mode, round and turn (or the session's heading), who acts; the short provisional
    label at the right. The game's name gives way first when the line is too long."""
    view = screen.view
    label = th.seg(f" ⚠ {msgs('gr.notice.short')} ", th.NOTICE_STYLE)
    for named in (True, False):
        left = th.seg(" ◆ ", "bold #ff9800")
        if named:
            left.append(msgs("gr.title") + " · ", style="bold " + th.ACCENT)
        left.append(msgs(f"gr.mode.{view.get('mode', 'crisis')}"), style="bold " + th.TEXT)
        left.append(" · ", style=th.FAINT)
        if screen.heading:
            left.append(screen.heading, style=th.TEXT)
        else:
            turn = msgs("gr.title.turn", round=view.get("round", 1), turn=view.get("turn", 1))
            left.append(turn, style=th.TEXT)
        if acting is not None:
            left.append(" · ", style=th.FAINT)
            left.append("▶ ", style="bold " + th.ACCENT)
            left.append_text(th.dwarf_chip(acting))
            left.append(" " + th.seat_name(acting, msgs), style=th.seat_style(acting))
        elif view.get("outcome") is not None:
            left.append(" · " + msgs("gr.title.over"), style="bold " + th.TEXT)
        if left.cell_len + label.cell_len + 1 <= width:
            break
    return th.spread(left, label, width)


def _score_item(view: View, msgs: Messages) -> Text:
    """The team against its target (Crisis); in Rush, the viewer's score against the target
    and the leader's."""
    target = view.get("target")
    if view.get("mode") == "crisis":
        out = th.seg(msgs("gr.status.team") + " ", th.DIM)
        out.append(str(view.get("team_score") or 0), style=th.POINTS)
        out.append(f"/{target}" if target else " " + msgs("gr.status.no_target"), style=th.TEXT)
        return out
    players = view["players"]
    viewer = view.get("viewer")
    out = Text()
    if viewer is not None:
        out.append(msgs("gr.status.you") + " ", style=th.DIM)
        out.append(str(players[viewer]["score"]), style=th.POINTS)
        out.append(f"/{target}" if target else "", style=th.TEXT)
    else:
        out.append(msgs("gr.status.target") + " ", style=th.DIM)
        out.append(str(target or "—"), style=th.POINTS)
    best = max(players, key=lambda p: (int(p["score"]), -int(p["seat"])))
    if best["seat"] != viewer and int(best["score"]) > 0:
        out.append(" · ", style=th.FAINT)
        out.append_text(
            fill(msgs("gr.status.leader"), th.DIM, seat=th.seat_short(int(best["seat"]), msgs),
                 score=th.seg(str(best["score"]), th.POINTS))
        )  # fmt: skip
    return out


def status_line(view: View, width: int, msgs: Messages, hand_shown: bool) -> Text:
    """Score, burn clock, steps and, unless the hand line shows it, the hand's size: as many
    of them as fit, in that order."""
    items = [_score_item(view, msgs)]
    if burns(view):
        turns, cards = burn_clock(view)
        clock = th.seg("◷ ", th.DIM)
        clock.append(msgs("gr.status.turns_left", n=turns), style="bold " + th.TEXT)
        clock.append(" · " + msgs("gr.status.cards_left", n=cards), style=th.TEXT)
        items.append(clock)
    steps = int(view.get("steps", 0))
    per_turn = int(view.get("params", {}).get("steps_per_turn", 3))
    part = th.seg(msgs("gr.status.steps") + " ", th.DIM)
    part.append("●" * steps, style="bold " + th.ACCENT)
    part.append("○" * max(per_turn - steps, 0), style=th.FAINT)
    items.append(part)
    viewer = view.get("viewer")
    if viewer is not None and not hand_shown:
        size = th.seg(msgs("gr.status.hand", n=view["players"][viewer]["hand_size"]), th.DIM)
        items.append(size)
    out = Text(" ")
    for item in items:
        if out.cell_len > 1 and out.cell_len + 3 + item.cell_len > width:
            break
        if out.cell_len > 1:
            out.append(" · ", style=th.FAINT)
        out.append_text(item)
    return th.fit(out, width)


def hand_line(view: View, width: int, msgs: Messages) -> Text | None:
    """The viewer's hand (None for a spectator); cut when it is long (``h`` shows it all)."""
    viewer = view.get("viewer")
    if viewer is None or view["players"][viewer].get("hand") is None:
        return None
    cards = [int(c) for c in view["players"][viewer]["hand"]]
    out = th.seg(" " + msgs("gr.key.hand_of", n=len(cards)) + " ", th.DIM)
    out.append_text(th.cards_text(cards))
    return th.fit(out, width)


def key_line(screen: Screen, width: int, msgs: Messages) -> Text:
    """Which key opens which panel, as much of it as fits: every name, else the panels' names
    only (``help`` and ``log`` need none), else the keys alone."""
    replay = screen.note is not None  # a replay shows its next action as a note
    panels = offered(screen.view, msgs)
    items = key_items(panels, screen.panel, msgs, replay)
    keys_only = [th.seg(item.plain.split(" ")[0], "bold " + th.ACCENT) for item in items]
    named = len(panels)  # the panels keep their names longest (help and log need none)
    for choice in (items, items[:named] + keys_only[named:], keys_only):
        line = Text(" ").append_text(th.join(choice, "  "))
        if line.cell_len <= width:
            return th.fit(line, width)
    line = th.seg(" " + msgs("gr.key.keys") + " ", th.DIM)
    line.append_text(th.join(keys_only, " "))
    return th.fit(line, width)


# ------------------------------------------------------------------ the decision


def decision_head(screen: Screen, width: int, msgs: Messages, acting: int | None) -> list[Text]:
    """The prompt (or what the screen shows instead: a replay's next action, the result, who
    is deciding) and what it is about, each cut to ``width``."""
    view = screen.view
    decision = view.get("decision") or {}
    kind = str(decision.get("kind", ""))
    if screen.note is not None:
        lines = [th.seg(" " + part, th.TEXT) for part in screen.note.split("\n")]
        return [th.fit(x, width) for x in lines]
    outcome = view.get("outcome")
    if outcome:
        result, why = headline(outcome, view.get("mode") == "crisis", msgs)
        return [th.fit(Text(" ").append_text(x), width) for x in (result, why)]
    if acting is None:
        return []
    prompt = msgs.get(f"gr.prompt.{th.key(kind)}", screen.prompt or kind)
    if screen.actions:
        head = th.seg(" ▶ ", "bold " + th.ACCENT)
        you = th.seg(msgs("gr.decision.you"), "bold " + th.ACCENT)
        head.append_text(fill(msgs("gr.decision.prompt"), "bold " + th.TEXT, who=you,
                              prompt=prompt))  # fmt: skip
    else:
        head = th.seg(" " + msgs("gr.decision.waiting", who=th.seat_name(acting, msgs)), th.DIM)
        head.append(" — " + msgs.get(f"gr.kind.{th.key(kind)}", kind), style=th.DIM)
    lines = th.wrap_text(head, width, indent=3)
    context = context_line(view, msgs)
    if context.cell_len:
        lines.append(Text(" ").append_text(context))
    return [th.fit(x, width) for x in lines]


def here_line(view: View, width: int, msgs: Messages, acting: int | None) -> Text | None:
    """The room whose effect is running, its step now underlined; else, for the moves that
    may use it, the room the acting dwarf is in and its effect."""
    decision = view.get("decision") or {}
    effect = view.get("effect")
    if acting is None or (not effect and decision.get("kind") not in ("movement", "action")):
        return None
    here = th.room_name(int(view["players"][acting]["room"]))
    name = str(effect["room"]) if effect else here
    key = "gr.status.here" if name == here else "gr.status.copying"
    line = th.seg(" " + msgs(key) + " ", th.DIM)
    line.append_text(th.type_icon(th.room_type(name)))
    line.append(" " + name + msgs("gr.colon"), style="bold " + th.TEXT)
    line.append_text(room_steps(name, msgs, int(effect["step"]) if effect else None))
    return th.fit(line, width)


def log_lines(screen: Screen, width: int, count: int) -> list[Text]:
    """The latest ``count`` lines of the log (an automa's steps when there are some)."""
    source = list(screen.steps) if screen.steps else list(screen.log)
    if count <= 0:
        return []
    out = []
    for line in source[-count:]:
        row = th.seg(" │ ", th.FAINT)
        row.append_text(line)
        out.append(th.fit(row, width))
    return out


# ------------------------------------------------------------------ the whole body


def render_compact(screen: Screen, msgs: Messages) -> Group:
    """The table in exactly ``screen.height`` lines of ``screen.width`` cells."""
    view = screen.view
    width, height = max(screen.width, 1), max(screen.height, 1)
    acting = acting_seat(screen)
    labels = choices(screen)
    texts = [text for _, text in labels]
    head = decision_head(screen, width, msgs, acting)
    here = here_line(view, width, msgs, acting)
    rotation: list[Text] = []
    if (view.get("decision") or {}).get("kind") == "rotation" and labels:
        rotation = [Text(" ").append_text(x) for x in previews(view, texts, width - 1, msgs)]
    hand = hand_line(view, width, msgs)
    fixed = 3  # the title, the status and the key line
    room = height - fixed - len(head)  # for the actions, the mine, the hand and the log
    if screen.panel:
        body = _with_panel(screen, width, room, labels, msgs)
    else:
        body = _with_mine(screen, width, room, labels, rotation, here, hand, acting, msgs)
    shown_hand = hand if body.hand else None
    lines = [title_line(screen, width, msgs, acting)]
    lines.append(status_line(view, width, msgs, shown_hand is not None))
    if shown_hand is not None:
        lines.append(shown_hand)
    lines += body.middle + head + body.decision
    lines = lines[: height - 1]
    lines += [Text(" " * width)] * (height - 1 - len(lines))
    lines.append(key_line(screen, width, msgs))
    return Group(*[th.fit(x, width) for x in lines[:height]])


@dataclass(frozen=True, slots=True)
class _Body:
    """What goes between the status and the prompt (``middle``), what goes under the prompt
    (``decision``), and whether the hand line has a place."""

    middle: list[Text]
    decision: list[Text]
    hand: bool


def _with_panel(
    screen: Screen, width: int, room: int, labels: list[Choice], msgs: Messages
) -> _Body:
    """The open panel in the mine's place, as tall as it needs, and the actions under the
    prompt in the rest (at least a few; none under the panel that lists them all, nor under
    the symbols, which need the room)."""
    key = str(screen.panel)
    alone = key in (ACTIONS, SYMBOLS)
    floor = 0 if alone else max(min(len(labels), PANEL_ACTION_ROWS, room - 4), 0)
    body = panel_lines(screen, key, width - 1, max(room - 1 - floor, 0), msgs)
    rows = 0 if alone else room - 1 - len(body)
    lines = action_lines(labels, width - 1, rows, msgs, ACTIONS) if rows > 0 else []
    actions = [Text(" ").append_text(line) for line in lines]
    return _Body(titled(key, body, width, room - len(actions), msgs), actions, hand=False)


def _with_mine(
    screen: Screen,
    width: int,
    room: int,
    labels: list[Choice],
    rotation: list[Text],
    here: Text | None,
    hand: Text | None,
    acting: int | None,
    msgs: Messages,
) -> _Body:
    """Share ``room`` lines: the actions first, above at least one row of tiles, unless the
    decision has nothing to do with the map and its actions need that room too; then more
    rows of tiles, the hand, the acting dwarf's room and the log."""
    smallest = EDGE_LINES + ROW_LINES

    def lay(rows: int) -> tuple[list[Text], bool]:
        if rotation and rows >= len(rotation):
            return rotation, True
        lines, whole = action_layout(labels, width - 1, rows, msgs, ACTIONS)
        return [Text(" ").append_text(line) for line in lines], whole  # under the prompt

    actions, whole = lay(max(room - smallest, min(len(labels), 1)))
    kind = (screen.view.get("decision") or {}).get("kind")
    if not whole and kind not in MAP_KINDS:
        actions, whole = lay(room)
    left = room - len(actions)
    mine_h = 0 if left < smallest else left - (left - EDGE_LINES) % ROW_LINES  # whole rows
    spare = room - len(actions) - mine_h
    use_hand = hand is not None and spare > 0
    spare -= int(use_hand)
    extra: list[Text] = []
    if here is not None and spare > 0:
        extra, spare = [here], spare - 1
    mine = []
    if mine_h > 0:
        mine = render_mine(
            screen.view,
            width,
            mine_h,
            msgs,
            acting=acting,
            marked=marked_tiles([text for _, text in labels]),
        )
    middle = mine + log_lines(screen, width, spare)
    return _Body(middle, extra + actions, hand=use_hand)
