"""The controller: game sessions, seats, narration. Imports rules and ai, never pygame."""

from diloti_desktop.controller.seats import HUMAN, GameConfig, seat_name, side_name
from diloti_desktop.controller.session import (
    AIThinking,
    GameSession,
    HintReady,
    HintUnavailable,
    MovePlayed,
    MoveRejected,
    RoundBegan,
    RoundOver,
    SessionEvent,
)

__all__ = [
    "HUMAN", "AIThinking", "GameConfig", "GameSession", "HintReady", "HintUnavailable",
    "MovePlayed", "MoveRejected", "RoundBegan", "RoundOver", "SessionEvent", "seat_name",
    "side_name",
]
