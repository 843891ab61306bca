"""What the one-folder build ships, file by file, kept in the repository and compared.

    python3 build_scripts/manifest.py check [dist/Diloti]   # fails on growth (CI runs it)
    python3 build_scripts/manifest.py write [dist/Diloti]   # records the build as it is

The record (:data:`RECORD`, the Linux x86-64 build that CI makes) lists every file with
its size. ``check`` compares a fresh build with it and fails when the build is over
:data:`LIMIT`, when it grew by more than :data:`TOTAL_TOLERANCE` in all, or when one file
appeared or grew by :data:`FILE_TOLERANCE` or more: a new library or a bigger asset is then
a decision, taken by running ``write`` and committing the record with the change. Smaller
differences (the game's own code changes the archive inside the executable a little with
every commit) are listed but pass. Paths are written without what changes by itself:
mypyc's hashed runtime name and the Python version in file names.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "build_scripts" / "manifest-linux-x86_64.txt"
DIST = ROOT / "dist" / "Diloti"
MiB = 2**20
#: The most the one-folder build may weigh, card art, six languages and compiled core in.
LIMIT = 40 * MiB
#: Growth of the whole build that passes unrecorded (a share of the recorded total).
TOTAL_TOLERANCE = 0.02
#: A new file, or a file's growth, this large fails the check (bytes)...
FILE_TOLERANCE = 64 * 1024
#: ... unless it is less than this share of the file's recorded size (big libraries and
#: the executable's archive move by more than 64 KiB between two builds of one source).
FILE_SHARE = 0.05
_NORMAL = ((re.compile(r"\b[0-9a-f]{20}__mypyc"), "<hash>__mypyc"),
           (re.compile(r"cpython-3\d+"), "cpython-3X"),
           (re.compile(r"python3\.\d+"), "python3.X"))


class Change(NamedTuple):
    """One file whose size differs from the record (0 when absent)."""

    path: str
    recorded: int
    current: int

    @property
    def growth(self) -> int:
        return self.current - self.recorded

    @property
    def too_big(self) -> bool:
        """Whether this growth needs a recorded decision."""
        return (self.growth >= FILE_TOLERANCE
                and self.growth >= FILE_SHARE * self.recorded)


def normal(path: str) -> str:
    """``path`` without the parts that change by themselves between builds."""
    for pattern, replacement in _NORMAL:
        path = pattern.sub(replacement, path)
    return path


def scan(dist: Path) -> dict[str, int]:
    """Every file of the build (links not followed) and its size, by normalised path."""
    sizes: dict[str, int] = {}
    for path in sorted(dist.rglob("*")):
        if path.is_file() and not path.is_symlink():
            key = normal(path.relative_to(dist).as_posix())
            sizes[key] = sizes.get(key, 0) + path.stat().st_size
    return sizes


def render(sizes: dict[str, int]) -> str:
    """The record's text: a header with the total, then ``bytes<TAB>path`` by path."""
    total = sum(sizes.values())
    lines = ["# What the Linux x86-64 one-folder build ships (dist/Diloti), made by",
             "# `python3 build_scripts/manifest.py write` and compared by `check` in CI.",
             f"# total: {total} bytes ({total / MiB:.2f} MiB) in {len(sizes)} files",
             *(f"{size}\t{path}" for path, size in sorted(sizes.items()))]
    return "\n".join(lines) + "\n"


def parse(text: str) -> dict[str, int]:
    """A record's files and sizes."""
    sizes: dict[str, int] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            size, path = line.split("\t", 1)
            sizes[path] = int(size)
    return sizes


def compare(recorded: dict[str, int], current: dict[str, int]) -> tuple[list[str], list[Change]]:
    """The reasons the current build fails the check (none: it passes) and every change."""
    changes = [Change(path, recorded.get(path, 0), current.get(path, 0))
               for path in sorted(set(recorded) | set(current))
               if recorded.get(path, 0) != current.get(path, 0)]
    total, before = sum(current.values()), sum(recorded.values())
    failures: list[str] = []
    if total > LIMIT:
        failures.append(f"the build is {total / MiB:.2f} MiB, over the limit of "
                        f"{LIMIT / MiB:.0f} MiB")
    if total > before * (1 + TOTAL_TOLERANCE):
        failures.append(f"the build grew from {before / MiB:.2f} to {total / MiB:.2f} MiB, "
                        f"more than {TOTAL_TOLERANCE:.0%}")
    failures += [f"{change.path}: {'new, ' if not change.recorded else ''}"
                 f"{change.recorded} -> {change.current} bytes" for change in changes
                 if change.too_big]
    return failures, changes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("check", "write"))
    parser.add_argument("dist", nargs="?", type=Path, default=DIST)
    args = parser.parse_args(argv)
    if not args.dist.is_dir():
        print(f"no build at {args.dist}: run build_scripts/build.py first", file=sys.stderr)
        return 1
    current = scan(args.dist)
    if args.command == "write":
        RECORD.write_text(render(current), encoding="utf-8")
        print(f"wrote {RECORD.relative_to(ROOT)}: {sum(current.values()) / MiB:.2f} MiB "
              f"in {len(current)} files")
        return 0
    recorded = parse(RECORD.read_text(encoding="utf-8"))
    failures, changes = compare(recorded, current)
    for change in sorted(changes, key=lambda c: -abs(c.growth))[:40]:
        print(f"{change.growth:+10d}  {change.recorded:9d} -> {change.current:9d}  {change.path}")
    print(f"build {sum(current.values()) / MiB:.2f} MiB in {len(current)} files; record "
          f"{sum(recorded.values()) / MiB:.2f} MiB in {len(recorded)} files; "
          f"{len(changes)} files differ")
    if failures:
        print("size check failed (if the growth is wanted, record it: "
              "python3 build_scripts/manifest.py write):", file=sys.stderr)
        for failure in failures:
            print(f"  {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
