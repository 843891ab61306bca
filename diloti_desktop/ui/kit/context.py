"""What every scene may use: settings, sound, the window, the scene stack, saved games.

The app builds one :class:`AppContext` (the composition root decides the player
factory, the clock and whether animations run) and hands it to every scene.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from diloti_desktop import i18n
from diloti_desktop.ai.base import Player, RandomPlayer
from diloti_desktop.ai.players import LEVELS
from diloti_desktop.ai.review import summarise
from diloti_desktop.ai.search import SearchConfig
from diloti_desktop.controller import GameConfig, GameSession
from diloti_desktop.controller.session import default_player_factory, restore_session, save_data
from diloti_desktop.i18n import _
from diloti_desktop.player_data import stats, storage
from diloti_desktop.player_data.storage import Settings
from diloti_desktop.player_data.track import Track
from diloti_desktop.rules.position import MATCH_OVER
from diloti_desktop.ui.kit import card_art as cards
from diloti_desktop.ui.kit.audio import Audio
from diloti_desktop.ui.kit.navigation import Navigation, no_navigation
from diloti_desktop.ui.kit.scene_stack import SceneStack

log = logging.getLogger(__name__)

#: Seconds between two AI moves at the "normal" animation speed.
BASE_AI_PACE = 0.55


def make_ai_player(level: str, seed: int) -> Player:
    """An AI seat of ``level`` from the AI package ("Random" is always available)."""
    if level == "Random":
        return RandomPlayer(seed)
    return default_player_factory(level, seed)


def opponents_of(session: GameSession) -> str:
    """The human's opponents as a statistics group name ("Casual", "Casual+Expert")."""
    human = session.human_seat
    rules = session.position.rules
    side = rules.side_of(human if human is not None else 0)
    levels = [session.config.seats[seat] for seat in range(session.players)
              if rules.side_of(seat) != side and not session.config.is_human(seat)]
    return stats.opponents_label(levels, LEVELS) or "human"


def rated_levels(session: GameSession) -> tuple[tuple[str, ...], str | None]:
    """The AI opponents' levels and the AI partner's (4 players) that rate a match; no
    levels when another seat is a person (such a match is not rated)."""
    human = session.human_seat
    config = session.config
    if human is None or any(config.is_human(seat) for seat in range(session.players)
                            if seat != human):
        return (), None
    rules = session.position.rules
    side = rules.side_of(human)
    opponents = tuple(config.seats[seat] for seat in range(session.players)
                      if rules.side_of(seat) != side)
    partners = [config.seats[seat] for seat in range(session.players)
                if seat != human and rules.side_of(seat) == side]
    return opponents, partners[0] if partners else None


def match_result(session: GameSession) -> stats.MatchResult | None:
    """A finished match from its human's side (None while it runs, or with no human)."""
    human = session.human_seat
    position = session.position
    if human is None or position.phase != MATCH_OVER:
        return None
    side = position.rules.side_of(human)
    opponents, partner = rated_levels(session)
    return stats.MatchResult(
        players=session.players,
        opponents=opponents_of(session),
        won=position.winner == side,
        round_points=tuple(r.breakdown[side].total for r in session.rounds),
        xeris_made=sum(r.breakdown[side].xeris for r in session.rounds),
        xeris_conceded=sum(r.breakdown[1 - side].xeris for r in session.rounds),
        # Hints, undo or a tutor take-back: counted apart in the statistics, not rated.
        assisted=session.assisted,
        opponent_levels=opponents,
        partner_level=partner,
    )


class WindowControl(Protocol):
    """What scenes may ask of the window."""

    def size(self) -> tuple[int, int]:
        """The drawable size in pixels."""
        ...

    def set_fullscreen(self, on: bool) -> None:
        """Enter or leave fullscreen."""
        ...

    def request_quit(self) -> None:
        """Leave the main loop after this frame."""
        ...

    def retitle(self) -> None:
        """Show the window title in the current language."""
        ...


class SilentAudio:
    """An audio stand-in that plays nothing (tests, smoke test)."""

    available = False
    enabled = False
    volume = 0.0

    def play(self, name: str) -> None:
        """Do nothing."""

    def close(self) -> None:
        """Do nothing."""


@dataclass
class AppContext:
    """Shared services for the scenes."""

    settings: Settings
    window: WindowControl
    audio: Audio | SilentAudio = field(default_factory=SilentAudio)
    scenes: SceneStack = field(default_factory=SceneStack)
    player_factory: Callable[[str, int], Player] = make_ai_player
    clock: Callable[[], float] = time.monotonic
    #: Seeds for new games; tests fix it, the app draws it from the clock.
    seed_source: Callable[[], int] = lambda: int(time.time() * 1000) % 1_000_000_007
    #: When false (the smoke test), nothing is written to the player's data folder.
    persist: bool = True
    #: Messages to show the player once (a damaged settings file, for example).
    notices: list[str] = field(default_factory=list)
    session: GameSession | None = None
    #: The round review's search budget (None: the review's own, the Master's); the test
    #: driver makes it cheap, like it makes the AI players random.
    review_search: SearchConfig | None = None
    #: Why the last save of the current game failed (translated, with the folder), or
    #: ``None`` while saves succeed; the table shows it until a save works again.
    save_problem: str | None = None
    #: The last match whose result went into the statistics (each match counts once).
    recorded: GameSession | None = field(default=None, repr=False)
    #: Makes the transitions between screens for this context (the app's is
    #: :class:`~diloti_desktop.ui.flow.Flow`, which knows every scene).
    navigator: Callable[[AppContext], Navigation] = no_navigation
    #: The player's rating and recent rounds as the last recorded match left them.
    track: Track | None = field(default=None, repr=False)
    #: The rounds of each match whose accuracy went into the statistics.
    rounds_recorded: weakref.WeakKeyDictionary[GameSession, set[int]] = field(
        default_factory=weakref.WeakKeyDictionary, repr=False)

    def __post_init__(self) -> None:
        cards.set_face_style(self.settings.card_faces)
        self._nav: Navigation | None = None

    @property
    def nav(self) -> Navigation:
        """Where the scenes lead: the only way one scene opens another."""
        if self._nav is None:
            self._nav = self.navigator(self)
        return self._nav

    # -- settings ------------------------------------------------------------------------
    def animation_factor(self) -> float:
        """Multiplier for animation durations (0: no animation)."""
        return self.settings.animation_factor

    def ai_pace(self) -> float:
        """Seconds between two AI moves, following the animation speed."""
        return BASE_AI_PACE * self.settings.animation_factor

    def update_settings(self, settings: Settings) -> None:
        """Apply and save new settings (sound, fullscreen, card colours, language)."""
        old, self.settings = self.settings, settings
        if old.language != settings.language:
            self.apply_language()
        if isinstance(self.audio, Audio):
            self.audio.enabled = settings.sound_enabled
            self.audio.volume = settings.volume
        if old.fullscreen != settings.fullscreen:
            self.window.set_fullscreen(settings.fullscreen)
        if old.four_colour_suits != settings.four_colour_suits:
            cards.clear_cache()
        cards.set_face_style(settings.card_faces)
        if self.session is not None:
            self.session.ai_pace = self.ai_pace()
        if self.persist:
            message = storage.save_settings(settings)
            if message:
                self.notices.append(message)

    def apply_language(self) -> None:
        """Speak the settings' language from now on: every scene rewords itself at once."""
        i18n.set_language(self.settings.language)
        self.window.retitle()
        for scene in self.scenes.scenes():
            scene.retranslate()

    def toggle_fullscreen(self) -> None:
        """Switch between fullscreen and a window (and remember it)."""
        self.update_settings(dataclasses.replace(
            self.settings, fullscreen=not self.settings.fullscreen))

    def play_sound(self, name: str) -> None:
        """Play a sound effect if sound is on."""
        self.audio.play(name)

    # -- games ---------------------------------------------------------------------------
    def new_session(self, config: GameConfig) -> GameSession:
        """Start a new match (it becomes the current one)."""
        self.close_session()
        self.session = GameSession(config, player_factory=self.player_factory,
                                   ai_pace=self.ai_pace(), clock=self.clock)
        if self.review_search is not None:
            self.session.round_grades.config = self.review_search
        self.save_session()
        return self.session

    def close_session(self) -> None:
        """Stop the current match's AI work (after saving it)."""
        if self.session is not None:
            self.save_session()
            self.session.close()
            self.session = None
        self.save_problem = None

    def save_session(self) -> bool:
        """Save the current match (or forget the save once the match is over).

        Returns whether the match is safe: saved, over, or nothing to save. A failure is
        kept in :attr:`save_problem` (shown on the table) until a save succeeds.
        """
        session = self.session
        if session is None or not self.persist:
            return True
        if session.position.phase == MATCH_OVER:
            self.record_result(session)
            message = storage.clear_game()
            self.save_problem = None
            if message:
                log.warning("%s", message)
            return True
        message = storage.save_game(save_data(session))
        if message:
            log.warning("%s", message)
        self.save_problem = message
        return message is None

    def game_at_risk(self) -> bool:
        """Whether leaving now would lose the current match (its last save failed)."""
        return (self.persist and self.session is not None and self.save_problem is not None
                and self.session.position.phase != MATCH_OVER)

    def record_result(self, session: GameSession) -> None:
        """Add a finished match with a human seat to the statistics, once."""
        result = match_result(session)
        if result is None or self.recorded is session or not self.persist:
            return
        self.recorded = session
        statistics, messages = stats.record_match(result)
        self.track = statistics.track
        self.notices.extend(messages)

    def record_accuracy(self, session: GameSession) -> None:
        """Keep the accuracy of each round of a real match once its grading is done (for
        the progress page); a round is looked at until then, and counted once."""
        seats = session.human_seats()
        if not self.persist or not session.deals_rounds or not seats:
            return
        recorded = self.rounds_recorded.setdefault(session, set())
        for play in session.plays:
            if play.round_no in recorded:
                continue
            done, total = session.round_grades.progress(play, seats)
            if done < total:
                continue
            recorded.add(play.round_no)
            grades = [d for d in session.round_grades.grades(play.round_no).values()
                      if d.seat in seats]
            accuracy = summarise(grades).accuracy
            if accuracy is not None:
                self.notices.extend(stats.record_round(accuracy, opponents_of(session),
                                                       session.players))

    def saved_session(self) -> tuple[GameSession | None, str | None]:
        """The interrupted match, if there is a usable one, and a message for the player.

        A save that cannot be restored, for whatever reason, is set aside (never deleted)
        and the message says so in one sentence.
        """
        if not self.persist:
            return None, None
        data, message = storage.load_game()
        if data is None:
            return None, message
        try:
            session = restore_session(data, player_factory=self.player_factory,
                                            ai_pace=self.ai_pace(), clock=self.clock)
        except ValueError as error:
            return None, storage.refuse_game(str(error), f"cannot be continued: {error}")
        except Exception as error:  # any other failure must not lose the file either
            log.exception("restoring the saved game failed")
            return None, storage.refuse_game(
                _("the game could not be set up again ({error})").format(
                    error=type(error).__name__), repr(error))
        if self.review_search is not None:
            session.round_grades.config = self.review_search
        return session, message

    def check_saved_game(self) -> None:
        """At start: if the interrupted match cannot be restored, set it aside and say so."""
        if not self.persist or not os.path.lexists(storage.saved_game_path()):
            return
        session, message = self.saved_session()
        if session is not None:
            session.close()
        if message:
            self.notices.append(message)

    def has_saved_game(self) -> bool:
        """Whether Continue has something to continue."""
        return self.persist and os.path.isfile(storage.saved_game_path())

    def resume_session(self, session: GameSession) -> None:
        """Make a restored match the current one."""
        self.close_session()
        self.session = session
