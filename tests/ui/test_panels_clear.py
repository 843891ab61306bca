"""No panel over the table hides what a player weighs a move by: the opponents' hands,
names and captured cards.

Every state of tests/ui/scene_gallery.py with a table is drawn; the panels over it (the
hint, the round's moves, the guided coach's panel, the tutor, the lists of moves) must not
meet another seat's hand, its name chip or the opponents' capture pile and its words.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from diloti_desktop import i18n
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.ui.kit.layout import CAPTURE_TEXT_W, MIN_WINDOW, Box, hand_boxes
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.history_panel import HistoryPanel
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.tutor import TutorScene
from tests.ui import scene_gallery
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


def others_places(table: TableScene) -> list[tuple[str, Box]]:
    """Each other seat's hand (card by card), name chip and the opponents' capture pile
    with the words beside it, named for the failure message."""
    layout = table.board.layout()
    position = table.session.position
    viewer, players = table.board.viewer, position.players
    places: list[tuple[str, Box]] = []
    for seat in range(players):
        if seat == viewer:
            continue
        place = layout.place((seat - viewer) % players)
        count = bin(position.hands[seat]).count("1")
        places += [(f"seat {seat}'s hand", box) for box in hand_boxes(place, count)]
        label = place.label
        if place.edge == "top":  # the chip may take two lines of North's band
            label = Box(label.x, place.area.y, label.w, place.area.h)
        places.append((f"seat {seat}'s name", label))
    pile = layout.captures[1]
    words = round(layout.unit * CAPTURE_TEXT_W) + layout.pad
    places.append(("the opponents' captured cards",
                   Box(pile.x - words, pile.y, pile.w + words, pile.h)))
    return places


def panels(table: TableScene, above: list[object]) -> list[tuple[str, Box]]:
    """The panels drawn over the table now."""
    layout = table.board.layout()
    shown: list[tuple[str, Box]] = []
    if table.hint.lines():
        items = table.board.geometry(table.animations).item_boxes().values()
        shown.append(("the hint", table.hint.place(layout, list(items))[0]))
    if table.history.open:
        shown.append(("the round's moves", HistoryPanel.box(layout)))
    if table.board.panel_share:
        shown.append(("the coach's panel", table.board.panel_box()))
    for scene in above:
        if isinstance(scene, TutorScene):
            shown.append(("the tutor", scene._frame()[0]))
        elif isinstance(scene, ChooserScene):
            shown.append((type(scene).__name__, scene._frame()[0]))
    return shown


@pytest.mark.parametrize("language", ["el", "de"])
def test_no_panel_covers_the_opponents(language: str, app: tuple[object, object]) -> None:
    shell, ctx = app
    i18n.set_language(language)
    problems: list[str] = []
    checked = 0
    for shot in scene_gallery.shots():
        try:
            scenes = scene_gallery.stage(shell, ctx, shot)  # type: ignore[arg-type]
        except scene_gallery.Unbuildable:
            continue  # the text-fit test names unbuildable scenes
        try:
            tables = [s for s in scenes if isinstance(s, TableScene)]
            if not tables:
                continue
            table = tables[0]
            shown = panels(table, scenes[scenes.index(table) + 1:])
            checked += bool(shown)
            problems += [f"{shot.name}: {name} covers {what} ({box} meets {place})"
                         for name, box in shown for what, place in others_places(table)
                         if box.intersects(place)]
        finally:
            if ctx.session is not None:  # type: ignore[attr-defined]
                ctx.session.close()  # type: ignore[attr-defined]
    assert checked >= 8, "the gallery's panels over the table were not found"
    assert not problems, "\n".join(problems)


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
