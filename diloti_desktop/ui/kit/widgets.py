"""Buttons and option rows, for menus, forms and dialogs.

Widgets hold only presentation state (hover, keyboard focus); what a button does is
decided by the scene that receives its key. Every widget works with the pointer and the
keyboard: Up/Down (or Tab) move the focus, Left/Right change an option, Enter/Space
press, digits pick the n-th button of a list.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

import pygame

from diloti_desktop import resources
from diloti_desktop.i18n import _
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.kit.input import (
    Action,
    Click,
    InputEvent,
    KeyAction,
    PointerMove,
    key_label,
)
from diloti_desktop.ui.kit.layout import Box

T = TypeVar("T")

#: A placeholder box until a layout places the widget.
NO_BOX = Box(0, 0, 0, 0)


@dataclass
class Button:
    """A labelled button; ``key`` names what it does for the scene."""

    key: str
    label: str
    box: Box = NO_BOX
    enabled: bool = True
    primary: bool = False
    hotkey: str = ""


def draw_button(surface: pygame.Surface, button: Button, size: int, hovered: bool = False,
                focused: bool = False) -> None:
    """Draw ``button`` in its box."""
    box = button.box
    radius = max(4, box.h // 4)
    if not button.enabled:
        fill, ink = theme.BUTTON_DISABLED, theme.INK_DIM
    elif button.primary:
        fill = theme.BUTTON_PRIMARY_HOVER if hovered or focused else theme.BUTTON_PRIMARY
        ink = theme.INK_DARK
    else:
        fill = theme.BUTTON_HOVER if hovered or focused else theme.BUTTON
        ink = theme.INK
    theme.drop_shadow(surface, box, radius, offset=2, alpha=60)
    pygame.draw.rect(surface, fill, pygame.Rect(box), border_radius=radius)
    edge = theme.FOCUS if focused else (theme.GOLD if button.primary else theme.PANEL_EDGE)
    pygame.draw.rect(surface, edge, pygame.Rect(box), width=2 if focused else 1,
                     border_radius=radius)
    label = button.label
    if button.hotkey:
        with_key = _("{label}  ({key})").format(label=label, key=key_label(button.hotkey))
        # The key is a reminder: it goes first when a long translation needs the room.
        room = box.w - 8
        shrunk = theme.fit_size(with_key, size, room, bold=button.primary)
        if resources.font(shrunk, button.primary).size(with_key)[0] <= room:
            label = with_key
    theme.blit_text(surface, label, size, box.center, ink, bold=button.primary,
                    anchor="center", max_width=box.w - 8)


class ButtonList:
    """Buttons navigated with the pointer or the keyboard; reports the pressed key."""

    def __init__(self, buttons: Sequence[Button] = (), vertical: bool = True) -> None:
        self.buttons = list(buttons)
        self.vertical = vertical
        self.hover: str | None = None
        self.focus: int | None = None

    def set_buttons(self, buttons: Sequence[Button]) -> None:
        """Replace the buttons, keeping the focus on the same key when it still exists.

        Before the first buttons arrive, a focus index set by the scene is kept as is.
        """
        if not self.buttons:
            self.buttons = list(buttons)
            if self.focus is not None and self.focus >= len(self.buttons):
                self.focus = None
            return
        focused = self.buttons[self.focus].key if self.focus is not None and self.focus < len(
            self.buttons) else None
        self.buttons = list(buttons)
        self.focus = next((i for i, b in enumerate(self.buttons) if b.key == focused), None)

    def at(self, pos: tuple[int, int]) -> Button | None:
        """The enabled button under ``pos``."""
        return next((b for b in self.buttons if b.enabled and b.box.contains(pos)), None)

    def handle(self, event: InputEvent) -> str | None:
        """The key of the button this event pressed, if any (hover and focus updated)."""
        if isinstance(event, PointerMove):
            button = self.at(event.pos)
            self.hover = button.key if button else None
            return None
        if isinstance(event, Click):
            button = self.at(event.pos)
            return button.key if button else None
        if isinstance(event, KeyAction):
            return self._key(event)
        return None

    def _key(self, event: KeyAction) -> str | None:
        enabled = [i for i, b in enumerate(self.buttons) if b.enabled]
        if not enabled:
            return None
        forward = (Action.DOWN, Action.NEXT) if self.vertical else (Action.RIGHT, Action.NEXT)
        backward = (Action.UP, Action.PREVIOUS) if self.vertical else (
            Action.LEFT, Action.PREVIOUS)
        if event.action in forward or event.action in backward:
            step = 1 if event.action in forward else -1
            if self.focus is None or self.focus not in enabled:
                self.focus = enabled[0] if step > 0 else enabled[-1]
            else:
                self.focus = enabled[(enabled.index(self.focus) + step) % len(enabled)]
            return None
        if event.action in (Action.CONFIRM, Action.TOGGLE) and self.focus in enabled:
            return self.buttons[self.focus].key if self.focus is not None else None
        if event.action == Action.DIGIT and 1 <= event.digit <= len(self.buttons):
            button = self.buttons[event.digit - 1]
            return button.key if button.enabled else None
        return None

    def draw(self, surface: pygame.Surface, size: int) -> None:
        """Draw every button."""
        for index, button in enumerate(self.buttons):
            draw_button(surface, button, size, hovered=button.key == self.hover,
                        focused=index == self.focus)


@dataclass
class Choice(Generic[T]):
    """One row of a form: a label and a few options, one of them chosen."""

    key: str
    label: str
    options: Sequence[tuple[T, str]]
    value: T
    enabled: bool = True
    note: str = ""
    boxes: list[Box] = field(default_factory=list)
    row: Box = NO_BOX

    def index(self) -> int:
        """The position of the chosen option (0 if the value is not among them)."""
        return next((i for i, (v, _label) in enumerate(self.options) if v == self.value), 0)


class Form:
    """Rows of choices above a row of buttons; reports changes and pressed buttons."""

    def __init__(self) -> None:
        self.rows: list[Choice[object]] = []
        self.buttons = ButtonList(vertical=False)
        self.focus_row: int | None = None
        self.hover: tuple[int, int] | None = None

    def set_rows(self, rows: Sequence[Choice[object]]) -> None:
        """Replace the rows (kept focus by position)."""
        self.rows = list(rows)
        if self.focus_row is not None and self.focus_row >= len(self.rows):
            self.focus_row = None

    def layout(self, area: Box, row_h: int, label_w: int, button_h: int, size: int) -> None:
        """Place rows top to bottom in ``area`` and the buttons along its bottom; the rows
        get shorter when they would otherwise reach the buttons."""
        if self.rows:
            room = area.h - (button_h + max(4, button_h // 5) if self.buttons.buttons else 0)
            row_h = max(1, min(row_h, room * 10 // (11 * len(self.rows))))
        gap = max(4, row_h // 5)
        y = area.y
        for row in self.rows:
            row.row = Box(area.x, y, area.w, row_h)
            x = area.x + label_w
            option_w = max(60, min(190, (area.w - label_w) // max(1, len(row.options)) - gap))
            widths = [max(option_w, resources.font(size, bold=True).size(label)[0] + 24)
                      for _value, label in row.options]
            room = area.w - label_w - gap * (len(widths) - 1)
            if sum(widths) > room:
                # Long translations: the options share the row (their text shrinks to fit)
                # rather than running past the panel.
                widths = [max(1, w * room // sum(widths)) for w in widths]
            boxes = []
            for w in widths:
                boxes.append(Box(x, y + (row_h - round(row_h * 0.8)) // 2, w,
                                 round(row_h * 0.8)))
                x += w + gap
            row.boxes = boxes
            y += row_h + (gap // 2)
        count = len(self.buttons.buttons)
        if count:
            bw = min(260, (area.w - (count - 1) * gap) // count)
            total = count * bw + (count - 1) * gap
            x0 = area.x + (area.w - total) // 2
            for index, button in enumerate(self.buttons.buttons):
                button.box = Box(x0 + index * (bw + gap), area.bottom - button_h, bw, button_h)

    def handle(self, event: InputEvent) -> tuple[str, object] | str | None:
        """``(row key, new value)`` for a change, a button key when pressed, else None."""
        if isinstance(event, PointerMove):
            self.hover = None
            for r, row in enumerate(self.rows):
                for o, box in enumerate(row.boxes):
                    if row.enabled and box.contains(event.pos):
                        self.hover = (r, o)
            self.buttons.handle(event)
            return None
        if isinstance(event, Click):
            for row in self.rows:
                for (value, _label), box in zip(row.options, row.boxes, strict=False):
                    if row.enabled and box.contains(event.pos):
                        return row.key, value
            return self.buttons.handle(event)
        if isinstance(event, KeyAction):
            return self._key(event)
        return None

    def _key(self, event: KeyAction) -> tuple[str, object] | str | None:
        action = event.action
        rows = [i for i, row in enumerate(self.rows) if row.enabled]
        if action in (Action.DOWN, Action.NEXT, Action.UP, Action.PREVIOUS):
            step = 1 if action in (Action.DOWN, Action.NEXT) else -1
            # Focus cycles through the rows, then the buttons.
            stops: list[tuple[str, int]] = [("row", i) for i in rows]
            stops += [("button", i) for i, b in enumerate(self.buttons.buttons) if b.enabled]
            if not stops:
                return None
            current = (("row", self.focus_row) if self.focus_row is not None else
                       ("button", self.buttons.focus) if self.buttons.focus is not None else None)
            if current in stops:
                position = (stops.index(current) + step) % len(stops)
            else:
                position = 0 if step > 0 else len(stops) - 1
            kind, index = stops[position]
            self.focus_row = index if kind == "row" else None
            self.buttons.focus = index if kind == "button" else None
            return None
        if self.focus_row is not None and action in (Action.LEFT, Action.RIGHT, Action.TOGGLE):
            row = self.rows[self.focus_row]
            step = -1 if action == Action.LEFT else 1
            value = row.options[(row.index() + step) % len(row.options)][0]
            return row.key, value
        if action == Action.CONFIRM and self.buttons.focus is not None:
            return self.buttons.handle(event)
        if action in (Action.LEFT, Action.RIGHT) and self.buttons.focus is not None:
            mapped = Action.NEXT if action == Action.RIGHT else Action.PREVIOUS
            return self.buttons.handle(KeyAction(mapped))
        return None

    def draw(self, surface: pygame.Surface, size: int) -> None:
        """Draw the rows and the buttons."""
        for r, row in enumerate(self.rows):
            ink = theme.INK if row.enabled else theme.INK_DIM
            if r == self.focus_row:
                theme.rounded(surface, row.row.inflate(12, 4), theme.FOCUS, 8, alpha=30)
            room = row.boxes[0].x - row.row.x - 8 if row.boxes else row.row.w
            # A slightly long label shrinks a little; a long one takes two lines instead of
            # shrinking until it is hard to read.
            if theme.fit_size(row.label, size, room) >= size * 0.9 and theme.fits(
                    row.label, size, room):
                theme.blit_text(surface, row.label, size, (row.row.x, row.row.centery), ink,
                                anchor="midleft", max_width=room)
            else:  # a long label takes two lines of the row
                lines, label_size = theme.wrap_fit(row.label, size, room, 2)
                line_h = theme.line_height(label_size)
                y = row.row.centery - len(lines) * line_h // 2
                for line in lines:
                    theme.blit_text(surface, line, label_size, (row.row.x, y), ink,
                                    max_width=room)
                    y += line_h
            chosen = row.index()
            for o, ((_value, label), box) in enumerate(zip(row.options, row.boxes,
                                                             strict=False)):
                selected = o == chosen
                hovered = self.hover == (r, o)
                if not row.enabled:
                    fill, text_ink = theme.BUTTON_DISABLED, theme.INK_DIM
                elif selected:
                    fill, text_ink = theme.BUTTON_PRIMARY, theme.INK_DARK
                else:
                    fill = theme.BUTTON_HOVER if hovered else theme.BUTTON
                    text_ink = theme.INK
                radius = box.h // 2
                pygame.draw.rect(surface, fill, pygame.Rect(box), border_radius=radius)
                pygame.draw.rect(surface, theme.GOLD if selected else theme.PANEL_EDGE,
                                 pygame.Rect(box), width=1, border_radius=radius)
                theme.blit_text(surface, label, size, box.center, text_ink, bold=selected,
                                anchor="center", max_width=box.w - 8)
            if row.note and row.boxes:
                note_x = row.boxes[-1].right + 12
                theme.blit_text(surface, row.note, theme.smaller(size, 3), (note_x,
                                                                                      row.row.centery),
                                theme.INK_DIM, anchor="midleft",
                                max_width=max(10, row.row.right - note_x))
        self.buttons.draw(surface, size)
