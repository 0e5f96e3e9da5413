"""Refusals in the reader's language: why an action is not legal, as a face shows it.

The engines give the reason in data (``core.refusals.Refusal``: a catalogue key and its
values, from ``game.refusal(action)`` or ``IllegalActionError.refusal``); the templates live in
the ``refusals.json`` section of each language. This module fills them, naming each value the
way the reader says it:

- a seat (a value called ``seat`` or ``*_seat``, 0-based) by the face's own ``seat_name``, or
  the catalogue's ``seat`` template (``Seat 2``);
- an id of a known kind by its catalogue entry: the value's kind is its name, or the last word
  of it (``colour``, ``held_colour``), looked up in ``ID_KINDS`` (a colour ``emerald`` ->
  ``colour.emerald``, an item ``cart`` -> ``item.cart``, a relic ``7`` -> ``relic.7``, a Gems of
  Iridescia decision ``reveal`` -> ``decision.reveal``, a Gem Rush gem ``FR`` -> ``gr.gem.FR``,
  direction ``N`` -> ``gr.dir.N``, decision ``hand limit`` -> ``gr.prompt.hand_limit``);
- anything else (numbers, card and tile labels) as it is.

The terminal, after an ``apply`` failed or before sending an action::

    from iridescia.i18n.refusals import describe_refusal

    why = game.refusal(text)              # None: legal; InvalidActionError: not an action
    if why is not None:
        print(describe_refusal(why, messages, seat_name=messages.seat))

The browser gets ``refusal_message(why)``: the same thing as a message tree (``{"key",
"args"}``, ids as nested messages, seats as ``{"seat": n}``) that its ``render`` fills from the
catalogue it already has. A key no catalogue knows, or a template whose placeholders the values
do not fill (a refusal from a newer server, say), falls back to the engine's English
``text()``: describing a refusal never raises.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from iridescia.core.refusals import Refusal, Value, is_seat_value
from iridescia.i18n import Messages

SECTION: Final = "refusals.json"  # the catalogue section that holds every refusal template


def _prompt_key(value: str) -> str:
    return "gr.prompt." + value.replace(" ", "_")  # Gem Rush's prompts are keyed by word


# A value's kind -> the catalogue key that names an id of that kind.
ID_KINDS: Final[dict[str, Callable[[str], str]]] = {
    "colour": lambda v: f"colour.{v}",
    "item": lambda v: f"item.{v}",
    "relic": lambda v: f"relic.{v}",
    "decision": lambda v: f"decision.{v}",
    "gem": lambda v: f"gr.gem.{v}",
    "dir": lambda v: f"gr.dir.{v}",
    "prompt": _prompt_key,
}


def value_kind(name: str) -> str:
    """A value's kind: its name's last word (``held_colour`` -> ``colour``)."""
    return name.rsplit("_", 1)[-1]


def id_key(name: str, value: Value) -> str | None:
    """The catalogue key naming the value called ``name``, if it is an id of a known kind."""
    make = ID_KINDS.get(value_kind(name))
    return None if make is None else make(str(value))


def _fill(template: str, values: dict[str, str]) -> str | None:
    """The filled template, or None when the values do not fill it (a placeholder missing)."""
    try:
        return template.format_map(values)
    except (KeyError, IndexError, ValueError, AttributeError):
        return None


def describe_refusal(
    refusal: Refusal, messages: Messages, seat_name: Callable[[int], str] | None = None
) -> str:
    """``refusal`` as a sentence in ``messages``' language (English per key where it lacks
    one); ``seat_name`` names a 0-based seat (default: the catalogue's ``seat`` template)."""
    template = messages.get(refusal.key, "")
    if not template:
        return refusal.text()
    shown: dict[str, str] = {}
    for name, value in refusal.values:
        if is_seat_value(name) and isinstance(value, int):
            shown[name] = seat_name(value) if seat_name else messages("seat", n=value + 1)
            continue
        key = id_key(name, value)
        shown[name] = messages.get(key, str(value)) if key is not None else str(value)
    filled = _fill(template, shown)
    return refusal.text() if filled is None else filled


_ENGLISH: Final = Messages()


def refusal_message(refusal: Refusal) -> dict[str, Any] | str:
    """``refusal`` as a browser message: ``{"key", "args"}`` with ids as nested messages
    (``{"key": "colour.emerald"}``) and seats as ``{"seat": n}``; the English ``text()`` when
    no catalogue has the key or its values do not fill the template."""
    template = _ENGLISH.get(refusal.key, "")
    if not template or _fill(template, {k: "" for k, _ in refusal.values}) is None:
        return refusal.text()
    args: dict[str, Any] = {}
    for name, value in refusal.values:
        key = None if is_seat_value(name) else id_key(name, value)
        if is_seat_value(name) and isinstance(value, int):
            args[name] = {"seat": value}
        elif key is not None and _ENGLISH.has(key):
            args[name] = {"key": key}
        else:
            args[name] = value
    return {"key": refusal.key, "args": args}
