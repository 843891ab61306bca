"""Presses kept while the table cannot take them yet: input is never dropped.

A key or a button pressed while cards move (the deal, the opponent's move) or while the
hint is still being worked out waits here, in order, and acts as soon as the table is
ready for it. What waits is forgotten when it no longer applies: a new round, an undo, a
dialog over the table, the table left.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable

from diloti_desktop.ui.kit.input import KeyAction

#: At most this many presses wait: a player drumming on a key does not queue a minute.
PENDING_LIMIT = 8

Press = KeyAction | str


class PressQueue:
    """The presses waiting for the table, in order; owned by the table scene."""

    def __init__(self, ready: Callable[[], bool], can_keep: Callable[[], bool],
                 on_button: Callable[[str], None], on_key: Callable[[KeyAction], None],
                 hint_awaited: Callable[[bool], None]) -> None:
        #: Whether the table takes a press now (moves accepted, no hint being worked out).
        self.ready = ready
        #: Whether presses may wait at all (the table on top, a player seated).
        self.can_keep = can_keep
        #: Act on a table button's press, or on a key, as if it had just been made.
        self.on_button = on_button
        self.on_key = on_key
        #: Told whether a hint is among the waiting presses (its panel says "…" at once).
        self.hint_awaited = hint_awaited
        self.waiting: deque[Press] = deque()
        self._replaying = False

    def __bool__(self) -> bool:
        return bool(self.waiting)

    def defer(self, press: Press) -> bool:
        """Keep ``press`` when the table is not ready for it, or earlier presses still
        wait (the order is kept); whether it was kept."""
        if self._replaying or not self.can_keep():
            return False
        if not self.waiting and self.ready():
            return False
        if len(self.waiting) < PENDING_LIMIT:
            self.waiting.append(press)
            if press == "hint":
                self.hint_awaited(True)
        return True

    def drop(self) -> None:
        """Forget every waiting press (they no longer apply)."""
        self.waiting.clear()
        self.hint_awaited(False)

    def replay(self) -> bool:
        """Act on the waiting presses, in order, while the table is ready for them;
        whether anything happened."""
        if not self.waiting:
            return False
        if not self.can_keep():
            self.drop()
            return True
        acted = False
        self._replaying = True
        try:
            while self.waiting and self.ready():
                press = self.waiting.popleft()
                self.hint_awaited("hint" in self.waiting)
                acted = True
                if isinstance(press, str):
                    self.on_button(press)
                else:
                    self.on_key(press)
        finally:
            self._replaying = False
        return acted
