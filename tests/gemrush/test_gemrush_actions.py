"""The Gem Rush action table (spec §9): texts, ids, parsing, and its fixed shape.

Every action's text parses back to it (in any capitalisation and spacing), every id is its
index, ``repr`` evaluates back, and the table's size and order are pinned: ids are stable for a
rules version, so a change here must be deliberate (new kinds are appended at the end).
"""

from __future__ import annotations

import pytest

from iridescia.core.actions import Action
from iridescia.core.errors import InvalidActionError
from iridescia.games.gemrush import ACTIONS, GAME, GAME_NAME
from iridescia.games.gemrush import actions as A


def test_every_text_parses_back_and_every_id_is_its_index() -> None:
    assert len(ACTIONS) == GAME.info.num_actions == A.NUM_ACTIONS
    for i, action in enumerate(ACTIONS):
        assert action.id == i
        text = str(action)
        assert ACTIONS.parse(text) is action
        assert ACTIONS.parse(text.upper()) is action
        assert ACTIONS.parse("  " + text.lower().replace(" ", "   ") + " ") is action
        assert ACTIONS.from_id(i) is action
        assert ACTIONS.coerce(action) is action
        assert eval(repr(action), {"Action": Action}) == action


def test_table_shape_is_pinned() -> None:
    counts: dict[int, int] = {}
    for action in ACTIONS:
        counts[action.kind] = counts.get(action.kind, 0) + 1
    expected = {
        A.WALK: 4, A.USE: 1, A.JUMP: 75, A.BUILD: 320, A.END: 1, A.PAY: 75, A.PAID: 1,
        A.ROTATE: 4, A.TO: 80, A.DOOR: 320, A.DRAW: 1, A.ROOM: 1, A.DISCARD: 75, A.DONE: 1,
        A.KEEP: 75, A.NAME: 11, A.NAME2: 55, A.COPY: 80, A.REMOVE: 80, A.SWAP: 7, A.ORDER: 80,
        A.BURN_DECK: 1, A.BURN: 75, A.BURN_SEAT: 7, A.STOP: 1, A.PLAY_ON: 1, A.REOPEN: 4,
    }  # fmt: skip
    assert counts == expected
    kinds = [a.kind for a in ACTIONS]
    assert kinds == sorted(kinds), "kinds are in table order"
    assert len(ACTIONS) == 1436
    for text, i in [("walk N", 0), ("use", 4), ("jump G01", 5), ("build T01 N", 80),
                    ("end", 400), ("play on", 1431), ("reopen W", 1435)]:  # fmt: skip
        assert ACTIONS.parse(text).id == i


@pytest.mark.parametrize(
    "text",
    ["walk N", "build T12 E", "pay G07", "paid", "rotate 1", "to T05", "door T12 N", "draw",
     "room", "discard G01", "done", "keep G03", "name FR", "name FR EG", "copy T34",
     "remove T20", "swap 3", "order T44", "burn deck", "burn G12", "burn seat 2", "stop",
     "play on", "reopen W", "jump G64", "use", "end"],
)  # fmt: skip
def test_the_spec_texts_exist(text: str) -> None:
    assert str(ACTIONS.parse(text)) == text
    assert str(Action.parse(text, GAME_NAME)) == text


def test_named_pairs() -> None:
    pairs = [a for a in ACTIONS if a.kind == A.NAME2]
    assert len(pairs) == 55  # unordered pairs of 11 gems
    assert all(a.a < a.b for a in pairs)
    assert ACTIONS.parse("name EG FR") is ACTIONS.parse("name FR EG")
    assert ACTIONS.parse("NAME ws dd") is ACTIONS.parse("name DD WS")
    with pytest.raises(InvalidActionError):
        ACTIONS.parse("name FR FR")  # R79: two different gems


def test_seats_are_one_based_in_texts() -> None:
    assert ACTIONS.parse("swap 1").a == 0
    assert ACTIONS.parse("burn seat 7").a == 6
    with pytest.raises(InvalidActionError):
        ACTIONS.parse("swap 0")
    with pytest.raises(InvalidActionError):
        ACTIONS.parse("swap 8")


@pytest.mark.parametrize("text", ["", "walk", "walk up", "build T81 N", "pay G76", "to T00"])
def test_unreadable_texts_say_what_is_expected(text: str) -> None:
    with pytest.raises(InvalidActionError, match="cannot parse"):
        ACTIONS.parse(text)


def test_rows_match_the_table() -> None:
    for d in range(4):
        assert A.WALK_DIR[d] is ACTIONS.lookup(A.WALK, d)
        assert A.REOPEN_DIR[d] is ACTIONS.lookup(A.REOPEN, d)
    for c in range(1, 76):
        assert A.PAY_CARD[c] is ACTIONS.lookup(A.PAY, c)
        assert A.BURN_CARD[c] is ACTIONS.lookup(A.BURN, c)
    for t in range(1, 81):
        assert A.BUILD_AT[t][3] is ACTIONS.lookup(A.BUILD, t, 3)
        assert A.ORDER_TILE[t] is ACTIONS.lookup(A.ORDER, t)
