"""The build helpers: the screenshot check tells a real frame from a blank one."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "build_scripts"))
import check_screenshot


def test_a_blank_or_missing_frame_fails(tmp_path: Path) -> None:
    blank = tmp_path / "blank.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    pygame.image.save(surface, str(blank))
    assert "colours" in (check_screenshot.check(blank) or "")
    assert "does not exist" in (check_screenshot.check(tmp_path / "none.png") or "")
    assert check_screenshot.main([str(blank)]) == 1
    assert check_screenshot.main([]) == 1


def test_a_busy_frame_passes(tmp_path: Path) -> None:
    from diloti_desktop.ui import cards

    pygame.init()
    frame = tmp_path / "frame.png"
    surface = pygame.Surface((640, 480))
    surface.fill((10, 90, 40))
    for index in range(13):
        surface.blit(cards.face(index + 1, index % 4, 90), (10 + index * 45, 60 + index * 8))
    pygame.image.save(surface, str(frame))
    assert check_screenshot.check(frame) is None
    assert check_screenshot.main([str(frame)]) == 0
