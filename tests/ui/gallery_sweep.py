"""One pass over the scene gallery per window size and language, shared by the checks that
need every screen drawn: the text fit (test_text_fit.py) and the panels over the table
(test_panels_clear.py).

Each state of tests/ui/scene_gallery.py is staged and drawn once, with ``theme.overflows``
collecting every text that did not fit its box and ``theme.text`` recording the size of
every label drawn; the panels over a table are measured on the same staged scenes. The
result is kept for the process, so the two tests of one size and language pay for one pass
(their ``xdist_group`` keeps them on one pytest-xdist worker).
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.controller.coach import Analysis
from diloti_desktop.controller.studies import Studies
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.layout import CAPTURE_TEXT_W, Box, hand_boxes
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.history_panel import HistoryPanel
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.tutor import TutorScene
from tests.ui import scene_gallery
from tests.ui.driver import CHEAP_HINTS, make_app


@dataclass(frozen=True)
class Sweep:
    """What one pass over the gallery found, at one window size in one language."""

    unbuilt: tuple[str, ...]        #: scenes the gallery cannot build
    textless: tuple[str, ...]       #: shots that drew no text at all
    misfits: tuple[str, ...]        #: texts cut, over-wrapped, beyond the edge, broken
    tiny: tuple[str, ...]           #: texts drawn under theme.MIN_TEXT_PX
    covered: tuple[str, ...]        #: a panel over the table meeting another seat's things
    panelled: int                   #: shots with a table and at least one panel over it


def xdist_group(size: tuple[int, int], language: str) -> pytest.MarkDecorator:
    """The mark that keeps the checks of one size and language on one worker."""
    return pytest.mark.xdist_group(f"gallery-{size[0]}x{size[1]}-{language}")


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


def panels(table: TableScene, above: list[Scene]) -> list[tuple[str, Box]]:
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


def _covered(name: str, scenes: list[Scene]) -> tuple[list[str], bool]:
    """The panels over the shot's table that meet another seat's things, and whether any
    panel is over it."""
    tables = [s for s in scenes if isinstance(s, TableScene)]
    if not tables:
        return [], False
    table = tables[0]
    shown = panels(table, scenes[scenes.index(table) + 1:])
    return ([f"{name}: {panel} covers {what} ({box} meets {place})"
             for panel, box in shown for what, place in others_places(table)
             if box.intersects(place)], bool(shown))


def _no_study(self: Studies, key: Hashable, position: Position,
              function: Callable[..., object], *args: object) -> None:
    """A background study left unstarted (its result would never be drawn)."""


@contextlib.contextmanager
def drawing_only() -> Iterator[None]:
    """For passes that stage gallery states only to draw them: no background work that
    the frames drawn would never show, and one graded round for every review state."""
    # With the tutor on, each staged table warms the turn's ranking up on a background
    # thread, which outlives the shot: the tests' tiny hint budget keeps those threads
    # from searching for seconds each (nothing drawn here waits for them).
    search = Analysis.search
    Analysis.search = CHEAP_HINTS
    # A puzzle's panel starts its slow questions (the exact comparison of the answer with
    # the best other move, what a wrong try loses) on its first update and reads their
    # results on a later one, once they end: a pass does not wait for them (the states
    # that show a result are given it), and once started they would run on for seconds
    # after the shot (the hard puzzle's comparison takes about 7 s), one more thread per
    # pass, taking the interpreter from every later shot.
    study = Studies.study
    Studies.study = _no_study  # type: ignore[method-assign]
    # The review's states only draw the graded round: one grading serves every pass.
    scene_gallery.share_graded_round = True
    try:
        yield
    finally:
        Analysis.search = search
        Studies.study = study  # type: ignore[method-assign]
        scene_gallery.share_graded_round = False


@functools.cache
def sweep(size: tuple[int, int], language: str) -> Sweep:
    """Every gallery state drawn once at ``size`` in ``language`` (once per process)."""
    shell, ctx = make_app(size=size, settings=Settings(animation_speed="off",
                                                       sound_enabled=False))
    ctx.persist = False
    drawn: list[tuple[str, int]] = []
    render = theme.text

    def recording_text(label: str, px: int, *args: object,
                       **kwargs: object) -> pygame.Surface:
        drawn.append((label, px))
        return render(label, px, *args, **kwargs)  # type: ignore[arg-type]

    unbuilt: list[str] = []
    textless: list[str] = []
    misfits: list[str] = []
    tiny: list[str] = []
    covered: list[str] = []
    panelled = 0
    i18n.set_language(language)
    theme.text = recording_text  # type: ignore[assignment]
    try:
        with drawing_only():
            for shot in scene_gallery.shots():
                theme.overflows = []
                drawn.clear()
                try:
                    scenes = scene_gallery.stage(shell, ctx, shot)
                    if not drawn:
                        textless.append(shot.name)
                    misfits += [f"{shot.name}: {o.why}: {o.label!r} ({o.width} > {o.room})"
                                for o in theme.overflows]
                    tiny += sorted({f"{shot.name}: drawn at {px} px, under "
                                    f"{theme.MIN_TEXT_PX}: {label!r}" for label, px in drawn
                                    if px < theme.MIN_TEXT_PX and label.strip()})
                    meets, shown = _covered(shot.name, scenes)
                    covered += meets
                    panelled += shown
                except scene_gallery.Unbuildable as missing:
                    unbuilt.append(str(missing))
                finally:
                    if ctx.session is not None:
                        ctx.session.close()
    finally:
        theme.text = render
        theme.overflows = None
        i18n.set_language("en")
        ctx.close_session()
    return Sweep(tuple(unbuilt), tuple(textless), tuple(misfits), tuple(tiny),
                 tuple(covered), panelled)
