"""The action table: one fixed order, one canonical text per action, exact round trips.

Every recorded game refers to actions by text and every bot or RL wrapper by id, so the table's
order and texts are pinned here: a change to either must be deliberate (and bump the rules
version, since records and trained policies depend on it).
"""

from __future__ import annotations

import pytest

from iridescia.core.errors import InvalidActionError
from iridescia.games.iridescia import actions as A
from iridescia.games.iridescia.actions import ACTION_TABLE, KIND_NAMES, NUM_ACTIONS, Action

# Pinned (text, id) pairs: the first and last action of every kind, and a few in between.
PINNED_IDS = [
    ("reveal 1", 0),
    ("reveal 58", 57),
    ("move 1", 58),
    ("place 1", 116),
    ("discard tile 1", 174),
    ("discard objective 1", 232),
    ("colour amethyst", 247),
    ("give amethyst 1", 251),
    ("return amethyst", 267),
    ("take amethyst", 271),
    ("take none", 275),
    ("mine 0", 276),
    ("buy 1", 281),
    ("sell amethyst 1", 287),
    ("sell sapphire 7", 314),
    ("play cauldron", 315),
    ("play well", 326),
    ("die roll:1", 327),
    ("die roll:1 -2", 337),
    ("die market:sapphire +2", 376),
    ("libation roll", 377),
    ("pick roll:1", 379),
    ("roll", 389),
    ("reserve 1", 390),
    ("land 1", 414),
    ("swap 1", 472),
    ("pickaxe 1", 476),
    ("restore 1", 534),
    ("end", 558),
    ("done", 559),
    ("remove 1", 560),
    ("remove 58", 617),
]


def test_the_table_has_618_actions_with_ids_in_order() -> None:
    assert NUM_ACTIONS == len(ACTION_TABLE) == 618
    assert [a.id for a in ACTION_TABLE] == list(range(NUM_ACTIONS))


@pytest.mark.parametrize(("text", "action_id"), PINNED_IDS)
def test_pinned_ids(text: str, action_id: int) -> None:
    assert A.parse(text).id == action_id
    assert str(ACTION_TABLE[action_id]) == text


def test_kinds_come_in_table_order() -> None:
    kinds = [a.kind for a in ACTION_TABLE]
    assert kinds == sorted(kinds), "actions of one kind are contiguous, kinds in KIND_NAMES order"
    assert sorted(set(kinds)) == list(range(len(KIND_NAMES)))


def test_every_action_round_trips_through_its_text_and_id() -> None:
    for a in ACTION_TABLE:
        assert A.parse(str(a)) is a, str(a)
        assert A.from_id(a.id) is a, a.id


def test_texts_are_unique_and_canonical() -> None:
    texts = [str(a) for a in ACTION_TABLE]
    assert len(set(texts)) == len(texts)
    for t in texts:
        assert t == t.strip().lower() and "  " not in t, t


def test_repr_evaluates_back_to_the_same_action() -> None:
    for a in ACTION_TABLE:
        back = eval(repr(a), {"Action": Action})
        assert back is a, repr(a)


def test_values_compare_by_kind_and_arguments() -> None:
    for a in ACTION_TABLE:
        twin = Action(a.kind, a.a, a.b)  # a loose value, not from the table
        assert twin == a and hash(twin) == hash(a)
        assert str(twin).startswith("<not a table action")  # only table entries carry a text
        assert A.act(a.kind, a.a, a.b) is a
    assert len(set(ACTION_TABLE)) == NUM_ACTIONS


def test_actions_are_frozen() -> None:
    a = ACTION_TABLE[0]
    with pytest.raises(AttributeError):
        a.kind = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("REVEAL 1", "reveal 1"),
        ("  reveal   1  ", "reveal 1"),
        ("Reveal\t1", "reveal 1"),
        ("\nEND\n", "end"),
        ("Sell   Emerald  3", "sell emerald 3"),
        ("GIVE sapphire 2", "give sapphire 2"),
        ("Discard  Objective 7", "discard objective 7"),
        ("die ROLL:2 +1", "die roll:2 +1"),
        ("Die Market:Emerald -2", "die market:emerald -2"),
        ("Play JackHammer", "play jackhammer"),
        ("take NONE", "take none"),
    ],
)
def test_parse_forgives_case_and_spacing(text: str, expected: str) -> None:
    assert A.parse(text) is A.parse(expected)
    assert str(A.parse(text)) == expected


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "reveal",
        "reveal 0",
        "reveal 59",
        "reveal one",
        "reveal 1 2",
        "reveal1",
        "sell emerald 0",
        "sell emerald 8",
        "sell ruby 1",
        "give emerald 0",
        "give emerald 5",
        "buy 0",
        "buy 7",
        "mine 5",
        "mine -1",
        "die roll:0",
        "die roll:7",
        "die roll:1 +3",
        "die roll:1 0",
        "die market:ruby",
        "restore 25",
        "reserve 0",
        "discard objective 16",
        "remove 59",
        "swap 5",
        "libation both",
        "play sword",
        "take rainbow",
        "jump 3",
    ],
)
def test_parse_rejects_what_is_not_in_the_table(text: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        A.parse(text)
    message = str(info.value)
    # The message says what was expected: the known forms, or examples of this form.
    assert "takes arguments like" in message or "actions start with" in message, message


def test_parse_hints_at_the_right_form() -> None:
    with pytest.raises(InvalidActionError, match="'reveal' takes arguments like: reveal 1"):
        A.parse("reveal 99")
    with pytest.raises(InvalidActionError, match=r"actions start with one of: .*reveal"):
        A.parse("fly 3")


@pytest.mark.parametrize("value", [None, 3, 2.5, b"end", ["end"]])
def test_parse_rejects_non_strings(value: object) -> None:
    with pytest.raises(InvalidActionError, match="must be a string"):
        A.parse(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [-1, NUM_ACTIONS, 10**20, -(10**20), 1.0, "3", None])
def test_from_id_rejects_what_is_not_an_id(value: object) -> None:
    with pytest.raises(InvalidActionError, match=r"integer in 0\.\.617"):
        A.from_id(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", [True, False])
def test_from_id_rejects_bools(value: bool) -> None:
    """A bool is an int to Python, but ``True`` is not action 1."""
    with pytest.raises(InvalidActionError, match="integer in"):
        A.from_id(value)


def test_errors_are_value_errors() -> None:
    from iridescia.core.errors import IllegalActionError, RecordError

    for cls in (InvalidActionError, IllegalActionError, RecordError):
        assert issubclass(cls, ValueError)
    assert not issubclass(InvalidActionError, IllegalActionError)
    assert not issubclass(IllegalActionError, InvalidActionError)


def test_fast_lookup_rows_match_the_table() -> None:
    """The per-kind rows the legal-action generators use are views of the one table."""
    for h in range(1, 59):
        assert A.REVEAL_AT[h] is A.parse(f"reveal {h}")
        assert A.MOVE_TO[h] is A.parse(f"move {h}")
        assert A.PLACE_AT[h] is A.parse(f"place {h}")
        assert A.LAND_AT[h] is A.parse(f"land {h}")
        assert A.REMOVE_AT[h] is A.parse(f"remove {h}")
        assert A.PICKAXE_AT[h] is A.parse(f"pickaxe {h}")
        assert A.DISCARD_TILE_OF[h] is A.parse(f"discard tile {h}")
    for r in range(1, 25):
        assert A.RESERVE_OF[r] is A.parse(f"reserve {r}")
        assert A.RESTORE_OF[r] is A.parse(f"restore {r}")
    for o in range(1, 16):
        assert A.DISCARD_OBJECTIVE_OF[o] is A.parse(f"discard objective {o}")
    for slot in range(1, 7):
        assert A.BUY_SLOT[slot] is A.parse(f"buy {slot}")
    for k in range(5):
        assert A.MINE_K[k] is A.parse(f"mine {k}")
    colours = ("amethyst", "citrine", "emerald", "sapphire")
    for c, name in enumerate(colours):
        assert A.COLOUR_OF[c] is A.parse(f"colour {name}")
        assert A.RETURN_OF[c] is A.parse(f"return {name}")
        assert A.TAKE_OF[c] is A.parse(f"take {name}")
        for n in range(1, 8):
            assert A.SELL_OF[c][n] is A.parse(f"sell {name} {n}")
        for seat in range(1, 5):
            assert A.GIVE_OF[c][seat] is A.parse(f"give {name} {seat}")
        assert A.DIE_OF[6 + c] is A.parse(f"die market:{name}")
        assert A.PICK_OF[6 + c] is A.parse(f"pick market:{name}")
    for t in range(6):
        assert A.DIE_OF[t] is A.parse(f"die roll:{t + 1}")
        for d in (-2, -1, 1, 2):
            assert A.ADJUST_OF[(t, d)] is A.parse(f"die roll:{t + 1} {d:+d}")
    for seat in range(1, 5):
        assert A.SWAP_WITH[seat] is A.parse(f"swap {seat}")
    assert (A.parse("libation roll"), A.parse("libation market")) == A.LIBATION_MODE
    for name in ("take none", "roll", "end", "done"):
        assert A.parse(name) in (
            A.TAKE_NONE_ACTION,
            A.ROLL_ACTION,
            A.END_ACTION,
            A.DONE_ACTION,
        )
