"""What the player sees for each damaged file: the cases of issue 29, run against a checkout.

    python3 -m lab.benchmarks.player_files [--root CHECKOUT] [--wait SECONDS]

For each case (a file kind and a damage) a fresh data folder is prepared and the game is
started for real (``python -m diloti_desktop``, SDL's dummy drivers) from ``--root``
(default: this checkout). A game still running after ``--wait`` seconds has started
(it is then stopped); otherwise its exit status and last line of output are shown. When
the checkout has ``tests/ui/start_headless.py``, the sentences the player is shown on the
way through the start menu, Statistics, Learn and New game are printed too. Run it on an
export of an older commit (``git archive``) to compare.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

Setup = Callable[[Path], Path]


def _write(name: str, content: bytes) -> Setup:
    def setup(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(content)
        return folder
    return setup


def _fifo(name: str) -> Setup:
    def setup(folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        os.mkfifo(folder / name)
        return folder
    return setup


def _long_path(folder: Path) -> Path:
    return folder.joinpath(*["d" * 200] * 25)


def _a_file(folder: Path) -> Path:
    folder.parent.mkdir(parents=True, exist_ok=True)
    folder.write_text("mine", encoding="utf-8")
    return folder


STATS = {"kind": "diloti-desktop statistics", "version": 1, "groups": [
    {"players": 2, "opponents": "Casual", "played": 1, "won": 1, "rounds": 1,
     "points": 10**400}]}
CASES: dict[str, Setup] = {
    "progress.json nested 100,000 deep": _write(
        "progress.json", b'{"lessons": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"),
    "progress.json a FIFO": _fifo("progress.json"),
    "progress.json 80 MB": _write("progress.json",
                                  b'{"lessons": ["' + b"x" * 80_000_000 + b'"]}'),
    "progress.json wrong types": _write("progress.json", b'{"lessons": "play"}'),
    "stats.json points 10**400": _write("stats.json", json.dumps(STATS).encode()),
    "settings.json language zz": _write("settings.json", b'{"language": "zz"}'),
    "new_game.json damaged": _write("new_game.json", b'{"kind": 3'),
    "data folder path of 5,000 characters": _long_path,
    "data folder is a file": _a_file,
}


def run_case(root: Path, name: str, wait: float) -> str:
    """One line: what starting the game did with this case's data folder."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = CASES[name](Path(scratch) / "data")
        environment = {**os.environ, "DILOTI_DATA_DIR": str(folder),
                       "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                       "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(root)}
        began = time.monotonic()
        process = subprocess.Popen([sys.executable, "-m", "diloti_desktop"], cwd=root,
                                   env=environment, stdout=subprocess.PIPE,
                                   stderr=subprocess.STDOUT, text=True)
        try:
            output, _ = process.communicate(timeout=wait)
            lines = [line for line in output.splitlines() if line.strip()]
            start = f"exit {process.returncode} after {time.monotonic() - began:.1f} s: " + (
                lines[-1][:120] if lines else "(no output)")
        except subprocess.TimeoutExpired:
            process.kill()
            process.communicate()
            start = f"running after {wait:.0f} s (started)"
        told = ""
        if (root / "tests" / "ui" / "start_headless.py").is_file():
            folder = CASES[name](Path(scratch) / "again")
            done = subprocess.run([sys.executable, "-m", "tests.ui.start_headless"], cwd=root,
                                  env={**environment, "DILOTI_DATA_DIR": str(folder)},
                                  capture_output=True, text=True, timeout=120, check=False)
            sentences = json.loads(done.stdout.splitlines()[-1]) if done.returncode == 0 else []
            told = " | told: " + (" / ".join(s[:150] for s in sentences) or "nothing")
        return f"{name}: {start}{told}"


def main(argv: list[str] | None = None) -> int:
    """Print one line per case."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("--root", type=Path, default=Path(__file__).resolve().parents[1])
    parser.add_argument("--wait", type=float, default=8.0)
    args = parser.parse_args(argv)
    for name in CASES:
        print(run_case(args.root.resolve(), name, args.wait), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
