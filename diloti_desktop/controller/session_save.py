"""Saving and restoring a game session: the interrupted-game file's content.

:class:`SavedGame` is that content as a value: the session hands it what it keeps
(:meth:`GameSession.to_dict <diloti_desktop.controller.session.GameSession.to_dict>`)
and is rebuilt from one (``session.restore_session``); it writes the match (rules, seats,
seed, the position, the round so far, the finished rounds' moves and their grades) and
reads it back. :func:`read_save` checks the seats and the position before anything else
is read. A save that was edited or damaged is refused with a reason a player can read,
never played into a crash; parts that do not fit (old grades, a round's moves) are
dropped with a log line, never the game.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from diloti_desktop.controller.coach import Assistance
from diloti_desktop.controller.events import MovePlayed
from diloti_desktop.controller.narration import describe_turn
from diloti_desktop.controller.record import PlayedRound
from diloti_desktop.controller.scoresheet import RoundRecord, rounds_from_data, rounds_to_data
from diloti_desktop.controller.seats import GameConfig
from diloti_desktop.i18n import _
from diloti_desktop.rules.engine import apply
from diloti_desktop.rules.moves import Move
from diloti_desktop.rules.position import MATCH_OVER, PLAY, Position
from diloti_desktop.rules.validate import InvalidPositionError, validate_position

log = logging.getLogger(__name__)

SAVE_FORMAT = 1
#: Seeds in saves are bounded (new games draw them below 2**30).
MAX_SEED = 2**63


def brief(text: str, limit: int = 120) -> str:
    """``text`` cut to ``limit`` characters (a damaged save may hold a huge field)."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


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


@dataclass(frozen=True)
class SavedGame:
    """What the interrupted-game file holds: a match in progress."""

    config: GameConfig
    position: Position
    #: The position the current round began with, and the moves played since (they
    #: rebuild the history, so undo works after Continue).
    round_start: Position
    history: tuple[MovePlayed, ...]
    assistance: Assistance
    rounds: tuple[RoundRecord, ...]
    plays: tuple[PlayedRound, ...]
    #: The grades' cache as ``RoundAnalysis.to_dict`` writes it (``RoundAnalysis.load``
    #: checks it against the plays); None when there is nothing to load.
    analysis: object

    def to_dict(self) -> dict[str, object]:
        """JSON-ready content of the save file."""
        return {"format": SAVE_FORMAT, "config": self.config.to_dict(),
                "position": self.position.notation(),
                "round_start": self.round_start.notation(),
                "moves": [played.move.notation() for played in self.history],
                "assist": self.assistance.to_dict(), "rounds": rounds_to_data(self.rounds),
                "plays": [play.to_dict() for play in self.plays],
                "analysis": self.analysis}

    @staticmethod
    def from_dict(data: dict[str, object]) -> SavedGame:
        """A save read back; ValueError with a reason for the player when the seats or the
        position cannot be played (:func:`read_save`). The optional parts (older saves
        lack some) are dropped with a log line when they do not fit."""
        config, position = read_save(data)
        start, history = _read_round(data, position)
        if history:
            position = history[-1].after  # the same position, rebuilt by the moves
        plays, analysis = _read_plays(data.get("plays"), data.get("analysis"), position)
        return SavedGame(config, position, start, history,
                         Assistance.from_dict(data.get("assist")),
                         tuple(rounds_from_data(data.get("rounds"))), plays, analysis)


def _read_round(data: dict[str, object],
                position: Position) -> tuple[Position, tuple[MovePlayed, ...]]:
    """The round's first position and its moves so far; a history that is missing (older
    saves) or does not replay to the saved ``position`` leaves the round at ``position``
    with no history (nothing to undo)."""
    start, moves = data.get("round_start"), data.get("moves")
    if not isinstance(start, str) or not isinstance(moves, list):
        return position, ()
    players = position.rules.players
    try:
        first = current = Position.parse(start)
        validate_position(first)
        history = []
        for text in moves:
            if not isinstance(text, str):
                raise ValueError("a move is not text")
            move = Move.parse(text)
            after, events = apply(current, move)
            history.append(MovePlayed(current.turn, move, tuple(events),
                                      describe_turn(events, players), current, after))
            current = after
    except ValueError as error:  # DilotiError and InvalidPositionError included
        log.warning("saved round history ignored: %s", brief(str(error)))
        return position, ()
    if current != position:
        log.warning("saved round history ignored: it does not lead to the saved position")
        return position, ()
    return first, tuple(history)


def _read_plays(plays: object, analysis: object,
                position: Position) -> tuple[tuple[PlayedRound, ...], object]:
    """The saved moves of the finished rounds that fit the game at ``position``, and the
    grades to load with them (none when the moves are missing or malformed)."""
    if plays is None:
        return (), None
    try:
        if not isinstance(plays, list):
            raise ValueError("malformed round moves")
        restored = [PlayedRound.from_dict(item) for item in plays]
    except ValueError as error:
        log.warning("the saved moves of the rounds are dropped: %s", error)
        return (), None
    kept = []
    for play in restored:
        end = play.positions()[-1]
        if end.phase != PLAY and (play.round_no < position.round_no or end == position):
            kept.append(play)
        else:
            log.warning("the saved moves of round %s do not fit the game: dropped",
                        play.round_no)
    return tuple(kept), analysis


__all__ = ["MAX_SEED", "SAVE_FORMAT", "SavedGame", "brief", "read_save"]
