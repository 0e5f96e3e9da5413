"""One message catalogue per language, shared by every face (terminal and browser alike).

A language's catalogue is the union of the JSON sections in ``i18n/<lang>/`` (``common.json``:
words and sentences every face uses; ``terminal.json`` and ``web.json``: what only one face
says; one section per game for its vocabulary and its event sentences; ``refusals.json``: why
an action is not legal, filled by ``iridescia.i18n.refusals``). Each key appears in one
section only. Templates are ``str.format`` strings with ``{name}`` placeholders; the browser
gets the same merged catalogue (``catalogue(lang)``) and fills the same templates.

English is complete and is the fallback for a key another language lacks; ``missing_keys``
lists those gaps (the tests require none).

Sections are edited by different people (the browser's ``web.json``, the terminal's sections),
so a key may briefly sit in two of them while it moves to ``common.json``: ``catalogue`` accepts
such a duplicate when both texts are the same (``duplicates`` lists it, and the tests forbid
it), and refuses two different texts for one key.

Where the terminal words a shared thing differently from the browser, its own wording has the
key ``tui.<key>`` (``tui.ev.collect`` beside the browser's ``ev.collect``).

Plurals: a key may exist only as plural forms, ``<key>.one`` and ``<key>.other`` (the forms of
the language's plural rule, ``plural_form``: English says "1 coin" and "0 coins", French "0
pièce" and "1 pièce", Japanese has one form, ``.other``). Asking for ``<key>`` with a ``count``
argument (or ``n`` when there is no ``count``) picks the form for that number, falling back to
``.other``. The browser's ``t`` (``static/js/i18n.js``) picks the same way.

Lists: ``join`` separates the items of a list as the language does (``list.sep``: ", " in
English and French, "、" in Japanese).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
FALLBACK = "en"
PLURAL_FORMS = ("zero", "one", "two", "few", "many", "other")


def languages() -> list[str]:
    """Every language with a catalogue, e.g. ``["en", "fr", "ja"]``."""
    return sorted(p.name for p in HERE.iterdir() if p.is_dir() and any(p.glob("*.json")))


@cache
def sections(lang: str) -> dict[str, dict[str, str]]:
    """The sections of ``lang`` by file name (``"common.json"``...), each a key -> template
    table (ValueError for an unknown language or a section that is not one JSON object)."""
    if lang not in languages():
        raise ValueError(f"unknown language {lang!r}; available: {', '.join(languages())}")
    out: dict[str, dict[str, str]] = {}
    for path in sorted((HERE / lang).glob("*.json")):
        table = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(table, dict):
            raise ValueError(f"{path}: a catalogue section must be one JSON object")
        out[path.name] = {str(k): str(v) for k, v in table.items()}
    return out


def duplicates(lang: str) -> dict[str, list[str]]:
    """Keys of ``lang`` defined in more than one section, with those sections' names."""
    seen: dict[str, list[str]] = {}
    for name, table in sections(lang).items():
        for key in table:
            seen.setdefault(key, []).append(name)
    return {key: names for key, names in seen.items() if len(names) > 1}


@cache
def catalogue(lang: str) -> dict[str, str]:
    """The merged catalogue of ``lang`` (ValueError for an unknown language, or a key that
    two sections define with different texts; see the module docstring)."""
    merged: dict[str, str] = {}
    origin: dict[str, str] = {}
    for name, table in sections(lang).items():
        for key, value in table.items():
            if key in merged and merged[key] != value:
                raise ValueError(f"{lang}: key {key!r} differs in {origin[key]} and {name}")
            merged[key] = value
            origin.setdefault(key, name)
    return merged


def plural_form(lang: str, n: float) -> str:
    """The plural form of ``n`` in ``lang``: ``"one"`` or ``"other"`` (CLDR's cardinal rules,
    reduced to the languages we have: English ``one`` is exactly 1, French ``one`` is 0 and 1,
    Japanese is always ``other``)."""
    if lang == "ja":
        return "other"
    if lang == "fr":
        return "one" if 0 <= n < 2 and n == int(n) else "other"
    return "one" if n == 1 else "other"


def _number(value: Any) -> float | None:
    """A count argument as a number (an int, a float or a numeric text), else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return value
    if isinstance(value, str):
        try:
            return float(value)
        except ValueError:
            return None
    return None


def plural_key(table: dict[str, str], lang: str, key: str, values: dict[str, Any]) -> str:
    """The key to look up for ``key`` in ``table``: ``key`` itself when the table has it, else
    its plural form for the ``count`` (or ``n``) argument when the table has plural forms."""
    if key in table or f"{key}.other" not in table:
        return key
    n = _number(values.get("count", values.get("n")))
    form = f"{key}.{plural_form(lang, n)}" if n is not None else f"{key}.other"
    return form if form in table else f"{key}.other"


def is_plural_form(table: dict[str, str], key: str) -> bool:
    """Whether ``key`` is a plural form (``x.one``) of a key ``table`` has forms of."""
    base, _, form = key.rpartition(".")
    return form in PLURAL_FORMS and f"{base}.other" in table


def missing_keys(lang: str) -> list[str]:
    """Keys English has and ``lang`` lacks (a plural form ``lang`` does not use, such as
    Japanese ``.one``, is not missing when ``lang`` has the key's ``.other``)."""
    other = catalogue(lang)
    return sorted(k for k in catalogue(FALLBACK) if k not in other and not is_plural_form(other, k))


class Messages:
    """Look up and fill templates in one language, falling back to English per key."""

    def __init__(self, lang: str = FALLBACK) -> None:
        self.lang = lang
        self._table = catalogue(lang)
        self._fallback = catalogue(FALLBACK)

    def has(self, key: str) -> bool:
        """Whether ``key`` is known, as itself or as plural forms."""
        return any(k in t for t in (self._table, self._fallback) for k in (key, f"{key}.other"))

    def __call__(self, key: str, /, **values: Any) -> str:
        """The template ``key`` filled with ``values`` (the key itself if it is unknown; the
        form for the ``count`` or ``n`` argument if the key has plural forms)."""
        template = self._table.get(plural_key(self._table, self.lang, key, values))
        if template is None:
            template = self._fallback.get(plural_key(self._fallback, FALLBACK, key, values), key)
        return template.format(**values) if values else template

    def join(self, items: Iterable[str]) -> str:
        """``items`` as one list in this language (``a, b`` / ``a、b``)."""
        return self.get("list.sep", ", ").join(items)

    def get(self, key: str, default: str) -> str:
        """The template ``key`` unfilled, or ``default`` when no catalogue has it."""
        return self._table.get(key, self._fallback.get(key, default))

    def count(self, noun: str, n: int) -> str:
        """``n`` and a noun in the right number (``1 coin``, ``2 coins``), from the
        ``n.<noun>.one`` / ``n.<noun>.other`` templates."""
        return self(f"n.{noun}", n=n)
