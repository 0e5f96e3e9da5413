"""A table request, checked: what a lobby asks for (``TableSpec``), and the row it makes.

``TableSpec.from_json`` reads a request: the game, its mode, the seats (people or bots) and the
game's options, checked by ``match.Seating`` against the game's metadata and by the game's own
setup; and what friends expect around the game: a table name, private or public, a clock per
turn, the rule for absent players (``absence``) with the bot that plays in their place, and the
creator's name. ``SpecError`` says what does not fit, with a stable code.

``TableSpec.new_row`` makes the stored row: a secret token per seat (its player's), an invite
token per free human seat (``new_token``: taken once), the creator's token, and the game started
at once when no seat is free. ``same_secret`` compares tokens in constant time.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from iridescia.bots import bot_names
from iridescia.core.game import GameSpec
from iridescia.games import DEFAULT_GAME
from iridescia.games import get as get_game
from iridescia.match import AUTOMA, HUMAN, Seating
from iridescia.web.absence import AWAY_RULES, CLOCK_MAX
from iridescia.web.games import plugin
from iridescia.web.notes import TextError, optional_name
from iridescia.web.plugin import Tutorial, WebGame
from iridescia.web.storage import SeatRow, TableRow

BOT_PREFIX = "bot:"
MAX_NAME = 40
# Requests from before the lobby had a game chooser name the 2-4 explorer mode "multi".
LEGACY_MODES = {"multi": "standard"}
PREFERRED_STAND_IN = "medium"  # the bot for absent players when a request names none


def new_token() -> str:
    """A secret: a seat's token, an invite or a creator's token (144 random bits)."""
    return secrets.token_urlsafe(18)


def same_secret(stored: str | None, given: str) -> bool:
    """``given`` is ``stored`` (compared in constant time; as UTF-8 bytes, since
    compare_digest refuses texts that are not ASCII)."""
    if not stored:
        return False
    return secrets.compare_digest(stored.encode("utf-8"), given.encode("utf-8", "replace"))


class SpecError(ValueError):
    """A table request that does not describe a table this server can start; ``code`` is
    stable: ``bad_table``, ``unknown_game``, or ``no_board`` (the browser cannot play it yet)."""

    def __init__(self, message: str, code: str = "bad_table") -> None:
        super().__init__(message)
        self.code = code


def bot_kind(name: str) -> str:
    return BOT_PREFIX + name


def seat_kinds(spec: GameSpec) -> list[str]:
    """The kinds a lobby may give a seat of ``spec``: human and every bot that plays it."""
    return [HUMAN, *(bot_kind(n) for n in bot_names(spec))]


def terminal_command(game: str) -> str:
    return f"iridescia play --game {game}"


@dataclass(frozen=True, slots=True)
class TableSpec:
    """What a lobby asks for, checked: the seating (game, mode, seat kinds, options), a name,
    private or public, the clock, the rule for absent players and the creator's name."""

    seating: Seating
    plugin: WebGame
    options: Mapping[str, Any]  # every option of the game, as its records store them
    params: Mapping[str, Any]
    name: str = ""
    private: bool = False
    clock: int = 0  # seconds per turn (0: none)
    away: str = "vote"
    away_bot: str = PREFERRED_STAND_IN
    player: str = ""  # the creator's name (their first seat's)
    tutorial_seed: int | None = None  # a tutorial table: the seed its game always starts from

    @staticmethod
    def from_json(data: Any) -> TableSpec:
        """Read a table request::

            {"game": "gems-of-iridescia", "mode": "standard", "seats": ["human", "bot:easy"],
             "options": {"catapult_for_fourth": false}, "name": "...", "private": true,
             "clock": 300, "away": "vote", "away_bot": "medium", "player": "Ada"}

        ``game`` defaults to the default game; ``seats`` lists the seats people or bots play
        (a mode's automa seats are added). ``private`` (default false), ``clock`` (seconds per
        turn, 0: none, the default), ``away`` (``wait``, ``vote``: the default, or ``bot``),
        ``away_bot`` (a bot of the game) and ``player`` (the creator's name) may be left out.
        Older requests (``"mode": "multi"``, a top-level ``catapult_for_fourth``) still read.
        ``"tutorial": true`` asks for the game's tutorial table (see ``_tutorial``).
        SpecError says what does not fit."""
        if not isinstance(data, dict):
            raise SpecError("a table request must be a JSON object")
        if data.get("tutorial", False) is not False:
            return _tutorial(data)
        name = data.get("game", DEFAULT_GAME)
        try:
            spec = get_game(name if isinstance(name, str) else repr(name))
        except ValueError as exc:
            raise SpecError(str(exc), "unknown_game") from None
        web = plugin(spec.info.name)
        if not web.board:
            raise SpecError(
                f"{spec.info.title} has no board in the browser yet; play it in the terminal: "
                f"{terminal_command(spec.info.name)}",
                "no_board",
            )
        mode = data.get("mode")
        if mode is not None and not isinstance(mode, str):
            raise SpecError("mode must be the name of one of the game's modes")
        mode = LEGACY_MODES.get(mode, mode) if mode else None
        seats = data.get("seats")
        if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
            raise SpecError("seats must be a list of seat kinds such as 'human' or 'bot:random'")
        known = seat_kinds(spec)
        for s in seats:
            if s not in known:
                raise SpecError(f"unknown seat kind {s!r}; use one of {', '.join(known)}")
        options = _options(data, spec)
        try:
            seating = Seating.build(
                spec,
                mode=mode,
                kinds=[s[len(BOT_PREFIX) :] if s.startswith(BOT_PREFIX) else s for s in seats],
                options=options,
            )
            # the game's own setup checks what the metadata cannot say (a table's size)
            record = seating.new_game(0, keep_log=False).record()
        except ValueError as exc:
            raise SpecError(str(exc)) from None
        title = data.get("name", "")
        if not isinstance(title, str) or len(title) > MAX_NAME:
            raise SpecError(f"name must be a text of at most {MAX_NAME} characters")
        try:
            title = optional_name(title) if title.strip() else ""
            player = optional_name(data.get("player"))
        except TextError as exc:
            raise SpecError(str(exc)) from None
        return TableSpec(
            seating, web, record.options, record.params, title, *_friends(data, spec), player
        )

    def all_seats(self) -> tuple[str, ...]:
        """The stored kind of every seat: "human", "bot:<name>", or the game's automa kind."""
        kinds = {HUMAN: HUMAN, AUTOMA: self.plugin.automa_kind}
        return tuple(kinds.get(k) or bot_kind(k) for k in self.seating.seat_kinds())

    def new_row(self, table_id: str, seed: int, now: float, mine: set[int]) -> TableRow:
        """The stored row of a new table. Seats in ``mine`` are the creator's (the first has
        their name); every other human seat gets an invite token; the game starts at once
        when no seat is free."""
        seating = self.seating
        info = seating.game.info
        first = min((i for i in mine), default=-1)
        seats = []
        for i, kind in enumerate(self.all_seats()):
            ours = kind == HUMAN and i in mine
            free = kind == HUMAN and not ours
            seats.append(
                SeatRow(
                    i, kind, new_token(), not free, new_token() if free else None,
                    self.player if i == first else "", None, now if ours else None,
                )
            )  # fmt: skip
        started = all(s.claimed for s in seats)
        return TableRow(
            id=table_id,
            created=now,
            updated=now,
            name=self.name,
            mode=seating.mode.name,
            game=info.name,
            data_set=info.data_set,
            rules_version=info.rules_version,
            seed=seed,
            players=seating.players,
            options=dict(self.options),
            params=dict(self.params),
            status="running",
            version=0,
            num_actions=0,
            seats=tuple(seats),
            private=self.private,
            creator=new_token(),
            clock=self.clock,
            away=self.away,
            away_bot=self.away_bot,
            turn_started=now if started else None,
        )


def _tutorial(data: dict[str, Any]) -> TableSpec:
    """The tutorial table of the requested game: its plug-in's ``tutorial`` mode with one
    person and the automa seats, private, no clock, and the plug-in's fixed seed (the
    browser's coach follows that game's first turns). Only ``game``, ``name`` and ``player``
    of the request are read."""
    if data["tutorial"] is not True:
        raise SpecError("tutorial must be true or false")
    name = data.get("game", DEFAULT_GAME)
    try:
        spec = get_game(name if isinstance(name, str) else repr(name))
    except ValueError as exc:
        raise SpecError(str(exc), "unknown_game") from None
    web = plugin(spec.info.name)
    setup = getattr(web, "tutorial", None)
    if not web.board or not isinstance(setup, Tutorial):
        raise SpecError(f"{spec.info.title} has no tutorial in the browser", "no_tutorial")
    plain = {"game": spec.info.name, "mode": setup.mode, "seats": [HUMAN], "private": True}
    for key in ("name", "player"):
        if key in data:
            plain[key] = data[key]
    base = TableSpec.from_json(plain)
    return replace(base, tutorial_seed=setup.seed)


def _friends(data: dict[str, Any], spec: GameSpec) -> tuple[bool, int, str, str]:
    """``private``, ``clock``, ``away`` and ``away_bot`` of a table request (see from_json)."""
    private = data.get("private", False)
    if not isinstance(private, bool):
        raise SpecError("private must be true or false")
    clock = data.get("clock", 0)
    if not isinstance(clock, int) or isinstance(clock, bool) or not 0 <= clock <= CLOCK_MAX:
        raise SpecError(f"clock is the seconds a player has per turn: 0 (none) to {CLOCK_MAX}")
    if 0 < clock < 10:
        raise SpecError("clock is 0 (none) or at least 10 seconds")
    away = data.get("away", "vote")
    if away not in AWAY_RULES:
        raise SpecError(f"away is one of {', '.join(AWAY_RULES)}")
    bots = bot_names(spec)
    default = PREFERRED_STAND_IN if PREFERRED_STAND_IN in bots else (bots[0] if bots else "")
    away_bot = data.get("away_bot", default)
    if away_bot not in bots and not (away_bot == "" and not bots):
        raise SpecError(f"away_bot is one of {', '.join(bots)}")
    if away != "wait" and not bots:
        raise SpecError(f"{spec.info.title} has no bot to play for an absent player")
    return private, clock, str(away), str(away_bot)


def _options(data: dict[str, Any], spec: GameSpec) -> dict[str, Any]:
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SpecError("options must be an object of option names and values")
    options = dict(options)
    if "catapult_for_fourth" in data:  # the request format before options were a mapping
        options.setdefault("catapult_for_fourth", data["catapult_for_fourth"])
    chosen_by_modes = {key for m in spec.info.modes for key in m.options}
    for key in options:
        if key in chosen_by_modes:
            raise SpecError(f"option {key} is chosen with the mode")
    return options
