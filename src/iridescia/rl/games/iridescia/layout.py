"""Gems of Iridescia's observation layout: every field of the vector, its vocabulary and bounds.

``LAYOUT`` lists the fields in order (the generic ``rl.layout.Layout``). Offsets are fixed per
rules version, so a trained network stays valid as long as ``RULES_VERSION`` does not change.
``docs/observation.md`` is generated from this list (``LAYOUT.markdown_table()``) and a test
keeps the two in sync.

Vocabularies come from the action table where it names them (colours, items, how many hexes,
tiles, relics, objectives, seats, market slots and dice) and otherwise from the documented view
format (the game's ``view``): phases, decision kinds, tile gems, bonuses, tokens. A view value
outside a vocabulary is an error (``ValueError``): it means the rules grew and the layout must
follow.
"""

from __future__ import annotations

from iridescia.games.iridescia import ACTIONS
from iridescia.rl.layout import FieldSpec, Layout, one_hot


def _arguments(prefix: str) -> list[str]:
    """The argument texts of the actions whose text is ``prefix <argument>``, in table order."""
    out = []
    for action in ACTIONS:
        text = str(action)
        if text.startswith(prefix + " ") and " " not in text[len(prefix) + 1 :]:
            out.append(text[len(prefix) + 1 :])
    return out


# From the action table.
COLOURS: tuple[str, ...] = tuple(_arguments("colour"))
ITEM_KEYS: tuple[str, ...] = tuple(_arguments("play"))
NUM_HEXES = len(_arguments("reveal"))
NUM_TILES = len(_arguments("discard tile"))
NUM_RELICS = len(_arguments("restore"))
NUM_OBJECTIVES = len(_arguments("discard objective"))
MAX_SEATS = len(_arguments("swap"))
MAX_ITEM_SLOTS = len(_arguments("buy"))
DICE_TARGETS: tuple[str, ...] = tuple(_arguments("die"))  # roll:1..roll:6, market:<colour>

# From the view format (the game's ``view``).
TILE_GEMS: tuple[str, ...] = (*COLOURS, "rainbow", "iridia")
BONUSES: tuple[str, ...] = ("coins", "points", "stone_die")
LEADS: tuple[str, ...] = (*COLOURS, "wild")
TOKENS: tuple[str, ...] = ("iridia_stone", "throne", "scepter", "banner")
PHASES: tuple[str, ...] = ("reveal", "actions", "restore", "remove", "game over")
DECISION_KINDS: tuple[str, ...] = (
    "reveal", "actions", "restore", "remove", "objective", "tile colour", "cargo limit",
    "blocked: discard", "blocked: place", "die", "adjust", "libation", "libation dice",
    "wishing well", "cauldron", "cauldron gem", "axe", "book", "catapult", "swap", "pickaxe",
    "pickaxe colour",
)  # fmt: skip
ROLL_KINDS: tuple[str, ...] = ("mining", "wishing well")
WEATHERVANES: tuple[str, ...] = ("left", "right")
POINT_SOURCES: tuple[str, ...] = (
    "relics", "tile_bonus", "iridia_stone", "token", "merchant", "overflow",
)  # fmt: skip
NUM_RHOM_CARDS = 16
NUM_PENDING_KINDS = 18  # the engine's pending-decision codes, 0..17 (``view.turn.engine``)
PENDING_SHOWN = 2  # the top two entries of the pending-decision stack
ARG_BITS = 10  # a pending decision's integer arguments, as bits (values up to 1023)


_SLOTS = "player slots (0 = the observing seat, then the next seats in turn order)"
_REL = tuple(f"slot{k}" for k in range(MAX_SEATS))
_PENDING_COLUMNS = (
    *one_hot("kind", range(NUM_PENDING_KINDS)),
    *(f"a.bit{i}" for i in range(ARG_BITS)),
    *(f"b.bit{i}" for i in range(ARG_BITS)),
)
_BOARD_COLUMNS = (
    "has_tile", "face_up", "barricade", *one_hot("gem", TILE_GEMS), *one_hot("bonus", BONUSES),
    *(f"explorer.{s}" for s in _REL),
)  # fmt: skip
_PLAYER_FLAGS = (
    "present", "is_rhom", "at_start", "in_castle", "finished", "iridia_stone",
    "objective_discarded", "has_reserved_relic",
)  # fmt: skip

# (name, rows, columns, doc, scale, cap), in vector order.
_FIELDS: list[FieldSpec] = [
    ("seats", 1, one_hot("seats", range(1, MAX_SEATS + 1)),
     "seats in the game, the Rhom included", 1, 1),
    ("rhom", 1, ("present",), "the Rhom automa plays", 1, 1),
    ("viewer_seat", 1, one_hot("seat", range(MAX_SEATS)), "the observing seat (0-based)", 1, 1),
    ("current_player", 1, _REL,
     "who decides now, as a player slot (none when the game is over)", 1, 1),
    ("my_decision", 1, ("yes",), "the observing seat decides now", 1, 1),
    ("game_over", 1, ("yes",), "the game is over", 1, 1),
    ("phase", 1, one_hot("phase", PHASES), "turn phase", 1, 1),
    ("decision_kind", 1, one_hot("kind", DECISION_KINDS), "what is being decided", 1, 1),
    ("pending_depth", 1, ("depth",), "pending sub-decisions (item steps, overflow...) / 4", 4, 8),
    ("pending", PENDING_SHOWN, _PENDING_COLUMNS,
     "top of the pending-decision stack, then the entry below: engine code one-hot and its two "
     "integer arguments as bits", 1, 1),
    ("turn_number", 1, ("number",), "turn number / 60", 60, 240),
    ("turn_flags", 1, ("start_items_allowed", "bought", "sold", "mine_cart", "extra_turn"),
     "this turn so far", 1, 1),
    ("turn_counts", 1, ("reveals", "active_stone_dice", "extra_turns_pending"),
     "this turn's counters / 4", 4, 8),
    ("pickaxe_colour", 1, one_hot("colour", COLOURS),
     "colour named for the Pickaxe this turn", 1, 1),
    ("mining_colour", 1, one_hot("colour", COLOURS), "colour being mined", 1, 1),
    ("roll_kind", 1, ROLL_KINDS, "the latest roll's kind (none: no roll)", 1, 1),
    ("roll_locked", 1, ("locked",), "the latest roll can no longer be changed", 1, 1),
    ("roll_dice", len(DICE_TARGETS), ("present", "success"),
     f"the latest roll, one row per die ({', '.join(DICE_TARGETS)})", 1, 1),
    ("roll_faces", len(DICE_TARGETS), ("face",), "the latest roll's faces / 6", 6, 6),
    ("roll_gain", len(DICE_TARGETS), ("first", "second"),
     "the engine's gain per rolled die / 4", 4, 8),
    ("roll_colour", 1, one_hot("colour", COLOURS), "colour of the roll in progress", 1, 1),
    ("roll_mult", 1, ("multiplier",), "gain multiplier of the roll in progress / 2", 2, 4),
    ("roll_pick", 1, one_hot("die", DICE_TARGETS), "die picked in the roll in progress", 1, 1),
    ("market", len(COLOURS), ("value",), "gem market value per colour / 6", 6, 12),
    ("supply", len(COLOURS), ("gems",), "gems left in the supply per colour / 16", 16, 32),
    ("stone_supply", 1, ("dice",), "stone dice left in the supply / 4", 4, 8),
    ("relic_deck_count", 1, ("cards",), "relic deck size / 24", 24, 24),
    ("relic_deck_top", 1, one_hot("lead", LEADS),
     "lead gem on the back of the relic deck's top card", 1, 1),
    ("item_market", MAX_ITEM_SLOTS, one_hot("item", ITEM_KEYS),
     "item market, one row per slot", 1, 1),
    ("item_deck_count", 1, ("cards",), "item deck size / 36", 36, 72),
    ("item_discard", len(ITEM_KEYS), ("copies",), "discarded items per kind / 3", 3, 6),
    ("tokens_left", 1, one_hot("token", TOKENS), "royalty tokens still to be taken", 1, 1),
    ("hidden_tiles", 1, ("thinned", "removed_face_down"), "tiles nobody has seen / 16", 16, 32),
    ("removed_face_down_by_region", 5, ("tiles",),
     "tiles removed face down per region (desert, canyon, forest, ruins, castle) / 8", 8, 16),
    ("board", NUM_HEXES, _BOARD_COLUMNS,
     "one row per hex 1..58: tile present, face up, barricade; a face-up tile's gem and bonus; "
     "explorers by player slot", 1, 1),
    ("board_bonus_amount", NUM_HEXES, ("amount",), "a face-up tile's bonus amount / 3", 3, 6),
    ("tiles", NUM_TILES, ("face_up_on_board", "removed_face_up", *(f"pile.{s}" for s in _REL)),
     "one row per tile id 1..58: where it is, when public", 1, 1),
    ("relics", NUM_RELICS,
     ("in_row", "in_deck_seen", *(f"owned.{s}" for s in _REL), *(f"reserved.{s}" for s in _REL)),
     "one row per relic id 1..24: in the row, in the deck (seen through the Book), restored or "
     "reserved by a player slot", 1, 1),
    ("my_objectives", NUM_OBJECTIVES, ("held", "discarded"),
     "one row per objective id 1..15: the observing seat's own objectives", 1, 1),
    ("rhom_deck", 1, ("cards", "barricades_left"),
     "the Rhom's deck size / 16 and barricades left / 16", 16, 16),
    ("rhom_weathervane", 1, one_hot("vane", WEATHERVANES),
     "weathervane on the back of the Rhom's top card", 1, 1),
    ("rhom_discard", NUM_RHOM_CARDS, ("drawn",),
     "one row per Rhom card id 1..16: drawn (face up)", 1, 1),
    ("players_flags", MAX_SEATS, _PLAYER_FLAGS, _SLOTS, 1, 1),
    ("players_token", MAX_SEATS, one_hot("token", TOKENS), "royalty token taken", 1, 1),
    ("players_coins", MAX_SEATS, ("coins",), "coins / 10", 10, 100),
    ("players_cargo", MAX_SEATS, one_hot("cargo", COLOURS), "gems in cargo per colour / 7", 7, 21),
    ("players_stone_dice", MAX_SEATS, ("dice",), "idle stone dice / 4", 4, 8),
    ("players_items", MAX_SEATS, one_hot("item", ITEM_KEYS), "items held per kind / 2", 2, 6),
    ("players_pile", MAX_SEATS, one_hot("gem", TILE_GEMS),
     "victory-pile tiles per gem / 8", 8, 32),
    ("players_relics", MAX_SEATS, ("relics",), "restored relics / 8", 8, 24),
    ("players_points", MAX_SEATS, one_hot("points", POINT_SOURCES),
     "public points by source / 20", 20, 200),
    ("players_objective_count", MAX_SEATS, ("objectives",), "objectives held / 2", 2, 4),
    ("players_turns_taken", MAX_SEATS, ("turns",), "turns taken / 30", 30, 300),
]  # fmt: skip


LAYOUT = Layout(_FIELDS)
OBS_SIZE = LAYOUT.size
