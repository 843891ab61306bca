"""Raw pygame events become the game's input events in one place, from their positions only."""

from __future__ import annotations

import pygame

from diloti_desktop.ui.kit.input import (
    Action,
    Click,
    DragCancel,
    DragMove,
    DragStart,
    Drop,
    InputTranslator,
    KeyAction,
    PointerMove,
    Press,
    QuitRequested,
    Resized,
    Screenshot,
    Scroll,
)


def event(kind: int, **attributes: object) -> pygame.event.Event:
    return pygame.event.Event(kind, **attributes)


def down(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def up(pos: tuple[int, int], button: int = 1) -> pygame.event.Event:
    return event(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def motion(pos: tuple[int, int], held: bool) -> pygame.event.Event:
    return event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(int(held), 0, 0))


def key(code: int, mod: int = 0) -> pygame.event.Event:
    return event(pygame.KEYDOWN, key=code, mod=mod)


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_click_and_double_click() -> None:
    clock = FakeClock()
    t = InputTranslator(clock=clock)
    assert t.translate(down((10, 10))) == [Press((10, 10))]
    assert t.translate(up((11, 10))) == [Click((11, 10), 1)]
    clock.now = 0.2
    t.translate(down((12, 11)))
    assert t.translate(up((12, 11))) == [Click((12, 11), 2)]
    clock.now = 0.3  # a third click starts a new pair
    t.translate(down((12, 11)))
    assert t.translate(up((12, 11))) == [Click((12, 11), 1)]
    clock.now = 1.5  # too slow for a double click
    t.translate(down((12, 11)))
    assert t.translate(up((12, 11))) == [Click((12, 11), 1)]


def test_a_drag_starts_beyond_the_threshold_and_ends_in_a_drop() -> None:
    t = InputTranslator(clock=FakeClock())
    t.translate(down((100, 100)))
    assert t.translate(motion((103, 102), held=True)) == []  # a wobble, not a drag
    assert t.translate(motion((120, 90), held=True)) == [DragStart((100, 100), (120, 90))]
    assert t.dragging
    assert t.translate(motion((200, 50), held=True)) == [DragMove((200, 50))]
    assert t.translate(up((210, 40))) == [Drop((210, 40))]
    assert not t.dragging
    assert t.translate(motion((5, 5), held=False)) == [PointerMove((5, 5))]


def test_a_drag_is_cancelled_when_the_button_was_released_outside() -> None:
    t = InputTranslator(clock=FakeClock())
    t.translate(down((100, 100)))
    t.translate(motion((150, 100), held=True))
    assert t.translate(motion((160, 100), held=False)) == [DragCancel(), PointerMove((160, 100))]
    t.translate(down((100, 100)))
    t.translate(motion((150, 100), held=True))
    assert t.translate(event(pygame.WINDOWFOCUSLOST)) == [DragCancel()]


def test_other_buttons_and_the_wheel() -> None:
    t = InputTranslator(clock=FakeClock())
    assert t.translate(down((1, 1), button=3)) == []
    assert t.translate(up((1, 1), button=3)) == []
    assert t.translate(event(pygame.MOUSEWHEEL, x=0, y=-2)) == [Scroll(-2)]
    assert t.translate(down((1, 1), button=4)) == [Scroll(1)]


def test_keys_mean_actions() -> None:
    t = InputTranslator(clock=FakeClock())
    assert t.translate(key(pygame.K_LEFT)) == [KeyAction(Action.LEFT)]
    assert t.translate(key(pygame.K_TAB)) == [KeyAction(Action.NEXT)]
    assert t.translate(key(pygame.K_TAB, pygame.KMOD_LSHIFT)) == [KeyAction(Action.PREVIOUS)]
    assert t.translate(key(pygame.K_SPACE)) == [KeyAction(Action.TOGGLE)]
    assert t.translate(key(pygame.K_RETURN)) == [KeyAction(Action.CONFIRM)]
    assert t.translate(key(pygame.K_RETURN, pygame.KMOD_LALT)) == [KeyAction(Action.FULLSCREEN)]
    assert t.translate(key(pygame.K_F11)) == [KeyAction(Action.FULLSCREEN)]
    assert t.translate(key(pygame.K_h)) == [KeyAction(Action.HINT)]
    assert t.translate(key(pygame.K_m)) == [KeyAction(Action.MOVES)]
    assert t.translate(key(pygame.K_3)) == [KeyAction(Action.DIGIT, 3)]
    assert t.translate(key(pygame.K_ESCAPE)) == [KeyAction(Action.CANCEL)]
    assert t.translate(key(pygame.K_F12)) == [Screenshot()]
    assert t.translate(key(pygame.K_z)) == []


def test_window_events() -> None:
    t = InputTranslator(clock=FakeClock())
    assert t.translate(event(pygame.QUIT)) == [QuitRequested()]
    assert t.translate(event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)) == [
        Resized((800, 600))]
    assert t.translate(event(pygame.USEREVENT)) == []
