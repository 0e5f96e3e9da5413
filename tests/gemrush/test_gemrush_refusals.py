"""Refusals of Gem Rush: a case for every kind of refusal the game declares (``REFUSALS``).

Most are reached by a short scripted sequence of actions from a seed (``SCRIPTED``: the shortest
a search over random playouts found); the rest are positions built with ``scenario`` (the
engine's own position builder; ``CRAFTED``): an Observatory among other dwarves, Mine Carts with
the free uses spent, a closed mine, the burn phase with every card in hands. Each case checks
the key and values, that ``apply`` raises ``IllegalActionError`` carrying the same refusal, that
nothing changed, and the sentence in every language. The contract over random positions
(``refusal`` None exactly when legal, for every action of the table) is in
``tests/test_refusals.py``, for every game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

import pytest

from iridescia.core.errors import IllegalActionError
from iridescia.games.gemrush import GAME, GemRushGame, scenario
from iridescia.games.gemrush.refusals import REFUSALS
from iridescia.i18n import Messages, languages
from iridescia.i18n.refusals import describe_refusal

Values = dict[str, int | str]


class Case(NamedTuple):
    """A refusal reached by playing ``prefix`` (action texts, comma-separated) from a seed."""

    key: str
    mode: str
    players: int
    seed: int
    action: str
    values: Values
    prefix: str


SCRIPTED = [
    Case("gr.refusal.already_chosen", "crisis", 1, 0, "pay G09",
        {"card": "G09"}, "walk S, pay G09"),
    Case("gr.refusal.already_there", "rush", 2, 6, "to T75", {"tile": "T75"},
        "walk S, rotate 0, end, draw, jump G64"
    ),
    Case("gr.refusal.burn_seat_shortfall", "crisis", 2, 2, "burn seat 1", {}, "end, draw"),
    Case("gr.refusal.cannot_pay_door", "crisis", 4, 1, "walk S", {"dir": "S"}, ""),
    Case("gr.refusal.cannot_pay_site", "crisis", 4, 2, "build T38 N", {"tile": "T38", "dir": "N"},
        ""
    ),
    Case("gr.refusal.card_does_not_fit", "crisis", 2, 0, "pay G14", {"card": "G14"}, "walk S"),
    Case("gr.refusal.card_fails_test", "crisis", 1, 7, "discard G23", {"card": "G23"}, "end, room"),
    Case("gr.refusal.card_in_no_hand", "crisis", 2, 2, "burn G01", {"card": "G01"}, "end, draw"),
    Case("gr.refusal.card_not_dug", "rush", 3, 40, "keep G14", {"card": "G14"},
        "end, draw, walk E, pay G45, pay G61, pay G18, paid, rotate 0, rotate 2, walk N, "
        "walk E, end, draw, build T68 S, pay G15, pay G01, pay G55, pay G70, paid, rotate 3, "
        "end, room"
    ),
    Case("gr.refusal.card_not_held", "crisis", 1, 0, "jump G01", {"card": "G01"}, ""),
    Case("gr.refusal.card_not_revealed", "crisis", 2, 9, "keep G01", {"card": "G01"},
        "end, room, discard G02"
    ),
    Case("gr.refusal.elevator_own_door", "crisis", 3, 3, "door T38 N", {},
        "walk E, pay G39, pay G48, paid, rotate 3, end, draw, burn G05, burn G34, burn G11, "
        "use"
    ),
    Case("gr.refusal.no_card_to_discard", "crisis", 2, 21, "room", {}, "end"),
    Case("gr.refusal.no_open_door", "crisis", 1, 2, "use", {}, ""),
    Case("gr.refusal.no_other_cart", "crisis", 1, 47, "use", {}, ""),
    Case("gr.refusal.no_other_room", "crisis", 4, 2, "jump G70", {}, ""),
    Case("gr.refusal.no_steps", "crisis", 4, 62, "walk N", {}, "walk S, rotate 1, walk N, walk S"),
    Case("gr.refusal.no_such_seat", "rush", 2, 29, "swap 3", {"seat": 2},
        "end, draw, walk N, pay G75, pay G49, paid, rotate 2, end, draw, discard G42, end, "
        "draw, walk N, rotate 0, use"
    ),
    Case("gr.refusal.no_swap_partner", "crisis", 1, 38, "use", {}, ""),
    Case("gr.refusal.no_warpstone", "crisis", 1, 0, "build T01 N", {}, ""),
    Case("gr.refusal.not_a_room", "crisis", 1, 49, "to T66", {"tile": "T66"},
        "walk E, pay G31, paid, rotate 0, rotate 2, end, draw, burn G40, burn deck, "
        "burn G38, jump G68"
    ),
    Case("gr.refusal.not_a_site", "crisis", 4, 2, "build T01 N", {"tile": "T01", "dir": "N"}, ""),
    Case("gr.refusal.not_enough_points", "crisis", 4, 24, "room", {"need": 1, "have": 0},
        "walk S, rotate 2, build T35 W, pay G22, pay G69, paid, rotate 3, end, room, "
        "discard G42, burn G35, burn G18, burn G45, walk E, pay G54, pay G26, paid, end, "
        "room, burn G62, burn G50, burn G24, jump G66, to T06, end"
    ),
    Case("gr.refusal.not_now", "crisis", 1, 0, "pay G01", {"prompt": "movement"}, ""),
    Case("gr.refusal.not_open_door", "crisis", 3, 3, "door T01 N", {"tile": "T01", "dir": "N"},
        "walk E, pay G39, pay G48, paid, rotate 3, end, draw, burn G05, burn G34, burn G11, "
        "use"
    ),
    Case("gr.refusal.not_top_tile", "rush", 2, 20, "order T01", {"tile": "T01"},
        "end, draw, end, room"
    ),
    Case("gr.refusal.not_warpstone", "crisis", 1, 0, "jump G03", {"card": "G03"}, ""),
    Case("gr.refusal.own_seat", "rush", 2, 29, "swap 1", {},
        "end, draw, walk N, pay G75, pay G49, paid, rotate 2, end, draw, discard G42, end, "
        "draw, walk N, rotate 0, use"
    ),
    Case("gr.refusal.payment_incomplete", "crisis", 1, 0, "paid", {}, "walk S"),
    Case("gr.refusal.room_is_action", "crisis", 1, 0, "use", {}, ""),
    Case("gr.refusal.room_no_action", "crisis", 2, 2, "room", {}, "end"),
    Case("gr.refusal.room_no_effect", "crisis", 1, 17, "use", {}, ""),
    Case("gr.refusal.rotation_no_door", "crisis", 2, 6, "rotate 1", {"dir": "N"}, "walk S"),
    Case("gr.refusal.rotation_same", "crisis", 1, 11, "rotate 2", {"rotation": 2},
        "walk S, pay G60, paid"
    ),
    Case("gr.refusal.same_room_dwarf", "rush", 3, 29, "swap 1", {"seat": 0},
        "end, draw, walk N, pay G75, pay G42, pay G49, paid, rotate 2, walk N, rotate 0, "
        "end, draw, walk N, walk N, use"
    ),
    Case("gr.refusal.tile_already_ordered", "rush", 2, 20, "order T55", {"tile": "T55"},
        "end, draw, end, room, order T55"
    ),
    Case("gr.refusal.tile_not_in_mine", "rush", 2, 6, "to T01", {"tile": "T01"},
        "walk S, rotate 0, end, draw, jump G64"
    ),
    Case("gr.refusal.tile_occupied", "crisis", 1, 12, "remove T11", {"tile": "T11"},
        "walk N, rotate 1, walk S, walk S, pay G19, pay G07, paid, rotate 2, end, room"
    ),
    Case("gr.refusal.time_vein_used", "rush", 3, 1, "use", {},
        "walk S, pay G29, pay G75, paid, rotate 0, end, draw, walk E, pay G33, paid, "
        "rotate 1, end, draw, walk E, use"
    ),
    Case("gr.refusal.wall", "crisis", 1, 0, "walk E", {"dir": "E"}, ""),
]  # fmt: skip


def _scripted(case: Case) -> GemRushGame:
    game = GAME.new(case.players, case.seed, mode=case.mode)
    for text in filter(None, case.prefix.split(", ")):
        game.apply(text)
    return game


# ------------------------------------------------------------------ positions built by hand

# T41 is the Observatory (one door, north), T33 and T34 two Mine Shafts (the same room), T29
# and T30 Mine Carts (free rooms), T54 the Scrying Pool (one door).
_OBSERVATORY = [(41, 0, 0, 0), (33, 1, 0, 0), (34, 2, 0, 0), (29, 3, 0, 0)]
_CARTS = [(29, 0, 0, 0), (30, 1, 0, 0), (33, 2, 0, 0)]
_ALL_CARDS = list(range(1, 76))


def _copying(*rooms: int) -> GemRushGame:
    """Seat 1 in the Observatory, using it as its action; the others in ``rooms``."""
    game = scenario(len(rooms) + 1, tiles=_OBSERVATORY, rooms=[41, *rooms], phase="action")
    game.apply("room")
    return game


def _riding(limit: int, *texts: str) -> GemRushGame:
    game = scenario(2, tiles=_CARTS, rooms=[29, 29], params={"free_effect_limit": limit})
    for text in texts:
        game.apply(text)
    return game


def _no_tile_left() -> GemRushGame:
    """Every tile is in the mine or gone: the room stack is empty."""
    game = scenario(2, tiles=[(33, 0, 0, 0)], rooms=[33, 33])
    game.state.stack = []
    game.state.legal_cache = None
    return game


def _burning(hands: list[list[int]], hidden: bool) -> GemRushGame:
    """Phase 4 with every card in hands: nothing in the deck or the discard pile."""
    options = {"hidden_hands": True} if hidden else None
    return scenario(len(hands), hands=hands, deck=[], options=options, phase="burn")


class Crafted(NamedTuple):
    key: str
    build: Callable[[], GemRushGame]
    action: str
    values: Values


CRAFTED = [
    Crafted("gr.refusal.copy_same_room", lambda: _copying(33, 34), "copy T34", {"tile": "T33"}),
    Crafted("gr.refusal.no_dwarf_there", lambda: _copying(33, 34), "copy T41", {"tile": "T41"}),
    Crafted("gr.refusal.copy_not_action", lambda: _copying(29, 41, 33), "copy T29",
            {"tile": "T29"}),
    Crafted("gr.refusal.copy_observatory", lambda: _copying(29, 41, 33), "copy T41", {}),
    Crafted("gr.refusal.nothing_to_copy",
            lambda: scenario(3, tiles=_OBSERVATORY, rooms=[41, 29, 41], phase="action"),
            "room", {}),
    Crafted("gr.refusal.not_a_cart", lambda: _riding(8, "use"), "to T33", {"tile": "T33"}),
    Crafted("gr.refusal.free_uses_spent", lambda: _riding(1, "use", "to T30"), "use",
            {"limit": 1}),
    Crafted("gr.refusal.stack_empty", _no_tile_left, "walk N", {}),
    Crafted("gr.refusal.side_not_empty",
            lambda: scenario(2, tiles=[(41, 0, 0, 0), (54, 0, 1, 2)], rooms=[41, 41]),
            "reopen N", {"dir": "N"}),
    Crafted("gr.refusal.nothing_to_burn", lambda: _burning([[], _ALL_CARDS], False),
            "burn deck", {}),
    Crafted("gr.refusal.hand_hidden", lambda: scenario(2, hands=[[1], [5]], phase="burn",
                                                       options={"hidden_hands": True}),
            "burn G05", {}),
    Crafted("gr.refusal.hand_empty", lambda: _burning([[], _ALL_CARDS, []], True),
            "burn seat 3", {"seat": 2}),
]  # fmt: skip


def _check_refused(game: GemRushGame, action: str, key: str, values: Values) -> None:
    before, legal = game.state_hash(), [str(a) for a in game.legal_actions()]
    found = game.refusal(action)
    assert found is not None, f"{action} is legal"
    assert (found.key, found.as_dict()) == (key, values)
    with pytest.raises(IllegalActionError) as raised:
        game.apply(action)
    assert raised.value.refusal == found
    assert f"{action} is not legal now" in str(raised.value) and found.text() in str(raised.value)
    assert game.state_hash() == before and [str(a) for a in game.legal_actions()] == legal
    for lang in languages():
        text = describe_refusal(found, Messages(lang))
        assert text and "{" not in text and key not in text, (lang, text)


@pytest.mark.parametrize("case", SCRIPTED, ids=[c.key for c in SCRIPTED])
def test_each_refusal_after_a_scripted_sequence(case: Case) -> None:
    _check_refused(_scripted(case), case.action, case.key, case.values)


@pytest.mark.parametrize("case", CRAFTED, ids=[c.key for c in CRAFTED])
def test_each_refusal_in_a_position_built_by_hand(case: Crafted) -> None:
    _check_refused(case.build(), case.action, case.key, case.values)


def test_every_kind_of_refusal_has_a_case() -> None:
    covered = {c.key for c in SCRIPTED} | {c.key for c in CRAFTED}
    assert covered == set(REFUSALS)


def test_directions_gems_and_prompts_are_named_in_the_readers_language() -> None:
    game = _scripted(next(c for c in SCRIPTED if c.key == "gr.refusal.wall"))
    found = game.refusal("walk E")
    assert found is not None
    assert describe_refusal(found, Messages("fr")) == "Votre salle n'a pas de porte côté est."
    assert describe_refusal(found, Messages("ja")) == "あなたの部屋には東の扉がありません。"
    now = game.refusal("pay G01")
    assert now is not None and now.as_dict() == {"prompt": "movement"}
    assert describe_refusal(now, Messages("en")).endswith(
        "the decision now is: Walk, build, use the room, warp, or end your movement."
    )
