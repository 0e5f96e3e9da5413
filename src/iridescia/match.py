"""Seating, the bot RNG convention, and "let the bots play until a person must act", once.

Every face that seats players uses this module: the terminal, the web app, simulations,
tournaments and the research APIs. ``Seating`` checks a table's shape against the game's
metadata (mode, number of players, options, which bots can play the game) and makes new games;
``BotSeats`` plays the bot seats of a game; ``bot_rng`` is the one convention for a bot's random
stream, so a game between bots is reproducible from its seed whichever face played it.

Seats are 0-based. ``players`` counts the seats people or bots play; a mode may add automa seats
(the Rhom), which come after them and never decide.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from iridescia.bots import Bot, make_bot, plays
from iridescia.core.actions import Action
from iridescia.core.events import Event
from iridescia.core.game import Game, GameSpec, Mode, View
from iridescia.core.rng import Rng
from iridescia.games import get as get_game

HUMAN = "human"
AUTOMA = "automa"
_MASK62 = (1 << 62) - 1


def bot_rng(seed: int, seat: int) -> Rng:
    """The random stream of the bot at ``seat`` in the game of ``seed``, for a game played from
    start to end in one process (the terminal, simulations, tournaments, research APIs)."""
    return Rng(seed * 16 + seat + 1)


def bot_rng_at(seed: int, seat: int, step: int) -> Rng:
    """The stream for the bot at ``seat`` deciding after ``step`` actions: a function of the
    record alone, for a game that may be resumed in another process (the web app)."""
    return Rng((((seed & _MASK62) * 8 + seat) << 20) + step)


@dataclass(frozen=True, slots=True)
class Seating:
    """Who sits where at one table of one game: checked against the game's metadata."""

    game: GameSpec
    mode: Mode
    kinds: tuple[str, ...]  # per decision-making seat: "human" or a bot spec
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return len(self.kinds)

    @property
    def num_seats(self) -> int:
        """Every seat, automa seats included."""
        return len(self.kinds) + self.mode.automa_seats

    @property
    def bots(self) -> dict[int, str]:
        return {seat: kind for seat, kind in enumerate(self.kinds) if kind != HUMAN}

    @property
    def humans(self) -> list[int]:
        return [seat for seat, kind in enumerate(self.kinds) if kind == HUMAN]

    def seat_kinds(self) -> list[str]:
        """The kind of every seat, automa seats (``"automa"``) included."""
        return [*self.kinds, *[AUTOMA] * self.mode.automa_seats]

    def new_game(
        self, seed: int, params: Mapping[str, Any] | None = None, *, keep_log: bool = True
    ) -> Game:
        return self.game.new(
            self.players, seed, self.options, params, mode=self.mode.name, keep_log=keep_log
        )

    @staticmethod
    def build(
        game: GameSpec | str | None = None,
        *,
        players: int | None = None,
        mode: str | None = None,
        kinds: Sequence[str] | Mapping[int, str] = (),
        options: Mapping[str, Any] | None = None,
    ) -> Seating:
        """A checked seating. ``kinds`` is a kind per seat, or a mapping of some seats to bot
        specs (the others human); ``players`` defaults to the mode's smallest table (or to the
        length of a ``kinds`` sequence). ValueError says what does not fit."""
        spec = get_game(game) if game is None or isinstance(game, str) else game
        chosen_mode = spec.info.mode(mode)
        if isinstance(kinds, Mapping):
            count = players if players is not None else chosen_mode.min_players
            chosen_mode.check_players(count)
            for seat in kinds:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
                    raise ValueError(f"no seat {seat!r} at a {count}-player table (seats 0-based)")
            listed = [kinds.get(seat, HUMAN) for seat in range(count)]
        else:
            listed = list(kinds) or [HUMAN] * (players or chosen_mode.min_players)
            count = len(listed)
            if players is not None and players != count:
                raise ValueError(f"{count} seat kinds for {players} players")
            chosen_mode.check_players(count)
        for kind in listed:
            if kind != HUMAN:
                check_bot(kind, spec)
        merged = dict(options or {})
        for key, value in merged.items():
            option = spec.info.option(key)
            option.check(value)
            if option.modes and chosen_mode.name not in option.modes:
                raise ValueError(f"option {key} is not used in mode {chosen_mode.name}")
        return Seating(spec, chosen_mode, tuple(listed), chosen_mode.with_options(merged))


def check_bot(bot: str, game: GameSpec) -> None:
    """ValueError unless ``bot`` names a bot that can play ``game``."""
    make_bot(bot, game)  # builds it once: an unknown spec or a bad option fails here
    name = bot.partition(":")[0].strip().lower()
    if not plays(name, game):
        raise ValueError(f"the {name} bot cannot play {game.info.title}")


class BotSeats:
    """The bots of some seats of a game, each with its own random stream."""

    def __init__(self, game: GameSpec, bots: Mapping[int, str]) -> None:
        self.bots: dict[int, Bot] = {seat: make_bot(spec, game) for seat, spec in bots.items()}
        # Bots that never read their view (the random bot) say so with ``needs_view = False``:
        # building a view is most of a random game's time.
        self.views = {seat: bool(getattr(b, "needs_view", True)) for seat, b in self.bots.items()}
        self.rngs: dict[int, Rng] = {}

    def start(self, seed: int) -> None:
        """Fresh streams for the game of ``seed`` (the ``bot_rng`` convention)."""
        self.rngs = {seat: bot_rng(seed, seat) for seat in self.bots}

    def to_act(self, game: Game) -> int | None:
        """The bot seat that must act now, or None."""
        seat = game.current_player
        return seat if seat is not None and seat in self.bots else None

    def inputs(self, game: Game, seat: int) -> tuple[View, Sequence[Action]]:
        """What the bot at ``seat`` decides from: its view (empty for a bot that never reads
        it) and the legal actions."""
        return (game.view(seat) if self.views[seat] else {}), game.legal_actions()

    def decide(
        self, seat: int, view: View, legal: Sequence[Action], rng: Rng | None = None
    ) -> Action:
        """The bot's choice from ``inputs`` (``rng`` overrides its stream). It reads no game, so
        a face may run it in another thread (the web app does) while the game stays put."""
        stream = rng if rng is not None else self.rngs[seat]
        return self.bots[seat].choose(view, legal, stream)

    def choose(self, game: Game, seat: int, rng: Rng | None = None) -> Action:
        """The action the bot at ``seat`` chooses now (``rng`` overrides its stream)."""
        view, legal = self.inputs(game, seat)
        return self.decide(seat, view, legal, rng)

    def play(
        self,
        game: Game,
        *,
        on_action: Callable[[int, Action, list[Event]], None] | None = None,
        limit: int | None = None,
    ) -> int:
        """Let the bots decide until a seat without a bot must act, or the game ends (or
        ``limit`` decisions were made); returns how many they made. ``on_action(seat, action,
        events)`` follows each one. ``apply`` is the checked path: an illegal choice is the
        bot's error and raises."""
        made = 0
        while limit is None or made < limit:
            seat = self.to_act(game)
            if seat is None:
                break
            action = self.choose(game, seat)
            events = game.apply(action)
            made += 1
            if on_action is not None:
                on_action(seat, action, events)
        return made


__all__ = ["AUTOMA", "HUMAN", "BotSeats", "Seating", "bot_rng", "bot_rng_at", "check_bot"]
