"""Every event Gems of Iridescia emits, declared once with its facts (the event catalogue).

For each kind: what it means, whether some viewer sees less of it (only another player's
discarded objective is secret), whether it drew randomness or turned hidden information face up,
whether an undo may take back a step that emitted it, how long a face should linger on it when
it plays the Rhom's turn step by step, and whether logs show it (a sale's gem returns are part of
the sale's own line). The web app, the terminal, replays, logs and statistics read these facts;
none of them lists event kinds of its own.
"""

from __future__ import annotations

from typing import Final

from iridescia.core.events import Event, EventCatalogue, EventKind


def _hide_objective(event: Event, viewer: int | None) -> Event:
    """Another player's discarded objective is secret: others see that one was discarded."""
    if viewer == event.player:
        return event
    return Event(event.kind, event.player, {})


def _return_shown(event: Event) -> bool:
    """Gems returned by a sale, a restoration or the Rhom's full hold are in those lines."""
    return event.data.get("reason") not in ("sell", "restore", "rhom hold full")


def _never(event: Event) -> bool:
    return False


RHOM_PAUSE: Final = 0.6  # seconds per step of the Rhom's turn, at normal speed
STEP_PAUSE: Final = 0.3


EVENTS: Final = EventCatalogue(
    [
        # Setup and the turn flow.
        EventKind("setup", "the table is set up; who plays first", random=True, undoable=False),
        EventKind("turn", "a turn begins (normal, extra, remove, or the Rhom's)", undoable=False),
        EventKind("turn_skipped", "a seat in the Castle has nothing left to remove",
                  undoable=False),
        EventKind("extra_turn", "an Epic Elixir gives the seat another turn", undoable=True),
        EventKind("game_over", "every explorer has reached the Castle", undoable=False),
        # Reveal, move, arrive.
        EventKind("reveal", "a face-down tile is turned up", random=True, undoable=False,
              pause=STEP_PAUSE),
        EventKind("move", "an explorer moves onto a tile", pause=STEP_PAUSE),
        EventKind("blocked", "an explorer has no adjacent tile (R9)", undoable=False),
        EventKind("tile_discarded", "a blocked explorer discards a tile of its pile (R9)"),
        EventKind("placed", "a blocked explorer restarts on an empty hex (R9)", undoable=False),
        EventKind("objective_discarded", "a seat discards one of its two objectives (R12)",
              redact=_hide_objective),
        EventKind("colour_chosen", "the colour of a rainbow or Iridia tile is chosen"),
        EventKind("coins", "a seat gains coins"),
        EventKind("points", "a seat scores points during the game"),
        EventKind("stone_die", "a stone die is taken from the supply (or none is left)"),
        EventKind("iridia_stone", "a seat takes the Iridia Stone"),
        # Gems and the market.
        EventKind("gain", "gems from the supply to a cargo", pause=STEP_PAUSE),
        EventKind("return", "gems from a cargo back to the supply", shown=_return_shown),
        EventKind("supply_short", "the supply had fewer gems than a gain asked for (R1)"),
        EventKind("give", "a gem given to another seat over the cargo limit (R17)"),
        EventKind("market", "a market die moves"),
        # Optional actions.
        EventKind("mine", "a mining attempt: the dice rolled against the market", random=True,
              undoable=False),
        EventKind("buy", "an item bought; its slot is refilled from the deck", random=True,
              undoable=False),
        EventKind("sell", "gems of one colour sold at the market value"),
        EventKind("play", "an item card played"),
        EventKind("end_actions", "the seat ends its optional actions", shown=_never),
        EventKind("item_reshuffle", "the merchant deck is rebuilt from its discard (R15)",
              random=True, undoable=False),
        EventKind("item_market_refresh", "the item market is reshuffled and dealt again",
              random=True, undoable=False),
        # Items' effects.
        EventKind("die", "a die of the latest roll changed by an item (R21)"),
        EventKind("roll_locked", "a changed market die locks the latest roll"),
        EventKind("well_roll", "the Wishing Well's dice", random=True, undoable=False),
        EventKind("well_nothing", "no colour is valued low enough for the Wishing Well",
              undoable=False),
        EventKind("reserve", "a relic reserved with the Regal Reference Book; the deck shuffled",
              random=True, undoable=False),
        EventKind("pickaxe", "the Prosperous Pickaxe names its tile's colour", undoable=False),
        EventKind("catapult", "the Clever Catapult lands on a tile", undoable=False),
        EventKind("swap", "Swapping Stones trade two explorers' places"),
        # End of turn.
        EventKind("restore", "a relic restored with gems (R18)", undoable=False),
        EventKind("relic_dealt", "a new relic dealt to the row", random=True, undoable=False),
        EventKind("collect", "the tile under the explorer joins its victory pile"),
        EventKind("stone_returned", "activated stone dice go back to the supply"),
        EventKind("castle", "an explorer reaches the Castle and takes a royalty token"),
        EventKind("remove", "a seat in the Castle removes a tile from the board", undoable=False),
        # The Rhom automa (spec sections 8-9): its whole turn is played by the engine.
        EventKind("rhom_card", "the Rhom draws its card", random=True, undoable=False, automa=True,
              pause=RHOM_PAUSE),
        EventKind("rhom_dice", "the Rhom rolls dice", random=True, undoable=False, automa=True,
              pause=RHOM_PAUSE),
        EventKind("rhom_choice", "the Rhom picks the tile it moves onto, and why",
              undoable=False, automa=True, pause=RHOM_PAUSE),
        EventKind("rhom_overflow", "the Rhom's hold is full: gems returned for points (R45)",
              undoable=False, automa=True, pause=RHOM_PAUSE),
        EventKind("rhom_merchant", "the Rhom's Merchant takes an item for points", undoable=False,
              automa=True, pause=RHOM_PAUSE),
        EventKind("rhom_barricade", "the Rhom places a barricade (R41)", undoable=False,
              automa=True, pause=RHOM_PAUSE),
        EventKind("rhom_reshuffle", "the Rhom deck is reshuffled", random=True, undoable=False,
              automa=True),
        EventKind("rhom_stuck", "the Rhom found no tile to move onto", undoable=False, automa=True),
    ]
)  # fmt: skip
