"""What a simulation plays: the table, the bots at each seat, seeds, options and rules parameters.

A ``SimConfig`` is a plain frozen value (picklable, JSON-able) that every worker receives, so a
game is defined by the config and its index alone: game ``k`` uses seed ``seed + k`` and the
seat specs of ``tables[k % len(tables)]``. ``simulate`` has one table (or its rotations with
``--rotate``); a tournament has one table per bot combination and seat order. Nothing here
depends on which worker plays the game, which is what makes results independent of the backend.

``validate`` checks everything that can be checked before the first game (bot specs, rules
parameters, the table size) and raises ``SimConfigError`` with a message for the user.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from iridescia.games.iridescia.game import Game, Options, RulesParams

RHOM_SPEC = "rhom"  # the bot column of the Rhom automa's rows (the engine plays it)
MAX_EXPLORERS = 4
RHOM_VARIANT_PLAYERS = (2, 3)


class SimConfigError(ValueError):
    """A simulation that cannot run as asked; the message says what to change."""


@dataclass(frozen=True, slots=True)
class SimConfig:
    """Everything that decides the games of a run (not how or where they are played)."""

    games: int
    players: int  # explorers played by bots: 1 (solo against the Rhom) to 4
    tables: tuple[tuple[str, ...], ...]  # per table, one bot spec per explorer seat
    seed: int = 0
    rhom: bool = False  # the Rhom automa plays the last seat (always with players == 1)
    params: tuple[tuple[str, str], ...] = ()  # RulesParams overrides as (name, text value)
    catapult_for_fourth: bool = False
    first_player: int | None = None  # None: drawn from the seed (R4); tournaments fix seat 0
    records: bool = False  # keep each game's record for replay
    # Build every seat's view even for bots known to ignore it (tests compare both paths).
    always_views: bool = False
    labels: tuple[str, ...] = field(default=())  # optional names of the tables (tournaments)

    @property
    def num_seats(self) -> int:
        """Seats at the table, the Rhom's included."""
        return self.players + (1 if self.rhom else 0)

    @property
    def rhom_seat(self) -> int | None:
        return self.players if self.rhom else None

    def seed_of(self, index: int) -> int:
        return self.seed + index

    def seats_of(self, index: int) -> tuple[str, ...]:
        """Bot specs of every seat of game ``index``; the Rhom's seat reads ``"rhom"``."""
        table = self.tables[index % len(self.tables)]
        return (*table, RHOM_SPEC) if self.rhom else table

    def options(self) -> Options:
        return Options(
            catapult_for_fourth=self.catapult_for_fourth,
            first_player=self.first_player,
            rhom=self.rhom,
        )

    def rules_params(self) -> RulesParams:
        return RulesParams().with_overrides(dict(self.params))

    def bot_specs(self) -> list[str]:
        """The distinct bot specs of the run, in order of first appearance."""
        seen: dict[str, None] = {}
        for table in self.tables:
            for spec in table:
                seen.setdefault(spec, None)
        return list(seen)

    def to_json(self) -> dict[str, Any]:
        out = dataclasses.asdict(self)
        out["tables"] = [list(t) for t in self.tables]
        out["params"] = dict(self.params)
        out["labels"] = list(self.labels)
        return out

    @staticmethod
    def from_json(data: dict[str, Any]) -> SimConfig:
        """The config written into ``meta.json`` (raises KeyError/TypeError when malformed)."""
        return SimConfig(
            games=int(data["games"]),
            players=int(data["players"]),
            tables=tuple(tuple(str(s) for s in t) for t in data["tables"]),
            seed=int(data["seed"]),
            rhom=bool(data["rhom"]),
            params=tuple((str(k), str(v)) for k, v in dict(data["params"]).items()),
            catapult_for_fourth=bool(data["catapult_for_fourth"]),
            first_player=None if data["first_player"] is None else int(data["first_player"]),
            records=bool(data["records"]),
            always_views=bool(data.get("always_views", False)),
            labels=tuple(str(x) for x in data.get("labels", ())),
        )


def parse_param(text: str) -> tuple[str, str]:
    """``name=value`` as given to ``--param``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise SimConfigError(f"--param expects name=value (e.g. starting_coins=7), not {text!r}")
    return name.strip(), value.strip()


def check_params(overrides: Sequence[tuple[str, str]]) -> RulesParams:
    """The rules parameters with ``overrides``, or a SimConfigError naming the bad one."""
    names = [n for n, _ in overrides]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SimConfigError(f"--param gives {', '.join(twice)} more than once")
    try:
        params = RulesParams().with_overrides(dict(overrides))
    except ValueError as exc:
        raise SimConfigError(f"--param: {exc}") from None
    for name, _ in overrides:
        value = getattr(params, name)
        if isinstance(value, int) and not isinstance(value, bool) and value < 0:
            raise SimConfigError(f"--param {name}: a rules parameter cannot be negative")
    return params


def split_specs(text: str) -> list[str]:
    """``"greedy, mcts:easy"`` -> ``["greedy", "mcts:easy"]``; commas inside a spec's options
    (``mcts:iterations=50,worlds=10``) cannot be told apart, so use ``;`` or ``+`` to list
    such specs (``--seats "mcts:iterations=50,worlds=10;random"``)."""
    sep = ";" if ";" in text else ("+" if "+" in text else ",")
    specs = [s.strip() for s in text.split(sep)]
    if not text.strip() or any(not s for s in specs):
        raise SimConfigError(f"expected a list of bot specs (e.g. greedy,random), not {text!r}")
    return specs


def check_bots(specs: Sequence[str]) -> None:
    """Raise SimConfigError unless every spec builds a bot (``make_bot`` accepts it)."""
    from iridescia.bots import bot_names, make_bot

    for spec in dict.fromkeys(specs):
        if spec.lower() == RHOM_SPEC:
            raise SimConfigError(
                "the Rhom is not a bot: use --players 1 (solo) or --rhom (the variant)"
            )
        try:
            make_bot(spec)
        except ValueError as exc:
            raise SimConfigError(f"bot {spec!r}: {exc} (known: {', '.join(bot_names())})") from None


def table_size(players: int, rhom: bool) -> tuple[int, bool]:
    """(explorers, rhom) for ``--players`` and ``--rhom``; solo (1 player) always has the Rhom."""
    if not 1 <= players <= MAX_EXPLORERS:
        raise SimConfigError(f"--players must be 1 to {MAX_EXPLORERS}, not {players}")
    if rhom and players not in RHOM_VARIANT_PLAYERS:
        raise SimConfigError(
            f"--rhom adds the Rhom to 2 or 3 explorers, not {players} (--players 1 is solo)"
        )
    return players, rhom or players == 1


def seat_tables(specs: Sequence[str], players: int, rotate: bool) -> tuple[tuple[str, ...], ...]:
    """The tables of ``simulate``: one spec for all seats or one per seat; with ``rotate`` every
    rotation of the seat list, so that each bot sits at each seat equally often."""
    if len(specs) == 1:
        specs = list(specs) * players
    if len(specs) != players:
        raise SimConfigError(
            f"--seats lists {len(specs)} bots for {players} explorer seats "
            "(give one spec for all seats, or one per seat)"
        )
    base = tuple(specs)
    if not rotate or len(set(base)) == 1:
        return (base,)
    return tuple(base[r:] + base[:r] for r in range(players))


def validate(config: SimConfig) -> None:
    """Check a config before running it; raises SimConfigError with a message for the user."""
    if config.games < 1:
        raise SimConfigError("--games must be at least 1")
    if config.seed < 0:
        raise SimConfigError("--seed cannot be negative")
    if not 1 <= config.players <= MAX_EXPLORERS:
        raise SimConfigError(f"--players must be 1 to {MAX_EXPLORERS}, not {config.players}")
    if config.rhom and config.players not in (1, *RHOM_VARIANT_PLAYERS):
        raise SimConfigError(f"the Rhom plays with 1 to 3 explorers, not {config.players}")
    if config.players == 1 and not config.rhom:
        raise SimConfigError("solo (1 player) is always against the Rhom")
    if not config.tables or any(len(t) != config.players for t in config.tables):
        raise SimConfigError(f"every table needs one bot spec per explorer ({config.players})")
    if config.catapult_for_fourth and config.num_seats != 4:
        raise SimConfigError(
            "--catapult-for-fourth needs 4 explorers (--players 4, or --rhom --players 3)"
        )
    check_bots(config.bot_specs())
    params = check_params(config.params)
    try:  # what setup itself rejects (a parameter the deal cannot satisfy...)
        Game.new(config.players, config.seed, config.options(), params)
    except (ValueError, IndexError) as exc:
        raise SimConfigError(f"the engine cannot set up this game: {exc}") from None
