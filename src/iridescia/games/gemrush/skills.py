"""Skill hooks (Gem Rush spec §5): the points where skills act, and the registry they plug into.

**No skill ships.** The 20 skill cards are not public and the project invents none: the skills
data file is empty, only the No Skills variant can be chosen (``options.available_skill_variants``)
and the registry ``KINDS`` is empty in the package. This module is the machinery a transcription
plugs into, so that adding a skill is one registered class and one data row, and no rule changes:

- ``Skill`` is the protocol of one skill's hooks and ``SkillHooks`` its do-nothing base class. Each
  hook gets the state and a ``Holder`` (the seat using the skill and its dwarf colour, a possible
  skill parameter: "your dwarf's colour may change the details of certain Skill cards"):

  | hook | where the rules consult it | rule |
  | --- | --- | --- |
  | ``steps`` | ``turn.begin_phase2``, ``scenario``: a turn's first steps | R13 |
  | ``hand_limit`` | ``turn.turn_start``/``apply_hand_limit``, views: the limit | R12 |
  | ``payment_gems`` | ``construction.hand_gems``: what a card pays as | R26-R31 |
  | ``extra_actions`` | ``turn.after_action``: actions beyond the one of R33 | R33 |
  | ``effect`` | ``effects.start_effect``/``apply_copy``/``room_usable`` | R50, R53 |

- ``register``/``unregister`` maintain ``KINDS`` (key -> skill); ``assign`` gives the seats of a
  game their skills (a seat may hold several, as in Magic Circle) and colours;
- ``turn_steps``, ``hand_limit``, ``payment_gems``, ``extra_action``, ``program_for`` and
  ``begin_effect`` are what the rules call. Several skills of one seat apply in the order held.

**Cost when no skill is active.** ``State.skills`` is None, every call site tests that first (one
attribute test per turn, per payability check or per effect step), and the state's hash leaves
skills out, so games without skills are unchanged, hashes included (the same 16,510 state hashes
over 40 random games with and without the hooks). Measured with ``tests/gemrush/bench_gemrush.py``
playouts (1-7 players, both modes), alternating runs with and without the hooks: 1.005 of the
speed without them overall, each configuration between 0.98 and 1.03 (noise); profiled, the hook
calls take about 0.4% of a 5-player Rush playout.

Limits: dealing and trading skills for the variants (Normal, Choice, Shared, Chaos Magic, Magic
Circle) needs the transcribed rows and is not built; views do not list skills yet, and
``world_from_view`` (a world built from a view) drops them; ``clone`` and ``determinize`` keep them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from iridescia.games.gemrush.data import CARD_GEMS, ROOMS, Room
from iridescia.games.gemrush.program import Program
from iridescia.games.gemrush.rooms import PROGRAMS
from iridescia.games.gemrush.state import SkillState, State

# Dwarf colours by seat (spec §2.6): the rulebook names red, blue, yellow and black; the other
# three are provisional display choices. Without skills they change nothing.
DWARF_COLOURS = ("red", "blue", "yellow", "black", "green", "purple", "white")


@dataclass(frozen=True, slots=True)
class Holder:
    """Who uses a skill: the seat and its dwarf colour."""

    seat: int
    colour: str


class Skill(Protocol):
    """The hooks of one skill. Each returns the value the rules use instead of the one given."""

    def steps(self, s: State, who: Holder, steps: int) -> int:
        """The steps the holder's turn starts with (R13)."""
        ...

    def hand_limit(self, s: State, who: Holder, limit: int) -> int:
        """The holder's phase-1 hand limit (R12)."""
        ...

    def payment_gems(
        self, s: State, who: Holder, card: int, gems: tuple[int, ...]
    ) -> tuple[int, ...]:
        """The gems ``card`` counts as when the holder pays with it (R26-R31): gem indices,
        canonical order; a payment substitution."""
        ...

    def extra_actions(self, s: State, who: Holder) -> int:
        """Phase-3 actions the holder may take this turn beyond the one of R33."""
        ...

    def effect(self, s: State, who: Holder, room: Room, program: Program) -> Program:
        """The program the holder's use of ``room`` runs (R50): an effect modifier. It must keep
        the ops' meaning (``program.py``); usability (R53) is judged on the program returned."""
        ...


class SkillHooks:
    """A skill that changes nothing: subclass it and override the hooks the skill uses."""

    def steps(self, s: State, who: Holder, steps: int) -> int:
        return steps

    def hand_limit(self, s: State, who: Holder, limit: int) -> int:
        return limit

    def payment_gems(
        self, s: State, who: Holder, card: int, gems: tuple[int, ...]
    ) -> tuple[int, ...]:
        return gems

    def extra_actions(self, s: State, who: Holder) -> int:
        return 0

    def effect(self, s: State, who: Holder, room: Room, program: Program) -> Program:
        return program


KINDS: dict[str, Skill] = {}  # the registry: empty until real skill data is transcribed


def register(key: str, skill: Skill) -> None:
    """Add a skill implementation under ``key`` (ValueError if the key is taken)."""
    if key in KINDS:
        raise ValueError(f"skill {key!r} is already registered")
    KINDS[key] = skill


def unregister(key: str) -> None:
    KINDS.pop(key, None)


def assign(s: State, held: Sequence[Sequence[str]], colours: Sequence[str] | None = None) -> None:
    """Give each seat its skills (registered keys, in the order they apply) and dwarf colour
    (default: by seat). Seats without skills get ``()``; if nobody has a skill, skills are off."""
    if len(held) != s.num_players:
        raise ValueError(f"give skills for each of the {s.num_players} seats")
    for keys in held:
        for key in keys:
            if key not in KINDS:
                raise ValueError(f"unknown skill {key!r}; registered: {sorted(KINDS)}")
    chosen = tuple(colours) if colours is not None else DWARF_COLOURS[: s.num_players]
    if len(chosen) != s.num_players or not set(chosen) <= set(DWARF_COLOURS):
        raise ValueError(f"give one dwarf colour per seat, from {', '.join(DWARF_COLOURS)}")
    table = tuple(tuple(keys) for keys in held)
    s.skills = SkillState(table, chosen) if any(table) else None
    s.legal_cache = None


def _held(skills: SkillState, seat: int) -> list[tuple[Skill, Holder]]:
    who = Holder(seat, skills.colours[seat])
    return [(KINDS[key], who) for key in skills.held[seat]]


# ------------------------------------------------------------------ what the rules call


def turn_steps(s: State) -> int:
    """The steps the current player's turn starts with; resets the turn's skill counters."""
    steps = s.params.steps_per_turn
    skills = s.skills
    if skills is None:
        return steps
    skills.actions = 0
    for skill, who in _held(skills, s.current):
        steps = skill.steps(s, who, steps)
    return max(0, steps)


def hand_limit(s: State) -> int:
    """The current player's phase-1 hand limit (Gem Rush R12)."""
    limit = s.params.hand_limit
    skills = s.skills
    if skills is None:
        return limit
    for skill, who in _held(skills, s.current):
        limit = skill.hand_limit(s, who, limit)
    return max(0, limit)


def payment_gems(s: State, cards: Sequence[int]) -> list[tuple[int, ...]]:
    """The gems each card counts as when the current player pays with it (Gem Rush R26)."""
    gems = [CARD_GEMS[c] for c in cards]
    skills = s.skills
    if skills is None:
        return gems
    for skill, who in _held(skills, s.current):
        gems = [skill.payment_gems(s, who, c, g) for c, g in zip(cards, gems, strict=True)]
    return gems


def extra_action(s: State) -> bool:
    """Called once per finished phase-3 action: whether the current player has another one."""
    skills = s.skills
    if skills is None:
        return False
    skills.actions += 1
    extra = sum(skill.extra_actions(s, who) for skill, who in _held(skills, s.current))
    return skills.actions <= extra


def program_for(s: State, room: int) -> Program:
    """The program the current player's use of ``room`` (a room index) would run."""
    program = PROGRAMS[room]
    skills = s.skills
    if skills is None:
        return program
    for skill, who in _held(skills, s.current):
        program = skill.effect(s, who, ROOMS[room], program)
    return program


def begin_effect(s: State, room: int) -> None:
    """An effect of ``room`` starts (or Observatory switches to the copied room): fix its
    program for the rest of the effect (read back by ``effects.running_program``)."""
    skills = s.skills
    if skills is not None:
        program = program_for(s, room)
        skills.program = None if program is PROGRAMS[room] else program
