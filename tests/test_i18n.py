"""Tests of the shared catalogue (``iridescia.i18n``): complete languages, matching templates,
one section per key, and a terminal that only asks for keys that exist."""

from __future__ import annotations

import ast
import json
import string
from pathlib import Path

import pytest

from iridescia import i18n
from iridescia.games.iridescia import GAME
from iridescia.i18n import catalogue, duplicates, languages, missing_keys, sections
from iridescia.tui import Messages

TUI = Path(i18n.__file__).resolve().parents[1] / "tui"
LANGUAGES = languages()


def fields(template: str) -> set[str]:
    """The placeholders of a ``str.format`` template (ValueError if it is malformed)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_the_three_languages_are_there() -> None:
    assert {"en", "fr", "ja"} <= set(LANGUAGES)
    for lang in LANGUAGES:
        assert {"common.json", "terminal.json", "gems-of-iridescia.json"} <= set(sections(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_every_english_key(lang: str) -> None:
    assert missing_keys(lang) == []
    extra = sorted(set(catalogue(lang)) - set(catalogue("en")))
    assert extra == [], f"{lang} has keys English lacks: {extra}"


@pytest.mark.parametrize("lang", [lang for lang in LANGUAGES if lang != "en"])
def test_templates_have_the_same_placeholders_in_every_language(lang: str) -> None:
    english = catalogue("en")
    other = catalogue(lang)
    wrong = {
        key: (sorted(fields(english[key])), sorted(fields(other[key])))
        for key in english
        if key in other and fields(english[key]) != fields(other[key])
    }
    assert wrong == {}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_template_is_well_formed(lang: str) -> None:
    for key, template in catalogue(lang).items():
        fields(template)  # raises on a stray brace
        assert template == template.strip("\n"), key


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_key_is_in_two_sections(lang: str) -> None:
    assert duplicates(lang) == {}


@pytest.mark.parametrize("lang", ["fr", "ja"])
def test_the_terminal_sections_are_translated(lang: str) -> None:
    """A French or Japanese terminal section says most things differently from English (what
    stays the same are symbols, names and prompts made of them)."""
    for name in ("terminal.json", "gems-of-iridescia.json"):
        english = sections("en")[name]
        other = sections(lang)[name]
        same = [k for k in english if other.get(k) == english[k]]
        assert len(same) < len(english) / 5, (name, same)


def test_two_different_texts_for_one_key_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "xx"
    folder.mkdir()
    (folder / "a.json").write_text(json.dumps({"k": "one", "same": "s"}))
    (folder / "b.json").write_text(json.dumps({"same": "s"}))
    monkeypatch.setattr(i18n, "HERE", tmp_path)
    i18n.sections.cache_clear()
    i18n.catalogue.cache_clear()
    try:
        assert catalogue("xx") == {"k": "one", "same": "s"}  # the same text twice: accepted
        assert duplicates("xx") == {"same": ["a.json", "b.json"]}  # ... and reported
        (folder / "b.json").write_text(json.dumps({"k": "two"}))
        i18n.sections.cache_clear()
        i18n.catalogue.cache_clear()
        with pytest.raises(ValueError, match="'k'"):
            catalogue("xx")
    finally:
        i18n.sections.cache_clear()
        i18n.catalogue.cache_clear()


# ---------------------------------------------------------------- keys the terminal asks for

CALLERS = {"msgs", "m", "words", "self.msgs"}  # how the terminal's code names its catalogue


def _caller(node: ast.expr) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_caller(node.value)}.{node.attr}"
    return ""


def literal_keys(path: Path) -> list[tuple[int, str]]:
    """``(line, key)`` for every ``msgs("key", ...)`` or ``msgs.get("key", ...)`` with a
    literal key in ``path``."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = _caller(node.func)
        if name.endswith(".get"):
            name = name[: -len(".get")]
        first = node.args[0]
        if name in CALLERS and isinstance(first, ast.Constant) and isinstance(first.value, str):
            out.append((node.lineno, first.value))
    return out


def test_the_terminal_only_asks_for_keys_that_exist() -> None:
    known = set(catalogue("en"))
    known |= {k.rpartition(".")[0] for k in known if k.endswith(".other")}  # plural keys
    asked = {
        f"{path.relative_to(TUI)}:{line}": key
        for path in sorted(TUI.rglob("*.py"))
        for line, key in literal_keys(path)
    }
    assert len(asked) > 100  # the scan finds the calls
    missing = {where: key for where, key in asked.items() if key not in known}
    assert missing == {}


def test_the_keys_the_terminal_builds_exist() -> None:
    """Keys made from data (turn kinds, relic types, roll kinds, the events' reasons)."""
    known = set(catalogue("en"))
    built = [f"tui.ev.turn.{k}" for k in ("normal", "extra", "remove", "rhom")]
    built += [f"tui.type.{t}" for t in ("jewelry", "tech", "lore", "iridia")]
    built += [f"roll.{k}" for k in ("mining", "wishing well")]
    built += [f"colour.{c}" for c in ("amethyst", "citrine", "emerald", "sapphire", "rainbow")]
    built += [f"region.{r}" for r in ("desert", "canyon", "forest", "ruins", "castle")]
    assert [k for k in built if k not in known] == []
    msgs = Messages("en")
    for reason in ("tile bonus", "mining", "stone die", "most demanded colour it lacks"):
        assert msgs.reason(reason) != reason or msgs.has(f"reason.{reason}")


def test_every_decision_prompt_is_in_the_catalogue() -> None:
    """Every decision of random games has a translated prompt in every language."""
    from iridescia.core.rng import Rng

    kinds = set()
    for seed in range(6):
        game = GAME.new(1 + seed % 4, seed, mode="solo" if seed % 4 == 0 else None)
        rng = Rng(seed)
        while (decision := game.decision()) is not None:
            kinds.add(decision.kind)
            game.apply(decision.actions[rng.below(len(decision.actions))])
    assert len(kinds) > 8
    for lang in LANGUAGES:
        table = catalogue(lang)
        assert all(f"decision.{k}" in table for k in kinds), lang
