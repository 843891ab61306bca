"""The guided first game: a real match against the Beginner, offered after the lessons.

A :class:`FirstGame` given to a :class:`~diloti_desktop.ui.table.table_scene.TableScene`
keeps the tutor on and, at each of the player's turns in the first round, asks the coach
for the hint's first step (the nudge) as if H had been pressed: a newcomer sees what to
look for without having to know the key. The round's end opens its review, which closes
on what to practise next (``ui/words/first_game_words``). Everything else is a normal
match: it is saved, rated and counted as assisted like any match with hints.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from diloti_desktop.controller import HUMAN, GameConfig, GameSession
from diloti_desktop.rules.position import Position

#: The weakest level (ai/players.LEVELS): the first game should be winnable.
OPPONENT = "Beginner"


def first_game_config(seed: int) -> GameConfig:
    """Two players, the standard rules, the player against the Beginner."""
    return GameConfig(seats=(HUMAN, OPPONENT), seed=seed)


class HintAsker(Protocol):
    """The table's coach, as far as the first game asks it."""

    def request_hint(self, jump: int = 0) -> None:
        """The next hint step, as H does."""


class GuidedTable(Protocol):
    """What the first game asks of the table."""

    @property
    def session(self) -> GameSession:
        """The match played."""

    @property
    def table_coach(self) -> HintAsker:
        """The table's coach."""

    def accepting(self) -> bool:
        """Whether the player may play now."""


@dataclass
class FirstGame:
    """The first game's guidance: the nudge at each turn of its first ``rounds``."""

    rounds: int = 1
    #: The decision last nudged: one nudge per decision, so that hiding it (Esc) or
    #: clicking a card (which clears the hint) does not bring it back.
    nudged: Position | None = None

    def guiding(self, round_no: int) -> bool:
        """Whether round ``round_no`` is still guided."""
        return round_no <= self.rounds

    def turn(self, table: GuidedTable) -> None:
        """At the start of each of the player's turns in a guided round: the nudge."""
        position = table.session.position
        if position is self.nudged or not self.guiding(position.round_no):
            return
        if table.accepting():
            self.nudged = position
            table.table_coach.request_hint()
