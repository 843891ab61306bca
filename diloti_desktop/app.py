"""Composition root of the desktop game (filled in by the GUI work)."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    """Start the game; returns the process exit code."""
    print("Diloti Desktop: the game window is not built yet.")
    return 0
