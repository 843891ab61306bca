"""Where a screen can lead: the one way scenes reach each other.

A scene never imports another scene's module: it asks ``ctx.nav`` (a
:class:`Navigation`) to open the screen it leads to. The implementation
(:class:`~diloti_desktop.ui.flow.Flow`) sits above every scene and imports them; the app
gives it to the context (``AppContext(navigator=Flow)``), so the scene modules form no
import cycle and depend on this interface only. The transitions are grouped by area, one
small protocol each: ``ctx.nav.match``, ``.table``, ``.review``, ``.learn``, ``.menus``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Protocol

from diloti_desktop.ai.coach import TutorCheck
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import GameConfig, GameSession, RoundOver
from diloti_desktop.controller.guided import PuzzleCoach
from diloti_desktop.controller.retry import Retry
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.rules.ruleset import Ruleset
from diloti_desktop.ui.kit.layout import Box, TableLayout
from diloti_desktop.ui.kit.scene_stack import Screen


class TableBoard(Protocol):
    """Where a table keeps things in view."""

    def panel_box(self) -> Box:
        """The coach panel over the top of the felt (a lesson's), when there is one."""


class PlayedTable(Protocol):
    """What the end-of-round screens need of the table they cover."""

    @property
    def session(self) -> GameSession:
        """The session played."""

    @property
    def board(self) -> TableBoard:
        """The table's layout: a lesson's round summary stays below its panel."""


class RulesChoice(Protocol):
    """The new-game form whose rules the advanced rules screen edits."""

    rules: Ruleset
    players: int


class MatchNavigation(Protocol):
    """Starting, showing and leaving a match."""

    def main_menu(self) -> None:
        """Leave any game (it stays saved, or the player is asked); the start menu."""

    def play(self, session: GameSession) -> None:
        """Show ``session`` on the table, over the start menu."""

    def new_game(self, config: GameConfig) -> None:
        """Start a new match with ``config`` and show it."""

    def rematch(self, config: GameConfig) -> None:
        """The same players and rules again, with a fresh deal."""

    def open_first_game(self) -> None:
        """The guided first game against the weakest level, its first round nudged."""

    def confirm_replacing_saved_game(self, start: Callable[[], None]) -> None:
        """Ask before a new game replaces the interrupted one; ``start`` runs on yes."""


class TableNavigation(Protocol):
    """The screens over a table being played."""

    def choose_move(self, position: Position, moves: Sequence[Move],
                    on_choose: Callable[[Move], None], on_cancel: Callable[[], None]) -> None:
        """Ask which of several moves a gesture meant."""

    def open_moves_list(self, position: Position, moves: Sequence[Move],
                        on_choose: Callable[[Move], None], recommended: Move | None) -> None:
        """Every legal move in words, to choose one."""

    def open_pause(self) -> None:
        """The pause menu."""

    def open_tutor(self, position: Position, move: Move, check: TutorCheck,
                   on_choice: Callable[[str], None]) -> None:
        """The tutor's doubt about ``move``, with the player's choices."""

    def open_line(self, refutation: Refutation, layout: Callable[[], TableLayout],
                  viewer: int, slots: Mapping[int, int], labels: Mapping[int, str]) -> None:
        """A refutation's line played over the table (laid out by ``layout``, seen from
        ``viewer``, its table cards where ``slots`` has them), then back."""

    def open_round_summary(self, table: PlayedTable, result: RoundOver) -> None:
        """The end of a round played on ``table``, over it."""

    def open_match_end(self, table: PlayedTable, result: RoundOver) -> None:
        """The end of the match, instead of the screen on top."""

    def open_score_sheet(self, session: GameSession) -> None:
        """The score sheet of ``session``'s match."""


class ReviewNavigation(Protocol):
    """Looking back at a round: its review, its mistakes played again."""

    def prepare_review(self, session: GameSession, round_no: int
                       ) -> tuple[Screen, Iterator[None]]:
        """A review of a round made ahead, and the steps that draw its first picture."""

    def open_review(self, session: GameSession, round_no: int,
                    prepared: Screen | None = None) -> bool:
        """The review of a finished round (False if not kept); ``prepared``, from
        :meth:`prepare_review`, is shown instead of a new one when it fits."""

    def open_retry(self, retries: Sequence[Retry], index: int = 0,
                   replace: bool = False) -> None:
        """Mistake ``index`` of ``retries`` played again as a puzzle, over the current
        screen (instead of the retry shown, with ``replace``)."""


class LearnNavigation(Protocol):
    """The lessons, the puzzles and the reference screens."""

    def open_learn(self) -> None:
        """The lessons and puzzles."""

    def open_lesson(self, index: int, on_finish: Callable[[str], None] | None = None) -> None:
        """Lesson ``index`` on the table."""

    def open_puzzle(self, coach: PuzzleCoach, number: int, total: int,
                    on_solved: Callable[[str], None], on_other: Callable[[int], None],
                    replace: bool = False) -> None:
        """Puzzle ``number`` of ``total`` on the table (instead of the puzzle shown, with
        ``replace``)."""

    def open_rules(self) -> None:
        """The rules summary."""

    def open_about(self) -> None:
        """About the game."""

    def open_glossary(self) -> None:
        """The glossary."""


class MenuNavigation(Protocol):
    """The screens of the start menu that are not games or lessons."""

    def open_advanced_rules(self, owner: RulesChoice) -> None:
        """Every variant toggle of ``owner``'s rules."""

    def open_settings(self) -> None:
        """The settings."""

    def open_statistics(self) -> None:
        """The statistics of finished matches."""

    def open_progress(self) -> None:
        """The progress page: lessons, puzzles, accuracy and rating over time."""


class Navigation(Protocol):
    """The transitions between screens, by area: ``ctx.nav.match.play(session)``,
    ``ctx.nav.learn.open_lesson(index)``."""

    @property
    def match(self) -> MatchNavigation:
        """Starting, showing and leaving a match."""

    @property
    def table(self) -> TableNavigation:
        """The screens over a table being played."""

    @property
    def review(self) -> ReviewNavigation:
        """A round's review and its mistakes played again."""

    @property
    def learn(self) -> LearnNavigation:
        """The lessons, the puzzles and the reference screens."""

    @property
    def menus(self) -> MenuNavigation:
        """Settings, statistics, progress, the advanced rules."""


def no_navigation(ctx: object) -> Navigation:
    """The navigation of a context that shows no screens (tests and benchmarks that only
    draw): asking it for a transition is a mistake, said as such."""
    raise RuntimeError("this context shows no screens: give it a navigator")
