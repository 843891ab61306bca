"""The controller: game sessions, seats, narration. Imports rules and ai, never pygame."""

from diloti_desktop.controller.coach import Assistance
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
    TutorWarning,
    Undone,
)

__all__ = [
    "HUMAN", "AIThinking", "Assistance", "GameConfig", "GameSession", "HintReady",
    "HintUnavailable", "MovePlayed", "MoveRejected", "RoundBegan", "RoundOver", "SessionEvent",
    "TutorWarning", "Undone", "seat_name", "side_name",
]
