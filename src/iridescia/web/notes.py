"""What people type at a table (their names, chat lines) and the table's notes as they read them.

A **name** is what a player is called at a table instead of "Seat 2": 1 to ``NAME_MAX``
characters; a **chat line** 1 to ``CHAT_MAX``. Both are plain text, checked by ``clean_text``:
normalised (NFC), every run of white space (new lines and tabs included) one space, no control
character, no invisible formatting character (a right-to-left override could make a name read
as another's) and no unassigned or private-use code point. The browser shows them as text
nodes, never as HTML; the server never puts them in its operator log.

A table's **notes** (``storage_changes.NoteRow``) are what happened at the table besides the
game: their kinds and data are

| kind | seat | data |
| --- | --- | --- |
| ``join`` | the seat taken | ``{"name"}`` |
| ``name`` | the seat renamed | ``{"name"}`` |
| ``fill`` | a free seat the creator gave a bot | ``{"bot"}`` |
| ``takeover`` | an absent player's seat | ``{"bot", "reason"}``: ``clock``, ``away`` or ``vote`` |
| ``takeback`` | the seat its player took back | ``{}`` |
| ``vote`` | the voter | ``{"for"}``: the seat a bot should play for |
| ``chat`` | the writer | ``{"text", "name"}`` (the name when it was written) |

``note_json`` is a note as clients get it; ``played_by`` reads from the notes which bot, if
any, made each step of the record (who played which steps is kept there, never in the game).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from iridescia.web.storage_changes import NoteRow

NAME_MAX = 24
CHAT_MAX = 200
NOTE_KINDS = ("join", "name", "fill", "takeover", "takeback", "vote", "chat", "invite")
# Categories refused: controls, format characters (bidirectional overrides, zero-width
# spaces), surrogates, private use, unassigned. The zero-width joiner stays: emoji need it.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn"}
_ALLOWED = {"\u200d"}


class TextError(ValueError):
    """A name or a chat line that cannot be used; the message says why."""


def clean_text(text: Any, limit: int, what: str = "a text") -> str:
    """``text`` as it will be shown (see the module docstring), or TextError."""
    if not isinstance(text, str):
        raise TextError(f"{what} must be a text")
    if len(text) > 4 * limit:  # before any work on it
        raise TextError(f"{what} has at most {limit} characters")
    shown = " ".join(unicodedata.normalize("NFC", text).split())
    if not shown:
        raise TextError(f"{what} cannot be empty")
    if len(shown) > limit:
        raise TextError(f"{what} has at most {limit} characters")
    for ch in shown:
        if ch not in _ALLOWED and unicodedata.category(ch) in _REFUSED:
            raise TextError(f"{what} cannot hold the character U+{ord(ch):04X}")
    return shown


def clean_name(text: Any) -> str:
    return clean_text(text, NAME_MAX, "a name")


def optional_name(text: Any) -> str:
    """A name that may be left out (None or blank: "")."""
    if text is None or (isinstance(text, str) and not text.strip()):
        return ""
    return clean_name(text)


def clean_chat(text: Any) -> str:
    return clean_text(text, CHAT_MAX, "a chat line")


def note_json(note: NoteRow) -> dict[str, Any]:
    """A note as clients get it."""
    return {
        "n": note.n,
        "at": note.at,
        "step": note.step,
        "seat": note.seat,
        "kind": note.kind,
        "data": note.data,
    }


def played_by(notes: Sequence[NoteRow], seats: Sequence[int]) -> list[str | None]:
    """For each step of a record (``seats``: the seat that made it), the bot that made it in
    its player's place, or None (the player did, or a seat that is a bot by its kind)."""
    changes = sorted(
        (n for n in notes if n.kind in ("takeover", "takeback")), key=lambda n: (n.step, n.n)
    )
    standing: dict[int, str] = {}
    out: list[str | None] = []
    i = 0
    for step, seat in enumerate(seats):  # ``step`` actions were made before this one
        while i < len(changes) and changes[i].step <= step:
            c = changes[i]
            if c.kind == "takeover":
                standing[c.seat] = str(c.data.get("bot", ""))
            else:
                standing.pop(c.seat, None)
            i += 1
        out.append(standing.get(seat))
    return out


def votes_for(notes: Sequence[NoteRow], seat: int, step: int) -> set[int]:
    """The seats that voted, while the record had ``step`` actions, to let a bot play for
    ``seat`` (a vote lapses as soon as the game moves on, or the seat changes hands)."""
    voters: set[int] = set()
    for n in notes:
        if n.step != step:
            continue
        if n.kind == "vote" and n.data.get("for") == seat:
            voters.add(n.seat)
        elif n.kind in ("takeover", "takeback") and n.seat == seat:
            voters.clear()
    return voters


def chat_lines(notes: Sequence[NoteRow], upto_step: int | None = None) -> list[dict[str, Any]]:
    """The notes (chat and seat changes) written before step ``upto_step`` + 1 was made (all of
    them: None), as clients get them: what the replay of a step shows."""
    return [note_json(n) for n in notes if upto_step is None or n.step <= upto_step]
