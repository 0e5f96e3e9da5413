"""The table options of Gem Rush: what the table chooses before setup, checked and typed.

``OPTION_SPECS`` declares every option once (type, default, range, the modes it applies to) for
``GameInfo``; ``Options.from_json`` checks a JSON-style mapping against it and ``to_json`` gives
back the full mapping that records store. Seats are 0-based here (``first_player``), as
everywhere in code. Skill variants other than No Skills exist as names only: they cannot be
chosen while the skills data file is empty (spec §5).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any

from iridescia.core.game import OptionSpec
from iridescia.games.gemrush.data import LEVELS, SKILLS

MODES = ("crisis", "rush")
LEVEL_KEYS = tuple(lv.key for lv in LEVELS)
NO_TARGET = "none"
SKILL_VARIANTS = ("none", "normal", "choice", "shared", "chaos", "magic_circle")


def available_skill_variants(skills: Sequence[Any] = SKILLS) -> tuple[str, ...]:
    """The variant switch (spec §5): only No Skills while the skills data file is empty, every
    variant of the rulebook once it holds skills."""
    return SKILL_VARIANTS if skills else ("none",)


MAX_SEATS = 7
# R3/R4 allow any positive target; this bound is far above any score a table reaches (greedy
# Crisis teams score about 50), and keeps hostile input from sizing numbers without end.
MAX_TARGET = 1000

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("mode", str, "crisis", "crisis (cooperative) or rush (competitive), R1",
               choices=MODES),
    OptionSpec("level", str, "journeyman",
               "Crisis difficulty level (R3), or 'none' to play without a target",
               choices=(*LEVEL_KEYS, NO_TARGET), modes=("crisis",)),
    OptionSpec("target", int, None,
               "a custom target score (R3, R4); replaces the level or the Rush default",
               minimum=1, maximum=MAX_TARGET, nullable=True),
    OptionSpec("hidden_hands", bool, False, "Crisis: keep hands private (R47, R68)",
               modes=("crisis",)),
    OptionSpec("first_player", int, None,
               "the first seat (0-based); drawn at random when not set (R6)",
               minimum=0, maximum=MAX_SEATS - 1, nullable=True),
    OptionSpec("rush_burns", bool, False, "Rush variant: burn cards every turn too (R60)",
               modes=("rush",)),
    OptionSpec("crisis_may_stop", bool, False,
               "Crisis: offer to stop once the team reaches the target (R67)", modes=("crisis",)),
    OptionSpec("skills", str, "none",
               "skill variant (spec §5); only 'none' until skill cards are transcribed",
               choices=SKILL_VARIANTS),
)  # fmt: skip
_SPEC_BY_NAME = {o.name: o for o in OPTION_SPECS}


@dataclass(frozen=True, slots=True)
class Options:
    """The table's choices for one game (part of its record)."""

    mode: str = "crisis"
    level: str = "journeyman"
    target: int | None = None
    hidden_hands: bool = False
    first_player: int | None = None
    rush_burns: bool = False
    crisis_may_stop: bool = False
    skills: str = "none"

    @property
    def level_index(self) -> int:
        """The level's index in the targets file, or -1 for no target."""
        return LEVEL_KEYS.index(self.level) if self.level in LEVEL_KEYS else -1

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @staticmethod
    def from_json(data: Mapping[str, Any] | None, players: int | None = None) -> Options:
        """Options from a JSON-style mapping (missing ones take their defaults).

        ValueError names the option and says what is expected: an unknown option, a wrong
        type or range, an option set away from its default in a mode it does not apply to,
        a first player beyond the table, or a skill variant that is not available.
        """
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ValueError("options must be a JSON object")
        unknown = sorted(set(data) - set(_SPEC_BY_NAME))
        if unknown:
            raise ValueError(f"unknown options {unknown}; options: {', '.join(_SPEC_BY_NAME)}")
        values = {name: spec.check(data.get(name, spec.default)) for name, spec in
                  _SPEC_BY_NAME.items()}  # fmt: skip
        mode = values["mode"]
        for name, spec in _SPEC_BY_NAME.items():
            if spec.modes and mode not in spec.modes and values[name] != spec.default:
                raise ValueError(f"option {name} applies to {', '.join(spec.modes)} only")
        first = values["first_player"]
        if players is not None and first is not None and first >= players:
            raise ValueError(f"option first_player must be a seat below {players}, not {first}")
        if values["skills"] not in available_skill_variants():
            raise ValueError(
                f"skill variant {values['skills']!r} is not available: skill cards not yet "
                "transcribed (spec §5); only 'none' can be played"
            )
        return Options(**values)
