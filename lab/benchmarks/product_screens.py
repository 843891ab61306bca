"""How long the statistics screen, the score sheet and the table's top bar take to draw.

Usage: ``python3 -m lab.benchmarks.product_screens`` (headless, a scratch data
folder). Fills the statistics with every player count, level and helped/plain group (20
rows), gives a session a 12-round score sheet plus a round in play, and prints the mean
time of one ``draw`` (after a first, cache-filling one) at a few window sizes.
"""

from __future__ import annotations

import os
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["DILOTI_DATA_DIR"] = tempfile.mkdtemp(prefix="diloti-bench-")
import random

import pygame

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.ai.players import LEVELS
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.controller.scoresheet import RoundRecord
from diloti_desktop.player_data import stats
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules import Ruleset, apply, legal_moves
from diloti_desktop.rules.engine import round_breakdown
from diloti_desktop.ui.board.header import draw_header
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import table_layout
from diloti_desktop.ui.menus.statistics import StatisticsScene
from diloti_desktop.ui.table.score_sheet import ScoreSheetScene

WINDOWS = [(960, 600), (1280, 720), (1920, 1080)]
FRAMES = 60


class Window:
    """A fixed-size window stand-in for the scenes."""

    def __init__(self, size: tuple[int, int]) -> None:
        self._size = size

    def size(self) -> tuple[int, int]:
        return self._size

    def set_fullscreen(self, on: bool) -> None:
        """Nothing to do."""

    def request_quit(self) -> None:
        """Nothing to do."""

    def retitle(self) -> None:
        """Nothing to do."""


def fill_statistics() -> None:
    for players in (2, 4):
        for level in LEVELS:
            for assisted in (False, True):
                result = stats.MatchResult(players, level, True, (5, 12, 3, 9), 1, 2, assisted)
                stats.record_match(result)


def session_with_sheet() -> GameSession:
    session = GameSession(GameConfig(Ruleset(target=151), (HUMAN, "Casual"), 3),
                          player_factory=lambda level, seed: RandomPlayer(seed))
    rng = random.Random(1)
    position = session.position
    for _ in range(20):
        position, _events = apply(position, rng.choice(list(legal_moves(position))))
    breakdown = round_breakdown(position)
    session.rounds = [RoundRecord(n, breakdown, (n * 7, n * 5)) for n in range(1, 13)]
    session.position = position
    return session


def mean_ms(draw: object, surface: pygame.Surface) -> float:
    draw(surface)  # type: ignore[operator]
    started = time.perf_counter()
    for _ in range(FRAMES):
        draw(surface)  # type: ignore[operator]
    return (time.perf_counter() - started) / FRAMES * 1000


def main() -> int:
    """Print the mean draw time of each screen at each window size."""
    pygame.display.init()
    pygame.font.init()
    fill_statistics()
    session = session_with_sheet()
    for size in WINDOWS:
        surface = pygame.display.set_mode(size)
        ctx = AppContext(settings=Settings(), window=Window(size))
        statistics = StatisticsScene(ctx)
        sheet = ScoreSheetScene(ctx, session)
        layout = table_layout(*size, 2)
        buttons_left = min(box.x for _name, box in layout.buttons)

        def header(target: pygame.Surface, layout: object = layout,
                   left: int = buttons_left) -> None:
            draw_header(target, layout.top_bar, layout.pad, layout.font_px,  # type: ignore[attr-defined]
                        session.position, left)

        print(f"{size[0]}x{size[1]}: statistics ({len(statistics.rows())} rows) "
              f"{mean_ms(statistics.draw, surface):.1f} ms, score sheet "
              f"({len(sheet.rows())} rows) {mean_ms(sheet.draw, surface):.1f} ms, "
              f"top bar texts {mean_ms(header, surface):.2f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
