"""What a game gives the web face (its server-side plug-in), and the message format the browser
renders.

The web face's generic code (lobby, tables, service, protocol) knows no game. What belongs to
one game comes from that game's ``WebGame`` in ``web/games/<game>.py``, registered by the game's
name in ``web/games/__init__.py``: how its events and actions read (as messages, never as
finished sentences), the prompt of each decision, its final result, the options the lobby offers
and the public data its browser plug-in draws with (``static/games/<name>/``). A game without a
plug-in gets ``GenericWebGame``: it is listed in the lobby but has no board in the browser.

Messages (``Text``) are translated in the browser, in the reader's language, from the shared
catalogue (``iridescia.i18n``). A message is::

    {"key": "ev.buy", "args": {"seat": {"seat": 1}, "item": {"key": "item.book"}, "cost": 2}}

where ``args`` (optional) fills the template's ``{name}`` placeholders. Each argument is a
number or a text shown as it is, a message (translated in turn: words are keys too), a seat
``{"seat": n}`` (0-based; the browser names it as the table does: "Seat 2", "Rhom"), or a list
``{"list": [arg, ...], "sep": " "}`` (``sep`` defaults to ", "). A ``Text`` may also be a plain
string, shown as it is (the fallback for a game without a describer).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Decision, Game, GameSpec, View

Msg = dict[str, Any]
Text = Msg | str


def msg(key: str, /, **args: Any) -> Msg:
    """The message ``key`` with its arguments (see the module docstring)."""
    return {"key": key, "args": args} if args else {"key": key}


def seat_ref(seat: int) -> dict[str, int]:
    """A seat as a message argument: the browser names it (0-based here)."""
    return {"seat": seat}


def listed(items: Iterable[Any], sep: str = ", ") -> dict[str, Any]:
    """Several arguments shown one after the other, separated by ``sep``."""
    out: dict[str, Any] = {"list": list(items)}
    if sep != ", ":
        out["sep"] = sep
    return out


@dataclass(frozen=True, slots=True)
class LobbyOption:
    """A table option the lobby offers as a control (its type, default and modes come from the
    game's metadata, ``GameInfo.options``)."""

    name: str
    label: str  # the message key of the control's label
    seats: tuple[int, int] | None = None  # offered only for tables of this many seats, automa
    # seats included (the metadata says which modes; some options also need a table size)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "label": self.label, "seats": self.seats}


@dataclass(frozen=True, slots=True)
class Tutorial:
    """How a game's interactive tutorial table is set up: a mode played by one person, and a
    fixed seed chosen so that the first turns teach well (a plug-in may have an optional
    ``tutorial`` attribute holding one; ``{"tutorial": true}`` in a table request uses it)."""

    mode: str
    seed: int


class WebGame(Protocol):
    """One game's server-side plug-in for the web face."""

    @property
    def game(self) -> str:
        """The game's registry name (``iridescia.games.get(plugin.game)``)."""
        ...

    @property
    def board(self) -> bool:
        """Whether the browser has a board for this game (``static/games/<game>/index.js``);
        tables of a game without one cannot be created in the browser."""
        ...

    @property
    def record_public_at_end(self) -> bool:
        """Whether a finished game keeps no secret (every hand, deck and choice may be shown),
        so that its record, seed included, may go to every player of a table with people on
        other devices (``web.records``); False when some hidden choice stays secret for good."""
        ...

    @property
    def automa_kind(self) -> str:
        """The seat kind stored for the seats the engine plays (``"rhom"``)."""
        ...

    @property
    def lobby_options(self) -> Sequence[LobbyOption]:
        """The options the lobby offers as controls, in order."""
        ...

    @property
    def keyed_lists(self) -> Mapping[str, str]:
        """View keys holding lists of records that view patches send element by element: the
        key and the field naming an element (``{"board": "hex"}``)."""
        ...

    def client_data(self) -> dict[str, Any]:
        """Public data the game's browser plug-in draws with (card texts...), sent once."""
        ...

    def describe_event(self, event: Event) -> Text:
        """How the log shows ``event`` (already redacted for its reader)."""
        ...

    def heading(self, event: Event) -> bool:
        """Whether ``event`` opens a section of the log (a turn begins)."""
        ...

    def action_table(self) -> list[dict[str, Any]]:
        """Every action of the game's table, by id, as the browser offers it: ``{"text",
        "label": Text, "at": place}`` where ``at`` (optional) names the thing on the table the
        action belongs to, for the game's browser plug-in. Sent once
        (``GET /api/games/<game>/actions``); state messages then carry only legal ids."""
        ...

    def labels(self, view: View, actions: Sequence[Action]) -> dict[int, Text]:
        """Labels of some of ``actions`` (legal for the seat whose ``view`` this is) that depend
        on the state, by id: they replace the table's label."""
        ...

    def prompt(self, decision: Decision) -> Text:
        """The question a decision asks."""
        ...

    def result(self, game: Game) -> dict[str, Any]:
        """A finished game's result as the table stores and shows it (``winners`` at least)."""
        ...

    def turn(self, game: Game) -> int | None:
        """The turn number the lobby shows, or None."""
        ...


def action_json(action: Action, label: Text, at: str | None = None) -> dict[str, Any]:
    """One row of ``WebGame.action_table``."""
    out: dict[str, Any] = {"text": str(action), "label": label}
    if at is not None:
        out["at"] = at
    return out


class GenericWebGame:
    """The plug-in of a game the web face has none for: listed in the lobby (metadata, notice),
    no board in the browser; its events and actions read as their kinds and texts."""

    __slots__ = ("game", "spec")

    board = False
    record_public_at_end = False
    automa_kind = "automa"
    lobby_options: Sequence[LobbyOption] = ()
    keyed_lists: Mapping[str, str] = {}

    def __init__(self, spec: GameSpec) -> None:
        self.game = spec.info.name
        self.spec = spec

    def client_data(self) -> dict[str, Any]:
        return {}

    def describe_event(self, event: Event) -> Text:
        who: Any = seat_ref(event.player) if event.player >= 0 else msg("table.name")
        return msg("ev.unknown", seat=who, kind=event.kind)

    def heading(self, event: Event) -> bool:
        return False

    def action_table(self) -> list[dict[str, Any]]:
        return [action_json(a, str(a)) for a in self.spec.actions]

    def labels(self, view: View, actions: Sequence[Action]) -> dict[int, Text]:
        return {}

    def prompt(self, decision: Decision) -> Text:
        return decision.prompt

    def result(self, game: Game) -> dict[str, Any]:
        return game.outcome().to_json()

    def turn(self, game: Game) -> int | None:
        return None
