"""Events every game shares, and the catalogue in which a game declares the facts about them.

An ``Event`` is something that happened, in data ("revealed tile 23", "rolled 3, 5"): what the
log, statistics, the web app and replays are built from. Its text is made at display time by the
faces, never in the core.

Each game declares every kind of event it emits once, in an ``EventCatalogue`` of ``EventKind``
rows: does it carry data some seat may not see (and how it is redacted for each seat), did it
draw randomness, may an undo cross it, how long a face should pause on it. The web, the terminal,
the replays and the logs read those facts instead of matching kinds as strings. The conformance
test holds a game to them: an event that is neither ``random`` nor ``reveals`` must look the same,
once redacted, in every world the viewer cannot tell apart.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Final, NamedTuple

# A face's delay per step (the web's ``--step-delay``, the terminal's ``--delay``) stands for
# this many seconds of the catalogue's pauses: at 0.5 s a face pauses exactly as declared.
NORMAL_STEP: Final = 0.5


class Event(NamedTuple):
    """Something that happened: a kind, the seat it concerns (-1 for the table) and its data."""

    kind: str
    player: int  # 0-based seat, -1 for the table
    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "player": self.player, **self.data}


# A redactor returns the event as ``viewer`` (a seat, or None for a spectator) may see it, or
# None when that viewer must not learn the event happened at all.
Redactor = Callable[[Event, "int | None"], "Event | None"]


@dataclass(frozen=True, slots=True)
class EventKind:
    """The facts about one kind of event, declared once by its game."""

    name: str
    summary: str = ""  # what it means, for the docs and for people reading logs
    redact: Redactor | None = None  # None: public as it is, for every viewer
    random: bool = False  # it drew randomness (dice, shuffles, a hidden card or tile drawn)
    # It shows some seats what they could not see before (a card played from a hidden hand);
    # random events may reveal too.
    reveals: bool = False
    undoable: bool = True  # an undo may take back a step that emitted it
    pause: float = 0.0  # seconds a face lingers on it when it animates a sequence (NORMAL_STEP)
    automa: bool = False  # emitted by an automated seat (the faces show those steps in turn)
    shown: Callable[[Event], bool] | None = None  # None: logs show every event of this kind

    @property
    def secret(self) -> bool:
        """Whether some viewer sees less than the whole event."""
        return self.redact is not None


class EventCatalogue:
    """Every event kind of one game; unknown kinds are a bug (``KeyError`` names them)."""

    __slots__ = ("_kinds",)

    def __init__(self, kinds: Iterable[EventKind]) -> None:
        self._kinds: dict[str, EventKind] = {}
        for k in kinds:
            if k.name in self._kinds:
                raise ValueError(f"event kind {k.name!r} declared twice")
            self._kinds[k.name] = k

    def __getitem__(self, kind: str) -> EventKind:
        try:
            return self._kinds[kind]
        except KeyError:
            raise KeyError(f"undeclared event kind {kind!r}") from None

    def __contains__(self, kind: object) -> bool:
        return kind in self._kinds

    def __iter__(self) -> Iterator[EventKind]:
        return iter(self._kinds.values())

    def __len__(self) -> int:
        return len(self._kinds)

    def redact(self, event: Event, viewer: int | None) -> Event | None:
        """``event`` as ``viewer`` may see it (None: that viewer does not see it at all)."""
        redact = self[event.kind].redact
        return event if redact is None else redact(event, viewer)

    def redact_all(self, events: Iterable[Event], viewer: int | None) -> list[Event]:
        """The events ``viewer`` may see, each redacted for them, in order."""
        out = []
        for e in events:
            seen = self.redact(e, viewer)
            if seen is not None:
                out.append(seen)
        return out

    def undoable(self, events: Sequence[Event]) -> bool:
        """Whether a step that emitted ``events`` may be taken back."""
        return all(self[e.kind].undoable for e in events)

    def pause(self, event: Event, step_delay: float = NORMAL_STEP) -> float:
        """Seconds a face lingers on ``event`` when its player-chosen delay per step is
        ``step_delay``: the catalogue's pause, declared for ``NORMAL_STEP``, scaled to it (a
        Rhom's step lasts twice an explorer's move at any speed; 0 shows it with the next)."""
        return self[event.kind].pause * step_delay / NORMAL_STEP

    def shown(self, event: Event) -> bool:
        """Whether logs show this event (some repeat what another line of the log says)."""
        shown = self[event.kind].shown
        return True if shown is None else shown(event)
