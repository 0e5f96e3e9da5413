"""The search bot: information-set Monte Carlo tree search over re-dealt worlds.

Each iteration plays in a world where what the bot cannot see is re-dealt
(``worlds.world_from_view`` once per decision, then a pool of ``worlds`` re-deals with
``views.determinize`` that the iterations cycle through, each copy with a fresh RNG so that dice
and draws differ from one iteration to the next), walks down one shared tree of action sequences
(single-observer ISMCTS: a child's statistics count only the iterations in which its action was
legal, and the exploration term uses that availability count), adds one node, finishes the turn
in progress with the default policy (``policy.finish_turn``; ``rollout`` more whole turns on
request), and scores the reached state with the heuristic evaluator. Every
seat that decides in the tree, the opponents included, picks what is best for itself. The Rhom
needs no nodes: the engine plays its turns inside ``apply``.

Budgets are iterations (deterministic for a seed) or wall time (``time=`` seconds, for play,
not reproducible). A decision with one legal action costs nothing; decisions with few actions
use fewer iterations (``per_action`` per legal action, up to the budget).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from iridescia.bots.base import register, register_with_options
from iridescia.bots.evaluate import DEFAULT_WEIGHTS, Weights, estimate
from iridescia.bots.policy import default_action, finish_turn
from iridescia.core.rng import Rng
from iridescia.games.iridescia import rules, views
from iridescia.games.iridescia.actions import Action
from iridescia.games.iridescia.game import Game
from iridescia.games.iridescia.state import State
from iridescia.games.iridescia.worlds import world_from_view


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


def values_of(s: State, scale: float, weights: Weights) -> list[float]:
    """Each seat's value in [0, 1]: a logistic of its predicted lead over the best other seat
    (exact final scores once the game is over)."""
    if rules.decision_kind(s) is None:
        est = [float(b.total) for b in Game(s).scores()]
    else:
        est = estimate(s, weights)
    out = []
    for i, v in enumerate(est):
        best_other = max((w for j, w in enumerate(est) if j != i), default=0.0)
        out.append(1.0 / (1.0 + math.exp(-(v - best_other) / scale)))
    return out


class MctsBot:
    """ISMCTS with truncated rollouts and the heuristic evaluator."""

    def __init__(
        self,
        iterations: int = 1000,
        time_limit: float | None = None,
        per_action: int = 100,
        rollout_depth: int = 0,
        exploration: float = 0.5,
        scale: float = 8.0,
        worlds: int = 40,
        weights: Weights = DEFAULT_WEIGHTS,
        name: str = "mcts",
    ) -> None:
        if iterations < 1 or per_action < 1 or rollout_depth < 0:
            raise ValueError("MCTS budgets must be positive")
        self.iterations = iterations
        self.time_limit = time_limit
        self.per_action = per_action
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.scale = scale
        self.worlds = max(1, worlds)
        self.weights = weights
        self.name = name
        self.last_iterations = 0

    def choose(self, view: dict[str, Any], legal_actions: Sequence[Action], rng: Rng) -> Action:
        if not legal_actions:
            raise ValueError("the MCTS bot was asked to choose among no actions")
        if len(legal_actions) == 1:
            self.last_iterations = 0
            return legal_actions[0]
        seat = view["viewer"]
        base = world_from_view(view, rng)
        root = Node(None, seat)
        budget = min(self.iterations, self.per_action * len(legal_actions))
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        # Re-dealing hidden information costs far more than copying a state, so the iterations
        # cycle through a fixed pool of re-dealt worlds, each copy with a fresh RNG for chance.
        pool = [
            views.determinize(base, seat, Rng(rng.next64()))
            for _ in range(min(budget, self.worlds))
        ]
        while done < budget:
            if deadline is not None and done and time.perf_counter() > deadline:
                break
            world = pool[done % len(pool)].clone()
            world.rng = Rng(rng.next64())
            self._iterate(root, world, rng)
            done += 1
        self.last_iterations = done
        legal_ids = {a.id for a in legal_actions}
        best = max(
            (
                c
                for c in root.children.values()
                if c.action is not None and c.action.id in legal_ids
            ),
            key=lambda c: (c.visits, c.wins, -c.action.id if c.action else 0),
            default=None,
        )
        if best is None or best.action is None:
            return legal_actions[0]
        return best.action

    def _iterate(self, root: Node, s: State, rng: Rng) -> None:
        path = [root]
        node = root
        while rules.decision_kind(s) is not None:
            legal = rules.legal_actions(s)
            player = s.current
            untried = []
            for a in legal:
                child = node.children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.available += 1
            if untried:
                a = untried[rng.below(len(untried))]
                child = Node(a, player)
                node.children[a.id] = child
                rules.apply_unchecked(s, a)
                s.events = []
                path.append(child)
                break
            node = self._select(node, legal)
            assert node.action is not None
            rules.apply_unchecked(s, node.action)
            s.events = []
            path.append(node)
        s = self._rollout(s, rng)
        values = values_of(s, self.scale, self.weights)
        for n in path[1:]:
            n.visits += 1
            n.wins += values[n.player]
        root.visits += 1

    def _select(self, node: Node, legal: list[Action]) -> Node:
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

    def _rollout(self, s: State, rng: Rng) -> State:
        """Finish the current turn by the default policy, then ``rollout_depth`` more turns."""
        for turn in range(self.rollout_depth + 1):
            if rules.decision_kind(s) is None:
                break
            s = finish_turn(s, s.current, self.weights, rng)
            if turn == self.rollout_depth or rules.decision_kind(s) is None:
                break
            legal = rules.legal_actions(s)
            rules.apply_unchecked(s, default_action(s, s.current, legal, self.weights, rng))
            s.events = []
        return s


LEVELS: dict[str, dict[str, Any]] = {
    "easy": {"iterations": 60, "per_action": 15, "rollout_depth": 0},
    "medium": {"iterations": 300, "per_action": 50, "rollout_depth": 0},
    "hard": {"iterations": 800, "per_action": 100, "rollout_depth": 0},
}


def make_mcts(spec: str = "") -> MctsBot:
    """``mcts``, ``mcts:LEVEL`` or ``mcts:key=value,...`` (iterations, time, per_action,
    rollout, c, scale)."""
    name = f"mcts:{spec}" if spec else "mcts"
    if spec in LEVELS:
        return MctsBot(**LEVELS[spec], name=name)
    kwargs: dict[str, Any] = dict(LEVELS["medium"])
    if spec:
        keys = {"iterations": int, "time": float, "per_action": int, "rollout": int,
                "c": float, "scale": float, "worlds": int}  # fmt: skip
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
            target = {"time": "time_limit", "rollout": "rollout_depth", "c": "exploration"}
            kwargs[target.get(key, key)] = parsed
    return MctsBot(**kwargs, name=name)


register_with_options("mcts", make_mcts)


def _level_factory(level: str) -> Callable[[], MctsBot]:
    return lambda: MctsBot(**LEVELS[level], name=level)


for _level in LEVELS:
    register(_level, _level_factory(_level))
