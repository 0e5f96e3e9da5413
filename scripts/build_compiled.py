"""Build the optional compiled copy of the rules core with mypyc.

    python scripts/build_compiled.py [--out build/compiled] [--jobs N]
    PYTHONPATH=build/compiled python -m pytest ...      # runs the compiled build

Copies ``src/iridescia`` to ``OUT/iridescia`` and compiles, in that copy, every module of the
packages named in ``iridescia.core.compiled.COMPILED_PACKAGES`` (the contract, the rules of Gems
of Iridescia with their evaluator and default policy, the bots) from the same typed sources. The
``.py`` files stay beside the extension modules, which Python imports first; every other module
runs as Python. ``src/`` is never written to, so the pure package stays what an editable install
(and everybody else's tests) imports. ``iridescia.core.compiled.is_compiled()`` says which build
is running.

Intermediate files (generated C, objects, mypy's cache) stay in ``OUT/.work``: the C compiler
runs again only when the generated C changed, so rebuilding after a change to other modules
takes seconds. A full build is about 80 s of CPU on the project's machine (mostly the C
compiler, which ``--jobs``, by default the number of CPUs, runs in parallel).
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

try:
    from mypyc.build import mypycify
except ImportError:  # mypyc comes with mypy (the test extra)
    raise SystemExit("the compiled build needs mypyc: python -m pip install mypy") from None
from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))  # the list of packages comes from the sources being compiled

from iridescia.core.compiled import COMPILED_PACKAGES  # noqa: E402


def module_files(package_root: Path) -> list[str]:
    """The files to compile, relative to ``package_root``'s parent (``iridescia/...``)."""
    out: list[str] = []
    for package in COMPILED_PACKAGES:
        folder = package_root.parent.joinpath(*package.split("."))
        out += sorted(str(p.relative_to(package_root.parent)) for p in folder.glob("*.py"))
    return out


def copy_package(out: Path) -> Path:
    target = out / "iridescia"
    if target.exists():
        shutil.rmtree(target)
    for stale in out.glob("*__mypyc*"):
        stale.unlink()
    shutil.copytree(
        SRC / "iridescia", target, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    )
    return target


class ParallelBuildExt(build_ext):
    """``build_ext`` that also compiles the C files of one extension in parallel: mypyc puts
    every module in one shared library, whose files setuptools compiles one after the other
    (``--parallel`` only runs different extensions at once)."""

    jobs = 1

    def build_extensions(self) -> None:
        compile_one: Callable[..., list[str]] = self.compiler.compile

        def compile_all(sources: list[str], *args: Any, **kwargs: Any) -> list[str]:
            with ThreadPoolExecutor(self.jobs) as pool:
                done = pool.map(lambda source: compile_one([source], *args, **kwargs), sources)
                return [obj for objects in done for obj in objects]

        self.compiler.compile = compile_all  # type: ignore[method-assign]
        super().build_extensions()


def build(out: Path, jobs: int) -> list[str]:
    """Compile the modules in ``out``'s copy; returns the module files compiled."""
    out.mkdir(parents=True, exist_ok=True)
    package = copy_package(out)
    files = module_files(package)
    work = out / ".work"
    work.mkdir(exist_ok=True)
    here = os.getcwd()
    os.chdir(out)
    try:
        extensions = mypycify(
            [
                *files,
                # Type errors in modules that are only imported (the faces, Gem Rush) are not
                # this build's business; the compiled modules themselves must be clean.
                "--follow-imports=silent",
                f"--cache-dir={work / 'mypy_cache'}",
                "--python-version=3.11",
                "--strict",
            ],
            opt_level="3",
            multi_file=jobs > 1,  # one C file per module, so that they compile in parallel
            target_dir=str(work / "c"),
        )
        ParallelBuildExt.jobs = jobs
        setup(
            name="iridescia-compiled",
            ext_modules=extensions,
            cmdclass={"build_ext": ParallelBuildExt},
            script_args=[
                "--quiet",
                "build_ext",
                "--inplace",
                f"--build-temp={work / 'temp'}",
                f"--build-lib={work / 'lib'}",
                f"--parallel={jobs}",
            ],
        )
    finally:
        os.chdir(here)
    return files


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "compiled")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="C files compiled in parallel"
    )
    args = parser.parse_args(argv)
    out: Path = args.out.resolve()
    if out == SRC or SRC in out.parents:
        parser.error("the compiled copy must not be inside src/")
    start = time.perf_counter()
    files = build(out, max(1, args.jobs))
    print(
        f"compiled {len(files)} modules into {out} in {time.perf_counter() - start:.0f} s; "
        f"use it with PYTHONPATH={out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
