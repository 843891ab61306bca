"""The game's words, explained once: the one source for the rules screen, the table's
tooltips, the lessons, the Advanced rules screen and the translation catalogs.

Each :class:`Term` has a name and a one- or two-sentence explanation written for someone
who has never played; each :class:`Variant` (one per house-rule field of
:class:`~diloti_desktop.rules.ruleset.Ruleset`) has a one-line explanation and an
example. Texts are marked with ``N_`` and translated where they are shown, through
:func:`term_name`, :func:`explain` and :func:`variant`. No pygame here.
"""

from __future__ import annotations

from typing import Final, NamedTuple

from diloti_desktop.i18n import N_, _


class Term(NamedTuple):
    """A word of the game and what it means (both untranslated, marked for extraction)."""

    key: str
    name: str
    meaning: str


TERMS: Final[tuple[Term, ...]] = (
    Term("numeral", N_("numeral"),
         N_("An Ace (worth 1) or a card from 2 to 10 (worth its number). Only numerals "
            "add up, capture by value and make piles.")),
    Term("face card", N_("face card"),
         N_("A Jack, Queen or King. It has no number: it only takes one loose face card "
            "of the same rank.")),
    Term("loose card", N_("loose card"),
         N_("A single card lying face up on the table, not part of a pile.")),
    Term("capture", N_("capture"),
         N_("Taking cards from the table with a card from your hand. Both go to your "
            "side's capture pile.")),
    Term("sum", N_("sum"),
         N_("Loose numerals whose values add up to the value of the card you play: your 7 "
            "takes 2 and 5 together.")),
    Term("pile", N_("pile"),
         N_("Cards stacked on the table by a declaration. They count as one value and can "
            "only be taken all together.")),
    Term("declaration", N_("declaration"),
         N_("Putting a card from your hand on table cards and announcing their total, to "
            "take them all with your next card of that value.")),
    Term("plain pile", N_("plain pile"),
         N_("A pile made of one group of cards adding up to its value, such as 3 and 5 "
            "declared as 8. An opponent may add a card to it to make it higher (a raise).")),
    Term("family", N_("family"),
         N_("A pile of several parts that each make the same value, such as two 6s: a "
            "family of sixes, never a twelve. Nobody can raise a family.")),
    Term("raise", N_("raise"),
         N_("Adding one card from your hand to an opponent's plain pile, making a higher "
            "value (10 at most). The pile becomes yours.")),
    Term("owner", N_("owner"),
         N_("The player who made a pile, or raised it last. The owner must keep a card of "
            "its value to take it.")),
    Term("obligation", N_("obligation"),
         N_("While you own a pile you may not lay, declare another pile or raise; you may "
            "capture, or turn your pile into a family. Your last card of its value may only "
            "take it.")),
    Term("xeri", N_("xeri"),
         N_("A sweep: a capture that leaves the table completely empty. It is worth 10 "
            "points.")),
    Term("xeristaki", N_("xeristaki"),
         N_("A house rule: a capture that leaves exactly one pile and nothing else on the "
            "table earns 5 points.")),
    Term("majority", N_("majority"),
         N_("Capturing 27 or more of the 52 cards in a round. It is worth 4 points; at "
            "26 each nobody gets them.")),
    Term("point cards", N_("point cards"),
         N_("Each Ace is worth 1 point, the 10♦ 2 points and the 2♣ 1 point.")),
    Term("stock", N_("stock"),
         N_("The cards not dealt yet, face down. When every hand is empty, six more cards "
            "go to each player from it.")),
    Term("deal", N_("deal"),
         N_("One handing out of six cards to every player. A round has four deals with "
            "two players, two with four.")),
    Term("round", N_("round"),
         N_("From the shuffle until every card is played. Points are counted once, at the "
            "end of each round.")),
    Term("leftovers", N_("leftovers"),
         N_("Cards still on the table when a round ends. They go to the side that captured "
            "last, and never count as a xeri.")),
    Term("match", N_("match"),
         N_("Rounds are played until a side reaches the target (61 points, or 101) at the "
            "end of a round.")),
    Term("partner", N_("partner"),
         N_("With four players, the player sitting opposite you. Partners share their "
            "captures and their score.")),
    Term("accuracy", N_("accuracy"),
         N_("The coach's mark for a round, from 0 to 100: 100 is the best move every time; "
            "each point lost per move, on average, halves it.")),
    Term("points per round", N_("points per round"),
         N_("How the coach measures a move: how many points of the round it wins or loses "
            "on average, compared with the best move.")),
    Term("inaccuracy", N_("inaccuracy"),
         N_("A move that loses more than 1.1 points per round compared with the best one.")),
    Term("mistake", N_("mistake"),
         N_("A move that loses more than 2.3 points per round compared with the best one.")),
    Term("blunder", N_("blunder"),
         N_("A move that loses more than 4.1 points per round compared with the best one.")),
    Term("forced", N_("forced"),
         N_("A turn with only one real choice. The coach shows it but does not count it in "
            "your accuracy.")),
)

_BY_KEY: Final = {term.key: term for term in TERMS}


def term(key: str) -> Term:
    """The term named ``key`` (KeyError when there is none)."""
    return _BY_KEY[key]


def term_name(key: str) -> str:
    """The translated name of a term."""
    return _(_BY_KEY[key].name)


def explain(key: str) -> str:
    """The translated explanation of a term."""
    return _(_BY_KEY[key].meaning)


def definition(key: str) -> str:
    """"Name: explanation", translated, for tooltips."""
    return _("{term}: {meaning}").format(term=term_name(key).capitalize(), meaning=explain(key))


class Variant(NamedTuple):
    """A house rule (a Ruleset field), explained in one line, with an example."""

    field: str
    name: str
    meaning: str
    example: str
    #: A position (rules core notation) that shows the example; "" when none helps.
    table: str = ""


VARIANTS: Final[tuple[Variant, ...]] = (
    Variant("xeri_points", N_("Xeri value"),
            N_("How many points a sweep is worth: 10 in the classic game, 5 as played in "
               "Crete."),
            N_("With 5, clearing the table with your 6 (taking a 6 and a 2 with a 4) "
               "scores 5 points instead of 10."),
            "hands=6S/- loose=2C4H6D played=5"),
    Variant("xeristaki", N_("Xeristaki"),
            N_("A capture that leaves exactly one pile and nothing else on the table earns "
               "5 points."),
            N_("Your 4 takes the last loose 4; only the opponent's plain 9 stays on the "
               "table: 5 points."),
            "hands=4S/9D loose=4H piles=P9@1:3D6C played=5"),
    Variant("locked_declarations", N_("Locked declarations"),
            N_("Nobody may raise a pile: once declared, its value stays until someone "
               "takes it."),
            N_("The opponent declared 5 with 2 and 3; you may no longer add your Ace to "
               "make it 6."),
            "hands=AS6H/5D piles=P5@1:2C3D played=5"),
    Variant("first_card_xeri", N_("First-card xeri"),
            N_("The very first card of a round may score a xeri when it clears the four "
               "starting cards."),
            N_("The table starts with Ace, 2, 3 and 4: a first card 10 that takes all four "
               "(1+2+3+4) scores a xeri."),
            "hands=TS/- loose=AH2C3D4S"),
    Variant("capture_all_of_rank", N_("Capture scope"),
            N_("With \"take every card of the rank\", a numeral that captures must take "
               "every loose card of its own rank at once."),
            N_("Two loose 5s lie on the table: your 5 must take both of them, not just "
               "one."),
            "hands=5S/- loose=5H5D9C played=5"),
    Variant("one_sum_group", N_("Sum groups per capture"),
            N_("With \"one\", a capture may take at most one group of cards that add up to "
               "its value (plus any cards of its rank)."),
            N_("Your 7 may take 3+4 or 2+5, but not both groups in the same turn."),
            "hands=7S/- loose=2C3D4H5S played=5"),
    Variant("layout_redeal", N_("Redeal the table's first four"),
            N_("When the four starting cards show three or four face cards of one rank "
               "(or, in the variant, three Jacks), they are dealt again."),
            N_("The table starts with three Queens and a 4: those four cards go back and "
               "four new ones are laid."),
            "loose=4SQHQDQC"),
    Variant("self_raise", N_("Raise your own pile"),
            N_("The owner of a plain pile may raise it too, not only an opponent."),
            N_("You declared 6 and hold 2 and 8: you may add the 2 to make your own pile "
               "an 8."),
            "hands=2S6H8C/- piles=P6@0:2D4H played=5"),
    Variant("raise_with_loose", N_("A raise may add loose cards"),
            N_("A raise may take loose numerals from the table into the pile along with "
               "the card from your hand."),
            N_("Raising the opponent's 4 with your Ace and the loose 2 makes it a 7."),
            "hands=AS7H/- loose=2D piles=P4@1:AC3C played=5"),
    Variant("partner_raise", N_("Raise your partner's pile"),
            N_("With four players, you may raise your partner's plain pile too (normally "
               "only opponents' piles)."),
            N_("Your partner declared 5; with a 3 and an 8 in hand you may make it 8."),
            "rules=4p hands=3S8H/-/-/- piles=P5@2:2C3D played=9"),
    Variant("target", N_("Play to"),
            N_("The score that ends the match: the first side to reach it at the end of a "
               "round wins."),
            N_("Playing to 61 takes about five rounds; 101 about eight."), ""),
)

_VARIANTS: Final = {variant.field: variant for variant in VARIANTS}


def variant(field: str) -> Variant:
    """The variant of a Ruleset field, translated (KeyError when there is none)."""
    found = _VARIANTS[field]
    return found._replace(name=_(found.name), meaning=_(found.meaning),
                          example=_(found.example))
