"""The "Learn to play" lessons: short steps on the real table, judged by the rules core.

Each :class:`Step` is a prepared position in the rules core's notation (or "" to go on
from the previous step), one or two sentences, a task, the moves that fulfil it, answers
for tempting legal moves that are not what the step asks, and an optional scripted reply
of the opponent. Each :class:`Lesson` ends with a one-line summary of its rule. Game words
come from :mod:`diloti_desktop.glossary`. :class:`LessonCoach` runs a lesson for a
:class:`~diloti_desktop.controller.guided.GuidedSession`. No pygame here.

The tests check every position parses, every expected move and reply is legal where it
is played, and complete every lesson through the real table with the mouse.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Final

from diloti_desktop.i18n import N_, _
from diloti_desktop.rules.cards import CARDS, RANK, RANK_MASK
from diloti_desktop.rules.explain import pile_label, why_illegal
from diloti_desktop.rules.movegen import is_legal
from diloti_desktop.rules.moves import Move, MoveKind, make_move
from diloti_desktop.rules.position import PLAY, Position

HUMAN_SEAT: Final = 0


@dataclass(frozen=True)
class Step:
    """One task on the table."""

    position: str               #: rules core notation; "" goes on from the previous step
    text: str                   #: one or two sentences (marked with N_)
    task: str                   #: what to do (marked with N_)
    expect: tuple[str, ...]     #: moves (notation) that fulfil the task
    wrong: tuple[tuple[str, str], ...] = ()  #: (legal move, why it is not what is asked)
    reply: str = ""             #: the opponent's scripted answer to the expected move
    done: str = ""              #: said once the task is done (marked with N_)


@dataclass(frozen=True)
class Lesson:
    """A few steps and the rule they teach, in one line."""

    key: str
    title: str
    steps: tuple[Step, ...]
    summary: str
    #: A move (notation, legal or not) the tests try as a mistake in the first step.
    mistake: str = ""
    terms: tuple[str, ...] = field(default=())  #: glossary terms the lesson introduces


LESSONS: Final[tuple[Lesson, ...]] = (
    Lesson("play", N_("Playing a card"), (
        Step("hands=9H6S/KC8D loose=6D2C played=5",
             N_("Each turn you play one card from your hand. The cards face up on the table "
                "are loose cards: you may take a card of the same value."),
             N_("Drag your 6♠ onto the 6♦ to take it."),
             ("6S x 6D",),
             (("9H", N_("Laying the 9♥ is allowed, but here you can take a card: drag the "
                        "6♠ onto the 6♦.")),),
             reply="8D",
             done=N_("Both sixes go to your capture pile, at the right. North laid the 8♦.")),
        Step("",
             N_("When your card takes nothing, you lay it: it becomes a loose card."),
             N_("Your 9♥ can take nothing. Drag it onto the empty green felt to lay it."),
             ("9H",),
             done=N_("The 9♥ now lies on the table; anyone holding a 9 may take it.")),
    ), N_("Take a loose card with a card of the same value, or lay your card on the table."),
        mistake="9H", terms=("loose card", "capture")),
    Lesson("match", N_("Several cards of one value"), (
        Step("hands=4S7H/KD9C loose=4H4C8S played=7",
             N_("One card may take every loose card of its value at once. To point at "
                "several cards, click them first, then drop your card on the last one."),
             N_("Click the 4♥, then drag your 4♠ onto the 4♣: it takes both."),
             ("4S x 4C 4H",),
             (("4S x 4H", N_("That takes only one 4. Click the other 4 first, then drop "
                             "your 4♠ on the last one to take both.")),
              ("4S x 4C", N_("That takes only one 4. Click the other 4 first, then drop "
                             "your 4♠ on the last one to take both."))),
             done=N_("Three fours in one go.")),
    ), N_("A card from Ace to 10 takes as many loose cards of its value as you point at."),
        mistake="4S x 4H"),
    Lesson("faces", N_("Jacks, Queens and Kings"), (
        Step("hands=KS7C/8H3D loose=KH5DKC played=9",
             N_("Face cards (Jacks, Queens and Kings) have no number; the cards from Ace to "
                "10 are numerals. A King takes one loose King, never two, and never anything "
                "else."),
             N_("Take one of the Kings with your K♠."),
             ("KS x KH", "KS x KC"),
             done=N_("One King each time: the other stays for someone else.")),
        Step("hands=QC8H/5S2D loose=QD3S played=9",
             N_("While a loose face card of its rank lies on the table, a face card cannot "
                "be laid: it must take it."),
             N_("Try to lay your Q♣ on the empty felt and read why it is refused. Then take "
                "the Q♦ with it."),
             ("QC x QD",),
             done=N_("Face cards only ever take their own rank, one at a time.")),
    ), N_("A Jack, Queen or King takes exactly one loose card of its own rank, nothing else."),
        mistake="KS x KC KH", terms=("face card", "numeral")),
    Lesson("sums", N_("Adding up"), (
        Step("hands=7DQS/9C4H loose=2C5H9S played=9",
             N_("A numeral also takes loose cards whose values add up to its own. An Ace "
                "counts 1."),
             N_("2♣ and 5♥ make 7: click the 2♣, then drag your 7♦ onto the 5♥."),
             ("7D x 2C 5H",),
             reply="9C x 9S",
             done=N_("2 + 5 = 7: both are yours. North then took the 9♠ with a 9 and left the "
                     "table empty: a sweep, called a xeri, worth 10 points (lesson 11).")),
        Step("hands=6HQS/8D4C loose=AH2D3CJC played=11",
             N_("A sum may have three cards or more."),
             N_("Take the A♥, 2♦ and 3♣ with your 6♥ (1 + 2 + 3 = 6)."),
             ("6H x AH 2D 3C",),
             done=N_("A face card such as the J♣ never joins a sum.")),
    ), N_("A numeral takes loose cards that add up to its value; face cards never count."),
        mistake="7D x 2C 9S", terms=("sum", "xeri")),
    Lesson("groups", N_("Several groups at once"), (
        Step("hands=8H4C/KD5S loose=8S3C5DKH2H played=9",
             N_("In one capture you may take cards of your card's value and sums together, "
                "as long as each table card is used once."),
             N_("Your 8♥ can take the 8♠ and 3♣ + 5♦ together: click the 8♠ and the 3♣, "
                "then drop your 8♥ on the 5♦."),
             ("8H x 3C 5D 8S",),
             (("8H x 8S", N_("That is allowed, but it leaves 3♣ + 5♦, which make 8 too: "
                             "take them in the same move.")),
              ("8H x 3C 5D", N_("That is allowed, but it leaves the 8♠: take it in the "
                                "same move."))),
             done=N_("Three table cards with one card: four cards for your capture pile.")),
    ), N_("One capture may take any number of cards of its value and sums, each card used "
          "once."),
        mistake="8H x 8S"),
    Lesson("declare", N_("Declaring a pile"), (
        Step("hands=3D8CKH/4HJS loose=5S9D played=9",
             N_("You may put a numeral on loose cards and announce their total (10 at most): "
                "a declaration. The cards become your pile, and you must keep a card of that "
                "value to take it later."),
             N_("Drag your 3♦ onto the 5♠ to declare 8: you keep the 8♣ to take it."),
             ("3D =8 5S",),
             reply="4H",
             done=N_("The 8 is your pile. Its label, \"plain 8 — You\", says it is one group "
                     "adding up to 8 (a plain pile) and that it is yours. North laid the 4♥.")),
        Step("",
             N_("Nobody can take the 3♦ or the 5♠ alone any more: only a card worth 8 takes "
                "the whole pile."),
             N_("Take your pile with the 8♣."),
             ("8C x [3D5S]",),
             done=N_("Declared, then taken: three cards for your side.")),
        Step("hands=2C7H/KD loose=4S played=11",
             N_("You may declare only a value you still hold after playing."),
             N_("Drop your 2♣ on the 4♠ to try declaring 6, and read why it is refused. "
                "Then lay the 2♣ on the empty felt instead."),
             ("2C",),
             done=N_("No 6 in hand, so no 6 to declare.")),
    ), N_("Declare a pile only when you keep another card of its value: that card takes it."),
        mistake="KH x 5S", terms=("pile", "declaration", "plain pile")),
    Lesson("duties", N_("The owner's duties"), (
        Step("hands=6S7H8C/5D9C piles=P8@0:3D5S loose=6C played=11",
             N_("While you own a pile you may not lay a card or declare another pile. You may "
                "still capture anywhere."),
             N_("Try to lay the 7♥ and read why it is refused. Then take the 6♣ with your "
                "6♠."),
             ("6S x 6C",),
             (("8C x [3D5S]", N_("Taking your pile is allowed, but this step asks for the "
                                 "6♣: take it with your 6♠.")),),
             done=N_("A capture elsewhere is always allowed.")),
        Step("hands=8C2S/5D9C piles=P8@0:3D5S loose=6H2D played=13",
             N_("Your last card of the pile's value may only be used to take the pile."),
             N_("The 8♣ is your last 8. Take your pile with it, and the 6♥ + 2♦ in the "
                "same move: click the 6♥ and the 2♦, then drop the 8♣ on the pile."),
             ("8C x 2D 6H [3D5S]",),
             (("8C x [3D5S]", N_("That is allowed, but 6♥ + 2♦ make 8 too: click them "
                                 "first and take them with the pile.")),),
             done=N_("The pile and the 6♥ + 2♦ are yours, and your duty is over. The table is "
                     "empty too: a xeri, 10 points.")),
    ), N_("A pile's owner may not lay or declare again, and must keep the last card of its "
          "value to take it."),
        mistake="7H", terms=("owner", "obligation")),
    Lesson("raise", N_("Raising a pile"), (
        Step("hands=AS6HKD/5H4C piles=P5@1:2C3D loose=9S played=11",
             N_("North owns a plain 5. You may add one card from your hand to an opponent's "
                "plain pile to raise it (10 at most), if you keep a card of the new value."),
             N_("Drop your A♠ on North's 5 to raise it to 6: you keep the 6♥."),
             ("AS ^6 [2C3D]",),
             reply="4C",
             done=N_("The 6 is yours now, and so is the duty; North is free and laid the "
                     "4♣.")),
        Step("",
             N_("Now take the pile you raised."),
             N_("Take your 6 with the 6♥."),
             ("6H x [AS2C3D]",),
             done=N_("North's cards and your Ace come home.")),
    ), N_("Add one card to an opponent's plain pile (10 at most) and keep one of the new "
          "value: the pile becomes yours."),
        mistake="AS =10 9S", terms=("raise",)),
    Lesson("family", N_("Families"), (
        Step("hands=6S6H/9D5C loose=6D9C played=11",
             N_("A family is a pile of parts that each make the same value: two 6s make a "
                "family of sixes, never a twelve."),
             N_("Drop your 6♠ on the 6♦ and choose the family of sixes: you keep the 6♥."),
             ("6S *6 6D",),
             (("6S x 6D", N_("Taking the 6♦ is allowed, but this step asks for a family: "
                             "drop the 6♠ on the 6♦ again and choose the family of 6s.")),),
             reply="9D x 9C",
             done=N_("The family of sixes is yours. Nobody can raise a family.")),
        Step("",
             N_("Only a card of the family's value takes it, whole. An owner may also turn "
                "their own pile into a family."),
             N_("Take your family with the 6♥."),
             ("6H x [6S6D]",),
             done=N_("Three sixes for your side, and the table is empty: a xeri, 10 points.")),
    ), N_("A family groups parts of the same value; only a card of that value takes it, and "
          "nobody can raise it."),
        mistake="6S", terms=("family",)),
    Lesson("piles", N_("Taking piles"), (
        Step("hands=9H3S/9C piles=P9@1:4C5D loose=2S7D played=11",
             N_("Anyone holding a card of a pile's value may take it, whoever owns it."),
             N_("Take North's 9 with your 9♥, and the 2♠ + 7♦ too: click them, then drop "
                "on the pile."),
             ("9H x 2S 7D [4C5D]",),
             (("9H x [4C5D]", N_("That is allowed, but 2♠ + 7♦ make 9 as well: click them "
                                 "first.")),
              ("9H x 2S 7D", N_("That is allowed, but North's pile of 9 is worth taking "
                                "too: drop on it after clicking 2♠ and 7♦."))),
             done=N_("North's pile is yours, and North is freed of it. The table is empty: a xeri, "
                     "10 points.")),
        Step("hands=TS7S/7C piles=P7@1:3C4D loose=3H played=13",
             N_("A pile never joins a sum: 7 + 3 is not 10."),
             N_("Try to take the pile and the 3♥ with your 10♠, read why, then take the pile "
                "with your 7♠."),
             ("7S x [3C4D]",),
             done=N_("Piles are taken only by their exact value.")),
    ), N_("Any card of a pile's exact value takes the whole pile; a pile never joins a sum."),
        mistake="9H x [4C5D]"),
    Lesson("xeri", N_("Xeri: sweeping the table"), (
        Step("hands=8S2D/KC5H loose=3H5C played=12",
             N_("A capture that leaves the table completely empty is a xeri, worth 10 "
                "points."),
             N_("Take both cards with your 8♠ and sweep the table."),
             ("8S x 3H 5C",),
             (("2D", N_("Laying is allowed, but your 8♠ can clear the table for 10 "
                        "points.")),),
             done=N_("Xeri! 10 points.")),
        Step("hands=TS5H8DJC3S9S/4C6H7SKH2H9H loose=AS2C3D4S stock=- played=0",
             N_("A round lasts until all 52 cards are played. Its very first card never "
                "scores a xeri, even when it takes all four cards on the table."),
             N_("This is the round's first card: take all four with your 10♠ (1+2+3+4)."),
             ("TS x AS 2C 3D 4S",),
             done=N_("Four cards, but no xeri: it was the first card.")),
        Step("hands=7C/- loose=3S4D last=1 played=49 "
             "captured=ASAH2H2D2C3D3C4C5S5H5C7S7H8S8C9S9DJSJHJCQCKSKH/"
             "ADAC2S3H4S4H5D6S6H6D6C7D8H8D9H9CTSTHTDTCJDQSQHQDKDKC",
             N_("The last card of the round does score a xeri when it really takes "
                "everything."),
             N_("Play the round's last card: take the 3♠ and 4♦ with your 7♣."),
             ("7C x 3S 4D",),
             done=N_("A last-card xeri: the round is over and scored.")),
    ), N_("Clearing the table is a xeri (10 points), except with the round's first card; the "
          "last card counts."),
        mistake="2D", terms=("round",)),
    Lesson("leftovers", N_("The end of a round"), (
        Step("hands=9S/- loose=4C5DKH last=1 played=50 "
             "captured=AS2S2H2C3H3C4S4D5C6D7H7C8S8H8C9DTHTDJHJDJCQHKSKC/"
             "AHADAC2D3S3D4H5S5H6S6H6C7S7D8D9H9CTSTCJSQSQDQCKD",
             N_("When every card is played, the cards left on the table go to whoever "
                "captured last. That is never a xeri."),
             N_("North captured last. Take the 4♣ + 5♦ with your 9♠: then the K♥ left over "
                "goes to you too."),
             ("9S x 4C 5D",),
             (("9S", N_("Laying is allowed, but then North, who captured last, gets every "
                        "card left on the table. Capture instead.")),),
             done=N_("The K♥ came to you as a leftover.")),
    ), N_("At the end of a round the leftovers go to the last side that captured, never as a "
          "xeri."),
        mistake="9S x KH", terms=("leftovers", "deal", "stock")),
    Lesson("scoring", N_("Scoring and the majority"), (
        Step("hands=TC/7S loose=TD2H last=1 played=46 "
             "captured=ASAH2D3S3H3C4C5S5H6S6H6C7H7C8S8H8D9S9DTSJHQCKSKHKC/"
             "ADAC2S2C3D4S4H4D5D5C6D7D8C9H9CTHJSJDJCQSQHQDKD",
             N_("Points are counted at the end of each round: 27 cards or more (the "
                "majority) 4, each Ace 1, the 10♦ 2, the 2♣ 1, each xeri 10. You have 25 "
                "cards."),
             N_("Take the 10♦ with your 10♣: 2 points, and cards 26 and 27."),
             ("TC x TD",),
             reply="7S",
             done=N_("North laid its last card; the 2♥ and 7♠ left over are yours. Look at "
                     "the round's points.")),
    ), N_("Each round: 4 points for 27 cards or more, 1 per Ace, 2 for the 10♦, 1 for the 2♣, "
          "10 per xeri."),
        mistake="TC", terms=("majority", "point cards", "match")),
    Lesson("partners", N_("Four players"), (
        Step("rules=4p hands=AS8H/5C2D/9S3H/KD6C piles=P8@2:3S5H played=9",
             N_("With four players, the partner opposite you shares your captures and "
                "score. A pile's duties bind only its owner."),
             N_("Your partner North owns the plain 8. Try to raise it with the A♠ and read "
                "why it is refused; then take it with your 8♥."),
             ("8H x [3S5H]",),
             done=N_("Your partner's pile is in your side's captures, and the empty table is a "
                     "xeri for your side: a partner may take it, never raise it.")),
        Step("rules=4p hands=4SQH/9C8D/7CJS/6SKD loose=5D "
             "captured=ASAHADAC2S2H2D2C3S3H3D3C4H4D4C5S5H5C6H6D/"
             "6C7S7H7D8S8H8C9S9H9DTSTHTDTCJHJDJCQSQDQCKSKHKC last=1 played=43",
             N_("Play goes to your right: after you comes East, an opponent, then your partner "
                "North, then West."),
             N_("Lay a card that East cannot use to empty the table: your Q♥, not the 4♠."),
             ("QH",),
             (("4S", N_("5♦ + 4♠ make 9: East, who plays next, could take both with a 9 and "
                        "empty the table. Lay the Q♥.")),),
             reply="8D",
             done=N_("East laid the 8♦: the Q♥ cannot join a sum, so nothing was swept.")),
        Step("rules=4p hands=KH/-/-/- loose=3C7D "
             "captured=ASAHADAC2S2H2D2C3S3H3D4S4H4D4C5S5H5D5C6S6H6D6C7S/"
             "7H7C8S8H8D8C9S9H9D9CTSTHTDTCJSJHJDJCQSQHQDQCKSKDKC last=2 played=49",
             N_("Your partner North made the round's last capture so far. You hold the very "
                "last card."),
             N_("Lay your K♥: the cards left on the table go to your side."),
             ("KH",),
             done=N_("The leftovers went to your side, because your partner captured last.")),
    ), N_("Partners share captures and score; you may take your partner's pile, not raise it; "
          "East plays right after you."),
        mistake="AS ^9 [3S5H]", terms=("partner",)),
    Lesson("last_capture", N_("Playing well: the last capture"), (
        Step("hands=4S7D/5C loose=4H5DTDKS "
             "captured=ASAHADAC2S2H2D2C3S3H3D3C4D4C5S5H6S6H6D6C/"
             "7S7H7C8S8H8D8C9S9H9D9CTSTHTCJSJHJDJCQSQHQDQCKHKDKC last=1 played=45",
             N_("From here on the lessons are about playing well. The side that captures "
                "last gets every card left on the table, so keep a capture for your last "
                "card."),
             N_("Lay your 7♦ now. Keep the 4♠ to take the 4♥ with the round's last card."),
             ("7D",),
             (("4S x 4H", N_("Taking the 4♥ now is allowed, but if North then captures with "
                             "its last card, North gets the leftovers, the 10♦ too. Lay the "
                             "7♦.")),),
             reply="5C x 5D",
             done=N_("North took the 5♦. Your 4♠ can still capture last.")),
        Step("",
             N_("This is the round's last card."),
             N_("Take the 4♥ with your 4♠: the last capture is yours."),
             ("4S x 4H",),
             done=N_("The 10♦, the K♠ and your 7♦ came to you as leftovers: 2 points.")),
    ), N_("The last capture takes the leftovers: keep a capture for your last card."),
        mistake="4S x 4H"),
    Lesson("counting", N_("Playing well: counting cards"), (
        Step("hands=8S6D/6C2H loose=- "
             "captured=ASAHADAC2S2D2C3S3H3D3C4S4H4D4C5S5H8H8D8C/"
             "5D5C6S6H7S7H7D7C9S9H9D9CTSTHTDTCJSJHJDJCQSQHQDQCKSKHKDKC last=1 played=48",
             N_("Count what has been played. The 8♥, 8♦ and 8♣ are gone, so your 8♠ is the "
                "last 8: nobody can take it with a card of the same value."),
             N_("The table is empty and you must lay a card. Lay the 8♠."),
             ("8S",),
             (("6D", N_("A 6 is still out there: if North holds it, North takes your 6♦ "
                        "and empties the table, a xeri. Lay the 8♠, the last 8.")),),
             reply="2H",
             done=N_("North could not take your 8♠. The last card of a value is safe.")),
    ), N_("Count the cards played: the last card of a value is safe to lay."),
        mistake="6D"),
    Lesson("no_sweep", N_("Playing well: leave no sweep"), (
        Step("hands=3SKH/9C5D loose=6D "
             "captured=ASAHADAC2S2H2D2C3H3D3C4S4H4D4C5S5H5C6S6H/"
             "6C7S7H7D7C8S8H8D8C9S9H9DTSTHTDTCJSJHJDJCQSQHQDQCKSKDKC last=1 played=47",
             N_("Before you lay a card, add up what the table will hold. If one card could "
                "take it all, the next player may sweep it: a xeri."),
             N_("Lay your K♥, not the 3♠: 6 + 3 = 9, and a 9 would take everything."),
             ("KH",),
             (("3S", N_("6♦ + 3♠ make 9: a 9 takes both and empties the table, a xeri for "
                        "North. Lay the K♥.")),),
             reply="5D",
             done=N_("A face card never joins a sum: nobody can empty this table.")),
    ), N_("Before you lay, ask what the next player could take: never leave a sweep."),
        mistake="3S"),
    Lesson("protect", N_("Playing well: declare to protect points"), (
        Step("hands=6S9D/3DQC loose=AH2C "
             "captured=ASADAC2S2H2D3S3H3C4S4H4D4C5S5H5D5C6H6D6C/"
             "7S7H7D7C8S8H8D8C9S9H9CTSTHTDTCJSJHJDJCQSQHQDKSKHKDKC last=1 played=46",
             N_("The A♥ and 2♣ are worth a point each, and 1 + 2 = 3: a 3 takes both. In "
                "your pile, only a 9 can take them."),
             N_("Click the A♥, then drop your 6♠ on the 2♣ to declare 9: you keep the 9♦."),
             ("6S =9 AH 2C",),
             (("6S", N_("Laying the 6♠ leaves the A♥ and 2♣ loose: a 3 takes both, and "
                        "their 2 points. Declare 9 instead.")),),
             reply="3D",
             done=N_("North's 3♦ found nothing to take.")),
        Step("",
             N_("Your pile is still there, with its 2 points."),
             N_("Take your pile with the 9♦."),
             ("9D x [AH2C6S]",),
             done=N_("The A♥ and the 2♣ are yours: 2 points.")),
    ), N_("Declare a pile to keep point cards out of reach until you take them."),
        mistake="6S"),
    Lesson("family_wins", N_("Playing well: a family or a capture?"), (
        Step("hands=3S8D/AD9C loose=5C8C "
             "captured=ASAHAC2S2H2D2C3H3D3C4S4H4D4C5S5H5D6S6H6D/"
             "6C7S7H7D7C8S8H9S9H9DTSTHTDTCJSJHJDJCQSQHQDQCKSKHKDKC last=1 played=46",
             N_("A plain pile can be raised and taken from you. A family cannot. Your 3♠ + "
                "5♣ make 8, and so does the 8♣."),
             N_("Click the 5♣, then drop your 3♠ on the 8♣ to make a family of 8s: you keep "
                "the 8♦."),
             ("3S *8 5C 8C",),
             (("3S =8 5C", N_("A plain 8 can be raised: an Ace makes it 9, and a 9 takes "
                              "it. Make a family with the 8♣ instead.")),
              ("8D x 8C", N_("Taking the 8♣ leaves the 5♣, and your 3♠ has nowhere safe "
                             "to go: North may sweep with a 9. Make a family instead."))),
             reply="AD",
             done=N_("North could not raise your family and laid the A♦.")),
        Step("",
             N_("Only an 8 takes your family."),
             N_("Take your family with the 8♦."),
             ("8D x [3S5C8C]",),
             done=N_("Your family and your 8♦ are home: nobody could take them from you.")),
    ), N_("When a plain pile could be raised, a family keeps the cards yours."),
        mistake="3S =8 5C"),
    Lesson("race", N_("Playing well: the race for 27 cards"), (
        Step("hands=TS9D/TC9C loose=TD2S3D4HQH "
             "captured=ASAHADAC2H2D2C3S3H3C4S4D4C5S5H5D5C6S6H6D6C7S7H/"
             "7D7C8S8H8D8C9S9HTHJSJHJDJCQSQDQCKSKHKDKC last=1 played=43",
             N_("27 cards or more score 4 points. You have 23 cards: count before you "
                "take."),
             N_("Click the 2♠ and the 3♦, then drop your 9♦ on the 4♥: four cards make 27."),
             ("9D x 2S 3D 4H",),
             (("TS x TD", N_("The 10♦ is worth 2 points, but you stay below 27 cards and "
                             "North can take the 2♠ 3♦ 4♥: the majority's 4 points go to "
                             "North. Take the three cards with your 9♦.")),),
             reply="TC x TD",
             done=N_("North took the 10♦ (2 points), but your 27 cards are worth 4.")),
    ), N_("Near 27 cards, count: the majority's 4 points can beat a point card."),
        mistake="TS x TD"),
    Lesson("reading", N_("Playing well: read a declaration"), (
        Step("hands=2SQH/7C6D loose=5D piles=P7@1:3C4H "
             "captured=ASAHADAC2H2D2C3S3H3D4S4D4C5S5H5C6S6H6C7S/"
             "7H7D8S8H8D8C9S9H9D9CTSTHTDTCJSJHJDJCQSQDQCKSKHKDKC last=1 played=45",
             N_("A declaration tells you a card: North owns a pile of 7, so North keeps a 7."),
             N_("Lay your Q♥. Your 2♠ would make 5 + 2 = 7 beside North's pile."),
             ("QH",),
             (("2S", N_("5♦ + 2♠ make 7: North's 7 takes them with its pile and empties "
                        "the table, a xeri. Lay the Q♥.")),),
             reply="7C x [3C4H]",
             done=N_("North took its pile, but the 5♦ and Q♥ stay: no xeri.")),
    ), N_("An opponent's pile tells you a card they hold: leave nothing it can sweep."),
        mistake="2S"),
    Lesson("partner_play", N_("Playing well: help your partner"), (
        Step("rules=4p hands=7SKH/2H9C/7CQS/KDJD loose=6H piles=P7@2:AD2C4H "
             "captured=ASAHAC2S2D3S3H3D3C4S4D4C5S5H5D5C6S6D6C7H/"
             "7D8S8H8D8C9S9H9DTSTHTDTCJSJHJCQHQDQCKSKC last=1 played=40",
             N_("Opponents may raise your partner's plain pile and take it. East plays "
                "next, before your partner."),
             N_("Take your partner's 7 with your 7♠ now: its A♦ and 2♣ stay with your side."),
             ("7S x [AD2C4H]",),
             (("KH", N_("Then East may raise North's 7 and take it later: the A♦ and 2♣ "
                        "would go to the other side. Take the pile now.")),),
             reply="9C",
             done=N_("The pile's 2 points are safe in your side's captures.")),
        Step("rules=4p hands=8SKH/2DQS/9CJS/KDJD loose=AH piles=P9@2:4C5H "
             "captured=ASADAC2S2H2C3S3H3D3C4S4H4D5S5D5C6S6H6D6C/"
             "7S7H7D7C8H8D8C9S9H9DTSTHTDTCJHJCQHQDQCKSKC last=1 played=41",
             N_("Your partner North owns a pile of 9, so North keeps a 9. The other 9s are "
                "gone: nobody else holds a 9."),
             N_("Feed your partner: lay the 8♠ beside the A♥, which make 9 together."),
             ("8S",),
             (("KH", N_("Then North's 9 takes only the pile, and the A♥ stays for "
                        "someone else. Lay the 8♠: A♥ + 8♠ make 9 for North.")),),
             reply="2D",
             done=N_("East laid the 2♦. North's 9 can now take the pile, the A♥ and your "
                     "8♠.")),
    ), N_("Take your partner's pile before an opponent can raise it, and lay cards your "
          "partner can take."),
        mistake="KH"),
)


def lesson(key: str) -> Lesson:
    """The lesson named ``key``."""
    return next(item for item in LESSONS if item.key == key)


def move_ideas(move: Move) -> set[str]:
    """The glossary terms a move stands for when a sentence names it: "9♥ takes 3♣ 6♦" is
    a sum, "8♣ takes [3♦ 5♠]" takes a pile, a declaration, a family, a raise."""
    kind = {MoveKind.BUILD: "declaration", MoveKind.FAMILY: "family",
            MoveKind.RAISE: "raise"}.get(MoveKind(move.kind))
    found = {kind} if kind else set()
    if move.kind == MoveKind.CAPTURE:
        if move.piles:
            found.add("pile")
        if RANK[move.card] <= 10 and move.loose & ~RANK_MASK[RANK[move.card]]:
            found.add("sum")
    return found


def known_terms(current: Lesson) -> set[str]:
    """The terms a learner knows in ``current``: its own and the earlier lessons'."""
    keys = [item.key for item in LESSONS]
    last = keys.index(current.key) if current.key in keys else len(LESSONS) - 1
    return {key for item in LESSONS[:last + 1] for key in item.terms}


class LessonCoach:
    """Runs one lesson for a guided session: judges moves, scripts replies, moves on."""

    def __init__(self, current: Lesson) -> None:
        self.lesson = current
        self.known = known_terms(current)
        self.index = 0
        self._complete = False
        self._awaiting_reply = False
        self.finished = False

    @property
    def step(self) -> Step:
        """The current step."""
        return self.lesson.steps[self.index]

    def start(self) -> Position:
        """The first step's position."""
        return Position.parse(self.lesson.steps[0].position)

    def expected(self) -> list[Move]:
        """The moves that fulfil the current step."""
        return [Move.parse(text) for text in self.step.expect]

    def judge(self, position: Position, move: Move) -> str | None:
        """Accept an expected move; else say why it is not what the step asks."""
        if move in self.expected():
            return None
        for text, answer in self.step.wrong:
            if Move.parse(text) == move:
                return _(answer)
        if not move_ideas(move) <= self.known:
            return _("That move comes in a later lesson.")
        # short: the step's task is on screen just above the reply
        if move.kind == MoveKind.LAY:
            return _("Laying {card} is allowed, but it is not what this step asks.").format(
                card=CARDS[move.card].pretty())
        return _("{move} is allowed, but it is not what this step asks.").format(
            move=move.describe()[:1].upper() + move.describe()[1:])

    def refusal(self, position: Position, card: int, loose: int, piles: Sequence[int],
                reason: str) -> str:
        """The rules core's reason, unless it reads the gesture as a move the learner has
        not met yet (a sum, a declaration, a raise): then the reason of the reading the
        learner knows, a capture of exactly the pointed cards."""
        own = position.pile_owned_by(position.turn)
        if not loose and not piles:
            hand = position.hands[position.turn]
            last = RANK[card] == own.value if own is not None else False
            if last and own is not None and (hand & RANK_MASK[own.value]).bit_count() > 1:
                last = False
            if own is not None and "family" not in self.known and not last:
                # the rules core may name a family made with the pile: not met yet
                return _("you own the {pile}, so you cannot lay {card}; you may capture "
                         "anywhere, or take your pile").format(pile=pile_label(own),
                                                               card=CARDS[card].pretty())
            return reason  # laying: the rules core's reason is about laying
        name = CARDS[card].pretty()
        if "sum" not in self.known:
            if RANK[card] > 10:
                return _("{card} takes exactly one loose card of its own rank").format(
                    card=name)
            return _("{card} takes only loose cards of its own value, {value}").format(
                card=name, value=RANK[card])
        single_pile = len(piles) == 1 and not loose
        if "declaration" not in self.known or ("raise" not in self.known and single_pile):
            capture = make_move(MoveKind.CAPTURE, card, min(RANK[card], 10), loose,
                                tuple(piles))
            if not is_legal(position, capture):
                return why_illegal(position, capture)
        return reason

    def reply(self, position: Position) -> Move | None:
        """The scripted reply, once the expected move was played."""
        if self._awaiting_reply and self.step.reply:
            return Move.parse(self.step.reply)
        return None

    def played(self, seat: int, move: Move, after: Position) -> None:
        """Note the step's progress."""
        if seat == HUMAN_SEAT and move in self.expected():
            self._awaiting_reply = bool(self.step.reply) and after.phase == PLAY
            self._complete = not self._awaiting_reply
        elif self._awaiting_reply:
            self._awaiting_reply = False
            self._complete = True
        if after.phase != PLAY:
            self._complete = True
        if self._complete and self.index == len(self.lesson.steps) - 1:
            self.finished = True

    def step_complete(self) -> bool:
        """Whether the current step is done."""
        return self._complete

    def can_take_back(self) -> bool:
        """Undo may take back the learner's moves of the current step."""
        return True

    def taken_back(self) -> None:
        """Back to the step's position: the step is to do again (a finished lesson stays
        reported, its progress is kept)."""
        self._complete = False
        self._awaiting_reply = False
        self.finished = False

    def advance(self) -> Position | None:
        """The next step (its position, or None to go on); nothing after the last."""
        if self.index + 1 >= len(self.lesson.steps):
            return None
        self.index += 1
        self._complete = False
        self._awaiting_reply = False
        text = self.step.position
        return Position.parse(text) if text else None
