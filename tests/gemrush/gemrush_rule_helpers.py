"""Helpers for the Gem Rush rule tests (``test_rules_*.py``, ``test_rulebook_examples.py``).

Positions are built with ``scenario`` (the engine's own position builder) and driven through
the public action texts of spec §9, so every test also shows the action grammar. The helpers:

- ``texts(game)``: the legal action texts, in id order;
- ``play(game, *texts)``: apply action texts in order;
- ``kind(game)``: the current decision's kind (``"movement"``, ``"payment"``...), ``"over"`` at
  the end;
- ``at(game, tile)``: the ``(x, y)`` of a placed tile;
- ``late_crisis(game, left)``: burn from the deck (face down, as phase 4 would) every card but
  the deck's top ``left``, so a position near the end of the Crisis clock (R41, R42) needs no
  25 turns of play; hands, the discard pile and the top of the deck stay as built;
- ``quiet_turn(game)``: one turn that does as little as possible: discard the lowest cards at
  the hand limit, end phase 2 at once, draw 1, burn from the deck (else the first card offered).

Card ids used in the tests (spec §2.3.1; the next id is always a second copy of the same pair):
G01 FR+OB, G03 FR+PF, G05 FR+ST, G07 FR+EL, G09 FR+SS, G11 FR+RH, G13 OB+PF, G15 OB+ST,
G17 OB+EL, G19 OB+SS, G21 OB+RH, G23 PF+ST, G25 PF+EL, G27 PF+SS, G29 PF+RH, G31 ST+EL,
G33 ST+SS, G35 ST+RH, G37 EL+SS, G39 EL+RH, G41 SS+RH; G43-G49 are FR, OB, PF, ST, EL, SS, RH
each with DD; G50-G56 the same with EG, G57-G63 with OR, G64-G70 with WS; G71-G75 a lone DD.
"""

from __future__ import annotations

from iridescia.games.gemrush import GemRushGame
from iridescia.games.gemrush.grid import decode


def texts(game: GemRushGame) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def play(game: GemRushGame, *actions: str) -> None:
    for text in actions:
        game.apply(text)


def kind(game: GemRushGame) -> str:
    decision = game.decision()
    return "over" if decision is None else decision.kind


def at(game: GemRushGame, tile: int) -> tuple[int, int]:
    return decode(game.state.pos_of[tile])


def late_crisis(game: GemRushGame, left: int) -> None:
    s = game.state
    keep = s.deck[len(s.deck) - left :]
    s.burnt_deck.extend(s.deck[: len(s.deck) - left])
    s.deck = keep
    s.legal_cache = None


def quiet_turn(game: GemRushGame) -> None:
    seat, done = game.state.current, game.state.turns_done
    while not game.is_terminal() and (game.state.current, game.state.turns_done) == (seat, done):
        legal = texts(game)
        choice = next((t for t in ("end", "draw", "burn deck") if t in legal), legal[0])
        game.apply(choice)
