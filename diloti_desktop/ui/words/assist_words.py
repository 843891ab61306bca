"""The "assisted" mark in words: what help a match had (hints, undo, the tutor's
take-backs), for the match end and the statistics.
"""

from __future__ import annotations

from collections.abc import Iterable

from diloti_desktop.controller import Assistance
from diloti_desktop.i18n import _, ngettext


def assistance_text(assistance: Assistance) -> str:
    """ "Assisted: 4 hints, 1 undo, 1 take-back" ("" for a match played alone)."""
    if not assistance.used:
        return ""
    parts = []
    hints = sum(assistance.hint_levels)
    if hints:
        parts.append(ngettext("{count} hint", "{count} hints", hints).format(count=hints))
    if assistance.undos:
        parts.append(ngettext("{count} undo", "{count} undos", assistance.undos).format(
            count=assistance.undos))
    if assistance.takebacks:
        parts.append(ngettext("{count} tutor take-back", "{count} tutor take-backs",
                              assistance.takebacks).format(count=assistance.takebacks))
    return _("Assisted: {help}").format(help=", ".join(parts))


def assisted_matches_text(counts: Iterable[tuple[bool, int]]) -> str:
    """The statistics' line on help: how many finished matches were assisted, from
    (assisted, played) per group ("" before the first match)."""
    pairs = list(counts)
    total = sum(played for _assisted, played in pairs)
    if not total:
        return ""
    helped = sum(played for assisted, played in pairs if assisted)
    if not helped:
        return ngettext("Assisted: none of your {total} finished match.",
                        "Assisted: none of your {total} finished matches.", total).format(
                            total=total)
    return ngettext("Assisted: {helped} of your {total} finished match (hints, undo or the "
                    "tutor's take-backs).",
                    "Assisted: {helped} of your {total} finished matches (hints, undo or the "
                    "tutor's take-backs).", total).format(helped=helped, total=total)
