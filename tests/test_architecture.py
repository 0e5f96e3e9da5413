"""The shape of the code: no import circles, no imports inside functions, layers respected.

Read from the source with ``ast`` (nothing is imported): every module-level ``import`` of an
``iridescia`` module is an edge of the import graph. Imports under ``if TYPE_CHECKING:`` are for
the type checker only and are left out.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
PACKAGE = SRC / "iridescia"

# Where an import inside a function is never acceptable: the rules, the contract and the bots.
# (Faces may defer importing an optional dependency until the feature that needs it is used.)
NO_LOCAL_IMPORTS = ("iridescia.core", "iridescia.games", "iridescia.bots")


def module_name(path: Path) -> str:
    rel = path.relative_to(SRC).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in PACKAGE.rglob("*.py")}


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    out: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.stmt] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            out.append(node)
        elif isinstance(node, ast.If) and not _is_type_checking(node):
            stack.extend(node.body + node.orelse)
        elif isinstance(node, ast.Try):
            stack.extend(node.body + node.orelse + node.finalbody)
            for h in node.handlers:
                stack.extend(h.body)
    return out


def import_graph() -> dict[str, set[str]]:
    modules = all_modules()
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _top_level_imports(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parent = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*parent, base] if base else parent)
                for a in node.names:
                    sub = f"{base}.{a.name}"
                    targets.append(sub if sub in modules else base)
            for t in targets:
                if t in modules and t != name:
                    graph[name].add(t)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                out.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_no_import_circles() -> None:
    found = cycles(import_graph())
    assert found == [], f"import circles: {found}"


def test_no_imports_inside_functions_in_the_core_games_and_bots() -> None:
    offenders = []
    for name, path in all_modules().items():
        if not name.startswith(NO_LOCAL_IMPORTS):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
                for sub in ast.walk(node):
                    if isinstance(sub, ast.Import | ast.ImportFrom):
                        offenders.append(f"{name}:{sub.lineno} (in {getattr(node, 'name', '?')})")
    assert offenders == [], "imports inside functions: " + ", ".join(offenders)


def test_the_rules_packages_import_no_face_and_no_io_library() -> None:
    faces = ("iridescia.tui", "iridescia.web", "iridescia.sim", "iridescia.rl", "iridescia.cli")
    forbidden_libs = {"rich", "starlette", "uvicorn", "numpy", "socket", "asyncio", "http"}
    graph = import_graph()
    bad = []
    for name, path in all_modules().items():
        if not name.startswith(("iridescia.core", "iridescia.games")):
            continue
        bad += [f"{name} -> {t}" for t in graph[name] if t.startswith(faces)]
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in _top_level_imports(tree):
            mods = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
            )
            bad += [f"{name} -> {m}" for m in mods if m.split(".")[0] in forbidden_libs]
    assert bad == []


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


GAME_PACKAGES = ("iridescia.games.iridescia", "iridescia.games.gemrush")


def _public_names(package: str) -> set[str]:
    path = PACKAGE / Path(*package.split(".")[1:]) / "__init__.py"
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            return {ast.literal_eval(e) for e in node.value.elts}  # type: ignore[attr-defined]
    raise AssertionError(f"{package} has no __all__")


def test_faces_and_bots_reach_a_game_only_through_its_package_api() -> None:
    """Outside a game's own package, only the names in its ``__init__.__all__`` are used: no
    module of the game is imported directly, and no other name is taken from it."""
    public = {p: _public_names(p) for p in GAME_PACKAGES}
    offenders = []
    for name, path in all_modules().items():
        if name.startswith(("iridescia.games", "iridescia.core")) or name == "iridescia":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for a in node.names:
                    if a.name.startswith(GAME_PACKAGES) and a.name not in GAME_PACKAGES:
                        offenders.append(f"{name}: import {a.name}")
            elif isinstance(node, ast.ImportFrom) and node.module:
                if node.module in GAME_PACKAGES:
                    bad = [a.name for a in node.names if a.name not in public[node.module]]
                    offenders += [f"{name}: {node.module}.{b} is not public" for b in bad]
                elif node.module.startswith(GAME_PACKAGES):
                    offenders.append(f"{name}: from {node.module} import ...")
    assert offenders == [], "\n".join(offenders)
