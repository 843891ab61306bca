"""A seeded monkey: thousands of random real pygame events through the whole app.

A random hand on the mouse and keyboard, from the start menu on: clicks and drags
anywhere (half of them aimed at what the screen shows: buttons, options, hand cards,
table items), double clicks, the wheel, keys players press (digits, Enter, Esc, Tab,
arrows, H, M, F11, F12...), resizes, focus changes and now and then the window's close
button (after which the app starts again, as the player would relaunch it). It must end
without an exception, an error logged or the error screen, and with moves played by the
monkey itself and by the AI.

Seeded and bounded: the same run every time. The AI players are seeded random players,
each AI move and hint is awaited before the next frame, so threads do not change the
order of things, and the app reads a frame clock, not the machine's: double clicks,
toasts and the AI's pace would otherwise depend on how loaded the machine is (a slow
frame splits a double click into two single clicks, and the run goes elsewhere).
"""

from __future__ import annotations

import logging
import random
from collections import Counter
from collections.abc import Iterator

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.controller import GameSession
from diloti_desktop.player_data import files
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.menus.error import ErrorScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.shell import Shell
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.table_scene import TableScene
from tests.ui.driver import FrameClock, make_app

SEED = 20261202
EVENTS = 3000
Point = tuple[int, int]

KEYS = [
    *(getattr(pygame, f"K_{n}") for n in range(10)), pygame.K_RETURN, pygame.K_ESCAPE,
    pygame.K_SPACE, pygame.K_TAB, pygame.K_UP, pygame.K_DOWN, pygame.K_LEFT, pygame.K_RIGHT,
    pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END, pygame.K_h, pygame.K_m,
    pygame.K_p, pygame.K_q, pygame.K_n, pygame.K_BACKSPACE, pygame.K_KP_ENTER, pygame.K_F1,
    pygame.K_a, pygame.K_z,
]
RARE_KEYS = [pygame.K_F11, pygame.K_F12]


def _boxes_of(scene: Scene | None, rng: random.Random) -> list[Box]:
    """What the top scene shows that a player would aim at (read only).

    On the table: mostly the hand cards, then the table items, now and then a button.
    """
    boxes: list[Box] = []
    if scene is None:
        return boxes
    if isinstance(scene, TableScene):
        roll = rng.random()
        if roll < 0.55:
            boxes = [box for _card, box in scene.pointer.hand_card_boxes()]
        elif roll < 0.85:
            boxes = list(scene.pointer.item_boxes().values())
        return boxes or [button.box for button in scene.buttons()]
    if isinstance(scene, ChooserScene):
        boxes += [box for _index, box in scene.option_boxes()]
        boxes.append(scene.cancel_box())
    for name in ("buttons", "_buttons"):
        method = getattr(scene, name, None)
        if callable(method) and not isinstance(scene, TableScene):
            boxes += [button.box for button in method()]
    form = getattr(scene, "form", None)
    if form is not None:
        for row in form.rows:
            boxes += list(row.boxes)
        boxes += [button.box for button in form.buttons.buttons]
    listed = getattr(scene, "list", None)
    if listed is not None and hasattr(listed, "buttons"):
        boxes += [button.box for button in listed.buttons]
    return [box for box in boxes if box.w > 0 and box.h > 0]


class Monkey:
    """Random gestures as lists of pygame events, in window coordinates."""

    def __init__(self, shell: Shell, rng: random.Random) -> None:
        self.shell = shell
        self.rng = rng
        self.pointer: Point = (10, 10)

    def window_size(self) -> tuple[int, int]:
        surface = pygame.display.get_surface()
        assert surface is not None
        width, height = surface.get_size()
        return width, height

    def target(self, scene: Scene | None) -> Point:
        """A point: mostly on something the screen shows, else anywhere."""
        width, height = self.window_size()
        boxes = _boxes_of(scene, self.rng)
        if boxes and self.rng.random() < 0.6:
            box = self.rng.choice(boxes)
            point = (box.x + self.rng.randrange(box.w), box.y + self.rng.randrange(box.h))
            return self.shell.viewport.to_window(point)
        return self.rng.randrange(-5, width + 5), self.rng.randrange(-5, height + 5)

    def motion(self, to: Point, held: bool) -> pygame.event.Event:
        rel = (to[0] - self.pointer[0], to[1] - self.pointer[1])
        self.pointer = to
        return pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=rel,
                                  buttons=(1 if held else 0, 0, 0))

    def button(self, kind: int, pos: Point, button: int = 1) -> pygame.event.Event:
        return pygame.event.Event(kind, pos=pos, button=button)

    def key(self, key: int, mod: int) -> list[pygame.event.Event]:
        return [pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0),
                pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)]

    def gesture(self, scene: Scene | None) -> list[pygame.event.Event]:
        """One random gesture (one to a few events)."""
        rng = self.rng
        if not isinstance(scene, TableScene) and rng.random() < 0.2:
            # Off the table, players mostly confirm what is offered (Start, Done, Next
            # round...): without this the monkey would spend its life in the menus.
            return self.key(pygame.K_RETURN, 0)
        roll = rng.random()
        if roll < 0.30:  # a click
            pos = self.target(scene)
            return [self.motion(pos, False), self.button(pygame.MOUSEBUTTONDOWN, pos),
                    self.button(pygame.MOUSEBUTTONUP, pos)]
        if roll < 0.40:  # a double click
            pos = self.target(scene)
            click = [self.button(pygame.MOUSEBUTTONDOWN, pos),
                     self.button(pygame.MOUSEBUTTONUP, pos)]
            return click + click
        if roll < 0.55:  # a drag, maybe never released here
            start, end = self.target(scene), self.target(scene)
            events = [self.motion(start, False), self.button(pygame.MOUSEBUTTONDOWN, start)]
            for step in range(1, rng.randrange(2, 6)):
                events.append(self.motion((start[0] + (end[0] - start[0]) * step // 4,
                                           start[1] + (end[1] - start[1]) * step // 4), True))
            if rng.random() < 0.9:
                events.append(self.button(pygame.MOUSEBUTTONUP, end))
            return events
        if roll < 0.65:  # the pointer wanders
            return [self.motion(self.target(scene), rng.random() < 0.1)]
        if roll < 0.90:  # a key
            key = rng.choice(KEYS) if rng.random() < 0.99 else rng.choice(RARE_KEYS)
            return self.key(key, rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL)))
        if roll < 0.95:  # the wheel, or another mouse button
            if rng.random() < 0.7:
                dy = rng.choice((-3, -1, 1, 2))
                return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False,
                                           precise_x=0.0, precise_y=float(dy), which=0,
                                           touch=False)]
            pos = self.target(scene)
            which = rng.choice((2, 3, 4, 5))
            return [self.button(pygame.MOUSEBUTTONDOWN, pos, which),
                    self.button(pygame.MOUSEBUTTONUP, pos, which)]
        if roll < 0.97:  # the window changes
            width, height = rng.randrange(420, 1700), rng.randrange(280, 1000)
            return [pygame.event.Event(pygame.VIDEORESIZE, size=(width, height), w=width,
                                       h=height)]
        if roll < 0.997:
            kind = rng.choice((pygame.WINDOWFOCUSLOST, pygame.WINDOWFOCUSGAINED,
                               pygame.WINDOWLEAVE, pygame.WINDOWENTER, pygame.WINDOWEXPOSED))
            return [pygame.event.Event(kind)]
        return [pygame.event.Event(pygame.QUIT)]


def _await_background_work(session: GameSession | None) -> None:
    """Let the AI's move and any hint finish before the next frame, so runs repeat."""
    if session is None:
        return
    session.wait_for_work(10)
    session.coaching.wait(10)


class _Errors(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


@pytest.fixture(autouse=True)
def english_afterwards() -> Iterator[None]:
    """The monkey may pick another language in Settings: later tests read English."""
    yield
    i18n.set_language("en")


@pytest.fixture
def errors() -> Iterator[_Errors]:
    handler = _Errors()
    logging.getLogger().addHandler(handler)
    yield handler
    logging.getLogger().removeHandler(handler)


@pytest.mark.slow
@pytest.mark.parametrize("saves_fail", [False, True], ids=["saving", "read-only folder"])
def test_a_seeded_monkey_plays_without_an_error(errors: _Errors, saves_fail: bool,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    if saves_fail:  # every save fails as in a read-only folder: the warning and questions
        def read_only(*args: object, **kwargs: object) -> tuple[int, str]:
            raise PermissionError(13, "Permission denied")

        monkeypatch.setattr(files.tempfile, "mkstemp", read_only)
    moves: Counter[str] = Counter()
    original_play = GameSession._play

    def counting_play(session: GameSession, move: object) -> None:
        moves["human" if session.config.is_human(session.position.turn) else "ai"] += 1
        original_play(session, move)  # type: ignore[arg-type]

    monkeypatch.setattr(GameSession, "_play", counting_play)
    shell, ctx = make_app(clock=FrameClock())
    ctx.scenes.reset(MainMenuScene(ctx))
    monkey = Monkey(shell, random.Random(SEED))
    posted = starts = 0
    scenes_seen: set[str] = set()
    warned = False
    while posted < EVENTS:
        for event in monkey.gesture(ctx.scenes.top):
            pygame.event.post(event)
            posted += 1
        shell.step()
        _await_background_work(ctx.session)
        top = ctx.scenes.top
        scenes_seen.add(type(top).__name__)
        warned = warned or ctx.save_problem is not None
        assert not isinstance(top, ErrorScene), top.summary if hasattr(top, "summary") else top
        if not shell.running:  # the monkey closed the game: start it again
            starts += 1
            ctx.close_session()
            shell.running = True
            ctx.check_saved_game()
            ctx.scenes.reset(MainMenuScene(ctx))
    ctx.close_session()
    assert not errors.records, [record.getMessage() for record in errors.records]
    assert moves["human"] >= 10 and moves["ai"] >= 10, moves
    assert {"MainMenuScene", "NewGameScene", "TableScene"} <= scenes_seen, scenes_seen
    assert warned == saves_fail
    print(f"monkey: {posted} events, moves {dict(moves)}, restarts {starts}, "
          f"scenes {sorted(scenes_seen)}")
