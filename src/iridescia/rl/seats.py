"""Game set-up and bot-played seats shared by the research APIs.

``Table`` says who sits where: how many human seats, whether the Rhom joins (it always takes the
last seat and its turns run inside ``Game.apply``), and which seats are played by bots named as
``make_bot`` knows them (``"random"``, ``"greedy"``, ``"mcts:easy"``...). A bot sees only its
seat's view and the legal actions; the bot at seat ``i`` of the game with seed ``s`` draws from
``Rng(s * 16 + i + 1)``, so a whole game is reproducible from its seed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from iridescia.bots import Bot, make_bot
from iridescia.core.rng import Rng
from iridescia.games.iridescia.game import Game, Options


def bot_rng(seed: int, seat: int) -> Rng:
    """The random stream of the bot at ``seat`` in the game with ``seed``."""
    return Rng(seed * 16 + seat + 1)


@dataclass(frozen=True)
class Table:
    """Seats of one game: ``humans`` decision-making seats (1 = solo against the Rhom), the Rhom
    as one more explorer when ``rhom`` (2-3 humans), and bot specs by seat."""

    humans: int
    rhom: bool = False
    bots: Mapping[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if isinstance(self.humans, bool) or not isinstance(self.humans, int):
            raise ValueError("the number of players must be an integer")
        if self.rhom and not 2 <= self.humans <= 3:
            raise ValueError("the Rhom joins 2 or 3 players (1 player is always solo vs the Rhom)")
        if not 1 <= self.humans <= 4:
            raise ValueError(f"Gems of Iridescia seats 1-4 players, not {self.humans}")
        for seat, spec in self.bots.items():
            if not 0 <= seat < self.humans:
                raise ValueError(f"no human seat {seat} for bot {spec!r}")
            make_bot(spec)  # fails early on an unknown name

    @property
    def options(self) -> Options | None:
        return Options(rhom=True) if self.rhom else None

    @property
    def num_seats(self) -> int:
        """Every seat, the Rhom included."""
        return self.humans + (1 if self.rhom or self.humans == 1 else 0)

    def new_game(self, seed: int) -> Game:
        return Game.new(self.humans, seed, self.options)

    @staticmethod
    def with_opponents(agent_seat: int, opponents: Sequence[str], rhom: bool = False) -> Table:
        """One agent at ``agent_seat`` and the named bots on the other human seats, in order."""
        if isinstance(opponents, str):
            raise ValueError("opponents must be a list of bot names, e.g. ['random', 'greedy']")
        opponents = list(opponents)
        humans = 1 + len(opponents)
        if not 0 <= agent_seat < humans:
            raise ValueError(f"agent seat {agent_seat} is not one of the {humans} human seats")
        others = [s for s in range(humans) if s != agent_seat]
        return Table(humans, rhom, dict(zip(others, opponents, strict=True)))


class BotSeats:
    """The bots of a table for one game at a time."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.bots: dict[int, Bot] = {s: make_bot(spec) for s, spec in table.bots.items()}
        self.rngs: dict[int, Rng] = {}

    def start(self, seed: int) -> None:
        """Fresh bot streams for the game with ``seed``."""
        self.rngs = {seat: bot_rng(seed, seat) for seat in self.bots}

    def play(self, game: Game) -> int:
        """Let bots decide until a seat without a bot must act or the game ends; returns the
        number of bot decisions made."""
        made = 0
        while True:
            seat = game.current_player
            if seat is None or seat not in self.bots:
                return made
            action = self.bots[seat].choose(game.view(seat), game.legal_actions(), self.rngs[seat])
            game.apply(action)
            made += 1


__all__ = ["BotSeats", "Table", "bot_rng"]
