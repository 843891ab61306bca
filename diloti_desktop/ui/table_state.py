"""What the table scene's parts share: the state :class:`TableScene` owns and the few
scene methods its parts call, declared once.

The scene is assembled from parts (:mod:`table_pointer` for hands-on play,
:mod:`table_coach` for hints, the tutor and undo, :mod:`table_drawing` for what is
drawn); each part is a :class:`TableParts`, so each reads the same names with the same
types, and the type checker sees every one of them. The scene sets the attributes in its
constructor and provides the methods.
"""

from __future__ import annotations

import dataclasses
from collections import deque
from typing import TYPE_CHECKING

from diloti_desktop.ui.layout import Box

if TYPE_CHECKING:
    from diloti_desktop.controller import GameSession, SessionEvent
    from diloti_desktop.rules.position import Position
    from diloti_desktop.ui.animation import Flight, Show
    from diloti_desktop.ui.context import AppContext
    from diloti_desktop.ui.hint_coach import HintCoach
    from diloti_desktop.ui.history_panel import HistoryPanel
    from diloti_desktop.ui.layout import TableLayout
    from diloti_desktop.ui.table_view import TableGeometry
    from diloti_desktop.ui.widgets import Button


@dataclasses.dataclass
class Drag:
    """A hand card following the pointer."""

    card: int
    grab: tuple[int, int]
    size: tuple[int, int]
    pos: tuple[int, int]

    def box(self) -> Box:
        """Where the dragged card is drawn."""
        return Box(self.pos[0] - self.grab[0], self.pos[1] - self.grab[1], *self.size)


class TableParts:
    """The table scene's state and services, as its parts see them."""

    # -- the game and what is shown of it ------------------------------------------------
    ctx: AppContext
    session: GameSession
    viewer: int
    spectator: bool
    shown: Position
    slots: dict[int, int]
    slot_memory: dict[Position, dict[int, int]]
    show: Show
    pending: deque[SessionEvent]
    time: float
    account: str
    moves_shown: int
    # -- the pointer and the keyboard ----------------------------------------------------
    picked: int | None
    selected: set[int]
    focus_item: int | None
    hover_card: int | None
    hover_button: str | None
    pointer: tuple[int, int] | None
    drag: Drag | None
    drag_targets: frozenset[int]
    drop_target: int | None
    lay_target: bool
    held: tuple[int, Box] | None
    snap: tuple[Flight, float] | None
    launch: Box | None
    # -- messages and panels -------------------------------------------------------------
    toast: str
    toast_is_hint: bool
    banner: str
    banner_age: float
    hint: HintCoach
    history: HistoryPanel
    _last_frame: tuple[object, list[Box]]
    _targets_cache: tuple[tuple[Position, int], frozenset[int]] | None

    if TYPE_CHECKING:  # provided by TableScene, or by another part (named after each)
        def layout(self) -> TableLayout:
            """The table layout."""
            raise NotImplementedError

        def geometry(self) -> TableGeometry:
            """Where every card lies."""
            raise NotImplementedError

        def buttons(self) -> list[Button]:
            """The table's buttons."""
            raise NotImplementedError

        def accepting(self) -> bool:
            """Whether the watcher may play now."""
            raise NotImplementedError

        def can_undo(self) -> bool:
            """Whether Undo would take something back."""
            raise NotImplementedError

        def thinking(self) -> bool:
            """Whether an AI seat is thinking."""
            raise NotImplementedError

        def say(self, message: str, hint: bool = False, seconds: float = 4.5) -> None:
            """Show a message over the table."""
            raise NotImplementedError

        def clear_interaction(self) -> None:
            """Forget pick and selection."""
            raise NotImplementedError

        def _drain(self) -> bool:
            raise NotImplementedError

        def _press(self, key: str) -> None:
            raise NotImplementedError

        def _targets(self, card: int) -> frozenset[int]:
            """The items some legal move with ``card`` uses (table_drawing's, cached)."""
            raise NotImplementedError

        def _snap_back(self, card: int, start: Box) -> None:
            """A dropped card flies home (table_pointer's)."""
            raise NotImplementedError
