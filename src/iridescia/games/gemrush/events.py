"""Every kind of event Gem Rush emits, with its facts: redaction per seat, randomness, undo.

Spec §9: a ``draw`` (and the starting ``deal``) shows its card ids only to the drawer, or to
everyone when hands are open; ``burn_deck`` carries no card id at all, for anyone; Scrying
Pool's tiles (``scry_look``, ``scry``) go only to the user in Rush. Everything else is public.
A front's undo never crosses an event that drew, revealed or dug a card, drew a tile, burnt a
card or reshuffled; seeing the top of the room stack (``scry_look``) counts too (ruling GR-9b).
Events carry data only; faces make the text.
"""

from __future__ import annotations

from iridescia.core.events import Event, EventCatalogue, EventKind


def _cards_to_owner(event: Event, viewer: int | None) -> Event | None:
    """Hand cards drawn face down: the ids go to the owner, or to everyone with open hands."""
    if event.data.get("open") or viewer == event.player:
        return event
    data = {k: v for k, v in event.data.items() if k != "cards"}
    return Event(event.kind, event.player, data)


def _tiles_to_user(event: Event, viewer: int | None) -> Event | None:
    """Gem Rush R76: in Rush only the user sees the tiles and their order; others learn how many."""
    if event.data.get("open") or viewer == event.player:
        return event
    data = {k: v for k, v in event.data.items() if k != "tiles"}
    data["count"] = len(event.data.get("tiles", ()))
    return Event(event.kind, event.player, data)


def _kind(name: str, summary: str, *, random: bool = False, pause: float = 0.0) -> EventKind:
    """A public event kind; one that drew randomness or showed hidden cards blocks undo."""
    return EventKind(name, summary, random=random, undoable=not random, pause=pause)


EVENTS = EventCatalogue(
    (
        # setup and turns
        _kind("game_start", "mode, players, first player (drawn at random unless fixed, R6)",
              random=True),
        EventKind("deal", "the starting hand of a seat (R7)", _cards_to_owner, random=True,
                  undoable=False),
        _kind("start_room", "the room where every dwarf starts (R8)"),
        _kind("turn", "a turn begins: number, round, open construction sites, actions so far",
              pause=0.3),
        _kind("patience_skip", "phase 1 skipped by the Patience flag (R12)"),
        _kind("turn_end", "a seat's turn ends: actions so far (this turn's included)"),
        _kind("game_over", "the outcome: scores, winners, returns, reason (R43, R45)",
              pause=1.0),
        # the mine
        _kind("tile_drawn", "the top tile of the room stack is drawn, face up", random=True,
              pause=0.3),
        _kind("tile_placed", "a tile is placed: position, rotation, why (R8, R23, R24, R101)",
              pause=0.3),
        _kind("construction", "a construction starts: site, cost, points, warped (R21-R25)"),
        _kind("chain_stopped", "the room stack ran out during a chain (R65)"),
        _kind("mine_closed", "no construction site is left: the mine will reopen (R101)"),
        _kind("reopen", "where the closed mine is reopened (R101)"),
        _kind("move", "a dwarf moves: walk, construction, jump, cart, portal, swap..."),
        _kind("tile_removed", "Dimensional Rift puts a tile at the bottom of the stack (R70)"),
        _kind("elevator_door", "the open door Mystic Elevator moves to (R71)"),
        _kind("elevator", "Mystic Elevator moves with its dwarves (R71)", pause=0.3),
        _kind("time_vein", "Time Vein refills the steps (R72)"),
        # cards
        EventKind("draw", "cards drawn face down into a hand (R35)", _cards_to_owner,
                  random=True, undoable=False),
        _kind("reveal", "cards turned face up into the revealed row (R36)", random=True,
              pause=0.3),
        _kind("dig", "cards turned face up by a dig, and the ones dug (R37)", random=True,
              pause=0.3),
        _kind("keep", "cards kept from the revealed row, face up (R38, R89)"),
        _kind("take", "cards taken from the discard pile, face up (R82, R89)"),
        EventKind("discard", "cards put on the discard pile, in id order (R40); from a hidden "
                  "hand this shows them", reveals=True),
        _kind("cleanup", "the revealed row goes to the discard pile (R39)"),
        _kind("reshuffle", "the discard pile becomes the deck (R35)", random=True),
        _kind("burn_deck", "the deck's top card is burnt unseen; no id for anyone (R41)",
              random=True),
        _kind("burn_hand", "a card burnt from a hand, shown (R41, R68)", random=True),
        _kind("score", "a score changes: delta, total, reason"),
        # room effects
        _kind("effect", "a room's effect starts (R50); as_action: the phase-3 action (R33)"),
        _kind("effect_end", "the effect ends (R39)"),
        _kind("copy", "Observatory copies a room (R69)"),
        _kind("name", "gems named (R50, R79)"),
        _kind("x_chosen", "X, the number of cards discarded by DISCARD ANY (R52)"),
        _kind("patience", "the Patience flag is set (R12)"),
        EventKind("scry_look", "the tiles Scrying Pool looks at (R76)", _tiles_to_user,
                  random=True, undoable=False),
        EventKind("scry", "the new order of those tiles (R76)", _tiles_to_user),
    )
)  # fmt: skip
EVENT_KINDS = tuple(k.name for k in EVENTS)
