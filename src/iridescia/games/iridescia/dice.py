"""Dice: mining attempts, and changing the dice of the latest roll or the market (spec 3.4, 4).

The latest roll (a mining attempt or a Wishing Well roll) is kept in the state with, per die, its
real current face, whether it succeeds and the gems it gave (own colour, Pickaxe colour). R21: a
die of the latest mining roll that turns into a success gives its gems now, with the Cart and
Pickaxe as they applied to that roll; one that turns into a failure takes them back, which is not
allowed unless those gems are still in the cargo. Changing a market die locks the latest roll.
"""

from __future__ import annotations

from typing import TypeVar

from iridescia.games.iridescia import steps
from iridescia.games.iridescia.actions import MARKET_TARGET_BASE
from iridescia.games.iridescia.data import COLOUR_NAMES
from iridescia.games.iridescia.state import MINING_ROLL, NO_ROLL, WELL_ROLL, State

T = TypeVar("T")


def mine(s: State, activate: int) -> None:
    """One mining attempt, activating ``activate`` more stone dice (R13)."""
    p = s.players[s.current]
    p.coins -= s.params.mining_cost
    p.stone_idle -= activate
    s.active_stone += activate
    colour = s.mine_colour
    target = s.market[colour]
    mult = 2 if s.cart else 1
    pick = s.pickaxe_colour
    rng = s.rng
    n = s.params.mining_dice + s.active_stone
    faces = [rng.die() for _ in range(n)]
    ok = [f >= target for f in faces]
    s.roll_kind = MINING_ROLL
    s.roll = tuple(faces)
    s.roll_ok = tuple(ok)
    s.roll_colour = colour
    s.roll_mult = mult
    s.roll_pick = pick
    s.roll_locked = False
    s.emit(
        "mine",
        s.current,
        colour=COLOUR_NAMES[colour],
        target=target,
        faces=faces,
        stone=s.active_stone,
        successes=sum(ok),
        cost=s.params.mining_cost,
    )
    gains = []
    for good in ok:
        gains.append(_die_gain(s, colour, mult, pick) if good else (0, 0))
    s.roll_gain = tuple(gains)


def _replaced(values: tuple[T, ...], i: int, value: T) -> tuple[T, ...]:
    """``values`` with item ``i`` replaced (the roll's fields are tuples: see ``State``)."""
    return (*values[:i], value, *values[i + 1 :])


def _die_gain(s: State, colour: int, mult: int, pick: int) -> tuple[int, int]:
    own = steps.gain(s, s.current, colour, mult, "mining")
    extra = steps.gain(s, s.current, pick, own, "pickaxe") if pick >= 0 and own else 0
    return (own, extra)


def roll_modifiable(s: State) -> bool:
    return s.roll_kind != NO_ROLL and not s.roll_locked


def can_take_back(s: State, gains: list[tuple[int, int]]) -> bool:
    """Whether the gems given by these dice (own colour, Pickaxe colour) are all in cargo."""
    need = [0, 0, 0, 0]
    for own, extra in gains:
        need[s.roll_colour] += own
        if extra:
            need[s.roll_pick] += extra
    cargo = s.players[s.current].cargo
    return all(cargo[c] >= need[c] for c in range(4))


def delta_allowed(s: State, target: int, delta: int) -> bool:
    """Whether a die may change by ``delta`` (market dice always may)."""
    if target >= MARKET_TARGET_BASE:
        return True
    if s.roll_kind != MINING_ROLL:
        return True
    face = (s.roll[target] - 1 + delta) % 6 + 1
    if s.roll_ok[target] and face < s.market[s.roll_colour]:
        return can_take_back(s, [s.roll_gain[target]])
    return True


def roll_targets(s: State, deltas: tuple[int, ...]) -> list[int]:
    if not roll_modifiable(s):
        return []
    return [i for i in range(len(s.roll)) if any(delta_allowed(s, i, d) for d in deltas)]


def set_die(s: State, i: int, face: int, reason: str) -> None:
    """Give die ``i`` of the latest roll a new face and settle its gems (R21)."""
    before = s.roll[i]
    s.roll = _replaced(s.roll, i, face)
    s.emit("die", s.current, die=i + 1, before=before, after=face, reason=reason)
    if s.roll_kind != MINING_ROLL:
        return
    now_ok = face >= s.market[s.roll_colour]
    was_ok = s.roll_ok[i]
    if now_ok == was_ok:
        return
    s.roll_ok = _replaced(s.roll_ok, i, now_ok)
    if was_ok:
        own, extra = s.roll_gain[i]
        if own:
            steps.pay_gems(s, s.current, s.roll_colour, own, "die changed to a failure")
        if extra:
            steps.pay_gems(s, s.current, s.roll_pick, extra, "die changed to a failure")
        s.roll_gain = _replaced(s.roll_gain, i, (0, 0))
    else:
        gain = _die_gain(s, s.roll_colour, s.roll_mult, s.roll_pick)
        s.roll_gain = _replaced(s.roll_gain, i, gain)


def change_die(s: State, target: int, delta: int, reason: str) -> None:
    if target >= MARKET_TARGET_BASE:
        steps.bump_market(s, target - MARKET_TARGET_BASE, delta, reason)
        lock_roll(s)
    else:
        set_die(s, target, (s.roll[target] - 1 + delta) % 6 + 1, reason)


def lock_roll(s: State) -> None:
    """A changed market die never re-judges a roll: the latest roll can no longer change."""
    if s.roll_kind != NO_ROLL and not s.roll_locked:
        s.roll_locked = True
        s.emit("roll_locked", s.current)


def reroll(s: State, mask: int, reason: str) -> None:
    """Lucky Libation on the latest roll: re-roll the dice in ``mask`` once each.

    Take-backs are settled before new gains so the cargo check of R21 sees the real cargo.
    """
    chosen = [i for i in range(len(s.roll)) if mask >> i & 1]
    faces = {i: s.rng.die() for i in chosen}
    order = sorted(chosen, key=lambda i: not s.roll_ok[i])  # successes first
    for i in order:
        set_die(s, i, faces[i], reason)


def roll_market(s: State, mask: int, reason: str) -> None:
    for c in range(4):
        if mask >> (MARKET_TARGET_BASE + c) & 1:
            before = s.market[c]
            after = s.rng.die()
            s.market[c] = after
            s.emit("market", -1, colour=COLOUR_NAMES[c], before=before, after=after, reason=reason)
    lock_roll(s)


def well_roll(s: State) -> None:
    faces = [s.rng.die() for _ in range(s.params.mining_dice)]
    s.roll_kind = WELL_ROLL
    s.roll = tuple(faces)
    s.roll_ok = (False,) * len(faces)
    s.roll_gain = ((0, 0),) * len(faces)
    s.roll_colour = -1
    s.roll_mult = 1
    s.roll_pick = -1
    s.roll_locked = False
    s.emit("well_roll", s.current, faces=list(faces))
