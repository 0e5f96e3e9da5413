"""The schema of a Gem Rush view, declared once as ``TypedDict``s (what faces may rely on).

A view is plain JSON: ints, strings, bools, lists and dicts. Cards are card ids (1..75, shown as
``G07``), tiles tile ids (1..80, shown as ``T12``), gems their codes (``FR``), directions
``N E S W``, seats 0-based. Static component data (what each card shows, each tile's printed
sides) is in ``catalogue()`` of the package, keyed by the view's ``data_set``. Lists of cards
in a pile run from the bottom to the top; hands are sorted by id.

What a seat may not see never appears: another hand's cards (Rush, or Crisis with hidden hands)
apart from its known cards (Gem Rush R89), the deck's order and contents, cards burnt from the deck,
the room stack's order beyond what this seat saw through Scrying Pool (Gem Rush R76), the RNG and
the seed. ``engine`` holds the engine's public bookkeeping of the decision in progress, exactly as
in the state, so ``world_from_view`` can rebuild a state that this seat cannot tell from the real
one.
"""

from __future__ import annotations

from typing import Any, TypedDict


class SideView(TypedDict):
    """A side of a placed tile, as shown towards one direction."""

    kind: str  # "door", "wall" or "tunnel"
    cost: list[str]  # gem codes in canonical order; [] for a free door (and walls, tunnels)
    points: int
    printed: str  # which printed side this is: "N", "E", "S" or "W"


class TileView(TypedDict):
    """A tile in the mine."""

    id: int
    label: str  # "T12"
    room: str  # room name ("Tunnel" for tunnels)
    type: str  # "action", "movement", "free", "tunnel" or "none"
    effect: str  # the effect key (spec §4.5)
    x: int
    y: int
    rotation: int  # quarter turns clockwise
    sides: list[SideView]  # shown towards N, E, S, W
    pairs: list[str]  # tunnels: the directions linked, as shown (e.g. ["NE", "SW"]); [] else
    dwarves: list[int]  # seats whose dwarf stands here


class SiteView(TypedDict):
    """A construction site (Gem Rush R21): room ``tile``'s door towards ``dir``, whose trace ends at
    the empty position ``(x, y)``."""

    tile: int
    dir: str
    x: int
    y: int
    cost: list[str]
    points: int
    through_tunnels: bool


class OpenDoorView(TypedDict):
    """A door of a placed tile (room or tunnel) facing the empty position ``(x, y)``
    (Gem Rush R71)."""

    tile: int
    dir: str
    x: int
    y: int


class MineView(TypedDict):
    tiles: list[TileView]  # by tile id
    sites: list[SiteView]
    open_doors: list[OpenDoorView]


class PlayerView(TypedDict):
    seat: int
    score: int
    room: int  # the tile the dwarf stands in
    hand_size: int
    hand: list[int] | None  # None when this viewer may not see it
    known: list[int]  # cards everyone saw enter the hand (Gem Rush R89)
    patience: bool  # Patience flag pending (Gem Rush R12)
    stack_known: int  # top tiles of the room stack this seat knows in order (Gem Rush R76)
    first_player: bool  # holds the First Player marker (Rush, Gem Rush R46)


class EffectView(TypedDict):
    """The room effect in progress."""

    tile: int  # the room the dwarf used
    room: str  # the room whose effect runs (the copied one, if copying)
    effect: str
    program: list[str]  # its steps, in order
    step: int  # the step running now
    c: int | None  # card c (DISCARD ONE)
    named: list[str]
    x: int
    dug: list[int]


class DecisionView(TypedDict):
    player: int
    kind: str
    prompt: str
    actions: list[str] | None  # for the deciding seat only
    action_ids: list[int] | None
    chosen: list[int] | None  # cards (or Scrying Pool tiles) chosen so far; None if hidden
    chosen_count: int
    details: dict[str, Any]  # per kind: cost and site of a payment, tile to place...


class EngineView(TypedDict):
    """Public bookkeeping, exactly as in the state (for ``world_from_view``)."""

    phase: int
    pending: list[list[int]]
    fx: list[int]  # room, tile, pc, c, names, x, return phase
    chain: list[int]  # purpose, site, walking, position, direction
    current: int  # the seat whose turn it is (also once the game is over)
    turns_done: int
    burns_left: int
    stack_bottom_known: int


class GemRushView(TypedDict):
    game: str  # "gem-rush"
    rules_version: int
    data_set: str
    notice: str
    viewer: int | None  # None for a spectator
    mode: str  # "crisis" or "rush"
    num_players: int
    options: dict[str, Any]
    params: dict[str, Any]
    first_player: int
    current_player: int | None
    phase: str
    turn: int  # turns started so far
    round: int  # 1-based round of the current turn
    decision: DecisionView | None
    mine: MineView
    stack_size: int
    stack_top: list[int]  # the top tiles this viewer knows, top first (Gem Rush R76)
    stack_bottom: list[int]  # tiles returned by Dimensional Rift, bottom first (Gem Rush R70)
    placing: int | None  # a tile drawn and being placed
    deck_size: int
    discard: list[int]  # bottom to top
    revealed: list[int]  # in the order turned face up
    burnt: int
    burnt_from_deck: int
    burnt_from_hands: list[int]  # in order
    players: list[PlayerView]
    steps: int
    time_vein_used: bool
    free_effects_used: int
    free_effect_limit: int
    burns_left: int
    effect: EffectView | None
    scores: list[int]
    team_score: int | None  # Crisis
    target: int | None  # None: no target (Crisis)
    outcome: dict[str, Any] | None
    engine: EngineView
