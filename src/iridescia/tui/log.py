"""The game log as one viewer may read it, and the automa's turns in it, for any game.

Every line comes from the game's event catalogue and the game's terminal plug-in: an event is
logged when the catalogue says logs show it (``spec.events.shown``, judged on the event as it
happened), redacted for the viewer (``spec.events.redact``; an event the viewer must not learn
of is left out) and described by ``plugin.describe``. Nothing here knows an event kind.

An automa's turn (the Rhom's) is found the same way: a run of events that begins with an event
of an automa seat (``Game.automa_seats``), goes on through events of automa seats and of the
table (seat -1), ends at the next event of another seat, and holds at least one event the
catalogue marks ``automa``. Its first event opens the turn; the shown events after it are its
steps.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text

from iridescia.core.events import Event, EventCatalogue
from iridescia.core.game import View
from iridescia.i18n import Messages
from iridescia.tui.plugin import TerminalPlugin
from iridescia.tui.terminal import DIM


def visible(events: EventCatalogue, event: Event, viewer: int | None) -> Event | None:
    """``event`` as ``viewer`` may see it in a log, or None when logs leave it out."""
    if not events.shown(event):
        return None
    return events.redact(event, viewer)


def log_lines(
    plugin: TerminalPlugin,
    events: EventCatalogue,
    log: Sequence[Event],
    viewer: int | None,
    view: View,
    msgs: Messages,
    last: int,
    new_from: int | None = None,
) -> list[Text]:
    """The last ``last`` lines of ``log`` for ``viewer``, oldest first; lines of events before
    index ``new_from`` (if given) are dimmed as already seen."""
    picked: list[tuple[int, Event]] = []
    for i in range(len(log) - 1, -1, -1):
        if len(picked) >= last:
            break
        seen = visible(events, log[i], viewer)
        if seen is not None:
            picked.append((i, seen))
    out = []
    for i, event in reversed(picked):
        text = plugin.describe(event, view, msgs)
        if new_from is not None and i < new_from:
            text.stylize(DIM)
        out.append(text)
    return out


def automa_turns(
    events: EventCatalogue, log: Sequence[Event], automa: Collection[int], start: int = 0
) -> list[tuple[int, int]]:
    """``(first, end)`` index ranges of the automa turns in ``log`` that begin at or after
    ``start`` (see the module docstring)."""
    out: list[tuple[int, int]] = []
    if not automa:
        return out
    i = 0
    while i < len(log):
        if log[i].player not in automa:
            i += 1
            continue
        end = i + 1
        while end < len(log) and (log[end].player in automa or log[end].player < 0):
            end += 1
        if i >= start and any(events[e.kind].automa for e in log[i:end]):
            out.append((i, end))
        i = end
    return out


def steps(
    events: EventCatalogue, log: Sequence[Event], first: int, end: int, viewer: int | None
) -> list[Event]:
    """The steps of the automa turn ``log[first:end]``: its shown events after the first,
    redacted for ``viewer``."""
    out = []
    for event in log[first + 1 : end]:
        seen = visible(events, event, viewer)
        if seen is not None:
            out.append(seen)
    return out
