"""Card zones and card flow (Gem Rush R34-R41): draw, reveal, dig, keep, take, discard, burn.

Every gem card is always in exactly one zone: the deck, the discard pile, a hand, the revealed row,
or burnt (from the deck, ids hidden; or from a hand, public). These functions are the only code that
moves cards, and each emits one event saying what moved. Taking a card from the deck refills it from
the whole discard pile first when it is empty (Gem Rush R35), never from the revealed row; when both
are empty nothing comes (Gem Rush R64).

Hands stay sorted by card id. ``known`` (Gem Rush R89) lists the cards of a hand that everybody saw
enter it face up; a card leaves that list when it leaves the hand.
"""

from __future__ import annotations

from bisect import insort

from iridescia.games.gemrush.data import CARD_MASK
from iridescia.games.gemrush.schemas import CompiledTest, passes
from iridescia.games.gemrush.state import PlayerState, State

NO_CARD = 0


def add_to_hand(p: PlayerState, card: int, face_up: bool) -> None:
    insort(p.hand, card)
    if face_up:
        insort(p.known, card)


def remove_from_hand(p: PlayerState, card: int) -> None:
    p.hand.remove(card)
    if card in p.known:
        p.known.remove(card)


def cards_left(s: State) -> int:
    """Cards that can still be taken from the deck, refill included."""
    return len(s.deck) + len(s.discard)


def take_top(s: State) -> int:
    """The top card of the deck, refilling from the discard pile if needed (Gem Rush R35); NO_CARD
    when the deck and the discard pile are both empty (Gem Rush R64)."""
    if not s.deck:
        if not s.discard:
            return NO_CARD
        s.deck = s.discard
        s.discard = []
        s.rng.shuffle(s.deck)
        s.emit("reshuffle", -1, cards=len(s.deck))
    return s.deck.pop()


def draw(s: State, seat: int, n: int) -> int:
    """Gem Rush R35: n single draws into a hand, face down. How many came."""
    p = s.players[seat]
    got: list[int] = []
    for _ in range(n):
        card = take_top(s)
        if card == NO_CARD:
            break
        add_to_hand(p, card, False)
        got.append(card)
    if n > 0:
        s.emit("draw", seat, cards=got, count=len(got), wanted=n, open=s.open_hands)
    return len(got)


def reveal(s: State, n: int) -> None:
    """Gem Rush R36: n times, turn the top card face up into the revealed row."""
    turned: list[int] = []
    for _ in range(n):
        card = take_top(s)
        if card == NO_CARD:
            break
        s.revealed.append(card)
        turned.append(card)
    s.emit("reveal", s.current, cards=turned, wanted=n)


def dig(s: State, n: int, test: CompiledTest, c_mask: int, named: int) -> None:
    """Gem Rush R37, Gem Rush R63: turn cards face up into the revealed row until n of them pass
    ``test`` (they are dug) or the deck and discard pile are both empty. Rejected cards stay in the
    row."""
    turned: list[int] = []
    found: list[int] = []
    while len(found) < n:
        card = take_top(s)
        if card == NO_CARD:
            break
        s.revealed.append(card)
        turned.append(card)
        if passes(test, CARD_MASK[card], c_mask, named):
            found.append(card)
            s.dug.append(card)
    s.emit("dig", s.current, cards=turned, dug=found, wanted=n)


def keep(s: State, seat: int, cards: list[int]) -> None:
    """Gem Rush R38: move cards from the revealed row into a hand, face up (so they become known,
    Gem Rush R89)."""
    p = s.players[seat]
    for card in cards:
        s.revealed.remove(card)
        if card in s.dug:
            s.dug.remove(card)
        add_to_hand(p, card, True)
    s.emit("keep", seat, cards=list(cards))


def take_from_discard(s: State, seat: int, n: int, beneath: int) -> None:
    """Gem Rush R82: take up to n cards from the discard pile into a hand, face up: the top n, or,
    with ``beneath`` (the card just discarded, which stays on top), the n cards under it."""
    pile = s.discard
    top = len(pile) - (1 if beneath != NO_CARD else 0)
    start = max(0, top - n)
    taken = pile[start:top]
    del pile[start:top]
    p = s.players[seat]
    for card in taken:
        add_to_hand(p, card, True)
    s.emit("take", seat, cards=taken, wanted=n)


def discard(s: State, seat: int, cards: list[int], reason: str) -> None:
    """Gem Rush R40: cards from a hand onto the discard pile together, in ascending id order (the
    highest id ends on top)."""
    p = s.players[seat]
    ordered = sorted(cards)
    for card in ordered:
        remove_from_hand(p, card)
        s.discard.append(card)
    s.emit("discard", seat, cards=ordered, reason=reason)


def cleanup(s: State) -> None:
    """Gem Rush R39: the revealed row goes to the discard pile in the order it was turned up."""
    if s.revealed:
        cards = s.revealed
        s.discard.extend(cards)
        s.revealed = []
        s.emit("cleanup", -1, cards=cards)
    s.dug = []


def burn_from_deck(s: State) -> bool:
    """Gem Rush R41: burn the top card of the deck (refilled if needed), unseen by everyone."""
    card = take_top(s)
    if card == NO_CARD:
        return False
    s.burnt_deck.append(card)
    s.emit("burn_deck", s.current, burnt=len(s.burnt_deck) + len(s.burnt_hand))
    return True


def burn_from_hand(s: State, seat: int, card: int, chosen: bool) -> None:
    """Gem Rush R41, R68: burn a card from a hand; it is shown. ``chosen`` is False for the random
    card of a shortfall."""
    remove_from_hand(s.players[seat], card)
    s.burnt_hand.append(card)
    s.emit(
        "burn_hand",
        s.current,
        seat=seat,
        card=card,
        random=not chosen,
        burnt=len(s.burnt_deck) + len(s.burnt_hand),
    )


def unburnt(s: State) -> int:
    """Cards not burnt yet (Gem Rush R42)."""
    return sum(len(p.hand) for p in s.players) + len(s.deck) + len(s.discard) + len(s.revealed)
