"""No panel over the table hides what a player weighs a move by: the opponents' hands,
names and captured cards.

Every state of tests/ui/scene_gallery.py with a table is drawn (tests/ui/gallery_sweep.py,
the same pass as the text-fit check); the panels over it (the hint, the round's moves, the
guided coach's panel, the tutor, the lists of moves) must not meet another seat's hand, its
name chip or the opponents' capture pile and its words.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from diloti_desktop import i18n
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit.layout import MIN_WINDOW
from tests.ui import gallery_sweep, scene_gallery
from tests.ui.driver import make_app

SIZES = [MIN_WINDOW, (1280, 720)]


@pytest.fixture(scope="module", params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def app(request: pytest.FixtureRequest) -> Iterator[tuple[object, object]]:
    shell, ctx = make_app(size=request.param, settings=Settings(animation_speed="off",
                                                                sound_enabled=False))
    ctx.persist = False
    yield shell, ctx
    ctx.close_session()
    i18n.set_language("en")


#: The fast tier checks the minimum window (the least room beside the panels); the
#: larger one is in the slow tier (the full suite).
FAST = {MIN_WINDOW}


def cases() -> list[object]:
    """Each size with Greek and German, kept on one worker with the text-fit check of the
    same size and language (they share one pass over the gallery)."""
    return [pytest.param(size, language,
                         marks=[gallery_sweep.xdist_group(size, language),
                                *([] if size in FAST else [pytest.mark.slow])],
                         id=f"{size[0]}x{size[1]}-{language}")
            for size in SIZES for language in ("el", "de")]


@pytest.mark.parametrize(("size", "language"), cases())
def test_no_panel_covers_the_opponents(size: tuple[int, int], language: str) -> None:
    found = gallery_sweep.sweep(size, language)
    assert found.panelled >= 8, "the gallery's panels over the table were not found"
    assert not found.covered, "\n".join(found.covered)


def test_the_review_draws_its_table_at_its_true_size(app: tuple[object, object]) -> None:
    """Beside the review's panel the table is drawn for the room it has, not drawn at
    960 pixels wide and scaled down (its 13 px text became about 9 px at 960x600)."""
    from diloti_desktop.ui.review.review_scene import ReviewScene

    shell, ctx = app
    shots = {shot.name: shot for shot in scene_gallery.shots()}
    scenes = scene_gallery.stage(shell, ctx, shots["round review"])  # type: ignore[arg-type]
    review = next(scene for scene in scenes if isinstance(scene, ReviewScene))
    room = review.picture.table_box()
    layout = review.picture.layout()
    assert (layout.width, layout.height) == (room.w, room.h)
    assert layout.font_px >= 13
    ctx.close_session()  # type: ignore[attr-defined]
