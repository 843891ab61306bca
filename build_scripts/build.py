"""Build the standalone game with PyInstaller: ``python3 build_scripts/build.py [--onefile]``.

Builds for the operating system it runs on (PyInstaller does not cross-compile) into
``dist/Diloti/`` (``dist/Diloti`` or ``dist/Diloti.exe`` with ``--onefile``), then prints
the output's size and which rules core it ships. Build Linux releases on the oldest glibc
you want to support.

The executable ships the rules core compiled by mypyc when it can: the package is copied
to ``build/source/`` (never compiled in place: ``*.so`` files beside the sources would
shadow a developer's later edits of the ``.py`` files), the copy's hot modules are
compiled there (``DILOTI_MYPYC=1 setup.py build_ext --inplace``) and PyInstaller packages
that copy. Without mypy, without a C compiler, or when the compile fails, one line says so
and the pure Python modules are packaged: the build never fails for that. ``--pure``
packages the pure modules without trying.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: Where the packaged copy of the source goes (``build/`` is ignored by git).
SOURCE = ROOT / "build" / "source"
#: What the copy needs: the package, and what ``setup.py`` reads to compile it.
COPIED = ("diloti_desktop", "setup.py", "pyproject.toml", "README.md")
COMPILED = "compiled (mypyc)"


def tree_size(path: Path) -> int:
    """Bytes in a file or a folder tree."""
    if path.is_file():
        return path.stat().st_size
    # Links (PyInstaller links pygame's libraries) would count their target twice.
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def copy_source(dest: Path, root: Path = ROOT) -> None:
    """A fresh copy of ``root``'s package at ``dest``, without caches or compiled modules.

    Extension modules left by an in-place build in the checkout are left out, so that the
    pure build ships the pure modules and the compiled build only what it compiled.
    """
    if dest.exists():
        shutil.rmtree(dest)
    dest.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd")
    for name in COPIED:
        path = root / name
        if path.is_dir():
            shutil.copytree(path, dest / name, ignore=ignore)
        else:
            shutil.copy2(path, dest / name)


def remove_extensions(source: Path) -> None:
    """Delete every compiled module of the copy (after a failed or partial compile)."""
    for pattern in ("*.so", "*.pyd"):
        for path in source.rglob(pattern):
            if "build" not in path.relative_to(source).parts:
                path.unlink()


def core_of(source: Path) -> str:
    """Which rules core a Python started in ``source`` imports (rules/native.py says)."""
    probe = [sys.executable, "-c",
             "from diloti_desktop.rules.native import core_build; print(core_build())"]
    result = subprocess.run(probe, cwd=source, capture_output=True, text=True, check=False,
                            env=dict(os.environ, PYTHONPATH=str(source)))
    if result.returncode != 0:
        lines = result.stderr.strip().splitlines() or ["no output"]
        return f"unusable ({lines[-1]})"
    return result.stdout.strip()


def compile_core(source: Path) -> str | None:
    """Compile the copy's rules core with mypyc; ``None`` when done, else why not (one line).

    On failure the copy is left pure Python.
    """
    if importlib.util.find_spec("mypyc") is None:
        return "mypy (mypyc) is not installed: pip install mypy setuptools"
    if importlib.util.find_spec("setuptools") is None:
        return "setuptools is not installed: pip install setuptools"
    log = source / "mypyc.log"
    command = [sys.executable, "setup.py", "build_ext", "--inplace"]
    with log.open("w", encoding="utf-8") as out:
        status = subprocess.call(command, cwd=source, stdout=out, stderr=subprocess.STDOUT,
                                 env=dict(os.environ, DILOTI_MYPYC="1"))
    # setup.py marks the extensions optional: a missing or failing C compiler leaves none.
    core = core_of(source)
    if status == 0 and core == COMPILED:
        return None
    remove_extensions(source)
    if status != 0:
        return f"setup.py build_ext failed (exit {status}), see {log}"
    if core == "pure Python":
        return f"no C compiler, or it failed (see {log})"
    return f"the compiled copy is {core} (see {log})"


def prepare_source(pure: bool, source: Path = SOURCE) -> str:
    """Copy the package to ``source``, compiled when asked and possible; returns the core."""
    copy_source(source)
    if pure:
        print("rules core: pure Python (--pure)", flush=True)
        return "pure Python"
    failure = compile_core(source)
    if failure is not None:
        print(f"rules core: pure Python (not compiled: {failure})", flush=True)
        return "pure Python"
    print(f"rules core: {COMPILED}", flush=True)
    return COMPILED


def main(argv: list[str] | None = None) -> int:
    """Prepare the source, run PyInstaller on the committed spec; returns its exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--onefile", action="store_true", help="a single-file executable")
    parser.add_argument("--pure", action="store_true",
                        help="package the pure Python rules core (do not compile it with mypyc)")
    args = parser.parse_args(argv)
    core = prepare_source(args.pure)
    env = dict(os.environ, DILOTI_ONEFILE="1" if args.onefile else "0",
               DILOTI_SOURCE=str(SOURCE))
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
               str(ROOT / "build_scripts" / "diloti.spec")]
    # Run from the copy: ``-m`` puts the working folder first on PyInstaller's path, and the
    # checkout's own package must not be the one it finds.
    status = subprocess.call(command, cwd=SOURCE, env=env)
    if status != 0:
        return status
    name = "Diloti.exe" if sys.platform == "win32" and args.onefile else "Diloti"
    output = ROOT / "dist" / name
    print(f"built {output} ({tree_size(output) / 2**20:.1f} MiB, rules core: {core})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
