"""The window and the frame loop.

The loop is frugal: while something moves (an animation, a drag) it runs at up to
:data:`FPS` frames a second; otherwise it sleeps in ``pygame.event.wait`` until input
arrives or the top scene asks for its next tick (an AI thinking, a message expiring),
and it redraws only when something changed. An unexpected exception is logged with its
traceback and replaced by the friendly error screen; the game was saved after its last
move, so nothing is lost.

Any window size works. Scenes always draw a frame at least :data:`MIN_WINDOW` large;
in a smaller window (a tiling window manager may force one) that frame is scaled down
to fill the window, and the input translator maps the pointer back
(:class:`~diloti_desktop.ui.kit.input.Viewport`), so nothing is ever cut off.
"""

from __future__ import annotations

import gc
import logging
import os
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path

import pygame

from diloti_desktop import resources
from diloti_desktop.i18n import _
from diloti_desktop.player_data import logs, storage
from diloti_desktop.player_data.files import os_reason
from diloti_desktop.ui.kit import card_art as cards
from diloti_desktop.ui.kit import notice, theme, window_class
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.input import (
    Action,
    InputEvent,
    InputTranslator,
    KeyAction,
    QuitRequested,
    Resized,
    Screenshot,
    Viewport,
)
from diloti_desktop.ui.kit.layout import MIN_WINDOW, Box
from diloti_desktop.ui.kit.scene_stack import Screen
from diloti_desktop.ui.menus.error import ErrorScene

log = logging.getLogger(__name__)

FPS = 60
#: How long a thread may hold the interpreter before another gets it (Python's default is
#: 5 ms). The AI and the round review think on background threads; with the default, a
#: frame waits up to 5 ms each time it needs the interpreter back, several times a frame.
#: Measured with benchmarks/review_speed.py --frames: median frame 12 ms instead of 17-20.
SWITCH_INTERVAL = 0.0005
#: The longest the loop sleeps without looking at the scenes (seconds).
MAX_SLEEP = 1.0
#: Naps between two looks at the event queue while idle (seconds).
IDLE_NAP = 0.010
LONG_IDLE_NAP = 0.025
DEFAULT_SIZE = (1280, 720)
#: The smallest window a window manager is asked to allow; smaller frames are scaled,
#: so this only keeps the text from shrinking to nothing.
SMALLEST_WINDOW = (480, 300)
#: The window icon, made by build_scripts/make_icons.py with the .ico and .icns files.
ICON = "icons/diloti.png"
#: How long the line saying where F12's screenshot went stays on screen (seconds): long
#: enough to read a path.
NOTE_SECONDS = 5.0


def settle_heap() -> None:
    """Keep what start-up made (modules, fonts, the first scenes) out of the cyclic
    garbage collector's full collections, which walk every tracked object with the
    interpreter held, in the middle of a frame: about 15-20 ms once a round had been
    played (measured on the game's heap after a round), nothing once frozen. Objects
    made later are collected as usual. Called once, before the first frame."""
    gc.collect()
    gc.freeze()


class Shell:
    """Owns the window; runs the scenes of an :class:`AppContext` frame by frame."""

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, title: str = "",
                 clock: Callable[[], float] = time.monotonic, show_fps: bool = False) -> None:
        self.windowed_size = _at_least(size, SMALLEST_WINDOW)
        self._fixed_title = title
        self.title = title or _("Diloti")
        self.clock = clock
        self.show_fps = show_fps
        self.running = False
        self.fullscreen = False
        self.translator = InputTranslator(clock=clock)
        self.ctx: AppContext | None = None
        #: The frame the scenes draw on: the window itself, or an offscreen frame at
        #: least MIN_WINDOW large that is scaled to a smaller window.
        self.surface: pygame.Surface | None = None
        self.window: pygame.Surface | None = None
        self.viewport = Viewport.fit(self.windowed_size, MIN_WINDOW)
        self._last_tick = clock()
        self._frame_clock = pygame.time.Clock()
        self._dirty = True
        self.frames_drawn = 0
        self._full_update = True
        self._last_scenes: list[Screen] = []
        self._fps_window: list[float] = []
        #: A line drawn over every scene until its time (the screenshot's note).
        self.note: str | None = None
        self._note_until = 0.0

    # -- the window (WindowControl) -------------------------------------------------------
    def open(self, fullscreen: bool = False) -> None:
        """Create the window."""
        sys.setswitchinterval(SWITCH_INTERVAL)
        pygame.display.set_caption(self.title)
        self._set_mode(fullscreen)
        pygame.display.set_icon(window_icon())
        if pygame.display.get_driver() == "x11":
            window_class.set_x11_class(pygame.display.get_wm_info()["window"])
        self.running = True

    def _set_mode(self, fullscreen: bool) -> None:
        if fullscreen:
            window = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            try:
                with warnings.catch_warnings():
                    # Deprecated for drawing through the Window object, which is not done
                    # here: it is only the way to reach the window's minimum size.
                    warnings.simplefilter("ignore", DeprecationWarning)
                    handle = pygame.Window.from_display_module()
                handle.minimum_size = SMALLEST_WINDOW
            except (AttributeError, pygame.error) as error:  # older SDL: no minimum size
                log.debug("cannot set a minimum window size: %s", error)
        self.fullscreen = fullscreen
        self._use_window(window)

    def _use_window(self, window: pygame.Surface) -> None:
        """Draw for ``window``: directly, or on a larger frame scaled down to it."""
        self.window = window
        self.viewport = Viewport.fit(window.get_size(), MIN_WINDOW)
        self.translator.viewport = self.viewport
        if not self.viewport.scaled:
            self.surface = window
        elif self.surface is None or self.surface is window \
                or self.surface.get_size() != self.viewport.frame:
            self.surface = pygame.Surface(self.viewport.frame).convert()
            log.info("window %dx%d is below the layout's minimum: drawing %dx%d scaled by %.2f",
                     *self.viewport.window, *self.viewport.frame, self.viewport.scale)
        self._dirty = True
        self._full_update = True

    def size(self) -> tuple[int, int]:
        """The size of the frame the scenes draw (never below the layout's minimum)."""
        if self.surface is None:
            return self.viewport.frame
        width, height = self.surface.get_size()
        return width, height

    def set_fullscreen(self, on: bool) -> None:
        """Enter or leave fullscreen."""
        if on == self.fullscreen or self.surface is None:
            return
        if on and self.window is not None:
            self.windowed_size = self.window.get_size()
        self._set_mode(on)
        cards.clear_cache()
        theme.clear_caches()
        if self.ctx is not None and self.ctx.scenes.top is not None:
            self.ctx.scenes.top.handle(Resized(self.size()))

    def retitle(self) -> None:
        """The window title in the current language (after a language change)."""
        self.title = self._fixed_title or _("Diloti")
        if pygame.display.get_init():
            pygame.display.set_caption(self.title)

    def request_quit(self) -> None:
        """Stop after this frame; the game is saved first, or the player asked if it cannot be."""
        if self.ctx is None:
            self.stop()
            return
        notice.leave_safely(self.ctx, self.stop, quitting=True)

    def stop(self) -> None:
        """Stop after this frame, without saving."""
        self.running = False

    # -- the loop --------------------------------------------------------------------------
    def run(self, ctx: AppContext) -> None:
        """Run until the player quits."""
        self.ctx = ctx
        settle_heap()
        idle_since = self.clock()
        while self.running:
            wait = self.next_frame_in()
            events: list[pygame.event.Event] = []
            if wait > 0:
                events = self.sleep_until_input(min(wait, MAX_SLEEP), idle_since)
            else:
                idle_since = self.clock()
            self.step(events)
            if events:
                idle_since = self.clock()
            if self.next_frame_in() <= 0:
                self._frame_clock.tick(FPS)

    def sleep_until_input(self, timeout: float, idle_since: float) -> list[pygame.event.Event]:
        """Sleep until input arrives or ``timeout`` passes; returns the events.

        ``pygame.event.wait(timeout)`` polls the queue every millisecond (about 2 % of a
        core while idle), so the loop sleeps in short naps instead: 10 ms at first, 25 ms
        once the game has been idle for half a second (still well under a frame of
        input lag that anyone notices).
        """
        deadline = self.clock() + timeout
        while True:
            events = pygame.event.get()
            now = self.clock()
            if events or now >= deadline:
                return events
            nap = IDLE_NAP if now - idle_since < 0.5 else LONG_IDLE_NAP
            time.sleep(min(nap, deadline - now))

    def next_frame_in(self) -> float:
        """How long the loop may sleep: the top scene decides (0 while animating), and a
        note on screen wakes it when it is due to go."""
        if self._dirty or self.ctx is None or self.ctx.scenes.top is None:
            return 0.0
        wait = self.ctx.scenes.top.next_frame_in()
        if self.note is not None:
            wait = max(0.0, min(wait, self._note_until - self.clock()))
        return wait

    def step(self, pending: list[pygame.event.Event] | None = None) -> None:
        """One frame: input (``pending`` events first), update, and a redraw if needed."""
        ctx = self.ctx
        if ctx is None or self.surface is None:
            return
        now = self.clock()
        dt = min(0.1, max(0.0, now - self._last_tick))
        self._last_tick = now
        try:
            events = list(pending or [])
            events += pygame.event.get()
            for raw in events:
                if raw.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED,
                                pygame.WINDOWSIZECHANGED, pygame.VIDEORESIZE):
                    self._dirty = True
                    self._full_update = True
                for event in self.translator.translate(raw):
                    self._dispatch(event)
                    self._dirty = True
                if not self.running:
                    return
            top = ctx.scenes.top
            if top is not None and top.update(dt):
                self._dirty = True
            if self.note is not None and now >= self._note_until:
                self.note = None
                self._dirty = self._full_update = True
            if self._dirty:
                self.draw()
        except Exception as error:
            self._crash(error)

    def _dispatch(self, event: InputEvent) -> None:
        ctx = self.ctx
        assert ctx is not None
        if isinstance(event, QuitRequested):
            self.request_quit()
            return
        if isinstance(event, KeyAction) and event.action == Action.FULLSCREEN:
            ctx.toggle_fullscreen()
            return
        if isinstance(event, Screenshot):
            self.take_screenshot()
            return
        if isinstance(event, Resized):
            if not self.fullscreen:
                self._window_resized(event.size)
            event = Resized(self.size())  # the scenes lay out the frame, not the window
        top = ctx.scenes.top
        if top is not None:
            top.handle(event)

    def _window_resized(self, size: tuple[int, int]) -> None:
        self.windowed_size = _at_least(size, (1, 1))
        window = pygame.display.get_surface()
        if window is None or window.get_size() != self.windowed_size:
            # SDL resizes the window's surface itself; the dummy driver (tests) does not.
            window = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._use_window(window)

    def draw(self) -> None:
        """Draw the visible scenes, bottom first, and show the frame."""
        ctx = self.ctx
        if ctx is None or self.surface is None:
            return
        scenes = ctx.scenes.visible()
        for scene in scenes:
            scene.draw(self.surface)
        damage = scenes[-1].damage() if scenes else None
        if len(scenes) != 1 or scenes != self._last_scenes or self._full_update:
            damage = None
        self._last_scenes = scenes
        self._full_update = False
        if self.note is not None:
            self._draw_note(self.note)
            damage = None
        if self.show_fps:
            fps_box = self._draw_fps()
            if damage is not None:
                damage.append(fps_box)
        if self.viewport.scaled and self.window is not None:
            pygame.transform.smoothscale(self.surface, self.window.get_size(), self.window)
            pygame.display.flip()
        elif damage is None:
            pygame.display.flip()
        elif damage:
            window = self.surface.get_rect()
            pygame.display.update([pygame.Rect(box).clip(window) for box in damage])
        self._dirty = False
        self.frames_drawn += 1

    def _draw_fps(self) -> Box:
        assert self.surface is not None
        now = self.clock()
        if self._fps_window and int(now) != int(self._fps_window[-1]):
            log.info("frames drawn in the last second: %d", len(self._fps_window))
        self._fps_window = [t for t in self._fps_window if now - t < 1.0] + [now]
        corner = Box(self.surface.get_width() - 80, self.surface.get_height() - 28, 80, 28)
        self.surface.fill(theme.FELT_DARK, pygame.Rect(corner))
        theme.blit_text(self.surface, f"{len(self._fps_window)} fps", 14,
                        (self.surface.get_width() - 8, self.surface.get_height() - 8),
                        theme.INK, anchor="bottomright")
        return corner

    def _draw_note(self, note: str) -> None:
        """The note in a panel at the bottom centre of the frame, wrapped to fit."""
        assert self.surface is not None
        width, height = self.surface.get_size()
        size = max(14, height // 42)
        pad = size
        lines, size = theme.wrap_fit(note, size, width * 3 // 4, 3)
        line_h = theme.line_height(size)
        text_w = max(theme.text(line, size, theme.INK).get_width() for line in lines)
        box = Box((width - text_w) // 2 - pad, height - len(lines) * line_h - 3 * pad,
                  text_w + 2 * pad, len(lines) * line_h + pad)
        theme.panel(self.surface, box, pad // 2, theme.GOLD, alpha=235, shadow=True)
        for index, line in enumerate(lines):
            theme.blit_text(self.surface, line, size,
                            (box.centerx, box.y + pad // 2 + index * line_h), theme.INK,
                            anchor="midtop")

    def show_note(self, note: str) -> None:
        """Show ``note`` over the scenes for :data:`NOTE_SECONDS`."""
        self.note = note
        self._note_until = self.clock() + NOTE_SECONDS
        self._dirty = self._full_update = True

    def take_screenshot(self) -> Path | None:
        """F12: save the frame to the data folder and say on screen where it went (or why
        it could not be saved: a full or read-only disk is no reason to stop the game)."""
        if self.note is not None:  # the picture shows the game, not the previous note
            self.note = None
            self.draw()
        try:
            path = self.save_screenshot()
        except (OSError, pygame.error) as error:
            log.warning("the screenshot could not be saved: %s", error)
            self.show_note(_("The screenshot could not be saved: {reason}").format(
                reason=os_reason(error)))
            return None
        if path is not None:
            self.show_note(_("Screenshot saved: {path}").format(path=str(path)))
        return path

    def save_screenshot(self, path: Path | None = None) -> Path | None:
        """Save the current frame as a PNG (F12 saves to the data folder)."""
        if self.surface is None:
            return None
        if path is None:
            stamp = time.strftime("%Y%m%d-%H%M%S")
            path = storage.user_data_dir() / "screenshots" / f"diloti-{stamp}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.surface, str(path))
        log.info("screenshot saved to %s", path)
        return path

    def _crash(self, error: Exception) -> None:
        ctx = self.ctx
        log.exception("unexpected error in the game loop")
        if ctx is None or isinstance(ctx.scenes.top, ErrorScene):
            raise error  # the error screen itself failed: give up (main logs it)

        # The screen promises Continue only when there is a saved game to continue: a
        # lesson, a puzzle or a finished match leaves none.
        saved = False
        try:
            saved = ctx.save_session() and ctx.session is not None and ctx.has_saved_game()
        except Exception:
            log.exception("could not save the game after the error")
        summary = _("Technical detail: {error}").format(error=f"{type(error).__name__}: {error}")
        path = logs.log_path()
        ctx.scenes.reset(ErrorScene(ctx, summary, str(path) if os.path.exists(path) else None,
                                    saved=saved))
        if ctx.session is not None:
            ctx.session.close()
            ctx.session = None
        self._dirty = True


def window_icon() -> pygame.Surface:
    """The app icon (sprites/icons/diloti.png), or a drawn ace if it cannot be read."""
    try:
        return pygame.image.load(str(resources.sprite_path(ICON)))
    except (resources.AssetNotFoundError, pygame.error, OSError) as error:
        log.warning("no app icon, using a drawn ace: %s", error)
        return cards.face(1, 0, 64)


def _at_least(size: tuple[int, int], floor: tuple[int, int]) -> tuple[int, int]:
    return max(size[0], floor[0]), max(size[1], floor[1])
