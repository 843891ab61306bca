"""The README's and docs' screenshots are the game as it is: each one is rendered again from
the scene gallery (build_scripts/screenshots.py) and compared with the committed picture.

When a screen changes on purpose, regenerate them: ``python3 build_scripts/screenshots.py``.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pygame
import pytest

REPO = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "diloti_screenshots", REPO / "build_scripts" / "screenshots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


SCREENSHOTS = _generator()


def test_every_picture_the_docs_show_is_generated_and_every_generated_one_is_shown() -> None:
    shown = set()
    for doc in [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]:
        shown |= set(re.findall(r"screenshots/([\w.-]+)\.png", doc.read_text(encoding="utf-8")))
    generated = {picture.name for picture in SCREENSHOTS.PICTURES}
    assert shown == generated
    on_disk = {path.stem for path in (REPO / "docs" / "screenshots").glob("*.png")}
    assert on_disk == generated, "a picture in docs/screenshots that nothing generates"


def test_a_changed_picture_fails_the_comparison_and_noise_does_not() -> None:
    before = pygame.image.load(str(REPO / "docs" / "screenshots" / "about.png"))
    noisy = before.copy()
    for x in range(0, 600, 3):  # antialiasing-sized differences on many pixels
        r, g, b, _a = noisy.get_at((x, 300))
        noisy.set_at((x, 300), (min(255, r + 12), g, b))
    assert SCREENSHOTS.difference(before, noisy) is None
    moved = before.copy()
    moved.blit(before, (0, 8))  # everything 8 pixels lower: a layout change
    assert "of the pixels differ" in (SCREENSHOTS.difference(before, moved) or "")
    assert "size" in (SCREENSHOTS.difference(before, before.subsurface((0, 0, 100, 100))) or "")


@pytest.mark.parametrize("picture", SCREENSHOTS.PICTURES, ids=lambda picture: picture.name)
def test_the_committed_screenshot_is_current(picture: Any) -> None:
    name = picture.name
    committed = pygame.image.load(str(REPO / "docs" / "screenshots" / f"{name}.png"))
    why = SCREENSHOTS.difference(committed, SCREENSHOTS.render(picture))
    assert why is None, (f"docs/screenshots/{name}.png is out of date ({why}): "
                         f"python3 build_scripts/screenshots.py {name}")
