"""The puzzles in sentences: each theme's name and idea, a wrong try's answer, and why the
answer is better than the best other move.

The reasons come from :func:`diloti_desktop.ai.puzzle_ideas.contrast`, which records only
what differs between the answer's exact line and the other move's, so every sentence here
is true of the answer and not of the alternative. Every card is known in a puzzle: no
sentence here speaks of chances.
"""

from __future__ import annotations

from diloti_desktop.ai.puzzle_ideas import Contrast, Theme
from diloti_desktop.ai.refutation import Refutation
from diloti_desktop.controller import seat_name
from diloti_desktop.controller.guided import WrongTry
from diloti_desktop.i18n import N_, _, format_number, ngettext
from diloti_desktop.rules.cards import CARDS, pretty_cards, rank_name
from diloti_desktop.rules.position import Position
from diloti_desktop.ui.words.coach_words import refutation_text
from diloti_desktop.ui.words.wording import describe_move

#: A theme's short name (the puzzles' filter) and its idea for a newcomer.
THEMES: dict[Theme, tuple[str, str]] = {
    Theme.LEFTOVERS: (N_("The last capture"), N_(
        "The cards left on the table when the round ends go to whoever captured last: "
        "plan to make the last capture.")),
    Theme.ANSWER_CARD: (N_("Keep the answer"), N_(
        "Keep a card that can take what your opponent must still lay: do not spend it "
        "too early.")),
    Theme.SWEEP_DEFENCE: (N_("Stop the sweep"), N_(
        "Before you play, check whether the next player could then take every card on "
        "the table: a xeri gives them 10 points.")),
    Theme.SWEEP: (N_("Make a sweep"), N_(
        "Taking every card on the table at once, a xeri, is worth 10 points: look for "
        "one, and prepare it.")),
    Theme.POINTS: (N_("The point cards"), N_(
        "Aces, 10♦ and 2♣ score points: make sure they end in your pile, not your "
        "opponent's.")),
    Theme.MAJORITY: (N_("The race for cards"), N_(
        "27 cards or more win the majority, 4 points: count your cards, and take many "
        "when it is close.")),
    Theme.COUNTING: (N_("Counting cards"), N_(
        "Count the cards already played: a value nobody else holds any more is safe to "
        "leave on the table.")),
    Theme.DECLARATION: (N_("Declarations"), N_(
        "A declaration (a pile you promise to take later) pays only at the right moment: "
        "when nobody can take it before you.")),
}


def theme_name(theme: Theme) -> str:
    """A theme's short name: "The last capture"."""
    return _(THEMES[theme][0])


def idea_text(themes: tuple[Theme, ...]) -> str:
    """The ideas of a solved puzzle: "Idea: …" (one sentence per theme)."""
    if not themes:
        return ""
    return _("Idea: {ideas}").format(ideas=" ".join(_(THEMES[t][1]) for t in themes))


def _points(value: float) -> str:
    return format_number(value, 0 if float(value).is_integer() else 1)


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def wrong_try_text(wrong: WrongTry, position: Position, revealed: bool,
                   refutation: str = "") -> str:
    """A wrong try's answer: what it loses against the answer, what the opponent does
    next (``refutation``, a sentence, once known), then the tries left or the answer."""
    move = _capital(describe_move(wrong.move, position))
    if wrong.again:
        said = [_("{move}? That ends the same as an earlier try: it costs no try.").format(
            move=move)]
    elif wrong.loss is not None and wrong.loss > 0:
        said = [_("{move}? That loses {points} points by the end of the round against the "
                  "best move.").format(move=move, points=_points(wrong.loss))]
    else:
        said = [_("{move}? It is legal, but there is a better move.").format(move=move)]
    if refutation:
        said.append(refutation)
    if revealed:
        said.append(_("Here is the answer."))
    else:
        said.append(ngettext("{left} try left.", "{left} tries left.",
                             wrong.left).format(left=wrong.left))
    return " ".join(said)


def wrong_reason(refutation: Refutation | None, found: Contrast | None,
                 position: Position) -> str:
    """Why a wrong try loses, in a sentence: its refutation (what happens next), else
    the first difference of its exact line from the answer's that does not give the
    answer away: the last capture, the opponent's xeri, the point cards, the majority,
    a xeri of yours ("" if none)."""
    players = position.players
    if refutation is not None:
        return refutation_text(refutation, players)
    if found is None:
        return ""
    opponent = seat_name((position.turn + 1) % players, players)
    if found.leftovers_lost:
        return _("Then {player} makes the last capture and takes the cards left at the "
                 "end ({cards}).").format(player=opponent,
                                          cards=pretty_cards(found.leftovers_lost))
    if found.xeris_denied:
        return _("Later in this round {player} sweeps the table: a xeri, 10 points.").format(
            player=opponent)
    if found.point_cards and found.card_points > 0:
        return _("By the end of the round {cards} go to {player}.").format(
            cards=pretty_cards(found.point_cards), player=opponent)
    if found.majority > 0:
        return _("You end with {cards} cards: 27 or more win the majority, 4 points."
                 ).format(cards=found.other_cards)
    if found.xeris_won:
        return _("It gives up a xeri of yours later in this round: 10 points.")
    return ""


def why_lines(found: Contrast, position: Position) -> list[str]:
    """Why the answer beats the best other move: only what differs between them, the
    mechanism first (the card kept, the last capture, the sweeps, counting), then what it
    brings (the point cards, the majority), then the other move named with its cost."""
    players = position.players
    opponent = seat_name((position.turn + 1) % players, players)
    other = describe_move(found.other, position)
    said = []
    if found.kept >= 0:
        said.append(_("You keep {card} to take {player}'s {taken} when it is laid.")
                    .format(card=CARDS[found.kept].pretty(), player=opponent,
                            taken=CARDS[found.answered].pretty()))
    if found.leftovers:
        said.append(ngettext(
            "You make the last capture, so the {count} card left on the table at the end "
            "is yours.",
            "You make the last capture, so the {count} cards left on the table at the end "
            "are yours.", found.leftovers.bit_count()).format(
                count=found.leftovers.bit_count()))
    elif found.leftovers_lost:
        said.append(_("Otherwise {player} makes the last capture and takes the cards "
                      "left at the end ({cards}).").format(
                          player=opponent, cards=pretty_cards(found.leftovers_lost)))
    if found.xeris_denied:
        said.append(_("With the next best move, {player} sweeps the table: a xeri, 10 "
                      "points.").format(player=opponent))
    if found.xeris_won:
        said.append(_("It leads to your own xeri (you take every card on the table): "
                      "10 points."))
    if found.counted_value:
        said.append(_("Every other {rank} has been played or is in your hand, so nobody "
                      "can take what you leave.").format(rank=rank_name(found.counted_value)))
    if found.point_cards and found.card_points > 0:
        said.append(ngettext("{cards} ends in your pile, not in {player}'s.",
                             "{cards} end in your pile, not in {player}'s.",
                             found.point_cards.bit_count()).format(
            cards=pretty_cards(found.point_cards), player=opponent))
    if found.majority > 0:
        said.append(_("You end with {cards} cards instead of {other_cards}: 27 or more win "
                      "the majority, 4 points.").format(cards=found.cards,
                                                        other_cards=found.other_cards))
    said.append(_("Next best: {other} ({points} points less by the end of the round).").format(
        other=other, points=_points(found.points)))
    return said
