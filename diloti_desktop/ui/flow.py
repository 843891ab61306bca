"""Moving between screens: the one module that knows every scene.

:class:`Flow` implements :class:`~diloti_desktop.ui.kit.navigation.Navigation`: the scenes ask
``ctx.nav`` for a transition and never import one another, so the import graph has no
knot through here; this module sits above all of them (only the app, the shell and the
smoke test import it). One small class per area of the interface (the match, the
screens over the table, the review, learning, the menus), composed by :class:`Flow`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator, Mapping, Sequence

from diloti_desktop.ai.coach import TutorCheck
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import GameConfig, GameSession, RoundOver, side_name
from diloti_desktop.controller.guided import PuzzleCoach
from diloti_desktop.controller.retry import Retry
from diloti_desktop.i18n import _
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.kit.audio import Sound
from diloti_desktop.ui.kit.confirm import ConfirmScene
from diloti_desktop.ui.kit.context import AppContext
from diloti_desktop.ui.kit.layout import TableLayout
from diloti_desktop.ui.kit.navigation import PlayedTable, RulesChoice
from diloti_desktop.ui.kit.notice import leave_safely
from diloti_desktop.ui.kit.scene_stack import Screen
from diloti_desktop.ui.learn.about import AboutScene
from diloti_desktop.ui.learn.glossary_screen import GlossaryScene
from diloti_desktop.ui.learn.learn import LearnScene
from diloti_desktop.ui.learn.rules_screen import RulesScene
from diloti_desktop.ui.menus.advanced_rules import AdvancedRulesScene
from diloti_desktop.ui.menus.menu import MainMenuScene
from diloti_desktop.ui.menus.progress_page import ProgressScene
from diloti_desktop.ui.menus.settings import SettingsScene
from diloti_desktop.ui.menus.statistics import StatisticsScene
from diloti_desktop.ui.review.review_scene import ReviewScene
from diloti_desktop.ui.table.dialogs import ChooserScene, PauseScene
from diloti_desktop.ui.table.first_game import FirstGame, first_game_config
from diloti_desktop.ui.table.guided_table import GuidedTableScene, LessonGuide, PuzzleGuide
from diloti_desktop.ui.table.line_show import LineShowScene
from diloti_desktop.ui.table.moves_list import MovesListScene, opponents_bottom
from diloti_desktop.ui.table.retry_guide import RetryGuide
from diloti_desktop.ui.table.score_sheet import ScoreSheetScene
from diloti_desktop.ui.table.summary import MatchEndScene, RoundSummaryScene
from diloti_desktop.ui.table.table_scene import TableScene
from diloti_desktop.ui.table.tutor import TutorScene
from diloti_desktop.ui.words.wording import describe_move


def game_summary(position: Position) -> str:
    """A game in a few words: "round 3, You 24 – 31 North"."""
    return _("round {number}, {side0} {score0} – {score1} {side1}").format(
        number=position.round_no, side0=side_name(0, position.players),
        score0=position.scores[0], score1=position.scores[1],
        side1=side_name(1, position.players))


class MatchFlow:
    """Starting, showing and leaving a match."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def main_menu(self) -> None:
        """Leave any game (it stays saved, or the player is asked) and show the start menu."""
        ctx = self.ctx

        def leave() -> None:
            ctx.close_session()
            ctx.scenes.reset(MainMenuScene(ctx))

        leave_safely(ctx, leave, quitting=False)

    def play(self, session: GameSession) -> None:
        """Show ``session`` on the table, over the start menu."""
        ctx = self.ctx
        if ctx.session is not session:
            ctx.resume_session(session)
        ctx.scenes.reset(MainMenuScene(ctx))
        ctx.scenes.push(TableScene(ctx, session))

    def new_game(self, config: GameConfig) -> None:
        """Start a new match with ``config`` and show it."""
        self.play(self.ctx.new_session(config))

    def rematch(self, config: GameConfig) -> None:
        """The same players and rules again, with a fresh deal."""
        self.new_game(dataclasses.replace(config, seed=self.ctx.seed_source()))

    def open_first_game(self) -> None:
        """The guided first game against the Beginner (after asking before it replaces an
        interrupted game): the tutor on, the nudge at each turn of round 1, then its review."""
        ctx = self.ctx

        def start() -> None:
            session = ctx.new_session(first_game_config(ctx.seed_source()))
            ctx.scenes.reset(MainMenuScene(ctx))
            ctx.scenes.push(TableScene(ctx, session, first_game=FirstGame()))

        self.confirm_replacing_saved_game(start)

    def confirm_replacing_saved_game(self, start: Callable[[], None]) -> None:
        """Ask before a new game replaces the interrupted one; ``start`` runs on yes.

        A save that cannot be continued anyway is set aside (never deleted) by reading it;
        then there is nothing to lose, and the question becomes the note saying so.
        """
        ctx = self.ctx
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


class TableFlow:
    """The screens over a table being played."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def choose_move(self, position: Position, moves: Sequence[Move],
                    on_choose: Callable[[Move], None], on_cancel: Callable[[], None]) -> None:
        """Ask which of several moves a gesture meant."""
        options = [(describe_move(m, position), m) for m in moves]
        self.ctx.scenes.push(ChooserScene(
            self.ctx, _("This play can mean more than one move. Which one?"), options,
            on_choose=on_choose, on_cancel=on_cancel,
            below=lambda: opponents_bottom(self.ctx, position.players)))

    def open_moves_list(self, position: Position, moves: Sequence[Move],
                        on_choose: Callable[[Move], None], recommended: Move | None) -> None:
        """Every legal move in words, to choose one."""
        self.ctx.scenes.push(MovesListScene(self.ctx, position, moves, on_choose,
                                            recommended=recommended))

    def open_pause(self) -> None:
        """The pause menu, over the table."""
        self.ctx.scenes.push(PauseScene(self.ctx))

    def open_tutor(self, position: Position, move: Move, check: TutorCheck,
                   on_choice: Callable[[str], None]) -> None:
        """The tutor's doubt about ``move``, with the player's choices."""
        self.ctx.scenes.push(TutorScene(self.ctx, position, move, check, on_choice))

    def open_line(self, refutation: Refutation, layout: Callable[[], TableLayout],
                  viewer: int, slots: Mapping[int, int], labels: Mapping[int, str]) -> None:
        """A refutation's line played over the table, then back to the screen on top."""
        self.ctx.scenes.push(LineShowScene(self.ctx, refutation, layout, viewer, slots,
                                           labels))

    def open_round_summary(self, table: PlayedTable, result: RoundOver) -> None:
        """The end of a round played on ``table``, over it."""
        self.ctx.play_sound(Sound.ROUND_END)
        self.ctx.scenes.push(RoundSummaryScene(self.ctx, table, result))
        first = table.first_game if isinstance(table, TableScene) else None
        if (first is not None and first.guiding(result.round_no)
                and not first.guiding(result.round_no + 1)):
            # The guided first game ends on its last guided round's review, which says
            # what to practise next; closing it leaves the summary, and the match goes on.
            self.ctx.scenes.push(ReviewScene(self.ctx, table.session, result.round_no,
                                             practise=True))

    def open_match_end(self, table: PlayedTable, result: RoundOver) -> None:
        """The end of the match, instead of the screen on top."""
        self.ctx.scenes.replace(MatchEndScene(self.ctx, table, result))

    def open_score_sheet(self, session: GameSession) -> None:
        """The score sheet of ``session``'s match, over the current screen."""
        self.ctx.scenes.push(ScoreSheetScene(self.ctx, session))


class ReviewFlow:
    """A round's review and its mistakes played again."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def prepare_review(self, session: GameSession, round_no: int
                       ) -> tuple[Screen, Iterator[None]]:
        """A review of a round made ahead (``ReviewScene.warm_up`` draws its first
        picture, a piece per step)."""
        review = ReviewScene(self.ctx, session, round_no)
        return review, review.warm_up()

    def open_review(self, session: GameSession, round_no: int,
                    prepared: Screen | None = None) -> bool:
        """The review of a finished round, over the current screen (False if not kept);
        ``prepared``, a review of that round made ahead, is shown instead of a new one."""
        ctx = self.ctx
        if session.played_round(round_no) is None:
            return False
        if (not isinstance(prepared, ReviewScene) or prepared.session is not session
                or prepared.reviewed.round_no != round_no or prepared.ctx is not ctx):
            prepared = ReviewScene(ctx, session, round_no)
        ctx.scenes.push(prepared)
        return True

    def open_retry(self, retries: Sequence[Retry], index: int = 0,
                   replace: bool = False) -> None:
        """Mistake ``index`` of ``retries`` played again as a puzzle, over the current
        screen (instead of the retry shown, with ``replace``); Next mistake and Previous
        open the others in its place, and leaving goes back to where it was opened."""
        if not 0 <= index < len(retries):
            return
        kept = tuple(retries)

        def other(number: int) -> None:
            self.open_retry(kept, number - 1, replace=True)

        scene = GuidedTableScene(self.ctx, RetryGuide(kept, index, other))
        if replace:
            self.ctx.scenes.replace(scene)
        else:
            self.ctx.scenes.push(scene)


class LearnFlow:
    """The lessons, the puzzles and the reference screens."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def open_learn(self) -> None:
        """The lessons and puzzles, over the current screen."""
        self.ctx.scenes.push(LearnScene(self.ctx))

    def open_lesson(self, index: int, on_finish: Callable[[str], None] | None = None) -> None:
        """Lesson ``index`` on the table, over the current screen."""
        self.ctx.scenes.push(GuidedTableScene(self.ctx, LessonGuide(index, on_finish)))

    def open_puzzle(self, coach: PuzzleCoach, number: int, total: int,
                    on_solved: Callable[[str], None], on_other: Callable[[int], None],
                    replace: bool = False) -> None:
        """Puzzle ``number`` of ``total`` on the table, over the current screen (or
        instead of the puzzle shown, with ``replace``)."""
        scene = GuidedTableScene(self.ctx, PuzzleGuide(coach, number, total, on_solved,
                                                       on_other))
        if replace:
            self.ctx.scenes.replace(scene)
        else:
            self.ctx.scenes.push(scene)

    def open_rules(self) -> None:
        """The rules summary, over the current screen."""
        self.ctx.scenes.push(RulesScene(self.ctx))

    def open_about(self) -> None:
        """About the game, over the current screen."""
        self.ctx.scenes.push(AboutScene(self.ctx))

    def open_glossary(self) -> None:
        """The glossary, over the current screen."""
        self.ctx.scenes.push(GlossaryScene(self.ctx))


class MenuFlow:
    """Settings, statistics, progress, the advanced rules."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    def open_advanced_rules(self, owner: RulesChoice) -> None:
        """Every variant toggle of ``owner``'s rules, over it."""
        self.ctx.scenes.push(AdvancedRulesScene(self.ctx, owner))

    def open_settings(self) -> None:
        """The settings, over the current screen."""
        self.ctx.scenes.push(SettingsScene(self.ctx))

    def open_statistics(self) -> None:
        """The statistics of finished matches, over the current screen."""
        self.ctx.scenes.push(StatisticsScene(self.ctx))

    def open_progress(self) -> None:
        """The progress page (lessons, puzzles, accuracy and rating), over the current
        screen."""
        self.ctx.scenes.push(ProgressScene(self.ctx))


class Flow:
    """The transitions between the screens of one context, one small part per area
    (:class:`~diloti_desktop.ui.kit.navigation.Navigation`)."""

    def __init__(self, ctx: AppContext) -> None:
        self.match = MatchFlow(ctx)
        self.table = TableFlow(ctx)
        self.review = ReviewFlow(ctx)
        self.learn = LearnFlow(ctx)
        self.menus = MenuFlow(ctx)
