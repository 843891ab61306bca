"""Moving between screens: the few transitions several scenes share.

The scene modules import each other only through these functions (imported when called),
so that no two scene modules depend on each other at import time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from diloti_desktop.ai.coach import TutorCheck
from diloti_desktop.controller import GameConfig, GameSession, RoundOver, side_name
from diloti_desktop.controller.guided import PuzzleCoach
from diloti_desktop.i18n import _
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.audio import Sound
from diloti_desktop.ui.context import AppContext
from diloti_desktop.ui.wording import describe_move

if TYPE_CHECKING:
    from diloti_desktop.ui.scenes.review import ReviewScene
    from diloti_desktop.ui.scenes.table import TableScene


def main_menu(ctx: AppContext) -> None:
    """Leave any game (it stays saved, or the player is asked) and show the start menu."""
    from diloti_desktop.ui.notice import leave_safely
    from diloti_desktop.ui.scenes.menu import MainMenuScene

    def leave() -> None:
        ctx.close_session()
        ctx.scenes.reset(MainMenuScene(ctx))

    leave_safely(ctx, leave, quitting=False)


def play(ctx: AppContext, session: GameSession) -> None:
    """Show ``session`` on the table, over the start menu."""
    from diloti_desktop.ui.scenes.menu import MainMenuScene
    from diloti_desktop.ui.scenes.table import TableScene

    if ctx.session is not session:
        ctx.resume_session(session)
    ctx.scenes.reset(MainMenuScene(ctx))
    ctx.scenes.push(TableScene(ctx, session))


def new_game(ctx: AppContext, config: GameConfig) -> None:
    """Start a new match with ``config`` and show it."""
    play(ctx, ctx.new_session(config))


def rematch(ctx: AppContext, config: GameConfig) -> None:
    """The same players and rules again, with a fresh deal."""
    new_game(ctx, dataclasses.replace(config, seed=ctx.seed_source()))


def open_rules(ctx: AppContext) -> None:
    """The rules summary, over the current screen."""
    from diloti_desktop.ui.scenes.rules_screen import RulesScene

    ctx.scenes.push(RulesScene(ctx))


def open_learn(ctx: AppContext) -> None:
    """The lessons and puzzles, over the current screen."""
    from diloti_desktop.ui.scenes.learn import LearnScene

    ctx.scenes.push(LearnScene(ctx))


def open_settings(ctx: AppContext) -> None:
    """The settings, over the current screen."""
    from diloti_desktop.ui.scenes.settings import SettingsScene

    ctx.scenes.push(SettingsScene(ctx))


def open_statistics(ctx: AppContext) -> None:
    """The statistics of finished matches, over the current screen."""
    from diloti_desktop.ui.scenes.statistics import StatisticsScene

    ctx.scenes.push(StatisticsScene(ctx))


def open_score_sheet(ctx: AppContext, session: GameSession) -> None:
    """The score sheet of ``session``'s match, over the current screen."""
    from diloti_desktop.ui.scenes.score_sheet import ScoreSheetScene

    ctx.scenes.push(ScoreSheetScene(ctx, session))


def open_review(ctx: AppContext, session: GameSession, round_no: int,
                prepared: ReviewScene | None = None) -> bool:
    """The review of a finished round, over the current screen (False if not kept);
    ``prepared``, a review of that round made ahead (``ReviewScene.warm_up``), is shown
    instead of a new one."""
    from diloti_desktop.ui.scenes.review import ReviewScene

    if session.played_round(round_no) is None:
        return False
    if (prepared is None or prepared.session is not session
            or prepared.reviewed.round_no != round_no or prepared.ctx is not ctx):
        prepared = ReviewScene(ctx, session, round_no)
    ctx.scenes.push(prepared)
    return True


def game_summary(position: Position) -> str:
    """A game in a few words: "round 3, You 24 – 31 North"."""
    return _("round {number}, {side0} {score0} – {score1} {side1}").format(
        number=position.round_no, side0=side_name(0, position.players),
        score0=position.scores[0], score1=position.scores[1],
        side1=side_name(1, position.players))


def confirm_replacing_saved_game(ctx: AppContext, start: Callable[[], None]) -> None:
    """Ask before a new game replaces the interrupted one; ``start`` runs on yes.

    A save that cannot be continued anyway is set aside (never deleted) by reading it;
    then there is nothing to lose, and the question becomes the note saying so.
    """
    from diloti_desktop.ui.scenes.confirm import ConfirmScene

    saved, problem = ctx.saved_session()
    if saved is None:
        if problem is None:
            start()
        else:
            ctx.scenes.push(ConfirmScene(ctx, _("New game"), problem,
                                         proceed_label=_("Start a new game"),
                                         keep_label=_("Back"), on_proceed=start))
        return
    saved.close()
    message = _("You have an interrupted game ({game}). Starting a new game replaces it "
                "and it cannot be continued afterwards.").format(
                    game=game_summary(saved.position))
    ctx.scenes.push(ConfirmScene(ctx, _("Replace the interrupted game?"), message,
                                 proceed_label=_("Start a new game"),
                                 keep_label=_("Keep it"), on_proceed=start))


def open_round_summary(ctx: AppContext, table: TableScene, result: RoundOver) -> None:
    """The end of a round played on ``table``, over it."""
    from diloti_desktop.ui.scenes.summary import RoundSummaryScene

    ctx.play_sound(Sound.ROUND_END)
    ctx.scenes.push(RoundSummaryScene(ctx, table, result))


def choose_move(ctx: AppContext, position: Position, moves: Sequence[Move],
                on_choose: Callable[[Move], None], on_cancel: Callable[[], None]) -> None:
    """Ask which of several moves a gesture meant."""
    from diloti_desktop.ui.scenes.dialogs import ChooserScene

    options = [(describe_move(m, position), m) for m in moves]
    ctx.scenes.push(ChooserScene(
        ctx, _("This play can mean more than one move. Which one?"), options,
        on_choose=on_choose, on_cancel=on_cancel))


def open_moves_list(ctx: AppContext, position: Position, moves: Sequence[Move],
                    on_choose: Callable[[Move], None], recommended: Move | None) -> None:
    """Every legal move in words, to choose one."""
    from diloti_desktop.ui.scenes.moves_list import MovesListScene

    ctx.scenes.push(MovesListScene(ctx, position, moves, on_choose, recommended=recommended))


def open_pause(ctx: AppContext) -> None:
    """The pause menu, over the table."""
    from diloti_desktop.ui.scenes.dialogs import PauseScene

    ctx.scenes.push(PauseScene(ctx))


def open_tutor(ctx: AppContext, position: Position, move: Move, check: TutorCheck,
               on_choice: Callable[[str], None]) -> None:
    """The tutor's doubt about ``move``, with the player's choices."""
    from diloti_desktop.ui.scenes.tutor import TutorScene

    ctx.scenes.push(TutorScene(ctx, position, move, check, on_choice))


def open_lesson(ctx: AppContext, index: int,
                on_finish: Callable[[str], None] | None = None) -> None:
    """Lesson ``index`` on the table, over the current screen."""
    from diloti_desktop.ui.scenes.guided_table import GuidedTableScene, LessonGuide

    ctx.scenes.push(GuidedTableScene(ctx, LessonGuide(index, on_finish)))


def open_puzzle(ctx: AppContext, coach: PuzzleCoach, number: int, total: int,
                on_solved: Callable[[str], None], on_other: Callable[[int], None],
                replace: bool = False) -> None:
    """Puzzle ``number`` of ``total`` on the table, over the current screen (or instead
    of the puzzle shown, with ``replace``)."""
    from diloti_desktop.ui.scenes.guided_table import GuidedTableScene, PuzzleGuide

    scene = GuidedTableScene(ctx, PuzzleGuide(coach, number, total, on_solved, on_other))
    if replace:
        ctx.scenes.replace(scene)
    else:
        ctx.scenes.push(scene)
