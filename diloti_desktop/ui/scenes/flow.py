"""Moving between screens: the few transitions several scenes share.

The scene modules import each other only through these functions (imported when called),
so that no two scene modules depend on each other at import time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

from diloti_desktop.controller import GameConfig, GameSession, side_name
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.context import AppContext

if TYPE_CHECKING:
    from diloti_desktop.ui.scenes.review import ReviewScene


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


def open_progress(ctx: AppContext) -> None:
    """The progress page (lessons, puzzles, accuracy and rating), over the current screen."""
    from diloti_desktop.ui.scenes.progress_page import ProgressScene

    ctx.scenes.push(ProgressScene(ctx))


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
    if (prepared is None or prepared.session is not session or prepared.round_no != round_no
            or prepared.ctx is not ctx):
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
