"""A retried mistake on the table: the puzzle guide with the player's own position.

:class:`RetryGuide` is a :class:`PuzzleGuide` (three tries, then the answer lit on the
table, its reasons found in the background) whose position is one the player faced in a
finished round: the other hands stay face down, as they were then; the panel says what
was played and what it cost, and a series (the match's biggest mistakes) goes on with
Next mistake.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from diloti_desktop.ai.coach import SHOWN_REASONS
from diloti_desktop.controller.guided import WrongTry
from diloti_desktop.controller.retry import Retry, RetryCoach
from diloti_desktop.i18n import _
from diloti_desktop.ui.board.table_view import Decorations
from diloti_desktop.ui.kit import theme
from diloti_desktop.ui.table.guided_table import (
    GuidedTableScene,
    PanelContent,
    PuzzleGuide,
    refusal,
)
from diloti_desktop.ui.table.hint_coach import move_items
from diloti_desktop.ui.words.coach_words import reason_text
from diloti_desktop.ui.words.retry_words import (
    retry_gain,
    retry_task,
    retry_title,
    wrong_try_text,
)
from diloti_desktop.ui.words.wording import describe_move


class RetryGuide(PuzzleGuide):
    """Mistake ``index`` of ``retries``, played again; ``on_other`` opens another of the
    series by its number (1 = the first)."""

    def __init__(self, retries: Sequence[Retry], index: int,
                 on_other: Callable[[int], None] | None = None) -> None:
        super().__init__(RetryCoach(retries[index], wrong_try_text), index + 1, len(retries),
                         on_other=on_other)
        self.retry = retries[index]
        #: Whether the panel has been redrawn with the better move's reasons.
        self.told = False

    def wrong_words(self, wrong: WrongTry) -> str:
        """A wrong try in the retry's words: the move played then is named as such, with
        what happens next after it (the review's refutation)."""
        return wrong_try_text(self.retry, wrong.move, max(0, wrong.left))

    def update(self, scene: GuidedTableScene) -> bool:
        """Once solved or shown: the better move's reasons, found from the position it is
        played from (a solved retry has played it already)."""
        if self.coach.step_complete() and not self.explaining:
            self.explaining = True
            scene.guided.studies.explain(self.retry.decision.best, self.retry.position)
            return True
        if self.explaining and not self.told and scene.guided.studies.explained is not None:
            self.told = True  # the reasons arrived: the panel is drawn again with them
            return True
        return False

    def content(self, scene: GuidedTableScene) -> PanelContent:
        """What was played, the tries; then the better move with its reasons."""
        retry = self.retry
        content = PanelContent(retry_title(retry, self.number, self.total))
        done = self.coach.step_complete()
        if not done:
            content.lines.append((_("The table is as you saw it then. Find a better move "
                                    "than the one you played."), theme.INK, False))
            content.lines.append((retry_task(retry), theme.TURN, True))
            if scene.wrong:
                content.lines.append((refusal(scene.wrong), theme.ALERT, False))
        else:
            answer = describe_move(retry.decision.best, retry.position)
            if self.coach.solved:
                content.lines.append((_("Well found: {move}.").format(move=answer),
                                      theme.TARGET, True))
            else:
                content.lines.append((_("The better move: {move}.").format(move=answer),
                                      theme.GOLD, True))
            explained = scene.guided.studies.explained
            if explained is None:
                content.lines.append((_("Looking at why…"), theme.INK_DIM, False))
            elif explained[1]:
                players = retry.position.players
                said = [reason_text(r, players) for r in explained[1][:SHOWN_REASONS]]
                content.lines.append((" ".join(said), theme.INK, False))
            content.lines.append((retry_gain(retry), theme.INK_DIM, False))
        last = self.number >= self.total
        content.buttons.append(("leave", _("Done") if done and last else _("Back"),
                                done and last))
        if self.number > 1:
            content.buttons.append(("previous", _("Previous"), False))
        if not last:
            content.buttons.append(("next_puzzle", _("Next mistake"), done))
        return content

    def hint(self, scene: GuidedTableScene) -> None:
        """No hints: finding it is the point."""
        scene.say(_("No hints here: you have three tries, then the better move is shown."),
                  hint=True)

    def decorate(self, deco: Decorations, scene: GuidedTableScene) -> Decorations:
        """The hands as the player saw them (the others face down); once shown, the
        better move lit on the table."""
        if self.coach.revealed and scene.caught_up():
            answer = self.coach.puzzle.answer
            deco = dataclasses.replace(deco, hint_card=answer.card,
                                       hint_items=move_items(answer))
        return deco
