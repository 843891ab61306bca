"""What the session keeps for the coach: the shared ranking of a human's turn and the
record of how much the coach helped in a match.

:class:`Assistance` is saved with the game (``assist``) and read by statistics, which keep
assisted matches apart: a match counts as *assisted* once any hint step was shown, a move
was undone or a move the tutor warned about was taken back (a warning answered with
"Play anyway" alone does not count: the player decided alone).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field

from diloti_desktop.ai.hints import HINT_SEARCH, analyse
from diloti_desktop.ai.search import MoveValue, SearchConfig
from diloti_desktop.controller import offload
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.view import SeatView


@dataclass
class Assistance:
    """How much the coach helped in a match (statistics keep assisted matches apart)."""

    hint_levels: list[int] = field(default_factory=lambda: [0, 0, 0])  #: steps 1, 2, 3
    undos: int = 0
    takebacks: int = 0            #: tutor warnings answered with "Take it back"
    tutor_warnings: int = 0

    @property
    def used(self) -> bool:
        """Whether hints, undo or a tutor take-back were used."""
        return bool(sum(self.hint_levels) or self.undos or self.takebacks)

    def to_dict(self) -> dict[str, object]:
        """JSON-ready."""
        return {"hint_levels": list(self.hint_levels), "undos": self.undos,
                "takebacks": self.takebacks, "tutor_warnings": self.tutor_warnings}

    @staticmethod
    def from_dict(data: object) -> Assistance:
        """From a save; bad or missing values count as zero."""
        if not isinstance(data, dict):
            return Assistance()

        def count(name: str) -> int:
            value = data.get(name)
            return value if isinstance(value, int) and value >= 0 else 0

        levels = data.get("hint_levels")
        hint_levels = [0, 0, 0]
        if isinstance(levels, list) and len(levels) == 3:
            hint_levels = [v if isinstance(v, int) and v >= 0 else 0 for v in levels]
        return Assistance(hint_levels, count("undos"), count("takebacks"),
                          count("tutor_warnings"))


class Analysis:
    """The hint engine's ranking of one view, computed once and shared by the hint, the
    tutor and the warm-up job (whichever asks first computes; the others wait)."""

    #: The hint engine's budget: the real one unless a test gives a smaller one (as
    #: the review's, ``RoundAnalysis.config``), here or per analysis.
    search: SearchConfig = HINT_SEARCH

    def __init__(self, position: Position, view: SeatView,
                 search: SearchConfig | None = None,
                 cancel: offload.Cancel | None = None) -> None:
        self.position = position
        self.view = view
        if search is not None:
            self.search = search
        self._cancel = cancel
        self._lock = threading.Lock()
        self._results: list[MoveValue] | None = None
        #: Whether the hint, the tutor or the warm-up asked for the ranking (set when
        #: their job starts): it is then computed or being computed, and the review
        #: reuses it for the move played (:meth:`SessionCoach.keep_verdict`).
        self.asked = False

    def results(self) -> list[MoveValue]:
        """The ranking, best first (computed on first use, on the calling thread)."""
        with self._lock:
            if self._results is None:
                self._results = offload.call(analyse, self.view, self.search,
                                             cancel=self._cancel)
            return self._results
