"""The Gem Rush balancing pass (spec §8): the figures of simulation runs as Markdown tables.

Run the simulations first (``iridescia simulate --game gem-rush ... --out DIR``; the commands
used for ``docs/gemrush-balance.md`` are listed there), then:

``python -m benchmarks.gemrush_balance summarise DIR [DIR ...]``     §8.1-8.6, per run
``python -m benchmarks.gemrush_balance robustness --games 100000``    §8.7, random playouts
``python -m benchmarks.gemrush_balance compare A.json B.json``       before/after, side by side
``python -m benchmarks.gemrush_balance tables A.json [B.json ...]``  one row per run

``summarise --json FILE`` also writes the figures as JSON (``compare`` reads two such files).
Every run directory holds one mode, one table size and one bot (its ``meta.json`` says which
data set; every printout names it with the provisional-components notice).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from iridescia.core.rng import Rng
from iridescia.games import get
from iridescia.games.gemrush import ROOM_FIELDS, Statistics, full_deck_cards

GAME = get("gem-rush")
SIZES = ("1", "2", "3", "4", "5")


def _load(run: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    meta = json.loads((run / "meta.json").read_text())
    rows = [json.loads(line) for line in (run / "games.jsonl").read_text().splitlines() if line]
    return meta, rows


def _data_set(meta: dict[str, Any]) -> str:
    """The run's data set: the one its rules parameters chose, else the meta's."""
    chosen = meta.get("config", {}).get("params", {}).get("data_set")
    return str(chosen or meta["data_set"])


def _q(values: Sequence[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:g}" if values else "-"
    q = statistics.quantiles(values, n=4)
    return f"{statistics.median(values):g} ({q[0]:g}-{q[2]:g})"


def _pct(part: float, whole: float) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def summarise_run(run: Path) -> dict[str, Any]:
    """One run's §8 figures as plain data."""
    meta, rows = _load(run)
    n = rows[0]["players"]
    mode = rows[0]["mode"]
    out: dict[str, Any] = {
        "run": run.name, "data_set": _data_set(meta), "mode": mode, "players": n,
        "bot": rows[0]["seats"][0], "games": len(rows),
    }  # fmt: skip
    turns = sum(r["turns"] for r in rows)
    if mode == "crisis":
        teams = [r["team_score"] for r in rows]
        out["team_median"] = statistics.median(teams)
        out["team_quartiles"] = statistics.quantiles(teams, n=4) if len(teams) > 1 else teams * 3
        levels = rows[0]["levels"]
        out["reached"] = {k: sum(t >= v for t in teams) / len(teams) for k, v in levels.items()}
    else:
        rounds = [r["rounds"] for r in rows]
        out["rounds_median"] = statistics.median(rounds)
        out["rounds_quartiles"] = (
            statistics.quantiles(rounds, n=4) if len(rounds) > 1 else rounds * 3
        )
        out["rounds_range"] = [min(rounds), max(rounds)]
        by_order = [0.0] * n
        for r in rows:
            for seat, share in enumerate(r["returns"]):
                by_order[(seat - r["first_player"]) % n] += share
        out["win_by_turn_order"] = [w / len(rows) for w in by_order]
        out["round_limit_hits"] = sum(bool(r["round_limit_hit"]) for r in rows)
    # 8.3 the economy
    cons = sum(r["constructions"] for r in rows)
    points = sum(r["construction_points"] for r in rows)
    out["points_per_construction"] = points / cons if cons else None
    out["constructions_per_turn"] = cons / turns
    draws = sum(r["draw_actions"] for r in rows)
    room_actions = sum(r["room_actions"] for r in rows)
    out["cards_per_draw"] = sum(r["draw_cards"] for r in rows) / draws if draws else None
    out["cards_per_room_action"] = (
        sum(r["room_action_cards"] for r in rows) / room_actions if room_actions else None
    )
    out["room_action_share"] = room_actions / (room_actions + draws) if draws + room_actions else 0
    by_cost = Counter[str]()
    points_by_cost = Counter[str]()
    for r in rows:
        by_cost.update(r["doors_by_cost"])
        points_by_cost.update(r["points_by_cost"])
    out["doors_by_cost"] = dict(by_cost)
    out["points_share_4_5"] = (points_by_cost["4"] + points_by_cost["5"]) / points if points else 0
    out["free_doors_per_game"] = sum(r["free_doors"] for r in rows) / len(rows)
    out["zero_point_doors_per_game"] = sum(r["zero_point_doors"] for r in rows) / len(rows)
    pay: dict[str, list[int]] = defaultdict(lambda: [0] * 10)
    for r in rows:
        for hand, line in r["payability"].items():
            acc = pay[hand]
            for i in range(5):
                acc[i] += line["checks"][i]
                acc[5 + i] += line["payable"][i]
    out["payability"] = {
        hand: [line[5 + i] / line[i] if line[i] else None for i in range(5)]
        for hand, line in sorted(pay.items(), key=lambda kv: int(kv[0]))
    }
    out["payability_checks"] = {hand: sum(line[:5]) for hand, line in pay.items()}
    # 8.4 rooms
    rooms: dict[str, Counter[str]] = defaultdict(Counter)
    for r in rows:
        for name, fig in r["rooms"].items():
            # figures in ROOM_FIELDS order (runs of earlier versions: by name)
            named = fig if isinstance(fig, dict) else dict(zip(ROOM_FIELDS, fig, strict=True))
            rooms[name].update(named)
    out["rooms"] = {name: dict(fig) for name, fig in sorted(rooms.items())}
    # 8.5 deck dynamics
    out["reshuffles_per_game"] = sum(r["reshuffles"] for r in rows) / len(rows)
    digs: dict[str, list[int]] = defaultdict(list)
    short = Counter[str]()
    for r in rows:
        for name, d in r["digs"].items():
            digs[name].extend(d["lengths"])
            short[name] += d["short"]
    out["digs"] = {
        name: {"digs": len(v), "mean": statistics.fmean(v), "max": max(v), "short": short[name]}
        for name, v in sorted(digs.items())
    }
    if mode == "crisis":
        deck = sum(r["burns"]["deck"] for r in rows)
        hand = sum(r["burns"]["hand"] for r in rows)
        out["burns_from_hands"] = hand / (deck + hand) if deck + hand else 0
    # 8.6 the mine
    out["tiles_placed_per_game"] = sum(sum(r["tiles_placed"].values()) for r in rows) / len(rows)
    out["stack_exhausted_games"] = sum(r["stack_exhausted_turn"] is not None for r in rows)
    out["reopening_games"] = sum(r["reopenings"] > 0 for r in rows)
    out["dead_end_starts"] = sum(bool(r["dead_end_start"]) for r in rows)
    chains = [c for r in rows for c in r["tunnel_chains"]]
    out["tunnel_chains_per_game"] = len(chains) / len(rows)
    out["mine_cart_rides_per_game"] = sum(r["mine_cart_rides"] for r in rows) / len(rows)
    out["free_effect_cap_hits"] = sum(r["free_effect_cap_hits"] for r in rows)
    sites_by_round: dict[int, list[int]] = defaultdict(list)
    decisions: list[int] = []
    for r in rows:
        per_turn = r["per_turn"]
        for i, sites in enumerate(per_turn["sites"]):  # turn i is in round i // players + 1
            if sites is not None:
                sites_by_round[i // n + 1].append(sites)
        decisions.extend(d for d in per_turn["decisions"] if d is not None)
    out["open_sites_by_round"] = {
        k: statistics.fmean(v) for k, v in sorted(sites_by_round.items()) if k <= 14
    }
    out["decisions_per_turn"] = {"mean": statistics.fmean(decisions), "max": max(decisions)}
    return out


def print_run(s: dict[str, Any]) -> None:
    print(f"\n### {s['mode'].title()}, {s['players']} players, {s['bot']} ({s['games']} games, "
          f"{s['data_set']})\n")  # fmt: skip
    if s["mode"] == "crisis":
        q = s["team_quartiles"]
        reached = ", ".join(f"{k} {v:.0%}" for k, v in s["reached"].items())
        print(f"- team score median {s['team_median']:g} (quartiles {q[0]:g}-{q[2]:g}); "
              f"reached: {reached}")  # fmt: skip
        print(f"- burns from hands: {s['burns_from_hands']:.1%}")
    else:
        q = s["rounds_quartiles"]
        wins = ", ".join(f"{w:.1%}" for w in s["win_by_turn_order"])
        print(f"- rounds median {s['rounds_median']:g} (quartiles {q[0]:g}-{q[2]:g}, range "
              f"{s['rounds_range'][0]}-{s['rounds_range'][1]}); R88 hits "
              f"{s['round_limit_hits']}")  # fmt: skip
        print(f"- wins by turn order (first player first): {wins}")
    print(f"- points per construction {s['points_per_construction']:.2f}, constructions per "
          f"turn {s['constructions_per_turn']:.2f}, share of door points from 4-5-gem doors "
          f"{s['points_share_4_5']:.1%}")  # fmt: skip
    print(f"- cards per draw {s['cards_per_draw'] or 0:.2f}, per room action "
          f"{s['cards_per_room_action'] or 0:.2f}; room actions {s['room_action_share']:.0%} of "
          f"phase-3 actions")  # fmt: skip
    print(f"- free doors {s['free_doors_per_game']:.2f} and 0-point doors "
          f"{s['zero_point_doors_per_game']:.2f} per game; doors built by cost size "
          f"{s['doors_by_cost']}")  # fmt: skip
    for hand in ("4", "6"):
        line = s["payability"].get(hand)
        if line:
            shares = ", ".join("-" if v is None else f"{v:.0%}" for v in line)
            print(f"- payable with {hand} cards, doors of 1-5 gems: {shares}")
    print(f"- reshuffles {s['reshuffles_per_game']:.1f} per game; tiles placed "
          f"{s['tiles_placed_per_game']:.1f}; stack ran out in {s['stack_exhausted_games']} "
          f"games; R101 reopenings in {s['reopening_games']} games; dead-end starts "
          f"{s['dead_end_starts']}; tunnel chains {s['tunnel_chains_per_game']:.2f} and Mine "
          f"Cart rides {s['mine_cart_rides_per_game']:.2f} per game; R73 cap hits "
          f"{s['free_effect_cap_hits']}")  # fmt: skip
    sites = ", ".join(f"{v:.1f}" for v in s["open_sites_by_round"].values())
    print(f"- open construction sites at turn start, rounds 1-: {sites}")
    d = s["decisions_per_turn"]
    print(f"- decisions per turn: mean {d['mean']:.1f}, max {d['max']}")


def print_rooms(runs: Iterable[dict[str, Any]]) -> None:
    """§8.4 over all the runs given: uses per game, cards and points per use against §2.3.2."""
    total: dict[str, Counter[str]] = defaultdict(Counter)
    games = 0
    for s in runs:
        games += s["games"]
        for name, fig in s["rooms"].items():
            total[name].update(fig)
    expected = full_deck_cards()
    print(
        "\n| room | uses per game | as the action | cards per use | full-deck value (§2.3.2) "
        "| cards spent per use | points per use |\n| --- | --- | --- | --- | --- | --- | --- |"
    )
    for name, fig in sorted(total.items(), key=lambda kv: -kv[1]["uses"]):
        uses = fig["uses"]
        exp = expected.get(name)
        cards, spent, points = (_per(fig[k], uses) for k in ("cards", "spent", "points"))
        value = "-" if exp is None else f"{exp:.2f}"
        print(
            f"| {name} | {uses / games:.2f} | {_pct(fig['actions'], uses)} | {cards} | {value} "
            f"| {spent} | {points} |"
        )


def _per(part: int, uses: int) -> str:
    return f"{part / uses:.2f}" if uses else "-"


def robustness(games: int, seed: int) -> None:
    """§8.7: random playouts of both modes and every table size, checked and folded."""
    start = time.perf_counter()
    cap_hits = limit_hits = longest = turns = decisions = 0
    per_mode = Counter[str]()
    for k in range(games):
        mode = "crisis" if k % 2 == 0 else "rush"
        n = 1 + k % 7 if mode == "crisis" else 2 + k % 6
        game = GAME.new(n, seed + k, mode=mode)
        stats = Statistics(n, seed=seed + k)
        stats.observe(game.log)
        rng = Rng(seed + k)
        run = 0
        current = game.current_player
        while not game.is_terminal():
            legal = game.legal_actions()
            stats.observe(game.apply(legal[rng.below(len(legal))]))
            decisions += 1
            run += 1
            if game.current_player != current:
                longest = max(longest, run)
                run = 0
                current = game.current_player
        row = stats.as_json()
        turns += len(row["per_turn"]["decisions"])
        cap_hits += row["free_effect_cap_hits"]
        limit_hits += bool(row["round_limit_hit"])
        per_mode[mode] += 1
    elapsed = time.perf_counter() - start
    print(f"{games} random playouts ({dict(per_mode)}), {decisions} decisions in {elapsed:.0f} s: "
          f"no error; R73 cap hits {cap_hits} ({cap_hits / max(1, turns):.4f} per turn); R88 "
          f"hits {limit_hits}; longest run of one seat's decisions {longest}; "
          f"{decisions / max(1, turns):.1f} decisions per turn")  # fmt: skip


def tables(summaries: list[dict[str, Any]]) -> None:
    """Compact Markdown tables over many runs: one row per run (the doc's tables)."""
    crisis = [s for s in summaries if s["mode"] == "crisis"]
    rush = [s for s in summaries if s["mode"] == "rush"]
    if crisis:
        levels = list(crisis[0]["reached"])
        print("| bot | players | games | team score: median (quartiles) | "
              + " | ".join(levels) + " |")  # fmt: skip
        print("| --- " * (4 + len(levels)) + "|")
        for s in crisis:
            q = s["team_quartiles"]
            reached = " | ".join(f"{s['reached'][k]:.0%}" for k in levels)
            print(f"| {s['bot']} | {s['players']} | {s['games']} | {s['team_median']:g} "
                  f"({q[0]:g}-{q[2]:g}) | {reached} |")  # fmt: skip
    if rush:
        print("\n| bot | data set | players | games | rounds: median (quartiles, range) | "
              "win rate by turn order, first player first | R88 |")  # fmt: skip
        print("| --- " * 7 + "|")
        for s in rush:
            q = s["rounds_quartiles"]
            wins = ", ".join(f"{w:.0%}" for w in s["win_by_turn_order"])
            print(f"| {s['bot']} | {s['data_set'][-1]} | {s['players']} | {s['games']} | "
                  f"{s['rounds_median']:g} ({q[0]:g}-{q[2]:g}, {s['rounds_range'][0]}-"
                  f"{s['rounds_range'][1]}) | {wins} | {s['round_limit_hits']} |")  # fmt: skip
    print("\n| run | points per construction | constructions per turn | cards per draw / room "
          "action | room actions | door points from 4-5 gems | free / 0-point doors per game "
          "| reshuffles per game | tiles placed | R101 reopenings (games) | dead-end starts | "
          "R73 cap hits per game | decisions per turn (max) |")  # fmt: skip
    print("| --- " * 13 + "|")
    for s in summaries:
        d = s["decisions_per_turn"]
        print(f"| {s['mode']} {s['players']}p {s['bot']} ({s['data_set'][-1]}) | "
              f"{s['points_per_construction']:.2f} | {s['constructions_per_turn']:.2f} | "
              f"{s['cards_per_draw'] or 0:.2f} / {s['cards_per_room_action'] or 0:.2f} | "
              f"{s['room_action_share']:.0%} | {s['points_share_4_5']:.0%} | "
              f"{s['free_doors_per_game']:.2f} / {s['zero_point_doors_per_game']:.2f} | "
              f"{s['reshuffles_per_game']:.1f} | {s['tiles_placed_per_game']:.1f} | "
              f"{s['reopening_games']} ({s['reopening_games'] / s['games']:.1%}) | "
              f"{s['dead_end_starts'] / s['games']:.1%} | "
              f"{s['free_effect_cap_hits'] / s['games']:.2f} | "
              f"{d['mean']:.1f} ({d['max']}) |")  # fmt: skip


def compare(a: list[dict[str, Any]], b: list[dict[str, Any]]) -> None:
    """The headline figures of two summaries side by side, run by run."""
    index = {(s["mode"], s["players"], s["bot"]): s for s in b}
    print(f"| run | {a[0]['data_set']} | {b[0]['data_set']} |\n| --- | --- | --- |")
    for s in a:
        t = index.get((s["mode"], s["players"], s["bot"]))
        if t is None:
            continue
        label = f"{s['mode']} {s['players']}p {s['bot']}"
        if s["mode"] == "crisis":
            print(f"| {label}: team median (reached Journeyman) | {s['team_median']:g} "
                  f"({s['reached']['journeyman']:.0%}) | {t['team_median']:g} "
                  f"({t['reached']['journeyman']:.0%}) |")  # fmt: skip
        else:
            print(f"| {label}: rounds median (first player's wins) | {s['rounds_median']:g} "
                  f"({s['win_by_turn_order'][0]:.0%}) | {t['rounds_median']:g} "
                  f"({t['win_by_turn_order'][0]:.0%}) |")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    s = sub.add_parser("summarise")
    s.add_argument("runs", nargs="+", type=Path)
    s.add_argument("--json", type=Path)
    r = sub.add_parser("robustness")
    r.add_argument("--games", type=int, default=100_000)
    r.add_argument("--seed", type=int, default=90_000)
    tb = sub.add_parser("tables")
    tb.add_argument("summaries", nargs="+", type=Path, help="JSON files of summarise --json")
    c = sub.add_parser("compare")
    c.add_argument("before", type=Path)
    c.add_argument("after", type=Path)
    args = ap.parse_args()
    print(f"Gem Rush balancing pass — {GAME.info.notice}")
    if args.command == "summarise":
        summaries = [summarise_run(run) for run in args.runs]
        for summary in summaries:
            print_run(summary)
        print_rooms(summaries)
        if args.json:
            args.json.write_text(json.dumps(summaries, indent=1))
    elif args.command == "tables":
        tables([s for f in args.summaries for s in json.loads(f.read_text())])
    elif args.command == "robustness":
        robustness(args.games, args.seed)
    else:
        compare(json.loads(args.before.read_text()), json.loads(args.after.read_text()))


if __name__ == "__main__":
    main()
