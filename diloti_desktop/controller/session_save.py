"""Saving and restoring a game session: the interrupted-game file's content.

:class:`SessionSaving` is a mixin of :class:`~diloti_desktop.controller.session.
GameSession`: :meth:`~SessionSaving.to_dict` writes the match (rules, seats, seed, the
position, the round so far, the finished rounds' moves and their grades) and
:func:`read_save` checks a save before a session is built from it. A save that was
edited or damaged is refused with a reason a player can read, never played into a
crash; parts that do not fit (old grades, a round's moves) are dropped with a log line,
never the game.
"""

from __future__ import annotations

import logging

from diloti_desktop.controller.analysis import RoundAnalysis
from diloti_desktop.controller.coach import Assistance
from diloti_desktop.controller.events import MovePlayed
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.controller.scoresheet import RoundRecord, rounds_to_data
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.controller.session_coach import brief
from diloti_desktop.i18n import _
from diloti_desktop.rules.position import MATCH_OVER, PLAY, Position
from diloti_desktop.rules.validate import InvalidPositionError, validate_position

log = logging.getLogger(__name__)

SAVE_FORMAT = 1
#: Seeds in saves are bounded (new games draw them below 2**30).
MAX_SEED = 2**63


def read_save(data: dict[str, object]) -> tuple[GameConfig, Position]:
    """The seats and the position of a save; ValueError with a reason for the player.

    The position must be one a real game reaches (:func:`validate_position`).
    """
    if data.get("format") != SAVE_FORMAT:
        raise ValueError(_("it was saved in a format this version cannot read"))
    config_data, notation = data.get("config"), data.get("position")
    if not isinstance(config_data, dict) or not isinstance(notation, str):
        raise ValueError(_("parts of the saved game are missing"))
    try:
        config = GameConfig.from_dict(config_data)
        position = Position.parse(notation)
        validate_position(position)
    except InvalidPositionError as error:
        raise ValueError(_("the saved position is impossible: {reason}").format(
            reason=error.reason)) from error
    except ValueError as error:  # DilotiError included
        # Notation errors end with the whole position ("... in <rules=2p ...>"): the
        # player needs only what is wrong.
        raise ValueError(_("the saved game does not read: {error}").format(
            error=brief(str(error).split(" in <", 1)[0]))) from error
    if isinstance(config.seed, bool) or not -MAX_SEED <= config.seed <= MAX_SEED:
        raise ValueError(_("the saved game's seed is out of range"))
    if position.rules != config.rules:
        raise ValueError(_("the saved rules do not match the saved position"))
    if position.phase == MATCH_OVER:
        raise ValueError(_("the saved match is already over"))
    return config, position


class SessionSaving:
    """The save-file half of a game session (a mixin: the session owns the state)."""

    config: GameConfig
    position: Position
    round_start: Position
    history: list[MovePlayed]
    assistance: Assistance
    rounds: list[RoundRecord]
    plays: list[PlayedRound]
    round_grades: RoundAnalysis

    def to_dict(self) -> dict[str, object]:
        """JSON-ready state for the interrupted-game save file.

        Besides the position, the round so far (``round_start`` and the ``moves`` played
        since, which rebuild the history and undo) and the ``assist`` counts.
        """
        return {"format": SAVE_FORMAT, "config": self.config.to_dict(),
                "position": self.position.notation(),
                "round_start": self.round_start.notation(),
                "moves": [played.move.notation() for played in self.history],
                "assist": self.assistance.to_dict(), "rounds": rounds_to_data(self.rounds),
                "plays": [play.to_dict() for play in self.plays],
                "analysis": self.round_grades.to_dict()}

    def _restore_plays(self, plays: object, analysis: object) -> None:
        """Take the saved moves of the finished rounds and their grades; what does not
        fit the saved game is dropped (with a log line), never the game itself."""
        if plays is None:
            return
        try:
            if not isinstance(plays, list):
                raise ValueError("malformed round moves")
            restored = [PlayedRound.from_dict(item) for item in plays]
        except ValueError as error:
            log.warning("the saved moves of the rounds are dropped: %s", error)
            return
        for play in restored:
            end = play.positions()[-1]
            if end.phase != PLAY and (play.round_no < self.position.round_no
                                      or end == self.position):
                self.plays.append(play)
            else:
                log.warning("the saved moves of round %s do not fit the game: dropped",
                            play.round_no)
        self.round_grades.load(analysis, self.plays)


__all__ = ["MAX_SEED", "SAVE_FORMAT", "SessionSaving", "read_save"]
