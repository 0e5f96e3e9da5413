"""Who sits where in the research APIs: a ``match.Seating`` chosen from the APIs' keywords.

The APIs are configured with a number of decision-making seats, an optional ``mode`` and the
game's table options as keywords (Gems of Iridescia: ``rhom=True``). ``choose_mode`` picks the
mode those imply when none is named, from the game's metadata alone: among the modes that fit
the number of players, the ones that agree with every option a mode sets, preferring a mode
whose own options were all asked for, then the game's order. So for Gems of Iridescia one player
is the solo expedition against the Rhom, two to four are explorers, and ``rhom=True`` with two
or three is the variant where the Rhom joins. Options left at their defaults are dropped.

Seats the agents play are ``human`` seats of the seating; the others are bots, played by
``match.BotSeats`` with the ``match.bot_rng`` convention (the bot at seat ``i`` of the game with
seed ``s`` draws from ``Rng(s * 16 + i + 1)``), so a whole game is reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from iridescia.core.game import Game, GameSpec, Mode
from iridescia.games import get as get_game
from iridescia.match import Seating


def _span(mode: Mode) -> str:
    lo, hi = mode.min_players, mode.max_players
    return f"{lo}" if lo == hi else f"{lo}-{hi}"


def asked_options(spec: GameSpec, options: Mapping[str, Any]) -> dict[str, Any]:
    """The options that differ from the game's defaults (each checked against its spec)."""
    out = {}
    for key, value in options.items():
        option = spec.info.option(key)  # ValueError naming the game for an unknown option
        if value != option.default:
            out[key] = option.check(value)
    return out


def choose_mode(spec: GameSpec, players: int, options: Mapping[str, Any]) -> Mode:
    """The mode a table of ``players`` with ``options`` (already without defaults) is played
    in (see the module docstring); ValueError naming the modes when none fits."""
    set_by_modes = {key for m in spec.info.modes for key in m.options}
    fitting = []
    for order, m in enumerate(spec.info.modes):
        if not m.min_players <= players <= m.max_players:
            continue
        if any(k in options and options[k] != v for k, v in m.options.items()):
            continue
        if any(k in set_by_modes and m.options.get(k) != v for k, v in options.items()):
            continue
        missing = sum(1 for k in m.options if k not in options)
        fitting.append((missing, order, m))
    if not fitting:
        asked = " with " + ", ".join(f"{k}={v!r}" for k, v in options.items()) if options else ""
        modes = "; ".join(f"{m.title} ({m.name}): {_span(m)}" for m in spec.info.modes)
        raise ValueError(f"{spec.info.title} has no mode for {players} players{asked}; {modes}")
    return min(fitting, key=lambda t: (t[0], t[1]))[2]


@dataclass(frozen=True)
class Table:
    """The seating of one research environment: agents on ``human`` seats, bots elsewhere."""

    seating: Seating

    @property
    def spec(self) -> GameSpec:
        return self.seating.game

    @property
    def players(self) -> int:
        """Decision-making seats (agents and bots; automa seats not included)."""
        return self.seating.players

    @property
    def num_seats(self) -> int:
        """Every seat, automa seats included."""
        return self.seating.num_seats

    @property
    def bots(self) -> dict[int, str]:
        return self.seating.bots

    def new_game(self, seed: int) -> Game:
        return self.seating.new_game(seed)

    @staticmethod
    def build(
        game: str | None = None,
        players: int | None = None,
        *,
        mode: str | None = None,
        options: Mapping[str, Any] | None = None,
        bots: Mapping[int, str] | None = None,
    ) -> Table:
        """A checked table: ``players`` decision-making seats (the default mode's smallest
        table for None), bot specs by seat; ValueError says what does not fit."""
        spec = get_game(game)
        given = dict(options or {})
        named = given.pop("mode", None)  # an API may take the mode among its options (OpenSpiel)
        mode = mode or (str(named) if named else None)
        asked = asked_options(spec, given)
        count = spec.info.default_mode.min_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int):
            raise ValueError(f"the number of players must be an integer, not {count!r}")
        chosen = spec.info.mode(mode) if mode is not None else choose_mode(spec, count, asked)
        seating = Seating.build(
            spec, players=count, mode=chosen.name, kinds=dict(bots or {}), options=asked
        )
        return Table(seating)

    @staticmethod
    def with_opponents(
        game: str | None,
        agent_seat: int,
        opponents: Sequence[str],
        *,
        mode: str | None = None,
        options: Mapping[str, Any] | None = None,
    ) -> Table:
        """One agent at ``agent_seat`` and the named bots on the other decision seats, in
        order."""
        if isinstance(opponents, str):
            raise ValueError("opponents must be a list of bot names, e.g. ['random', 'greedy']")
        opponents = list(opponents)
        players = 1 + len(opponents)
        if isinstance(agent_seat, bool) or agent_seat not in range(players):
            raise ValueError(f"agent seat {agent_seat} is not one of the {players} player seats")
        others = [s for s in range(players) if s != agent_seat]
        bots = dict(zip(others, opponents, strict=True))
        return Table.build(game, players, mode=mode, options=options, bots=bots)


__all__ = ["Table", "asked_options", "choose_mode"]
