"""Check that a smoke-test screenshot is a real frame (not blank or missing).

Usage: ``python3 build_scripts/check_screenshot.py PNG [PNG ...]``.

A real frame of the table has the felt, cards and text: many distinct colours, and no
single colour covering nearly all of it. Exits 1 (saying why) for a blank or missing image.
"""

from __future__ import annotations

import os
import sys
from collections import Counter
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MIN_COLOURS = 64
MAX_SHARE_OF_ONE_COLOUR = 0.9
MIN_SIZE = (320, 240)


def check(path: Path) -> str | None:
    """None when the image looks like a real frame, else the reason it does not."""
    import pygame

    if not path.is_file():
        return f"{path} does not exist"
    try:
        image = pygame.image.load(str(path))
    except pygame.error as error:
        return f"{path} is not an image: {error}"
    width, height = image.get_size()
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        return f"{path} is only {width}x{height}"
    step = max(1, min(width, height) // 200)
    colours = Counter(image.get_at((x, y))[:3] for x in range(0, width, step)
                      for y in range(0, height, step))
    total = sum(colours.values())
    top_share = colours.most_common(1)[0][1] / total
    if len(colours) < MIN_COLOURS:
        return f"{path} has only {len(colours)} colours: not a rendered table"
    if top_share > MAX_SHARE_OF_ONE_COLOUR:
        return f"one colour covers {top_share:.0%} of {path}: a blank frame"
    print(f"{path}: {width}x{height}, {len(colours)} colours, largest share {top_share:.0%}")
    return None


def main(argv: list[str]) -> int:
    """Check every path given; returns 0 when all are real frames."""
    failures = [reason for path in argv if (reason := check(Path(path)))]
    for reason in failures:
        print(f"screenshot check failed: {reason}", file=sys.stderr)
    return 1 if failures or not argv else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
