"""The translation layer: every user-visible string goes through :func:`_`.

Standard library only (``gettext``), so that the rules core can phrase its reasons for
refusing a move in the player's language without importing anything else. Catalogs live
in ``diloti_desktop/locale/<lang>/LC_MESSAGES/diloti.mo``; English is the source language,
so a missing catalog simply falls back to the English text.

Never build sentences by concatenation: write one template with named placeholders,
``_("{player} took {cards}").format(player=..., cards=...)``, so translators can reorder.
"""

from __future__ import annotations

import gettext
from pathlib import Path

DOMAIN = "diloti"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()


def set_language(language: str | None, localedir: Path | None = None) -> str:
    """Switch the active catalog; returns the language actually in use ("en" on fallback)."""
    global _translation
    if not language or language == "en":
        _translation = gettext.NullTranslations()
        return "en"
    try:
        _translation = gettext.translation(
            DOMAIN, localedir=str(localedir or LOCALE_DIR), languages=[language]
        )
    except OSError:
        _translation = gettext.NullTranslations()
        return "en"
    return language


def _(message: str) -> str:
    """Translate ``message`` with the active catalog."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the count ``n``."""
    return _translation.ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (for constants)."""
    return message
