"""Drive the real app headless with posted pygame events, like a player's hand on the mouse.

The driver may *read* anything (the rules core's legal moves, where the scene drew a card)
but it only *acts* by posting ``pygame.event.Event`` objects and running frames: it never
calls the controller or the rules core to play a move.
"""

from __future__ import annotations

import contextlib
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame

from diloti_desktop.ai.base import RandomPlayer
from diloti_desktop.ai.search import SearchConfig
from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.rules.cards import iter_cards
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.flow import Flow
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import Box
from diloti_desktop.ui.kit.scene import Scene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.review.review_scene import ReviewScene
from diloti_desktop.ui.shell import Shell
from diloti_desktop.ui.table.dialogs import ChooserScene
from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene

Point = tuple[int, int]
#: The round review's analysis in tests: the real search, on a tiny budget.
CHEAP_REVIEW = SearchConfig(ply_budget=300, min_samples=2, max_samples=4, solve_nodes=2_000)
#: The hint engine's budget for tests that follow hints through the table and do not care
#: which move is best: the same tiny budget (``controller.coach.Analysis.search``).
CHEAP_HINTS = CHEAP_REVIEW
SIZE = (1024, 640)
#: How long background work may take before a test calls it hung (not a timing guess:
#: a hint or AI move takes seconds even on a loaded machine).
WORK_CEILING = 600.0


def random_players(level: str, seed: int) -> RandomPlayer:
    """Fast AI seats for tests."""
    return RandomPlayer(seed)


def make_app(size: tuple[int, int] = SIZE, settings: Settings | None = None,
             seed: int = 5, clock: Callable[[], float] = time.monotonic,
             ) -> tuple[Shell, AppContext]:
    """A real window (dummy driver) and context with random AI players and no animation;
    ``clock`` is the time both read (a :class:`FrameClock` makes a run repeatable)."""
    shell = Shell(size=size, clock=clock)
    pygame.display.init()
    pygame.font.init()
    shell.open()
    settings = settings or Settings(animation_speed="off", sound_enabled=False, tutor=False)
    ctx = AppContext(settings=settings,
                     window=shell, player_factory=random_players, seed_source=lambda: seed,
                     review_search=CHEAP_REVIEW, navigator=Flow, clock=clock)
    shell.ctx = ctx
    return shell, ctx


class FrameClock:
    """A shell clock that moves one frame's time at each reading (the shell reads it once a
    frame): animations then take a fixed number of frames, not real time, so a test that
    keeps them on runs a few frames instead of spinning through seconds of them, and a
    loaded machine cannot make an animation end early."""

    def __init__(self, frame: float = 1 / 30) -> None:
        self.frame = frame
        self.now = 0.0

    def __call__(self) -> float:
        self.now += self.frame
        return self.now


class Driver:
    """Posts input events and runs frames of a :class:`Shell`."""

    def __init__(self, shell: Shell, ctx: AppContext) -> None:
        self.shell = shell
        self.ctx = ctx

    # -- frames --------------------------------------------------------------------------
    def frames(self, count: int = 1) -> None:
        """Run ``count`` frames."""
        for _ in range(count):
            self.shell.step()

    def until(self, condition: Callable[[], bool], timeout: float = 10.0) -> None:
        """Run frames until ``condition`` holds.

        Background work (an AI move, a hint, a grade) is waited for by its own completion,
        however long a loaded machine takes, and that time does not count: ``timeout``
        bounds only the frames run while nothing is working (animations, the AI's pace).
        """
        deadline = time.monotonic() + timeout
        while not condition():
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; top scene is {self.top!r}")
            self.shell.step()
            if condition():
                return
            if self._finish_work():
                deadline = max(deadline, time.monotonic() + timeout)
            else:
                # Other threads (a round's grading, a lesson's study) get the interpreter
                # between two frames; a loaded machine may make this nap last far longer.
                time.sleep(0.0005)

    def _finish_work(self) -> bool:
        """Wait for the sessions' background work (the app's and the table's, for a
        lesson or a watched game); whether there was any."""
        table = self.ctx.scenes.find(TableScene)
        sessions = {id(s): s for s in (self.ctx.session,
                                       table.session if isinstance(table, TableScene) else None)
                    if s is not None}
        return any([s.wait_for_work(WORK_CEILING) for s in sessions.values()])

    @property
    def top(self) -> Scene | None:
        """The scene on top."""
        return self.ctx.scenes.top

    @property
    def table(self) -> TableScene:
        """The table scene (wherever it is on the stack)."""
        scene = self.ctx.scenes.find(TableScene)
        assert isinstance(scene, TableScene)
        return scene

    @property
    def session(self) -> GameSession:
        """The session shown (read-only use)."""
        return self.table.session

    def open_review(self, session: GameSession) -> ReviewScene:
        """The review of ``session``'s last finished round, opened as the match's and
        drawn."""
        self.ctx.session = session
        self.ctx.nav.review.open_review(session, session.plays[-1].round_no)
        review = self.top
        assert isinstance(review, ReviewScene)
        self.frames(2)
        return review

    def wait_for_turn(self, timeout: float = 10.0) -> None:
        """Until the player may act, or a summary or chooser is up."""
        self.until(lambda: isinstance(self.top, RoundSummaryScene | MatchEndScene | ChooserScene)
                   or (isinstance(self.top, TableScene) and self.top.accepting()), timeout)

    # -- raw input -----------------------------------------------------------------------
    # Points are given where the scenes drew things (frame coordinates); like a player's
    # eye, the driver clicks where they show in the window (scaled in a small window).
    def post(self, kind: int, **attributes: object) -> None:
        """Post one pygame event."""
        pygame.event.post(pygame.event.Event(kind, **attributes))

    def on_screen(self, pos: Point) -> Point:
        """Where a point of the frame shows in the window."""
        return self.shell.viewport.to_window(pos)

    def move_to(self, pos: Point, held: bool = False, previous: Point = (0, 0)) -> None:
        """The pointer moves (with the button held for a drag)."""
        pos, previous = self.on_screen(pos), self.on_screen(previous)
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(pos[0] - previous[0], pos[1] - previous[1]),
                  buttons=(1 if held else 0, 0, 0))

    def click(self, pos: Point) -> None:
        """A click at ``pos`` (one frame)."""
        self.move_to(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.on_screen(pos), button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=self.on_screen(pos), button=1)
        self.frames()

    def double_click(self, pos: Point) -> None:
        """Two quick clicks at ``pos``."""
        for _ in range(2):
            self.post(pygame.MOUSEBUTTONDOWN, pos=self.on_screen(pos), button=1)
            self.post(pygame.MOUSEBUTTONUP, pos=self.on_screen(pos), button=1)
        self.frames()

    def drag(self, start: Point, end: Point, steps: int = 4, release: bool = True) -> None:
        """Press at ``start``, move in a few steps to ``end`` (a frame each), release."""
        self.move_to(start)
        self.post(pygame.MOUSEBUTTONDOWN, pos=self.on_screen(start), button=1)
        previous = start
        for step in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * step // steps,
                   start[1] + (end[1] - start[1]) * step // steps)
            self.move_to(pos, held=True, previous=previous)
            previous = pos
            self.frames()
        if release:
            self.post(pygame.MOUSEBUTTONUP, pos=self.on_screen(end), button=1)
            self.frames()

    def key(self, key: int, mod: int = 0, scancode: int = 0, text: str = "") -> None:
        """Press a key (one frame); ``scancode`` is the key's place on the keyboard and
        ``key`` what the active layout makes of it (a Greek layout's H key types η)."""
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=text, scancode=scancode)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=text, scancode=scancode)
        self.frames()

    def resize(self, size: tuple[int, int]) -> None:
        """The window is resized."""
        self.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        self.frames()

    # -- what a player looks at -----------------------------------------------------------
    def hand_card(self, card: int) -> Point:
        """The centre of a card of the player's hand."""
        return dict(self.table.pointer.hand_card_boxes())[card].center

    def item(self, mask: int) -> Point:
        """The centre of a table item (a loose card or a pile)."""
        return self.table.pointer.item_boxes()[mask].center

    def empty_table_spot(self) -> Point:
        """The point of the table's felt farthest from every item, so that a drop there
        cannot be read as aimed at one."""
        area = self.table.board.layout().table
        boxes = list(self.table.pointer.item_boxes().values())

        def clearance(point: Point) -> float:
            x, y = point
            return min((max(box.x - x, 0, x - box.right) ** 2
                        + max(box.y - y, 0, y - box.bottom) ** 2) ** 0.5 for box in boxes)

        points = [(area.x + round(area.w * fx / 20), area.y + round(area.h * fy / 20))
                  for fx in range(1, 20) for fy in range(1, 20)]
        if not boxes:
            return area.center
        best = max(points, key=clearance)
        assert clearance(best) > 0, "the table has no free spot"
        return best

    def button(self, key: str) -> Point:
        """The centre of one of the table's buttons."""
        return next(b.box.center for b in self.table.buttons() if b.key == key)

    # -- playing a move as a player would -------------------------------------------------
    def items_of(self, move: Move) -> list[int]:
        """The table items a move points at."""
        return [1 << card for card in iter_cards(move.loose)] + list(move.piles)

    def choose_in_chooser(self, move: Move) -> None:
        """Click the chooser's option for ``move``."""
        chooser = self.top
        assert isinstance(chooser, ChooserScene), chooser
        for index, box in chooser.option_boxes():
            if chooser.options[index][1] == move:
                self.click(box.center)
                return
        raise AssertionError(f"{move} is not offered by the chooser")

    def play(self, move: Move, style: str = "drag") -> None:
        """Make ``move`` with the mouse: "drag", "double" (double-click) or "click" (Play)."""
        items = self.items_of(move)
        card = move.card
        if style == "drag":
            for mask in items[:-1]:
                self.click(self.item(mask))
            target = self.item(items[-1]) if items else self.empty_table_spot()
            self.drag(self.hand_card(card), target)
        elif style == "double":
            for mask in items:
                self.click(self.item(mask))
            self.double_click(self.hand_card(card))
        else:
            self.click(self.hand_card(card))
            for mask in items:
                self.click(self.item(mask))
            self.click(self.button("play"))
        if isinstance(self.top, ChooserScene):
            self.choose_in_chooser(move)


@contextlib.contextmanager
def frame_timed_app() -> Iterator[Driver]:
    """The app at the main menu with animations at their normal speed, timed by frames
    (:class:`FrameClock`), sound and tutor off."""
    shell, ctx = make_app(settings=Settings(animation_speed="normal", sound_enabled=False,
                                            tutor=False))
    shell.clock = FrameClock()
    ctx.scenes.reset(MainMenuScene(ctx))
    shell.draw()
    yield Driver(shell, ctx)
    ctx.close_session()


def open_game(driver: Driver, position: Position | None = None, seed: int = 3) -> GameSession:
    """A two-player match against random moves (a new one, or from ``position``) put on
    the table; its first deal is being animated."""
    rules = Ruleset(players=2) if position is None else position.rules
    session = GameSession(GameConfig(rules, (HUMAN, "Casual"), seed), position,
                          player_factory=random_players, ai_pace=0)
    driver.ctx.nav.match.play(session)
    driver.frames(1)
    return session


def choose_move(moves: list[Move], rng: random.Random) -> Move:
    """A test player's pick: mostly captures and declarations, sometimes anything."""
    active = [m for m in moves if m.kind != 0]
    if active and rng.random() < 0.7:
        return rng.choice(active)
    return rng.choice(moves)


def box_center(box: Box) -> Point:
    """The centre of a box as a point."""
    return box.center


def save_frame(shell: Shell, path: Path) -> None:
    """Save the current frame (for a failing test's artefacts)."""
    shell.draw()
    shell.save_screenshot(path)
