"""The one place where raw pygame events become the game's own input events.

Scenes never look at ``pygame.event`` themselves: they receive small immutable values
(:class:`Click`, :class:`DragStart`, :class:`Drop`, :class:`KeyAction` ...) from
:class:`InputTranslator`, which owns the only pointer state there is (where the button
went down, whether that became a drag, when the last click was, for double clicks).
Only the positions carried by the events are used, never ``pygame.mouse.get_pos()``,
so events posted by tests behave exactly like a player's.

A window smaller than the layout's minimum shows the frame scaled down (see
:class:`Viewport`); the translator maps every pointer position back to frame
coordinates here, so scenes never know the frame was scaled.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from diloti_desktop.i18n import pgettext

Point = tuple[int, int]

DRAG_THRESHOLD = 6
DOUBLE_CLICK_SECONDS = 0.4
DOUBLE_CLICK_DISTANCE = 6


class Action(enum.Enum):
    """What a key means, independent of which key it was."""

    LEFT = "left"
    RIGHT = "right"
    UP = "up"
    DOWN = "down"
    NEXT = "next"
    PREVIOUS = "previous"
    TOGGLE = "toggle"
    CONFIRM = "confirm"
    CANCEL = "cancel"
    HINT = "hint"
    MOVES = "moves"
    SCORES = "scores"
    FULLSCREEN = "fullscreen"
    PAGE_UP = "page_up"
    PAGE_DOWN = "page_down"
    HOME = "home"
    END = "end"
    DIGIT = "digit"
    UNDO = "undo"
    HISTORY = "history"
    REVIEW = "review"
    ALL_HANDS = "all_hands"
    GRADE_OTHERS = "grade_others"
    EXPORT = "export"
    SHOW_LINE = "show_line"


@dataclass(frozen=True)
class PointerMove:
    """The pointer moved with no button held (hover)."""

    pos: Point


@dataclass(frozen=True)
class Press:
    """The main button went down (a click or a drag may follow)."""

    pos: Point


@dataclass(frozen=True)
class Click:
    """The main button went down and up in place; ``count`` is 2 for a double click."""

    pos: Point
    count: int = 1


@dataclass(frozen=True)
class DragStart:
    """The pointer moved far enough with the button held: a drag began at ``origin``."""

    origin: Point
    pos: Point


@dataclass(frozen=True)
class DragMove:
    """The dragged pointer moved."""

    pos: Point


@dataclass(frozen=True)
class Drop:
    """The button was released at the end of a drag."""

    pos: Point


@dataclass(frozen=True)
class DragCancel:
    """A drag ended without a drop (the window lost the pointer)."""


@dataclass(frozen=True)
class Scroll:
    """The wheel turned; ``dy`` > 0 means towards the top of the content."""

    dy: int


@dataclass(frozen=True)
class KeyAction:
    """A key with a meaning; ``digit`` is set for :attr:`Action.DIGIT` (1 to 9)."""

    action: Action
    digit: int = 0


@dataclass(frozen=True)
class Resized:
    """The window's drawable size changed."""

    size: tuple[int, int]


@dataclass(frozen=True)
class QuitRequested:
    """The player closed the window."""


@dataclass(frozen=True)
class Screenshot:
    """The player asked for a screenshot (F12)."""


InputEvent = (PointerMove | Press | Click | DragStart | DragMove | Drop | DragCancel | Scroll
              | KeyAction | Resized | QuitRequested | Screenshot)

_KEYS: dict[int, Action] = {
    pygame.K_LEFT: Action.LEFT,
    pygame.K_RIGHT: Action.RIGHT,
    pygame.K_UP: Action.UP,
    pygame.K_DOWN: Action.DOWN,
    pygame.K_SPACE: Action.TOGGLE,
    pygame.K_RETURN: Action.CONFIRM,
    pygame.K_KP_ENTER: Action.CONFIRM,
    pygame.K_ESCAPE: Action.CANCEL,
    pygame.K_BACKSPACE: Action.CANCEL,
    pygame.K_F11: Action.FULLSCREEN,
    pygame.K_PAGEUP: Action.PAGE_UP,
    pygame.K_PAGEDOWN: Action.PAGE_DOWN,
    pygame.K_HOME: Action.HOME,
    pygame.K_END: Action.END,
}
#: The letter shortcuts, named by the Latin letter printed on the key.
LETTERS: dict[str, Action] = {
    "h": Action.HINT,
    "m": Action.MOVES,
    "l": Action.HISTORY,
    "u": Action.UNDO,
    "s": Action.SCORES,
    "r": Action.REVIEW,
    "a": Action.ALL_HANDS,
    "g": Action.GRADE_OTHERS,
    "e": Action.EXPORT,
    "w": Action.SHOW_LINE,
}
# A letter shortcut is found by the key's place on the keyboard (its scancode) first,
# so that H is the same key on a Greek or Russian layout, whose H key types η or р;
# the layout's own letter is accepted too (the key labelled A on a French keyboard).
_BY_PLACE: dict[int, Action] = {getattr(pygame, f"KSCAN_{c.upper()}"): a
                                for c, a in LETTERS.items()}
_KEYS.update({getattr(pygame, f"K_{c}"): a for c, a in LETTERS.items()})
_DIGITS = {getattr(pygame, f"K_{n}"): n for n in range(1, 10)}
_DIGITS.update({getattr(pygame, f"K_KP{n}"): n for n in range(1, 10)})
# Digits by place too: a French layout types & é " ' ( on the top row without Shift.
_DIGITS_BY_PLACE = {getattr(pygame, f"KSCAN_{n}"): n for n in range(1, 10)}
_DIGITS_BY_PLACE.update({getattr(pygame, f"KSCAN_KP_{n}"): n for n in range(1, 10)})


@dataclass(frozen=True)
class Viewport:
    """How the frame the scenes draw (``frame``) is shown in a window of ``window`` pixels.

    A window at least as large as ``minimum`` shows the frame 1:1. A smaller one (tiling
    window managers ignore a window's minimum size) gets a frame laid out at a size no
    smaller than ``minimum``, with the window's own shape, scaled down by ``scale`` to
    fill the window exactly: nothing is cut off and no bars are added.
    """

    window: tuple[int, int]
    frame: tuple[int, int]
    scale: float

    @classmethod
    def fit(cls, window: tuple[int, int], minimum: tuple[int, int]) -> Viewport:
        """The viewport for a window of ``window`` pixels and a layout ``minimum``."""
        width, height = max(1, window[0]), max(1, window[1])
        scale = min(1.0, width / minimum[0], height / minimum[1])
        if scale >= 1.0:
            return cls((width, height), (width, height), 1.0)
        frame = (max(minimum[0], round(width / scale)), max(minimum[1], round(height / scale)))
        return cls((width, height), frame, scale)

    @property
    def scaled(self) -> bool:
        """Whether the frame is scaled to the window (the window is below the minimum)."""
        return self.frame != self.window

    def to_frame(self, pos: Point) -> Point:
        """A window position as a position in the frame."""
        if not self.scaled:
            return pos
        fx = self.frame[0] / self.window[0]
        fy = self.frame[1] / self.window[1]
        return (min(self.frame[0] - 1, int(pos[0] * fx)),
                min(self.frame[1] - 1, int(pos[1] * fy)))

    def to_window(self, pos: Point) -> Point:
        """Where a point of the frame shows in the window (the inverse of :meth:`to_frame`)."""
        if not self.scaled:
            return pos
        return (min(self.window[0] - 1, round((pos[0] + 0.5) * self.window[0] / self.frame[0])),
                min(self.window[1] - 1, round((pos[1] + 0.5) * self.window[1] / self.frame[1])))


def key_label(hotkey: str) -> str:
    """A shortcut as the player's keyboard names it ("Ctrl+Z" is "Strg+Z" in German);
    letters and F-keys stay as they are printed on every keyboard."""
    names = {
        # TRANSLATORS: the Ctrl key's name on keyboards sold for your language.
        "Ctrl": pgettext("key", "Ctrl"),
        # TRANSLATORS: the Enter (Return) key's name on keyboards for your language.
        "Enter": pgettext("key", "Enter"),
        # TRANSLATORS: the Escape key's name on keyboards for your language.
        "Esc": pgettext("key", "Esc"),
    }
    return "+".join(names.get(part, part) for part in hotkey.split("+"))


class InputTranslator:
    """Turns pygame events into :data:`InputEvent` values, one pygame event at a time."""

    def __init__(self, clock: Callable[[], float] = time.monotonic,
                 drag_threshold: int = DRAG_THRESHOLD) -> None:
        self._clock = clock
        self._threshold = drag_threshold
        self._down_at: Point | None = None
        self._dragging = False
        self._last_click: tuple[float, Point] | None = None
        #: Set by the shell whenever the window changes size.
        self.viewport: Viewport | None = None

    @property
    def dragging(self) -> bool:
        """Whether a drag is in progress."""
        return self._dragging

    def translate(self, event: pygame.event.Event) -> list[InputEvent]:
        """The game's input events for one pygame event (often none)."""
        kind = event.type
        if kind == pygame.QUIT:
            return [QuitRequested()]
        if kind == pygame.VIDEORESIZE:
            return [Resized((int(event.w), int(event.h)))]
        if kind == pygame.MOUSEBUTTONDOWN:
            return self._button_down(event)
        if kind == pygame.MOUSEBUTTONUP:
            return self._button_up(event)
        if kind == pygame.MOUSEMOTION:
            return self._motion(event)
        if kind == pygame.MOUSEWHEEL:
            return [Scroll(int(event.y))]
        if kind == pygame.KEYDOWN:
            return self._key(event)
        if kind == pygame.WINDOWLEAVE or kind == pygame.WINDOWFOCUSLOST:
            return self._cancel_drag()
        return []

    def _pos(self, event: pygame.event.Event) -> Point:
        x, y = event.pos
        pos = (int(x), int(y))
        return self.viewport.to_frame(pos) if self.viewport is not None else pos

    def _button_down(self, event: pygame.event.Event) -> list[InputEvent]:
        button = getattr(event, "button", 1)
        if button in (4, 5):  # old-style wheel events
            return [Scroll(1 if button == 4 else -1)]
        if button != 1:
            return []
        pos = self._pos(event)
        self._down_at = pos
        self._dragging = False
        return [Press(pos)]

    def _button_up(self, event: pygame.event.Event) -> list[InputEvent]:
        if getattr(event, "button", 1) != 1 or self._down_at is None:
            return []
        pos = self._pos(event)
        was_dragging, self._dragging = self._dragging, False
        self._down_at = None
        if was_dragging:
            self._last_click = None
            return [Drop(pos)]
        now = self._clock()
        count = 1
        if self._last_click is not None:
            then, where = self._last_click
            if (now - then <= DOUBLE_CLICK_SECONDS
                    and abs(where[0] - pos[0]) <= DOUBLE_CLICK_DISTANCE
                    and abs(where[1] - pos[1]) <= DOUBLE_CLICK_DISTANCE):
                count = 2
        self._last_click = None if count == 2 else (now, pos)
        return [Click(pos, count)]

    def _motion(self, event: pygame.event.Event) -> list[InputEvent]:
        pos = self._pos(event)
        buttons = getattr(event, "buttons", (0, 0, 0))
        held = bool(buttons and buttons[0])
        if self._down_at is None or not held:
            if self._down_at is not None and not held:
                # The release happened outside the window: nothing to drop on.
                return [*self._cancel_drag(), PointerMove(pos)]
            return [PointerMove(pos)]
        if self._dragging:
            return [DragMove(pos)]
        ox, oy = self._down_at
        if abs(pos[0] - ox) > self._threshold or abs(pos[1] - oy) > self._threshold:
            self._dragging = True
            return [DragStart(self._down_at, pos)]
        return []

    def _cancel_drag(self) -> list[InputEvent]:
        was_dragging = self._dragging
        self._dragging = False
        self._down_at = None
        return [DragCancel()] if was_dragging else []

    def _key(self, event: pygame.event.Event) -> list[InputEvent]:
        key = event.key
        place = getattr(event, "scancode", 0)
        mods = getattr(event, "mod", 0)
        if key == pygame.K_F12:
            return [Screenshot()]
        if key == pygame.K_RETURN and mods & pygame.KMOD_ALT:
            return [KeyAction(Action.FULLSCREEN)]
        if mods & pygame.KMOD_CTRL and (key == pygame.K_z or place == pygame.KSCAN_Z):
            return [KeyAction(Action.UNDO)]
        if key == pygame.K_TAB:
            return [KeyAction(Action.PREVIOUS if mods & pygame.KMOD_SHIFT else Action.NEXT)]
        digit = _DIGITS_BY_PLACE.get(place) or _DIGITS.get(key)
        if digit is not None:
            return [KeyAction(Action.DIGIT, digit)]
        action = _BY_PLACE.get(place) or _KEYS.get(key)
        return [KeyAction(action)] if action is not None else []
