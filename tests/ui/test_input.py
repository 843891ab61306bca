"""Raw pygame events become the game's input events in one place, from their positions only."""

from __future__ import annotations

import pygame
import pytest

from diloti_desktop import i18n
from diloti_desktop.ui.kit.input import (
    LETTERS,
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
    key_label,
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


# What a Greek (gr) layout sends: the letter keys type Greek letters, whose pygame key
# codes are the letters' code points, while the scancode names the key's place.
GREEK = {"h": ("η", pygame.KSCAN_H), "m": ("μ", pygame.KSCAN_M), "l": ("λ", pygame.KSCAN_L),
         "u": ("θ", pygame.KSCAN_U), "s": ("σ", pygame.KSCAN_S), "r": ("ρ", pygame.KSCAN_R),
         "a": ("α", pygame.KSCAN_A), "g": ("γ", pygame.KSCAN_G), "e": ("ε", pygame.KSCAN_E),
         "z": ("ζ", pygame.KSCAN_Z)}


def place_key(letter: str, mod: int = 0) -> pygame.event.Event:
    typed, scancode = GREEK[letter]
    return event(pygame.KEYDOWN, key=ord(typed), mod=mod, unicode=typed, scancode=scancode)


@pytest.mark.parametrize("letter", sorted(set(GREEK) - {"z"}))
def test_every_letter_shortcut_works_on_a_greek_layout(letter: str) -> None:
    t = InputTranslator(clock=FakeClock())
    assert t.translate(place_key(letter)) == [KeyAction(LETTERS[letter])]
    assert t.translate(place_key("z", pygame.KMOD_LCTRL)) == [KeyAction(Action.UNDO)]
    assert t.translate(place_key("z")) == []


def test_a_french_layout_s_letters_and_top_row_digits() -> None:
    t = InputTranslator(clock=FakeClock())
    # AZERTY: the key where QWERTY has Q is labelled A; the one where QWERTY has A, Q.
    assert t.translate(event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a",
                             scancode=pygame.KSCAN_Q)) == [KeyAction(Action.ALL_HANDS)]
    assert t.translate(event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q",
                             scancode=pygame.KSCAN_A)) == [KeyAction(Action.ALL_HANDS)]
    # The top row types & é " without Shift: the place still means the digit.
    assert t.translate(event(pygame.KEYDOWN, key=pygame.K_AMPERSAND, mod=0, unicode="&",
                             scancode=pygame.KSCAN_1)) == [KeyAction(Action.DIGIT, 1)]
    assert t.translate(event(pygame.KEYDOWN, key=ord("é"), mod=0, unicode="é",
                             scancode=pygame.KSCAN_2)) == [KeyAction(Action.DIGIT, 2)]


def test_key_names_follow_the_language() -> None:
    try:
        i18n.set_language("en")
        assert key_label("Ctrl+Z") == "Ctrl+Z" and key_label("H") == "H"
        i18n.set_language("de")
        assert (key_label("Ctrl+Z"), key_label("Enter")) == ("Strg+Z", "Eingabe")
        i18n.set_language("es")
        assert key_label("Enter") == "Intro"
        i18n.set_language("fr")
        assert (key_label("Enter"), key_label("Esc")) == ("Entrée", "Échap")
        i18n.set_language("el")
        assert key_label("H") == "H"  # Greek keyboards print the Latin letter too
    finally:
        i18n.set_language("en")


def test_window_events() -> None:
    t = InputTranslator(clock=FakeClock())
    assert t.translate(event(pygame.QUIT)) == [QuitRequested()]
    assert t.translate(event(pygame.VIDEORESIZE, size=(800, 600), w=800, h=600)) == [
        Resized((800, 600))]
    assert t.translate(event(pygame.USEREVENT)) == []
