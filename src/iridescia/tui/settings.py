"""The player's settings on this computer: the language chosen last, the finished games to keep.

The file is ``$IRIDESCIA_HOME/settings.json`` when ``IRIDESCIA_HOME`` is set, else
``$XDG_CONFIG_HOME/iridescia/settings.json`` (``~/.config/iridescia/settings.json`` by default):
one JSON object, e.g. ``{"lang": "fr", "keep_finished": 200}``. Keys it does not know are kept
when it is written again, and it is always written atomically (``saves.write_atomically``).

A file that cannot be read (not JSON, not an object, a value of the wrong kind) never stops a
command: ``Settings.load`` keeps what it could read and says what it ignored in ``problems``
(the command line prints them as warnings).

The language of a command (``choose_language``): ``--lang`` when given (and then remembered),
else the one remembered, else the system's locale (``LC_ALL``, ``LC_MESSAGES`` or ``LANG``
starting with a language the catalogues have, such as ``fr_FR.UTF-8``), else English.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, TypeGuard

from iridescia.i18n import FALLBACK
from iridescia.tui.messages import languages
from iridescia.tui.saves import KEEP_FINISHED, user_folder, write_atomically

LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")  # the POSIX order of precedence


def settings_path(environ: Mapping[str, str] | None = None) -> Path:
    """Where the settings are kept (see the module's docstring)."""
    env = os.environ if environ is None else environ
    return user_folder(env, "XDG_CONFIG_HOME", ".config") / "settings.json"


@dataclass
class Settings:
    """The settings file's content, and what had to be ignored while reading it."""

    path: Path
    values: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    @staticmethod
    def load(path: Path | None = None) -> Settings:
        """The settings at ``path`` (``settings_path()`` by default); an absent file is empty,
        an unreadable one is empty with a problem said."""
        where = settings_path() if path is None else path
        settings = Settings(where)
        try:
            text = where.read_text(encoding="utf-8")
        except FileNotFoundError:
            return settings
        except (OSError, UnicodeDecodeError) as exc:
            settings.problems.append(_reason(exc))
            return settings
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            settings.problems.append(f"not JSON ({exc})")
            return settings
        if not isinstance(data, dict):
            settings.problems.append("not a JSON object")
            return settings
        settings.values = data
        lang = data.get("lang")
        if lang is not None and lang not in languages():
            settings.problems.append(f"unknown language {lang!r} (known: {_known()})")
        keep = data.get("keep_finished")
        if keep is not None and not _count(keep):
            settings.problems.append(f"keep_finished must be a whole number >= 1, not {keep!r}")
        return settings

    @property
    def lang(self) -> str | None:
        """The language remembered, if it is one the catalogues have."""
        lang = self.values.get("lang")
        return lang if isinstance(lang, str) and lang in languages() else None

    @property
    def keep_finished(self) -> int:
        """How many finished games the games folder keeps."""
        keep = self.values.get("keep_finished")
        return keep if _count(keep) else KEEP_FINISHED

    def remember(self, key: str, value: Any) -> None:
        """Set ``key`` and write the file (OSError when it cannot be written)."""
        if self.values.get(key) == value and self.path.exists() and not self.problems:
            return
        self.values[key] = value
        write_atomically(self.path, json.dumps(self.values, indent=1, ensure_ascii=False) + "\n")
        self.problems.clear()


def locale_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language of the system's locale when the catalogues have it, else None. The first
    of ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides (``fr_FR.UTF-8`` -> ``fr``)."""
    env = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = env.get(variable, "")
        if value:
            lang = value.split("_")[0].split(".")[0].split("@")[0].lower()
            return lang if lang in languages() else None
    return None


def choose_language(
    explicit: str | None, settings: Settings, environ: Mapping[str, str] | None = None
) -> tuple[str, str | None]:
    """The language of this command, and why the choice could not be remembered (None when
    it was, or nothing had to be): ``explicit`` (``--lang``) is remembered; else the one
    remembered, else the locale's, else English."""
    if explicit is None:
        return settings.lang or locale_language(environ) or FALLBACK, None
    try:
        settings.remember("lang", explicit)
    except OSError as exc:
        return explicit, f"{settings.path}: {_reason(exc)}"
    return explicit, None


def _count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def _known() -> str:
    return ", ".join(languages())


def _reason(exc: OSError | UnicodeDecodeError) -> str:
    if isinstance(exc, OSError):
        return exc.strerror or str(exc)
    return str(exc)
