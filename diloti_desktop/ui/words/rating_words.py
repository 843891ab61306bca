"""The player's rating in words: "about 1,250 ± 180", the opponent suggested, and
whether a match was rated. Pure functions (the figures come from
:mod:`diloti_desktop.player_data.track`).
"""

from __future__ import annotations

from diloti_desktop.ai.player_rating import (
    TARGET_SCORE,
    Glicko,
    expected_score,
    level_ratings,
    start_rating,
    suggest,
)
from diloti_desktop.i18n import _, format_number
from diloti_desktop.player_data.track import Track
from diloti_desktop.ui.words.wording import level_label


def rating_value(rating: Glicko) -> str:
    """ "about 1,250 ± 180": the rating to the nearest 10, ± its 95% range."""
    return _("about {rating} ± {margin}").format(
        rating=format_number(round(rating.rating, -1)),
        margin=format_number(max(10, round(1.96 * rating.rd, -1))))


def rating_line(track: Track) -> str:
    """The statistics' and the match end's line on the player's rating."""
    if track.rating is None:
        return _("Your rating: none yet. Finish a match against the computer without help "
                 "and it is rated.")
    return _("Your rating: {value}").format(value=rating_value(track.rating))


def rating_note() -> str:
    """What the rating is, in one sentence."""
    return _("The rating is on the scale of the computer levels (Novice {novice}, Master "
             "{master}); ± covers 95% of what your results allow. Matches with help are "
             "not rated.").format(
                 novice=format_number(level_ratings().ratings["Novice"]),
                 master=format_number(level_ratings().ratings["Master"]))


def suggested_level(track: Track) -> str:
    """The level to face next (the player's rating, or a newcomer's)."""
    return suggest(track.rating or start_rating(), level_ratings())


def suggestion_line(track: Track) -> str:
    """ "Try Casual next: you should win a bit more than half of your matches"."""
    level = suggested_level(track)
    chance = expected_score((track.rating or start_rating()).rating,
                            level_ratings().ratings[level])
    if chance > TARGET_SCORE + 0.15:
        return _("Try {level} next: you should win most of your matches.").format(
            level=level_label(level))
    if chance < TARGET_SCORE - 0.15:
        return _("Try {level} next: the weakest level, a good place to start.").format(
            level=level_label(level))
    return _("Try {level} next: you should win a bit more than half of your "
             "matches.").format(level=level_label(level))


def match_rating_line(track: Track, assisted: bool, rated: bool) -> str | None:
    """The match end's words on the rating: the new rating, or why the match was not
    rated (help was used, or an opponent has no rating); None when the statistics were
    not written (nothing to say)."""
    if assisted:
        return _("Not rated: you had help (hints, undo or the tutor). Rated matches are "
                 "played without it.")
    if not rated:
        return _("Not rated: only matches against the computer levels are rated.")
    if track.rating is None:
        return None
    return _("Your rating: {value}").format(value=rating_value(track.rating))


__all__ = ["match_rating_line", "rating_line", "rating_note", "rating_value",
           "suggested_level", "suggestion_line"]
