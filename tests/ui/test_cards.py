"""Card faces and backs: sizes, caching, distinctness and colours."""

from __future__ import annotations

import itertools

import pygame
import pytest

from diloti_desktop.ui.kit import card_art as cards
from diloti_desktop.ui.kit import suits
from diloti_desktop.ui.kit.suits import CLUBS, DIAMONDS, HEARTS, SPADES

ALL_CARDS = list(itertools.product(cards.RANKS, suits.SUITS))


def pixels(surface: pygame.Surface) -> bytes:
    return bytes(pygame.image.tobytes(surface, "RGBA"))


def colour_count(surface: pygame.Surface, colour: tuple[int, int, int], tolerance: int = 40) -> int:
    """How many opaque pixels are within ``tolerance`` of ``colour`` on every channel."""
    data = pixels(surface)
    red, green, blue = colour
    return sum(1 for r, g, b, a in zip(data[0::4], data[1::4], data[2::4], data[3::4],
                                       strict=True)
               if a > 200 and abs(r - red) <= tolerance and abs(g - green) <= tolerance
               and abs(b - blue) <= tolerance)


@pytest.mark.parametrize("width", [cards.MIN_WIDTH, 48, 71, 72, 100, 157, 240])
def test_every_face_and_the_back_render_at_the_card_size(width: int) -> None:
    size = cards.card_size(width)
    assert size == (width, round(width * 1.4))
    for rank, suit in ALL_CARDS:
        assert cards.face(rank, suit, width).get_size() == size
    assert cards.back(width).get_size() == size


@pytest.mark.parametrize("width", [48, 100])
def test_the_52_faces_are_pairwise_distinct(width: int) -> None:
    images = {pixels(cards.face(rank, suit, width)) for rank, suit in ALL_CARDS}
    assert len(images) == 52
    assert pixels(cards.back(width)) not in images


def test_cache_returns_the_same_surface_per_card_size_and_options() -> None:
    first = cards.face(9, HEARTS, 90)
    assert cards.face(9, HEARTS, 90) is first
    assert cards.face(9, HEARTS, 91) is not first
    assert cards.face(9, HEARTS, 90, four_colour=True) is not first
    assert cards.back(90) is cards.back(90)
    assert cards.outline(90) is cards.outline(90)
    cards.clear_cache()
    assert cards.face(9, HEARTS, 90) is not first


def test_corners_are_transparent_and_the_centre_is_opaque() -> None:
    face = cards.face(5, CLUBS, 100)
    w, h = face.get_size()
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert face.get_at(corner).a == 0
    assert face.get_at((w // 2, h // 2 + 1)).a == 255
    assert cards.back(100).get_at((0, 0)).a == 0


def test_antialiased_edges_have_partial_alpha() -> None:
    face = cards.face(1, SPADES, 100)
    alphas = {face.get_at((x, 2)).a for x in range(10)}
    assert any(0 < alpha < 255 for alpha in alphas)


def test_four_colour_suits_turn_diamonds_blue_and_clubs_green() -> None:
    classic = cards.face(7, DIAMONDS, 100)
    four = cards.face(7, DIAMONDS, 100, four_colour=True)
    assert colour_count(classic, suits.INK_RED) > 200
    assert colour_count(classic, suits.INK_BLUE) == 0
    assert colour_count(four, suits.INK_BLUE) > 200
    assert colour_count(four, suits.INK_RED) == 0
    clubs = cards.face(7, CLUBS, 100, four_colour=True)
    assert colour_count(clubs, suits.INK_GREEN) > 200
    # Spades and hearts keep their colours.
    assert pixels(cards.face(7, HEARTS, 100, four_colour=True)) == pixels(
        cards.face(7, HEARTS, 100)
    )


def test_red_suits_are_red_and_black_suits_black() -> None:
    assert colour_count(cards.face(3, HEARTS, 100), suits.INK_RED) > 200
    assert colour_count(cards.face(3, HEARTS, 100), suits.INK_BLACK) == 0
    assert colour_count(cards.face(3, SPADES, 100), suits.INK_BLACK) > 200
    assert colour_count(cards.face(3, SPADES, 100), suits.INK_RED) == 0


def test_more_pips_mean_more_ink_on_large_cards() -> None:
    ink = [colour_count(cards.face(rank, HEARTS, 120), suits.INK_RED) for rank in range(2, 11)]
    assert ink == sorted(ink)
    assert len(set(ink)) == len(ink)


def test_outline_surrounds_the_card_and_leaves_the_card_area_clear() -> None:
    width = 100
    ring = cards.outline(width)
    margin = cards.outline_margin(width)
    w, h = cards.card_size(width)
    assert ring.get_size() == (w + 2 * margin, h + 2 * margin)
    assert ring.get_at((margin + w // 2, margin + h // 2)).a == 0  # centre clear
    assert ring.get_at((margin + w // 2, margin + 3)).a == 0  # just inside the top edge
    assert ring.get_at((margin + w // 2, margin - 1)).a > 200  # solid next to the card
    assert cards.outline(width, (0, 200, 255)).get_at((margin + w // 2, margin - 1))[:3] == (
        0,
        200,
        255,
    )


def test_draw_outline_blits_around_the_card_rect() -> None:
    target = pygame.Surface((300, 300), pygame.SRCALPHA)
    rect = pygame.Rect(50, 40, *cards.card_size(100))
    cards.draw_outline(target, rect)
    assert target.get_at((rect.centerx, rect.top - 1)).a > 200
    assert target.get_at((rect.centerx, rect.bottom)).a > 200
    assert target.get_at(rect.center).a == 0


@pytest.mark.parametrize(("rank", "suit"), [(0, 0), (14, 0), (1, 4), (1, -1)])
def test_invalid_cards_are_refused(rank: int, suit: int) -> None:
    with pytest.raises(ValueError, match=r"rank|suit"):
        cards.face(rank, suit, 100)


@pytest.mark.parametrize("width", [0, cards.MIN_WIDTH - 1, cards.MAX_WIDTH + 1])
def test_invalid_widths_are_refused(width: int) -> None:
    with pytest.raises(ValueError, match="card width"):
        cards.face(1, 0, width)
    with pytest.raises(ValueError, match="card width"):
        cards.back(width)


def test_labels() -> None:
    assert [cards.rank_label(r) for r in (1, 2, 10, 11, 12, 13)] == ["A", "2", "10", "J", "Q", "K"]
    assert suits.suit_colour(DIAMONDS) == suits.INK_RED
    assert suits.suit_colour(DIAMONDS, four_colour=True) == suits.INK_BLUE


def test_faces_drawn_once_a_window_exists_keep_their_colours() -> None:
    """With a window, faces are converted to its pixel format; colours must survive."""
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((200, 200))
        cards.clear_cache()
        face = cards.face(2, SPADES, 80)
        assert face.get_flags() & pygame.SRCALPHA
        screen.blit(face, (0, 0))
        assert screen.get_at((40, 56))[:3] == face.get_at((40, 56))[:3]
    finally:
        cards.clear_cache()
        pygame.display.quit()


def test_suit_icons_are_antialiased_cached_and_distinct() -> None:
    icons = [suits.suit_icon(suit, 20, suits.INK_BLACK) for suit in suits.SUITS]
    assert suits.suit_icon(HEARTS, 20, suits.INK_BLACK) is icons[HEARTS]
    assert len({pixels(icon) for icon in icons}) == 4
    for icon in icons:
        assert icon.get_size() == (20, 20)
        alphas = {icon.get_at((x, y)).a for x in range(20) for y in range(20)}
        assert 0 in alphas and any(0 < a < 255 for a in alphas)
    with pytest.raises(ValueError, match="suit"):
        suits.suit_icon(4, 20, suits.INK_BLACK)
