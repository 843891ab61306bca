"""Build the standalone game with PyInstaller: ``python3 build_scripts/build.py [--onefile]``.

Builds for the operating system it runs on (PyInstaller does not cross-compile) into
``dist/Diloti/`` (``dist/Diloti`` or ``dist/Diloti.exe`` with ``--onefile``), then prints
the output's size. Build Linux releases on the oldest glibc you want to support.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def tree_size(path: Path) -> int:
    """Bytes in a file or a folder tree."""
    if path.is_file():
        return path.stat().st_size
    # Links (PyInstaller links pygame's libraries) would count their target twice.
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def main(argv: list[str] | None = None) -> int:
    """Run PyInstaller on the committed spec; returns its exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--onefile", action="store_true", help="a single-file executable")
    args = parser.parse_args(argv)
    env = dict(os.environ, DILOTI_ONEFILE="1" if args.onefile else "0")
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(ROOT / "dist"), "--workpath", str(ROOT / "build" / "pyinstaller"),
               str(ROOT / "build_scripts" / "diloti.spec")]
    status = subprocess.call(command, cwd=ROOT, env=env)
    if status != 0:
        return status
    name = "Diloti.exe" if sys.platform == "win32" and args.onefile else "Diloti"
    output = ROOT / "dist" / name
    print(f"built {output} ({tree_size(output) / 2**20:.1f} MiB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
