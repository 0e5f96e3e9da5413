"""The search bot: information-set Monte Carlo tree search over re-dealt worlds, for any game.

Each iteration plays in a world where what the bot cannot see is re-dealt (the game's
``world_from_view`` once per decision, then a pool of ``worlds`` re-deals with ``determinize``
that the iterations cycle through, each copy with a fresh RNG so that dice and draws differ from
one iteration to the next), walks down one shared tree of action sequences (single-observer
ISMCTS: a child's statistics count only the iterations in which its action was legal, and the
exploration term uses that availability count), adds one node, finishes the turn with the
game's default policy (``heuristics.finish_turn``: the truncated rollout), and scores the reached
world with the game's evaluator (``heuristics.leads``). The tree spans the rest of the bot's own
turn, and every line is judged just before the turn passes; or, with a ``horizon`` of k turns
and heuristics that can play the others' turns (``core.game.Horizon``: an automa by its rules,
other seats by the default policy), at the start of the bot's k-th next turn, so that what the
others do in between is seen by play. The search knows no game: everything game-specific comes
from the game's ``SearchHeuristics``.

Budgets are iterations (deterministic for a seed) or wall time (``time=`` seconds, for play,
not reproducible). A decision with one legal action costs nothing; decisions with few actions
use fewer iterations (``per_action`` per legal action, up to the budget). At every node the
search looks only at the game's ``candidates`` among the legal actions (a game may prune
actions that are never better than another; Gems of Iridescia prunes none).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

from iridescia.bots.base import register
from iridescia.core.actions import Action
from iridescia.core.game import Game, GameSpec, Horizon, SearchHeuristics, View, horizon_of
from iridescia.core.rng import Rng


class Node:
    """Statistics of one action sequence, from the point of view of the seat that chose it."""

    __slots__ = ("action", "available", "children", "player", "visits", "wins")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player
        self.visits = 0
        self.available = 1
        self.wins = 0.0
        self.children: dict[int, Node] = {}


def values_of(lead: list[float], baseline: list[float], scale: float) -> list[float]:
    """Each seat's value in [0, 1]: a logistic of how much its lead grew from ``baseline``.

    Measuring from the lead at the root keeps the logistic in its sensitive range: a seat 40
    points behind (or ahead) still sees a difference of two points between two lines of play.
    """
    return [1.0 / (1.0 + math.exp(-(v - b) / scale)) for v, b in zip(lead, baseline, strict=True)]


class MctsBot:
    """ISMCTS with truncated rollouts and the heuristic evaluator."""

    def __init__(
        self,
        game: GameSpec,
        iterations: int = 1000,
        time_limit: float | None = None,
        per_action: int = 100,
        exploration: float = 0.15,
        scale: float = 8.0,
        worlds: int = 40,
        horizon: int = 0,
        name: str = "mcts",
    ) -> None:
        if iterations < 1 or per_action < 1:
            raise ValueError("MCTS budgets must be positive")
        if horizon < 0:
            raise ValueError("the MCTS horizon counts turns: it cannot be negative")
        heuristics = game.heuristics()
        if heuristics is None:
            raise ValueError(f"the search bot needs search heuristics for {game.info.title}")
        self.game = game
        self.heuristics: SearchHeuristics[Any] = heuristics
        self.iterations = iterations
        self.time_limit = time_limit
        self.per_action = per_action
        self.exploration = exploration
        self.scale = scale
        self.worlds = max(1, worlds)
        # Look past the seat's own turn (``horizon`` turns of its own) when the game's
        # heuristics can play the others' turns (``core.game.Horizon``); else judge within it.
        self.horizon: Horizon[Any] | None = horizon_of(heuristics) if horizon else None
        self.horizon_turns = horizon if self.horizon is not None else 0
        self.name = name
        self.last_iterations = 0
        self._baseline: list[float] = []

    def choose(self, view: View, legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the MCTS bot was asked to choose among no actions")
        if len(legal_actions) == 1:
            self.last_iterations = 0
            return legal_actions[0]
        seat = view["viewer"]
        base = self.game.world_from_view(view, rng)
        first = self.heuristics.candidates(base, legal_actions)
        if len(first) == 1:  # the game's pruning left one action worth searching
            self.last_iterations = 0
            return first[0]
        root = Node(None, seat)
        self._baseline = self.heuristics.leads(base)
        budget = min(self.iterations, self.per_action * len(first))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        # Re-dealing hidden information costs far more than copying a state, so the iterations
        # cycle through a fixed pool of re-dealt worlds, each copy with a fresh RNG for chance.
        pool = [base.determinize(seat, Rng(rng.next64())) for _ in range(min(budget, self.worlds))]
        while done < budget:
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            world = pool[done % len(pool)].clone()
            world.reseed(rng.next64())
            self._iterate(root, world, rng)
            done += 1
        self.last_iterations = done
        return self._final_choice(root, legal_actions)

    def _final_choice(self, root: Node, legal_actions: Sequence[Action]) -> Action:
        """The best mean value among the well-explored children (at least a quarter of the
        visits of the most visited): value differences between good actions are small, and
        the visit counts alone would often pick among them by chance."""
        children = [root.children[a.id] for a in legal_actions if a.id in root.children]
        if not children:
            return legal_actions[0]
        floor = max(c.visits for c in children) / 4
        best = max(
            (c for c in children if c.visits >= floor),
            key=lambda c: (c.wins / c.visits, c.visits, -(c.action.id if c.action else 0)),
        )
        assert best.action is not None
        return best.action

    def _iterate(self, root: Node, g: Game, rng: Rng) -> None:
        """One iteration: down the tree, one new node, the turn finished by default, backed up.

        The tree spans the rest of the bot's turn. Without a horizon, an action that passes the
        turn ends the path and the world just before it is judged, as ``heuristics.finish_turn``
        judges every other line: all lines are compared at the same point, before any other
        seat (or an automa) moves. With a horizon of k turns, every line is played on by the
        game's ``Horizon.play_on`` (the rest of the turn, then the other seats' turns) and
        judged where the bot's k-th next turn starts: all lines are again compared at the same
        point, with what the others do in between seen by play.
        """
        h = self.heuristics
        horizon = self.horizon
        path = [root]
        node = root
        turn = h.turn_index(g)
        expanded = False
        while not expanded:
            if g.is_terminal():
                break
            legal = h.candidates(g, g.legal_actions())
            player = g.current_player
            assert player is not None
            untried = []
            for a in legal:
                child = node.children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                a = untried[rng.below(len(untried))]
                node.children[a.id] = node = Node(a, player)
                expanded = True
            else:
                node = self._select(node, legal)
            path.append(node)
            assert node.action is not None
            keep = horizon is None and h.may_pass_turn(node.action)
            before = g.clone() if keep else g
            g.apply_unchecked(node.action)
            if h.turn_index(g) != turn or g.is_terminal():
                # The turn passed: judge the world it passed from (``before`` is ``g`` itself,
                # after the action, when the game judges lines after the turn passes).
                g = h.judge_passing(before, node.action) if before is not g else g
                break
        else:
            if horizon is None:
                seat = g.current_player
                assert seat is not None  # not over: the loop above stops at the game's end
                g = h.finish_turn(g, seat, rng)
        if horizon is not None:
            g = self._play_on(horizon, g, root.player, turn, rng)
        values = values_of(h.leads(g), self._baseline, self.scale)
        for n in path[1:]:
            n.visits += 1
            n.wins += values[n.player]
        root.visits += 1

    def _play_on(self, horizon: Horizon[Any], g: Game, seat: int, turn: int, rng: Rng) -> Game:
        """``g`` played on to the start of ``seat``'s ``horizon_turns``-th turn after ``turn``
        (its own turns in between by the default policy), or to the end of the game."""
        for _ in range(self.horizon_turns):
            if g.is_terminal():
                break
            g = horizon.play_on(g, seat, turn, rng)
            turn = self.heuristics.turn_index(g)
        return g

    def _select(self, node: Node, legal: Sequence[Action]) -> Node:
        best: Node | None = None
        best_score = float("-inf")
        c = self.exploration
        for a in legal:
            child = node.children[a.id]
            score = child.wins / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best


LEVELS: Final[dict[str, dict[str, Any]]] = {
    "easy": {"iterations": 60, "per_action": 15},
    "medium": {"iterations": 300, "per_action": 50},
    "hard": {"iterations": 1000, "per_action": 125, "horizon": 1},
}


def make_mcts(spec: str, game: GameSpec) -> MctsBot:
    """``mcts``, ``mcts:LEVEL`` or ``mcts:key=value,...`` (iterations, time, per_action, c,
    scale, worlds, horizon)."""
    name = f"mcts:{spec}" if spec else "mcts"
    if spec in LEVELS:
        return MctsBot(game, **LEVELS[spec], name=name)
    kwargs: dict[str, Any] = dict(LEVELS["medium"])
    if spec:
        keys = {"iterations": int, "time": float, "per_action": int, "c": float,
                "scale": float, "worlds": int, "horizon": int}  # fmt: skip
        for part in spec.split(","):
            key, sep, value = part.partition("=")
            key = key.strip()
            if not sep or key not in keys:
                raise ValueError(
                    f"bad MCTS option {part!r}: use a level ({', '.join(LEVELS)}) or "
                    f"key=value with keys {', '.join(keys)}"
                )
            try:
                parsed = keys[key](value)
            except ValueError:
                raise ValueError(f"bad value for MCTS option {key!r}: {value!r}") from None
            target = {"time": "time_limit", "c": "exploration"}
            kwargs[target.get(key, key)] = parsed
    return MctsBot(game, **kwargs, name=name)


register("mcts", make_mcts, needs_heuristics=True, takes_options=True)


def _level_factory(level: str) -> Callable[[str, GameSpec], MctsBot]:
    def make(options: str, game: GameSpec) -> MctsBot:
        return MctsBot(game, **LEVELS[level], name=level)

    return make


for _level in LEVELS:
    register(_level, _level_factory(_level), needs_heuristics=True)
