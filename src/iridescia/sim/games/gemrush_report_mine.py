"""Gem Rush's report sections on rooms, the deck, the mine and turns (spec §8.4-§8.7).

- ``rooms``: per room, how often it is used (and chosen when the dwarf stands in it at the
  action), and what one use gains: cards, against the full-deck yield of spec §2.3.2
  (``games.gemrush.full_deck_cards``), cards it costs, and points;
- ``deck-and-mine``: reshuffles, dig lengths by room and digs that run the deck dry, Crisis
  burns from the deck and from hands, tiles placed, open construction sites by turn, the room
  stack running out, tunnel chains, Mine Cart rides, dead-end starts, R101 reopenings, R73 and
  R88 hits, and decisions per turn.

They follow ``gemrush_report``'s conventions (a "no data" figure for a run without the
figures); the registry puts them after that module's sections.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from iridescia.games.gemrush import ROOM_FIELDS, full_deck_cards
from iridescia.sim import html as h
from iridescia.sim import stats as st
from iridescia.sim.games.gemrush_report import games_with, no_data, quartiles, ratio, total
from iridescia.sim.plugin import ReportData, Row, Section

MAX_DIG_ROOMS = 14  # the dig-length panel shows the rooms with the most digs


def room_totals(games: Sequence[Row]) -> dict[str, dict[str, int]]:
    """Per room, every field of ``rooms`` summed over the games, and Observatory's copies."""
    out: dict[str, dict[str, int]] = defaultdict(lambda: dict.fromkeys((*ROOM_FIELDS, "copied"), 0))
    for g in games:
        for name, line in g["rooms"].items():  # [uses, actions, ...] in ROOM_FIELDS order
            for key, value in zip(ROOM_FIELDS, line, strict=True):
                out[name][key] += int(value)
        for name, n in g.get("observatory_copies", {}).items():
            out[name]["copied"] += int(n)
    return dict(out)


def rooms(data: ReportData) -> str:
    games = games_with(data, "rooms")
    lines = room_totals(games)
    if not lines:
        return no_data(data, "rooms", "room figures")
    n = len(games)
    expected = full_deck_cards()
    order = sorted(lines, key=lambda name: (-lines[name]["uses"], name))
    fig = h.new_figure(10, 0.2 * len(order) + 1.6)
    left, right = fig.subplots(1, 2, sharey=True)
    ys = list(range(len(order)))
    left.barh(ys, [lines[r]["uses"] / n for r in order], color=h.PALETTE[0])
    left.set_yticks(ys, labels=order, fontsize=7)
    left.invert_yaxis()
    left.set_xlabel("uses per game")
    left.set_title("How often each room is used")
    per_use = [ratio(lines[r]["cards"], lines[r]["uses"]) or 0.0 for r in order]
    right.barh(ys, per_use, color=h.PALETTE[2], label="cards gained per use")
    marks = [(expected.get(r), y) for r, y in zip(order, ys, strict=True)]
    right.plot([e for e, _ in marks if e is not None], [y for e, y in marks if e is not None],
               "x", color="#c44e52", label="full-deck yield (§2.3.2)")  # fmt: skip
    right.set_xlabel("cards per use")
    right.set_title("What one use gains")
    right.legend(fontsize=7, loc="lower right")
    head = ["room", "uses", "per game", "as action", "standing in it", "chosen there",
            "cards/use", "full deck", "spent/use", "points/use", "copied"]  # fmt: skip
    table = []
    for name in order:
        line = lines[name]
        uses = line["uses"]
        chosen = st.Rate(line["actions"], line["present"])
        table.append([name, uses, uses / n, line["actions"], line["present"], chosen.text(),
                      ratio(line["cards"], uses), expected.get(name), ratio(line["spent"], uses),
                      ratio(line["points"], uses), line["copied"]])  # fmt: skip
    return h.img(fig, "rooms", data.stamp) + h.table(head, table)


def dig_lengths(games: Sequence[Row]) -> dict[str, tuple[list[int], int, int]]:
    """Per room: the lengths of its digs, how many ran the deck dry, how many reshuffled."""
    out: dict[str, tuple[list[int], int, int]] = {}
    for g in games:
        for name, d in g["digs"].items():
            lengths, short, shuffled = out.get(name, ([], 0, 0))
            lengths.extend(int(v) for v in d["lengths"])
            out[name] = (lengths, short + int(d["short"]), shuffled + int(d["reshuffled"]))
    return out


def sites_by_turn(games: Sequence[Row]) -> list[float]:
    """The mean number of open construction sites at the start of turn 1, 2, ... over the
    games still running, as long as a tenth of the games are (the tail is a few games' noise)."""
    series = [g["per_turn"]["sites"] for g in games]
    enough = max(1, len(series) // 10)
    out = []
    for i in range(max((len(s) for s in series), default=0)):
        running = [s[i] for s in series if len(s) > i]
        if len(running) < enough:
            break
        out.append(st.mean(running))
    return out


def deck_and_mine(data: ReportData) -> str:
    games = games_with(data, "per_turn")
    if not games:
        return no_data(data, "deck and mine", "deck and mine figures")
    n = len(games)
    digs = dig_lengths(games)
    decisions = [d for g in games for d in g["per_turn"]["decisions"] if d is not None]
    fig = h.new_figure(11, 7)
    (shuffles, dig_ax), (sites_ax, turns_ax) = fig.subplots(2, 2)
    reshuffles = [int(g["reshuffles"]) for g in games]
    shuffles.hist(reshuffles, bins=h.int_bins(reshuffles), color=h.PALETTE[0])
    shuffles.set_xlabel("reshuffles per game")
    shuffles.set_ylabel("games")
    shown = sorted(digs, key=lambda r: (-len(digs[r][0]), r))[:MAX_DIG_ROOMS]
    if shown:
        dig_ax.boxplot([digs[r][0] for r in shown])
        dig_ax.set_xticks(range(1, len(shown) + 1), labels=shown, fontsize=7, rotation=40,
                          ha="right")  # fmt: skip
    dig_ax.set_ylabel("cards turned per dig")
    dig_ax.set_title("Dig lengths by room")
    mean_sites = sites_by_turn(games)
    sites_ax.plot(range(1, len(mean_sites) + 1), mean_sites, color=h.PALETTE[2])
    sites_ax.set_xlabel("turn")
    sites_ax.set_ylabel("mean open construction sites")
    turns_ax.hist(decisions, bins=h.int_bins(decisions), color=h.PALETTE[4])
    turns_ax.set_xlabel("decisions per turn")
    turns_ax.set_ylabel("turns")
    dig_head = ["room", "digs", "mean length", "median", "max", "ran dry", "reshuffled"]
    dig_table = [
        [name, len(lengths), st.mean(lengths), quartiles(lengths)[1], max(lengths), short, shuffled]
        for name, (lengths, short, shuffled) in sorted(digs.items())
        if lengths
    ]
    return (
        h.img(fig, "deck and mine", data.stamp)
        + h.facts(_facts(games, n, decisions, mean_sites))
        + h.table(dig_head, dig_table)
    )


def _games_where(games: Sequence[Row], test: Any) -> str:
    return st.Rate(sum(1 for g in games if test(g)), len(games)).text()


def _facts(
    games: Sequence[Row], n: int, decisions: Sequence[int], mean_sites: Sequence[float]
) -> list[tuple[str, Any]]:
    burns = [g["burns"] for g in games]
    chains = [c for g in games for c in g["tunnel_chains"]]
    placed = sum(sum(g["tiles_placed"].values()) for g in games)
    sites = [s for g in games for s in g["per_turn"]["sites"]]
    q1, median, q3 = quartiles(decisions)
    facts: list[tuple[str, Any]] = [
        ("games", n),
        ("reshuffles per game", total(games, "reshuffles") / n),
        ("burns per game from the deck / from hands (Crisis)",
         f"{sum(b['deck'] for b in burns) / n:.2f} / {sum(b['hand'] for b in burns) / n:.2f}"),
        ("tiles placed per game", placed / n),
        ("games in which the room stack ran out", _games_where(
            games, lambda g: g["stack_exhausted_turn"] is not None)),
        ("chains stopped by an empty stack (R65)", total(games, "chains_stopped")),
        ("tunnel chains per game, mean length, longest",
         f"{len(chains) / n:.2f}, {st.mean(chains):.2f}, {max(chains, default=0)}"),
        ("Mine Cart rides per game", total(games, "mine_cart_rides") / n),
        ("games with a Mine Cart ride", _games_where(games, lambda g: g["mine_cart_rides"] > 0)),
        ("dead-end starts", _games_where(games, lambda g: g["dead_end_start"])),
        ("games reopened by R101 (intended under 0.5%)",
         _games_where(games, lambda g: g["reopenings"] > 0)),
        ("R101 reopenings in all", total(games, "reopenings")),
        ("turns that reached the R73 cap", total(games, "free_effect_cap_hits")),
        ("games ended by R88 (intended: none)",
         _games_where(games, lambda g: g["round_limit_hit"])),
        ("open construction sites at a turn start: mean, min",
         f"{st.mean(sites):.2f}, {min(sites, default=0)}"),
        ("turns that started with no site (the mine closed)", sum(1 for s in sites if s == 0)),
        ("decisions per turn: mean, Q1, median, Q3, max",
         f"{st.mean(decisions):.2f}, {q1:g}, {median:g}, {q3:g}, {max(decisions, default=0)}"),
        ("turns measured (the sites figure: turns 1 to, while a tenth of the games run)",
         f"{len(sites)} ({len(mean_sites)})"),
    ]  # fmt: skip
    return facts


SECTIONS: tuple[Section, ...] = (
    Section("rooms", "Rooms: use and value", rooms,
            "Spec §8.4. Full deck: the cards one use gains from a full deck where the data "
            "alone decides it (§2.3.2). Chosen there: room actions among the phase-3 actions "
            "taken standing in the room."),
    Section("deck-and-mine", "Deck, mine and turns", deck_and_mine, "Spec §8.5-§8.7."),
)  # fmt: skip
