"""What a simulation plays: the game and mode, the bots at each seat, seeds, options and rules
parameters.

A ``SimConfig`` is a plain frozen value (picklable, JSON-able) that every worker receives, so a
game is defined by the config and its index alone: game ``k`` uses seed ``seed + k`` and the
seat specs of ``tables[k % len(tables)]``. ``simulate`` has one table (or its rotations with
``--rotate``); a tournament has one table per bot combination and seat order. Nothing here
depends on which worker plays the game, which is what makes results independent of the backend.

The table's shape is the game's to say: the mode comes from ``GameInfo.modes`` (given, or the
first mode that takes the number of players and agrees with the options given: Gems of
Iridescia's ``rhom`` option picks the mode that sets it), and ``match.Seating.build`` checks the
players, options and bots against the metadata. ``validate`` checks everything that can be
checked before the first game and raises ``SimConfigError`` with a message for the user.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from iridescia.core.game import GameInfo, GameSpec, Mode
from iridescia.core.rng import SEED_LIMIT
from iridescia.games import DEFAULT_GAME
from iridescia.games import get as get_game
from iridescia.match import AUTOMA, Seating, check_bot
from iridescia.sim.games import plugin as sim_plugin
from iridescia.sim.plugin import SimPlugin


class SimConfigError(ValueError):
    """A simulation that cannot run as asked; the message says what to change."""


@dataclass(frozen=True, slots=True)
class SimConfig:
    """Everything that decides the games of a run (not how or where they are played)."""

    games: int
    players: int  # seats played by bots (automa seats come on top: the mode adds them)
    tables: tuple[tuple[str, ...], ...]  # per table, one bot spec per bot seat
    seed: int = 0
    game: str = DEFAULT_GAME  # the registry name (iridescia.games)
    mode: str | None = None  # None: chosen from the players and options (``choose_mode``)
    options: tuple[tuple[str, Any], ...] = ()  # table options given (JSON values)
    params: tuple[tuple[str, str], ...] = ()  # rules parameter overrides as (name, text value)
    records: bool = False  # keep each game's record for replay
    # Build every seat's view even for bots known to ignore it (tests compare both paths).
    always_views: bool = False
    labels: tuple[str, ...] = field(default=())  # optional names of the tables (tournaments)

    @property
    def spec(self) -> GameSpec:
        return get_game(self.game)

    @property
    def plugin(self) -> SimPlugin:
        return sim_plugin(self.game)

    def resolved_mode(self) -> Mode:
        return choose_mode(self.spec.info, self.players, dict(self.options), self.mode)

    def seed_of(self, index: int) -> int:
        return self.seed + index

    def seating(self, table: int) -> Seating:
        """The checked seating of table ``table`` (ValueError says what does not fit)."""
        return Seating.build(
            self.spec,
            players=self.players,
            mode=self.resolved_mode().name,
            kinds=self.tables[table],
            options=dict(self.options),
        )

    def seats_of(self, index: int) -> tuple[str, ...]:
        """Bot specs of every seat of game ``index``; automa seats hold the plug-in's name for
        them (``"rhom"`` in Gems of Iridescia)."""
        table = self.tables[index % len(self.tables)]
        return (*table, *[self.plugin.automa_name] * self.resolved_mode().automa_seats)

    def data_set(self) -> str:
        """The component data set this run's games use: the game's own, or another that its
        rules parameters name. Read from the record of a game set up as the run's are, so a
        game's own way of choosing its data set applies (ValueError for bad parameters)."""
        params, _ = check_params(self.plugin, self.params)
        game = self.seating(0).new_game(self.seed, params, keep_log=False)
        return game.record().data_set or self.spec.info.data_set

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
        out["options"] = dict(self.options)
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
            game=str(data.get("game", DEFAULT_GAME)),
            mode=None if data.get("mode") is None else str(data["mode"]),
            options=tuple(dict(data.get("options", {})).items()),
            params=tuple((str(k), str(v)) for k, v in dict(data["params"]).items()),
            records=bool(data["records"]),
            always_views=bool(data.get("always_views", False)),
            labels=tuple(str(x) for x in data.get("labels", ())),
        )


def choose_mode(
    info: GameInfo, players: int | None, options: Mapping[str, Any], mode: str | None
) -> Mode:
    """The mode a table plays: ``mode`` when given; otherwise the first mode that agrees with
    the options given (an option some mode sets, such as ``rhom``, picks the modes that set it
    to that value) and takes ``players`` (any, when None). ValueError says which sizes fit."""
    if mode is not None:
        return info.mode(mode)
    setting = {key for m in info.modes for key in m.options}
    given = {k: v for k, v in options.items() if k in setting}
    candidates = [
        m
        for m in info.modes
        if all(m.options.get(k, info.option(k).default) == v for k, v in given.items())
    ]
    if not candidates:
        raise ValueError(f"no mode of {info.title} plays with {_options_text(given)}")
    if players is None:
        return candidates[0]
    for m in candidates:
        if m.min_players <= players <= m.max_players:
            return m
    low = min(m.min_players for m in candidates)
    high = max(m.max_players for m in candidates)
    sizes = "; ".join(f"{m.name}: {_span(m)}" for m in candidates)
    with_options = f" with {_options_text(given)}" if given else ""
    table = f"{info.title}{with_options}"
    raise ValueError(f"--players must be {low} to {high} for {table}, not {players} ({sizes})")


def _span(mode: Mode) -> str:
    low, high = mode.min_players, mode.max_players
    return str(low) if low == high else f"{low}-{high}"


def _options_text(options: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_json_word(v)}" for k, v in options.items())


def _json_word(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def parse_param(text: str) -> tuple[str, str]:
    """``name=value`` as given to ``--param``."""
    name, sep, value = text.partition("=")
    if not sep or not name.strip() or not value.strip():
        raise SimConfigError(f"--param expects name=value (e.g. starting_coins=7), not {text!r}")
    return name.strip(), value.strip()


def check_params(
    plugin: SimPlugin, overrides: Sequence[tuple[str, str]]
) -> tuple[dict[str, Any], Any]:
    """The overrides as JSON-style parameters for the game, and every parameter when the
    plug-in knows them; SimConfigError naming a bad one."""
    names = [n for n, _ in overrides]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise SimConfigError(f"--param gives {', '.join(twice)} more than once")
    try:
        values, every = plugin.params(overrides)
    except ValueError as exc:
        raise SimConfigError(f"--param: {exc}") from None
    return values, every


def split_specs(text: str) -> list[str]:
    """``"greedy, mcts:easy"`` -> ``["greedy", "mcts:easy"]``; commas inside a spec's options
    (``mcts:iterations=50,worlds=10``) cannot be told apart, so use ``;`` or ``+`` to list
    such specs (``--seats "mcts:iterations=50,worlds=10;random"``)."""
    sep = ";" if ";" in text else ("+" if "+" in text else ",")
    specs = [s.strip() for s in text.split(sep)]
    if not text.strip() or any(not s for s in specs):
        raise SimConfigError(f"expected a list of bot specs (e.g. greedy,random), not {text!r}")
    return specs


def seat_tables(specs: Sequence[str], players: int, rotate: bool) -> tuple[tuple[str, ...], ...]:
    """The tables of ``simulate``: one spec for all seats or one per seat; with ``rotate`` every
    rotation of the seat list, so that each bot sits at each seat equally often."""
    if len(specs) == 1:
        specs = list(specs) * players
    if len(specs) != players:
        raise SimConfigError(
            f"--seats lists {len(specs)} bots for {players} bot seat{'s' if players != 1 else ''} "
            "(give one spec for all seats, or one per seat)"
        )
    base = tuple(specs)
    if not rotate or len(set(base)) == 1:
        return (base,)
    return tuple(base[r:] + base[:r] for r in range(players))


def check_bots(config: SimConfig, mode: Mode) -> None:
    """SimConfigError unless every spec builds a bot that can play the game."""
    spec, plugin = config.spec, config.plugin
    automa_modes = [m.name for m in spec.info.modes if m.automa_seats]
    for bot in config.bot_specs():
        if automa_modes and bot.strip().lower() in (plugin.automa_name, AUTOMA):
            raise SimConfigError(
                f"{plugin.automa_title} is not a bot: the engine plays it in the "
                f"mode{'s' if len(automa_modes) > 1 else ''} {', '.join(automa_modes)} "
                "(choose one with --mode)"
            )
        try:
            check_bot(bot, spec)
        except ValueError as exc:
            raise SimConfigError(f"bot {bot!r}: {exc}") from None


def validate(config: SimConfig) -> None:
    """Check a config before running it; raises SimConfigError with a message for the user."""
    if config.games < 1:
        raise SimConfigError("--games must be at least 1")
    if config.seed < 0:
        raise SimConfigError("--seed cannot be negative")
    if config.seed + config.games > SEED_LIMIT:  # game k plays seed + k
        raise SimConfigError("--seed: the run's seeds (seed + game index) must stay below 2**64")
    try:
        spec = config.spec
    except ValueError as exc:
        raise SimConfigError(f"--game: {exc}") from None
    info = spec.info
    for name, value in config.options:
        try:
            info.option(name).check(value)
        except ValueError as exc:
            raise SimConfigError(str(exc)) from None
    try:
        mode = config.resolved_mode()
    except ValueError as exc:
        raise SimConfigError(str(exc)) from None
    if not config.tables or any(len(t) != config.players for t in config.tables):
        raise SimConfigError(f"every table needs one bot spec per bot seat ({config.players})")
    check_bots(config, mode)
    try:
        seating = config.seating(0)
    except ValueError as exc:
        raise SimConfigError(str(exc)) from None
    params, _ = check_params(config.plugin, config.params)
    try:  # what setup itself rejects (an option the table cannot take...)
        game = seating.new_game(config.seed, keep_log=False)
    except (ValueError, IndexError) as exc:
        raise SimConfigError(f"the engine cannot set up this game: {exc}") from None
    if game.mode != mode.name:
        raise SimConfigError(
            f"the options {_options_text(dict(config.options))} make this a game of mode "
            f"{game.mode}, not {mode.name}"
        )
    try:  # a parameter the game refuses, or the deal cannot satisfy
        seating.new_game(config.seed, params, keep_log=False)
    except (ValueError, IndexError) as exc:
        raise SimConfigError(f"--param: the engine cannot set up this game: {exc}") from None
