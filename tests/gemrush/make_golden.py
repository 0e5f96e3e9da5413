"""Golden transcripts of Gem Rush: two whole games, recorded step by step, diffed by the tests.

Each game is ``GAME.new(players, seed, mode=mode)`` of the components' own data set
(``gemrush-2e-provisional-1``: these transcripts also show that its games keep their state
hashes as data sets are added) played to its end by the seeded random policy
``legal[Rng(seed).below(len(legal))]`` (a policy RNG of its own, separate from the game's). The
file holds the game record (rules version, data set, notice, seed, options, actions) and, per
step, the acting seat, the action text, the state hash after it, and the events that step
produced as the acting seat sees them (``game.redact``: a Rush seat sees no other hand's draws).
The setup's events are stored as a spectator sees them.

``tests/gemrush/test_gemrush_golden.py`` replays both games and compares them with the files.
After a deliberate change of behaviour (bump ``RULES_VERSION`` if records change meaning),
regenerate them from the repository root with::

    python -m tests.gemrush.make_golden

Each file is a JSON object with one step per line, so a diff shows the first step that changed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iridescia.core.rng import Rng
from iridescia.games.gemrush import GAME

GOLDEN_DIR = Path(__file__).parent / "golden"
DATA_SET = "gemrush-2e-provisional-1"
POLICY = "legal_actions()[Rng(seed).below(len(legal))], one policy Rng per game"


@dataclass(frozen=True)
class GoldenGame:
    name: str  # the file's stem
    mode: str
    players: int
    seed: int

    @property
    def path(self) -> Path:
        return GOLDEN_DIR / f"{self.name}.json"


GAMES = (
    GoldenGame("crisis_3p_seed28", "crisis", 3, 28),
    GoldenGame("rush_4p_seed6", "rush", 4, 6),
)


def transcript(spec: GoldenGame) -> dict[str, Any]:
    """Play the game and build its transcript (JSON-ready)."""
    game = GAME.new(spec.players, spec.seed, None, {"data_set": DATA_SET}, mode=spec.mode)
    setup = [e.to_json() for e in game.redact(game.log, None)]
    start = game.state_hash()
    policy = Rng(spec.seed)
    steps: list[dict[str, Any]] = []
    while not game.is_terminal():
        legal = game.legal_actions()
        seat = game.state.current
        action = legal[policy.below(len(legal))]
        events = game.apply(action)
        steps.append(
            {
                "seat": seat,
                "action": str(action),
                "hash": game.state_hash(),
                "events": [e.to_json() for e in game.redact(events, seat)],
            }
        )
    data = {
        "about": f"Gem Rush {spec.mode}, {spec.players} players, seed {spec.seed}, played by "
        f"{POLICY}; regenerate with: python -m tests.gemrush.make_golden",
        "record": game.record().to_json(),
        "outcome": game.outcome().to_json(),
        "start_hash": start,
        "setup_events": setup,
        "steps": steps,
    }
    normalised: dict[str, Any] = json.loads(json.dumps(data))  # tuples become lists
    return normalised


def render(data: dict[str, Any]) -> str:
    """The file's text: the header indented, then one line per step."""
    head = {k: v for k, v in data.items() if k != "steps"}
    text = json.dumps(head, indent=1)[:-2]  # drop the closing "\n}"
    lines = [json.dumps(step, separators=(",", ":")) for step in data["steps"]]
    return text + ',\n "steps": [\n  ' + ",\n  ".join(lines) + "\n ]\n}\n"


def main() -> None:
    GOLDEN_DIR.mkdir(exist_ok=True)
    for spec in GAMES:
        data = transcript(spec)
        spec.path.write_text(render(data), encoding="utf-8")
        print(f"wrote {spec.path} ({len(data['steps'])} steps)")


if __name__ == "__main__":
    main()
