"""The translation layer: every user-visible string goes through :func:`_`.

Standard library only (``gettext``), so that the rules core can phrase its reasons for
refusing a move in the player's language without importing anything else. Catalogs live
in ``diloti_desktop/locale/<lang>/LC_MESSAGES/diloti.mo`` (compiled from the ``.po`` files
beside them, see the README's contributor section); English is the source language, so a
missing catalog simply falls back to the English text.

Never build sentences by concatenation: write one template with named placeholders,
``_("{player} took {cards}").format(player=..., cards=...)``, so translators can reorder.
Counted nouns go through :func:`ngettext` (never "card(s)"); numbers with decimals or
thousands through :func:`format_number` and percentages through :func:`format_percent`.

Translations are looked up when the text is drawn, not when a module is imported, so that
switching the language in the settings applies at once: keep constants as ``N_("...")``
and call ``_(constant)`` where they are shown.

Inflected languages: a name or a list of cards passed to a template is a :class:`Phrase`,
which carries the forms a sentence may need. A translation asks for one with a format
spec: ``{player:acc}`` (object), ``{player:gen}`` (possessor), ``{player:to}`` (after
"to"), ``{player:nom}`` (subject, with its article); a capitalised spec (``{player:Nom}``)
starts a sentence with it. Greek writes «Ο Βορράς πήρε…», «πριν προλάβει ο Βορράς»
from the same English template. Templates returned by :func:`_` format forgivingly: a form
asked of a plain value gives the value itself, so a translation can never crash a screen.
docs/translating.md has the conventions.
"""

from __future__ import annotations

import gettext
import locale
import os
import string
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

DOMAIN = "diloti"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: The languages the game speaks, each in its own name (the settings' picker shows these).
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "el": "Ελληνικά",
    "fr": "Français",
    "it": "Italiano",
    "es": "Español",
    "de": "Deutsch",
}
#: The source language (no catalog).
SOURCE_LANGUAGE: Final = "en"

# Number symbols per language (from the Unicode CLDR, the data Babel ships; a test compares
# them with Babel). Standard library only, so no Babel at run time.
_DECIMAL: Final = {"en": ".", "el": ",", "fr": ",", "it": ",", "es": ",", "de": ","}
_GROUP: Final = {"en": ",", "el": ".", "fr": "\u202f", "it": ".", "es": ".", "de": "."}
#: Spanish groups thousands only from five digits on (CLDR minimumGroupingDigits = 2).
_MIN_GROUPING: Final = {"es": 2}
_PERCENT: Final = {"en": "{n}%", "el": "{n}%", "fr": "{n}\u00a0%", "it": "{n}%",
                   "es": "{n}\u00a0%", "de": "{n}\u00a0%"}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE


def set_language(language: str | None, localedir: Path | None = None) -> str:
    """Switch the active catalog; returns the language actually in use ("en" on fallback).

    ``language`` may be a bare tag ("el") or a locale name ("el_GR"); a language the
    game does not speak falls back to English.
    """
    global _translation, _language
    chosen = supported(language) or SOURCE_LANGUAGE
    translation: gettext.NullTranslations = gettext.NullTranslations()
    if chosen != SOURCE_LANGUAGE:
        try:
            translation = gettext.translation(
                DOMAIN, localedir=str(localedir or LOCALE_DIR), languages=[chosen]
            )
        except OSError:
            chosen = SOURCE_LANGUAGE
    _translation, _language = translation, chosen
    return chosen


def current_language() -> str:
    """The language in use ("en" when no catalog is active)."""
    return _language


def supported(tag: str | None) -> str | None:
    """The game's language for a tag or locale name ("de_AT.UTF-8" -> "de"), else None."""
    if not tag:
        return None
    base = tag.replace("-", "_").split(".")[0].split("@")[0].split("_")[0].lower()
    return base if base in LANGUAGES else None


def system_language() -> str:
    """The language of the player's system if the game speaks it, else English.

    Reads, in order, the POSIX variables (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``), then the user interface language of Windows, then the process locale.
    """
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(variable, "")
        for part in value.split(":"):
            found = supported(part)
            if found:
                return found
        if value and value not in ("C", "POSIX") and not value.startswith("C."):
            # A set but unsupported language means the player reads another language:
            # English, rather than a guess from a later variable.
            return SOURCE_LANGUAGE
    if sys.platform == "win32":  # pragma: no cover - Windows only
        found = supported(_windows_ui_language())
        if found:
            return found
    try:
        found = supported(locale.getlocale(locale.LC_CTYPE)[0])
    except (ValueError, TypeError):
        found = None
    return found or SOURCE_LANGUAGE


def _windows_ui_language() -> str | None:  # pragma: no cover - Windows only
    try:
        import ctypes

        lcid = ctypes.windll.kernel32.GetUserDefaultUILanguage()  # type: ignore[attr-defined]
    except (AttributeError, OSError):
        return None
    name: str | None = locale.windows_locale.get(int(lcid))
    return name


#: The forms a translation may ask of a :class:`Phrase` with a format spec.
#: The forms a template may ask of a value: a name's or a list of cards' grammatical cases,
#: and a rank with its indefinite article ("an 8").
FORMS: Final = ("nom", "acc", "gen", "to", "a")


class Phrase(str):
    """A name or a list of cards, with the grammatical forms a translation may ask for
    (``{player:acc}``); as a plain string it is the bare form ("North", «Βορράς»)."""

    forms: dict[str, str]

    def __new__(cls, text: str, forms: Mapping[str, str] | None = None) -> Phrase:
        phrase = super().__new__(cls, text)
        phrase.forms = dict(forms or {})
        return phrase

    def __format__(self, spec: str) -> str:
        return _form(self, spec)


def _form(value: object, spec: str) -> str:
    """``value`` formatted with ``spec``: one of :data:`FORMS` (capitalised to start a
    sentence), else the ordinary format spec."""
    form = spec.lower()
    if form not in FORMS:
        return format(str(value) if isinstance(value, Phrase) else value, spec)
    text = value.forms.get(form, str(value)) if isinstance(value, Phrase) else str(value)
    return text[:1].upper() + text[1:] if spec[:1].isupper() else text


def form_of(value: object, form: str) -> str:
    """``value``'s grammatical ``form`` (one of :data:`FORMS`), or its text when it has
    none: what ``{value:form}`` gives in a template."""
    return _form(value, form)


class _Forgiving(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        return _form(value, format_spec)


_FORMATTER: Final = _Forgiving()


class Template(str):
    """A translated template: ``format`` understands the forms of :class:`Phrase` values."""

    def format(self, *args: Any, **kwargs: Any) -> str:
        """Like str.format, with the forms of Phrase values (never raises for a form)."""
        # str.format gives the same text whenever it succeeds (a Phrase formats itself
        # through _form) and takes about a third of string.Formatter's time; a table
        # frame formats some thirty templates. Only a form asked of a value that is not
        # a Phrase ("{rank:a}" given a plain string) makes it fail: then the formatter.
        try:
            return str.format(self, *args, **kwargs)
        except (ValueError, TypeError):
            return _FORMATTER.vformat(self, args, kwargs)


def _(message: str) -> str:
    """Translate ``message`` with the active catalog."""
    return Template(_translation.gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on the count ``n`` (each language's rules)."""
    return Template(_translation.ngettext(singular, plural, n))


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """:func:`ngettext` for a message whose meaning depends on ``context``."""
    return Template(_translation.npgettext(context, singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """Translate a short ``message`` whose meaning depends on ``context`` (a card letter)."""
    return Template(_translation.pgettext(context, message))


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it yet (for constants)."""
    return message


def NC_(context: str, message: str) -> tuple[str, str]:
    """Mark ``message`` with its ``context`` for extraction, to translate later with
    :func:`pgettext` (a name's grammatical forms)."""
    return context, message


def phrase(name: str, forms: Mapping[str, tuple[str, str]]) -> Phrase:
    """The translated ``name`` (marked with :func:`N_`) with its forms, each a
    ``(context, name)`` pair marked with :func:`NC_`."""
    return Phrase(_(name), {form: _translation.pgettext(context, message)
                            for form, (context, message) in forms.items()})


def format_number(value: float, decimals: int = 0) -> str:
    """``value`` with the active language's decimal mark and thousands separator.

    ``format_number(1234.5, 1)`` is "1,234.5" in English, "1.234,5" in German and Greek,
    "1 234,5" in French (narrow no-break space).
    """
    text = f"{abs(value):.{decimals}f}"
    whole, _dot, fraction = text.partition(".")
    language = _language
    if len(whole) >= 4 + (_MIN_GROUPING.get(language, 1) - 1):
        groups: list[str] = []
        while len(whole) > 3:
            groups.insert(0, whole[-3:])
            whole = whole[:-3]
        whole = _GROUP[language].join([whole, *groups])
    sign = "-" if value < 0 and float(text) != 0 else ""
    return sign + whole + (_DECIMAL[language] + fraction if fraction else "")


def format_percent(value: float, decimals: int = 0) -> str:
    """A share (0.42) as a percentage in the active language: "42%", "42 %" (French)."""
    return _PERCENT[_language].format(n=format_number(value * 100, decimals))
