"""The cost of Gems of Iridescia's browser words per state message: the labels of the acting
seat's legal actions (``labels``, which read the view: costs, yields, tiles) and the log lines of
the step (``describe_event``), as the game service builds them for every state it sends.

Run by hand: ``python -m benchmarks.web_words`` (against whichever ``iridescia`` is imported, so
``PYTHONPATH=<old checkout>/src python -m benchmarks.web_words`` measures an older one). It plays
six random 4-player games, keeps every state's view, legal actions and events, then times three
passes over them and prints the mean time per state.
"""

from __future__ import annotations

import random
import time
from typing import Any

import iridescia.games as games
from iridescia.web.games import plugin

GAME = "gems-of-iridescia"
SEEDS = range(6)
PASSES = 3


def states() -> list[tuple[Any, list[Any], list[Any]]]:
    """(view of the seat to act, its legal actions, the events of its action) of every step."""
    spec = games.get(GAME)
    out = []
    for seed in SEEDS:
        g = spec.new(4, seed=seed)
        rng = random.Random(seed)
        while legal := list(g.legal_actions()):
            view = g.view(g.current_player)
            events = g.apply(rng.choice(legal))
            out.append((view, legal, events))
    return out


def main() -> None:
    web = plugin(GAME)
    web.action_table()  # built once per process, not per state
    steps = states()
    start = time.perf_counter()
    for _ in range(PASSES):
        for view, legal, events in steps:
            web.labels(view, legal)
            for e in events:
                web.describe_event(e)
    per_state = (time.perf_counter() - start) / (PASSES * len(steps))
    print(f"{len(steps)} states: {per_state * 1e6:.1f} µs per state (labels and log lines)")


if __name__ == "__main__":
    main()
