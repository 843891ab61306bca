"""A fixed position drawn by the real table scene, compared with a committed golden image.

Refresh the golden after an intended change of the look::

    DILOTI_REFRESH_GOLDEN=1 python3 -m pytest tests/ui/test_golden.py

A failing comparison writes the frame and the difference next to the golden
(``*.actual.png``, ``*.diff.png``, ignored by git) to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules.cards import FULL_DECK, format_cards, iter_cards, parse_cards
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.menus.menu import MainMenuScene
from tests.ui.driver import make_app, random_players

GOLDEN_DIR = Path(__file__).parent / "golden"
REFRESH = os.environ.get("DILOTI_REFRESH_GOLDEN") == "1"
#: A pixel "differs" when a channel is off by more than this.
CHANNEL_TOLERANCE = 40
#: At most this share of pixels may differ (font hinting, scaling across pygame versions).
MAX_DIFFERENT_SHARE = 0.004

FIXED = ("rules=2p round=2 phase=play dealer=1 turn=0 hands=AH5S6D9HTDKC/2C3D4S8C7C7D "
         "loose=3HKS9C piles=P8@1:5D3C,F6@0:6S.2H4C captured=AS2S4H5H/AD2D4DQC "
         "xeri=1/2 score=23/17 last=1 played=20")


def fixed_position() -> Position:
    """The position above, with the cards it does not name in the stock (lowest first)."""
    partial = Position.parse(FIXED)
    used = 0
    for mask in partial.accounted_cards():
        used |= mask
    stock = "".join(format_cards(1 << c) for c in iter_cards(FULL_DECK & ~used))
    return Position.parse(f"{FIXED} stock={stock}")


def render(size: tuple[int, int]) -> pygame.Surface:
    shell, ctx = make_app(size=size)
    ctx.persist = False
    ctx.scenes.reset(MainMenuScene(ctx))
    position = fixed_position()
    session = GameSession(GameConfig(position.rules, (HUMAN, "Casual"), 1), position,
                          player_factory=random_players, ai_pace=0)
    session.last_account = "North laid 9♣"
    ctx.nav.match.play(session)
    shell.step()
    table = ctx.scenes.top
    from diloti_desktop.ui.table.table_scene import TableScene

    assert isinstance(table, TableScene)
    table.interaction.picked = int(next(iter_cards(parse_cards("6D"))))
    table.interaction.selected = {parse_cards("3H")}
    shell.draw()
    assert shell.surface is not None
    frame = shell.surface.copy()
    ctx.close_session()
    return frame


def difference(a: pygame.Surface, b: pygame.Surface) -> tuple[float, pygame.Surface]:
    """The share of pixels that differ beyond the tolerance, and an image of |a - b|."""
    a, b = a.convert(), b.convert()
    forward = a.copy()
    forward.blit(b, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    backward = b.copy()
    backward.blit(a, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    forward.blit(backward, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    close = pygame.transform.threshold(None, forward, (0, 0, 0),
                                       (CHANNEL_TOLERANCE,) * 3 + (255,), set_behavior=0)
    total = a.get_width() * a.get_height()
    return (total - close) / total, forward


@pytest.mark.parametrize("size", [(1280, 720)])
def test_the_table_matches_its_golden_image(size: tuple[int, int]) -> None:
    frame = render(size)
    golden = GOLDEN_DIR / f"table-{size[0]}x{size[1]}.png"
    if REFRESH or not golden.exists():
        GOLDEN_DIR.mkdir(exist_ok=True)
        pygame.image.save(frame, str(golden))
        if not REFRESH:
            pytest.fail(f"no golden image yet: wrote {golden}; check it and commit it")
        return
    expected = pygame.image.load(str(golden))
    assert expected.get_size() == frame.get_size()
    share, diff = difference(frame, expected)
    if share > MAX_DIFFERENT_SHARE:
        pygame.image.save(frame, str(golden.with_suffix(".actual.png")))
        pygame.image.save(diff, str(golden.with_suffix(".diff.png")))
        pytest.fail(f"{share:.2%} of the pixels differ from {golden.name} (allowed "
                    f"{MAX_DIFFERENT_SHARE:.2%}); see the .actual.png and .diff.png beside it, "
                    f"and refresh with DILOTI_REFRESH_GOLDEN=1 if the change is intended")


def test_the_comparison_notices_a_real_change() -> None:
    frame = render((1280, 720))
    changed = frame.copy()
    pygame.draw.rect(changed, (255, 0, 0), pygame.Rect(100, 100, 200, 100))
    share, _diff = difference(frame, changed)
    assert share > MAX_DIFFERENT_SHARE
    same, _diff = difference(frame, frame.copy())
    assert same == 0
