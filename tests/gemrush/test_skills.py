"""The skills machinery of Gem Rush (spec §5): the variant switch, the hook points and the
registry, exercised with a TEST-ONLY dummy skill.

``DummySkill`` below is not a Gem Rush skill: the 20 real skill cards are not public and the
project invents none, so it has no name or text and exists only in this file. Each field turns
one hook on, with made-up numbers chosen to make each hook's effect visible:

- ``more_steps``: a turn starts with that many more steps (the step-count hook, R13);
- ``more_cards``: the phase-1 hand limit is that much higher (the hand-limit hook, R12);
- ``rh_is_colour``: a card showing RH also pays as the gem of the holder's dwarf colour, red FR
  and blue PF (payment substitution, R26, with the colour as a skill parameter);
- ``more_actions``: that many extra phase-3 actions a turn (extra actions, R33);
- ``more_draws`` / ``no_discard_one``: every DRAW of a room effect draws that many more cards;
  DISCARD ONE steps are dropped (effect modifiers, R50, R53).

Tiles: T06 Dark Pit, T20 Fire Ruby Shaft (PF:1 N, FR+EL+RH:3 S), T33 Mine Shaft (DRAW 2),
T34 Mine Shaft (FR:1 E), T41 Observatory. Card ids: ``gemrush_rule_helpers.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from gemrush_helpers import play as random_playout
from gemrush_rule_helpers import kind, play, quiet_turn, texts

from iridescia.core.rng import Rng
from iridescia.games.gemrush import DWARF_COLOURS, GAME, Options, scenario
from iridescia.games.gemrush import skills as SK
from iridescia.games.gemrush.data import SKILLS, Room
from iridescia.games.gemrush.options import SKILL_VARIANTS, available_skill_variants
from iridescia.games.gemrush.program import CNT_FIXED, OP_DISCARD_ONE, OP_DRAW, Program
from iridescia.games.gemrush.schemas import FR, PF, RH
from iridescia.games.gemrush.state import State

_COLOUR_GEM = {"red": FR, "blue": PF}


@dataclass(frozen=True)
class DummySkill(SK.SkillHooks):
    """TEST-ONLY stand-in for a skill (see the module docstring); never shipped."""

    more_steps: int = 0
    more_cards: int = 0
    rh_is_colour: bool = False
    more_actions: int = 0
    more_draws: int = 0
    no_discard_one: bool = False

    def steps(self, s: State, who: SK.Holder, steps: int) -> int:
        return steps + self.more_steps

    def hand_limit(self, s: State, who: SK.Holder, limit: int) -> int:
        return limit + self.more_cards

    def payment_gems(
        self, s: State, who: SK.Holder, card: int, gems: tuple[int, ...]
    ) -> tuple[int, ...]:
        if self.rh_is_colour and RH in gems and who.colour in _COLOUR_GEM:
            return tuple(sorted({*gems, _COLOUR_GEM[who.colour]}))
        return gems

    def extra_actions(self, s: State, who: SK.Holder) -> int:
        return self.more_actions

    def effect(self, s: State, who: SK.Holder, room: Room, program: Program) -> Program:
        if not self.more_draws and not self.no_discard_one:
            return program
        out = []
        for op in program:
            if self.no_discard_one and op[0] == OP_DISCARD_ONE:
                continue
            if op[0] == OP_DRAW and op[1][0] == CNT_FIXED:
                op = (OP_DRAW, (CNT_FIXED, op[1][1] + self.more_draws))
            out.append(op)
        return tuple(out)


Make = Callable[..., str]


@pytest.fixture
def dummy() -> Iterator[Make]:
    """Register dummy skills for one test (``dummy(more_steps=2)`` -> its key); unregistered
    afterwards, so the package's registry stays empty."""
    keys: list[str] = []

    def make(**hooks: int | bool) -> str:
        key = f"test-only-{len(keys)}"
        SK.register(key, DummySkill(**hooks))  # type: ignore[arg-type]
        keys.append(key)
        return key

    yield make
    for key in keys:
        SK.unregister(key)


# ------------------------------------------------------------------ nothing ships


def test_no_skill_ships_and_only_no_skills_can_be_chosen() -> None:
    """Spec §5: "only No Skills can be chosen while the skills data file is empty"."""
    assert SKILLS == () and SK.KINDS == {}
    assert available_skill_variants() == ("none",)
    for variant in SKILL_VARIANTS[1:]:
        with pytest.raises(ValueError, match="not yet transcribed"):
            Options.from_json({"skills": variant})
        with pytest.raises(ValueError, match="not yet transcribed"):
            GAME.new(2, 0, {"skills": variant})
    assert Options.from_json({"skills": "none"}).skills == "none"
    assert available_skill_variants([{"id": 1}]) == SKILL_VARIANTS  # once rows exist


def test_without_skills_the_state_and_its_hash_are_unchanged() -> None:
    """Spec §5: the hooks cost nothing and change nothing while no skill is active."""
    game = GAME.new(3, 4, mode="rush")
    s = game.state
    assert s.skills is None and s.key()[-1] is s.outcome  # skills are not part of the key
    before = game.state_hash()
    SK.assign(s, [[], [], []])  # nobody holds a skill: skills stay off
    assert s.skills is None and game.state_hash() == before
    assert DWARF_COLOURS[:4] == ("red", "blue", "yellow", "black")


def test_assign_checks_keys_seats_and_colours(dummy: Make) -> None:
    key = dummy()
    s = GAME.new(2, 0).state
    with pytest.raises(ValueError, match="unknown skill"):
        SK.assign(s, [["no-such-skill"], []])
    with pytest.raises(ValueError, match="each of the 2 seats"):
        SK.assign(s, [[key]])
    with pytest.raises(ValueError, match="dwarf colour"):
        SK.assign(s, [[key], []], ["red", "pink"])
    with pytest.raises(ValueError, match="already registered"):
        SK.register(key, DummySkill())
    SK.assign(s, [[key], []], ["black", "white"])
    assert s.skills is not None and s.skills.colours == ("black", "white")


# ------------------------------------------------------------------ the hooks


def test_step_count_hook(dummy: Make) -> None:
    """Spec §5 hook "step count" (R13): only the holder's turns start with more steps."""
    key = dummy(more_steps=2)
    game = scenario(2, skills=[[key], []], phase="turn start")
    assert game.state.steps == 5
    play(game, "end", "draw", "burn deck", "burn deck", "burn deck")
    assert game.state.current == 1 and game.state.steps == 3


def test_several_skills_of_one_seat_add_up(dummy: Make) -> None:
    """Magic Circle: a seat may use two skills; both hooks apply, in the order held."""
    one, two = dummy(more_steps=1), dummy(more_steps=1)
    assert scenario(1, skills=[[one, two]]).state.steps == 5


def test_hand_limit_hook(dummy: Make) -> None:
    """Spec §5 hook "hand limit" (R12)."""
    key = dummy(more_cards=2)
    six = scenario(1, hands=[[1, 2, 3, 4, 5, 6]], skills=[[key]], phase="turn start")
    assert kind(six) == "movement"
    seven = scenario(1, hands=[[1, 2, 3, 4, 5, 6, 7]], skills=[[key]], phase="turn start")
    assert kind(seven) == "hand limit" and seven.view(0)["decision"]["details"] == {"limit": 6}  # type: ignore[index]
    play(seven, "discard G07")
    assert len(seven.state.me.hand) == 6 and kind(seven) == "movement"


@pytest.mark.parametrize(
    ("colour", "tiles", "walk", "door"),
    [("red", [(34, 0, 0, 0)], "walk E", "FR:1"), ("blue", [(20, 0, 0, 0)], "walk N", "PF:1")],
)
def test_payment_substitution_hook_with_the_dwarf_colour(
    dummy: Make, colour: str, tiles: list[tuple[int, int, int, int]], walk: str, door: str
) -> None:
    """Spec §5 hooks "payment substitution" and "the dwarf colour as a possible skill
    parameter" (R26): the RH card G39 (EL+RH) pays as red's FR or blue's PF."""
    key = dummy(rh_is_colour=True)
    plain = scenario(1, tiles=tiles, hands=[[39]])
    assert walk not in texts(plain), door
    game = scenario(1, tiles=tiles, hands=[[39]], stack=[6], skills=[[key]], colours=[colour])
    play(game, walk, "pay G39", "paid")
    assert game.state.me.score == 1 and game.state.discard == [39]
    other = "blue" if colour == "red" else "red"
    wrong = scenario(1, tiles=tiles, hands=[[39]], skills=[[key]], colours=[other])
    assert walk not in texts(wrong)


def test_extra_actions_hook(dummy: Make) -> None:
    """Spec §5 hook "extra actions" (R33): a second phase-3 action, every turn."""
    key = dummy(more_actions=1)
    game = scenario(1, tiles=[(33, 0, 0, 0)], skills=[[key]], phase="action")
    play(game, "draw")
    assert kind(game) == "action"
    play(game, "room")
    assert kind(game) == "burn" and len(game.state.me.hand) == 3
    play(game, "burn deck", "burn deck", "burn deck", "end", "draw")
    assert kind(game) == "action"  # the count starts again each turn


def test_effect_modifier_hook(dummy: Make) -> None:
    """Spec §5 hook "effect modifiers" (R50), also when Observatory copies the room (R69)."""
    key = dummy(more_draws=1)
    shaft = scenario(1, tiles=[(33, 0, 0, 0)], skills=[[key]], phase="action")
    play(shaft, "room")  # Mine Shaft: DRAW 2, plus 1
    assert len(shaft.state.me.hand) == 3 and shaft.state.skills.program is None  # type: ignore[union-attr]
    copy = scenario(2, tiles=[(41, 0, 0, 0), (33, 0, 1, 2)], rooms=[41, 33], skills=[[key], []],
                    phase="action")  # fmt: skip
    play(copy, "room", "copy T33")
    assert len(copy.state.players[0].hand) == 3


def test_effect_modifier_decides_usability(dummy: Make) -> None:
    """R53 is judged on the modified program: without its DISCARD ONE, Fire Ruby Shaft needs no
    FR card."""
    key = dummy(no_discard_one=True)
    assert texts(scenario(1, tiles=[(20, 0, 0, 0)], phase="action")) == ["draw"]
    game = scenario(1, tiles=[(20, 0, 0, 0)], deck=[1, 2, 3, 4, 5], skills=[[key]],
                    phase="action")  # fmt: skip
    assert texts(game) == ["draw", "room"]
    play(game, "room")  # REVEAL 5, KEEP 3
    assert kind(game) == "keep" and game.view(0)["effect"]["program"] == ["reveal 5", "keep 3"]  # type: ignore[index]
    play(game, "keep G01", "keep G02", "keep G03")
    assert game.state.me.hand == [1, 2, 3] and game.state.discard == [4, 5]


# ------------------------------------------------------------------ copies and hashes


def test_skills_are_part_of_the_hash_and_clones_keep_them_apart(dummy: Make) -> None:
    key = dummy(more_actions=1, more_steps=1)
    game = scenario(2, tiles=[(33, 0, 0, 0)], phase="action")
    plain_hash = game.state_hash()
    skilled = scenario(2, tiles=[(33, 0, 0, 0)], phase="action", skills=[[key], []])
    assert skilled.state_hash() != plain_hash
    copy = skilled.clone()
    assert copy.state.skills is not skilled.state.skills
    before = skilled.state_hash()
    play(copy, "draw")  # the copy's action counter moves; the original's does not
    assert copy.state.skills.actions == 1 and skilled.state.skills.actions == 0  # type: ignore[union-attr]
    assert skilled.state_hash() == before
    world = skilled.determinize(0, Rng(3))
    assert world.state.skills is not None and world.state.skills.held == ((key,), ())


def test_skilled_playouts_end(dummy: Make) -> None:
    """With every hook on, random games keep the invariants, end, and replay identically."""
    key = dummy(more_steps=1, more_cards=1, rh_is_colour=True, more_actions=1, more_draws=1)
    hashes = []
    for _ in range(2):
        game = scenario(3, mode="rush", skills=[[key], [], [key]], phase="turn start", seed=5)
        random_playout(game, Rng(9), check=True)
        hashes.append(game.state_hash())
    assert hashes[0] == hashes[1]
    game = scenario(2, skills=[[key], []], phase="turn start")
    for _ in range(4):
        quiet_turn(game)
    assert game.state.turns_done == 4
