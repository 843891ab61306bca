"""The import contracts in pyproject.toml ([tool.importlinter]) hold: the layers, the lab
kept out of the game, no cycles inside the rules core and the AI, pygame only in the ui."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# lint-imports, run by the interpreter running the tests (no cache folder left behind).
LINT = ("import sys; from importlinter.cli import lint_imports; "
        "sys.exit(lint_imports(no_cache=True, no_logo=True))")


def test_the_import_contracts_are_kept() -> None:
    result = subprocess.run([sys.executable, "-c", LINT], cwd=ROOT, capture_output=True,
                            text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout, result.stdout
