"""How long scaling one frame to a window below the minimum size takes.

Usage: ``python3 -m lab.benchmarks.frame_scaling`` (headless). In a window smaller
than the layout's minimum, the shell draws the frame offscreen and scales it to the
window once per redrawn frame; this prints the cost per frame for a few window sizes.
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame

from diloti_desktop.ui.kit.input import Viewport
from diloti_desktop.ui.kit.layout import MIN_WINDOW

WINDOWS = [(800, 600), (640, 480), (500, 300), (320, 200)]
FRAMES = 300


def main() -> int:
    """Print the mean scaling time per frame for each window size."""
    pygame.display.init()
    for size in WINDOWS:
        view = Viewport.fit(size, MIN_WINDOW)
        window = pygame.display.set_mode(size)
        frame = pygame.Surface(view.frame).convert()
        frame.fill((20, 90, 40))
        started = time.perf_counter()
        for _ in range(FRAMES):
            pygame.transform.smoothscale(frame, size, window)
        per_frame = (time.perf_counter() - started) / FRAMES * 1000
        print(f"window {size[0]}x{size[1]}: frame {view.frame[0]}x{view.frame[1]} scaled "
              f"by {view.scale:.2f} in {per_frame:.2f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
