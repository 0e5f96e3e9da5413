"""``iridescia games``: the games kept in the games folder, listed, replayed, picked up or deleted.

    iridescia games [--lang L]               the list, newest first (numbered from 1)
    iridescia games replay N [--lang L]      step through game N (``ReplaySession``)
    iridescia games continue N [--lang L]    play game N on (= ``iridescia play --continue N``)
    iridescia games delete N [--lang L]      remove game N's file (after a yes)

The list is a ``rich`` table no wider than 80 columns, in the player's language: when each game
was last played, the game and its mode (their translated names), who played each seat (a person,
a bot by name, the Rhom), and how far it went (actions) or how it ended (the winners and every
seat's score). A file of the folder that is not a readable record is listed as unreadable, with
the reason, so it can be deleted. The numbers are the positions in this list, the most recently
played first: ``play --continue N`` and the subcommands take the same numbers.

``continue`` is carried out by the ``play`` command (``tui.commands``); this module chooses the
game (``game_to_continue``) and does the rest. Refusals are ``Refusal``: a message key, its
values and the exit code (2 for a number or a choice that does not fit, 1 for a file that
cannot be read).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from iridescia.core.errors import RecordError
from iridescia.match import HUMAN
from iridescia.tui.messages import Messages
from iridescia.tui.replay import ReplaySession
from iridescia.tui.saves import GameFolder, SavedGame
from iridescia.tui.terminal import DIM, ERROR_STYLE, INFO_STYLE, YES, InputFn

LIST_WIDTH = 80  # the list fits a terminal of 80 columns
ACTIONS = ("replay", "continue", "delete")


class Refusal(Exception):
    """What the player asked cannot be done: the message (a catalogue key and its values) and
    the exit code."""

    def __init__(self, key: str, code: int = 2, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.code = code
        self.values = values

    def message(self, msgs: Messages) -> str:
        return msgs(self.key, **self.values)


# ---------------------------------------------------------------- words


def when_text(game: SavedGame) -> str:
    """When a game was last played, in local time (``2026-11-24 06:35``)."""
    return game.updated.astimezone().strftime("%Y-%m-%d %H:%M")


def game_text(game: SavedGame, msgs: Messages) -> str:
    """The game's translated name, and its mode on a second line."""
    if game.record is None:
        return game.path.name
    name = game.record.game
    title = msgs.get(f"game.{name}", name)
    if not game.mode:
        return title
    return f"{title}\n{msgs.get(f'mode.{name}.{game.mode}', game.mode)}"


def seat_label(game: SavedGame, seat: int, msgs: Messages) -> str:
    """A seat as results name it: ``Seat 1``, or the automa's name (``Rhom``)."""
    kinds = game.record.seats if game.record is not None else ()
    if seat in game.automa_seats and seat < len(kinds):
        return msgs.get(f"seat.{kinds[seat]}", kinds[seat])
    return msgs.seat(seat)


def seats_text(game: SavedGame, msgs: Messages) -> str:
    """Who played each seat: a person, a bot by its name, the automa by its name."""
    if game.record is None:
        return "-"
    words = []
    for seat, kind in enumerate(game.record.seats):
        if seat in game.automa_seats:
            words.append(seat_label(game, seat, msgs))
        else:
            words.append(msgs.kind(HUMAN) if kind == HUMAN else kind)
    return ", ".join(words) or "-"


def state_text(game: SavedGame, msgs: Messages) -> Text:
    """How far the game went, or how it ended."""
    if game.record is None:
        return Text(msgs("games.unreadable", error=game.problem or "?"), ERROR_STYLE)
    actions = msgs("n.actions." + ("one" if game.actions == 1 else "other"), n=game.actions)
    result = game.result
    if game.finished is False:
        return Text(msgs("games.in_progress", actions=actions), INFO_STYLE)
    if result is None:
        return Text(actions)
    scores = ", ".join(str(s) for s in result.scores)
    if result.cooperative:
        score = str(result.team_score) if result.team_score is not None else scores
        if result.target is not None:
            score = f"{score}/{result.target}"
        key = "games.team_won" if result.winners else "games.team_lost"
        return Text(msgs(key, score=score))
    if not result.winners:
        return Text(msgs("games.no_winner", scores=scores))
    winners = ", ".join(seat_label(game, seat, msgs) for seat in result.winners)
    return Text(msgs("games.won", seats=winners, scores=scores))


def games_table(games: Sequence[SavedGame], msgs: Messages) -> Table:
    """The numbered list of ``games`` (already in the order to show)."""
    table = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False, expand=True)
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(msgs("games.col.when"), no_wrap=True, width=10)
    # The rest of the width: most to the result, which says the most.
    # Folded, not cut: Japanese has no spaces to wrap at.
    table.add_column(msgs("games.col.game"), ratio=3, overflow="fold")
    table.add_column(msgs("games.col.seats"), ratio=2, overflow="fold")
    table.add_column(msgs("games.col.state"), ratio=4, overflow="fold")
    for number, game in enumerate(games, start=1):
        when = when_text(game).replace(" ", "\n")
        style = DIM if game.finished else ""
        table.add_row(
            str(number),
            Text(when, style),
            game_text(game, msgs),
            seats_text(game, msgs),
            state_text(game, msgs),
        )
    return table


# ---------------------------------------------------------------- the subcommand's actions


def read_folder(folder: GameFolder) -> list[SavedGame]:
    """The folder's games, newest first; a folder that cannot be read is a ``Refusal``."""
    try:
        return folder.games()
    except OSError as exc:
        error = exc.strerror or str(exc)
        raise Refusal("games.folder_failed", 1, path=str(folder.path), error=error) from None


def show_games(console: Console, folder: GameFolder, msgs: Messages) -> int:
    """Print the list (or say there is nothing in it); the exit code."""
    games = read_folder(folder)
    if not games:
        console.print(Text(msgs("games.none", path=str(folder.path)), INFO_STYLE))
        return 0
    width = min(console.width, LIST_WIDTH)
    console.print(Text(msgs("games.title", path=str(folder.path)), "bold"), width=width)
    console.print(games_table(games, msgs), width=width)
    console.print(Text(msgs("games.usage"), DIM), width=width)
    return 0


def numbered(games: Sequence[SavedGame], number: int, folder: GameFolder) -> SavedGame:
    """Game ``number`` (1-based) of the list."""
    if not games:
        raise Refusal("games.none", path=str(folder.path))
    if not 1 <= number <= len(games):
        raise Refusal("games.no_such", n=number, count=len(games))
    return games[number - 1]


def game_to_continue(folder: GameFolder, number: int | None) -> SavedGame:
    """The game ``play --continue`` resumes: ``number`` of the list, else the most recently
    played unfinished one."""
    games = read_folder(folder)
    if number is None:
        for game in games:
            if game.unfinished:
                return game
        raise Refusal("games.nothing_to_continue", path=str(folder.path))
    game = numbered(games, number, folder)
    if game.record is None:
        raise Refusal("load.failed", 1, path=str(game.path), error=game.problem)
    if game.finished:
        raise Refusal("games.finished", n=number)
    return game


def replay_game(
    console: Console, folder: GameFolder, number: int, read: InputFn, msgs: Messages
) -> int:
    """Step through game ``number`` of the list."""
    game = numbered(read_folder(folder), number, folder)
    if game.record is None:
        raise Refusal("load.failed", 1, path=str(game.path), error=game.problem)
    try:
        session = ReplaySession(game.record, console, read, msgs)
    except (RecordError, ValueError, KeyError, TypeError, IndexError) as exc:
        raise Refusal("load.failed", 1, path=str(game.path), error=exc) from None
    return session.run()


def delete_game(
    console: Console, folder: GameFolder, number: int, read: InputFn, msgs: Messages
) -> int:
    """Remove game ``number``'s file once the player says yes."""
    game = numbered(read_folder(folder), number, folder)
    name = game_text(game, msgs).replace("\n", ", ")
    question = msgs("games.confirm_delete", n=number, game=name, when=when_text(game))
    try:
        answer = read(question).strip().lower()
    except EOFError:
        answer = ""
    if answer not in YES:
        console.print(Text(msgs("games.kept"), INFO_STYLE))
        return 0
    try:
        folder.delete(game)
    except OSError as exc:
        error = exc.strerror or str(exc)
        raise Refusal("games.delete_failed", 1, path=str(game.path), error=error) from None
    console.print(Text(msgs("games.deleted", path=str(game.path)), INFO_STYLE))
    return 0


def kept_game_at(path: str | Path, folder: GameFolder) -> SavedGame | None:
    """The folder's game stored at ``path``, when ``path`` is one of its files (``play --load``
    of such a file keeps writing to it)."""
    try:
        target = Path(path).resolve()
        if target.parent != folder.path.resolve():
            return None
        games = read_folder(folder)
    except (OSError, Refusal):
        return None
    for game in games:
        if game.path.resolve() == target and game.record is not None:
            return game
    return None
