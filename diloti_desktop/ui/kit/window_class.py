"""The window's identity for desktops: X11's WM_CLASS and Wayland's app id.

Docks and task bars group windows, and find their launcher's name and icon, by these.
X11's WM_CLASS holds two names: the instance, conventionally the program's name in lower
case, and the class, capitalised; a desktop entry's ``StartupWMClass`` names the class.
SDL 2 writes the one name it is given (``SDL_VIDEO_X11_WMCLASS``) into both halves, so
once the window exists :func:`set_x11_class` writes the pair with Xlib itself. Wayland
compositors match the app id with the desktop entry's file name instead.

No pygame import here: :mod:`diloti_desktop.app` reads these names before pygame starts.
"""

from __future__ import annotations

import ctypes
import logging
from typing import Any

from diloti_desktop.i18n import N_

log = logging.getLogger(__name__)

#: X11 WM_CLASS: (instance, class).
INSTANCE = "diloti"
CLASS = "Diloti"
#: The desktop entry's id (io.github.diloti_desktop.Diloti.desktop, reverse-DNS as AppStream
#: asks) and so the Wayland app id.
APP_ID = "io.github.diloti_desktop.Diloti"
#: The desktop entry's texts (build_scripts/diloti.desktop), which build_scripts/deb.py
#: gives in every language of the game's catalogs, in the entry and the AppStream file.
DESKTOP_TEXTS = {"Name": N_("Diloti"), "GenericName": N_("Card game"),
                 "Comment": N_("The Greek fishing card game")}
#: The Xlib a desktop Linux has (SDL itself loads it by this name).
XLIB = "libX11.so.6"


class _ClassHint(ctypes.Structure):
    _fields_ = [("res_name", ctypes.c_char_p), ("res_class", ctypes.c_char_p)]


def set_x11_class(window: int, instance: str = INSTANCE, klass: str = CLASS,
                  load: Any = ctypes.CDLL) -> bool:
    """Set X11 window ``window``'s WM_CLASS to (``instance``, ``klass``) on the display
    SDL uses ($DISPLAY); False (and a log line) when there is no Xlib or no display."""
    try:
        xlib = load(XLIB)
    except OSError as error:
        log.info("WM_CLASS left to SDL: %s", error)
        return False
    xlib.XOpenDisplay.restype = ctypes.c_void_p
    xlib.XOpenDisplay.argtypes = [ctypes.c_char_p]
    xlib.XSetClassHint.argtypes = [ctypes.c_void_p, ctypes.c_ulong,
                                   ctypes.POINTER(_ClassHint)]
    xlib.XCloseDisplay.argtypes = [ctypes.c_void_p]
    display = xlib.XOpenDisplay(None)
    if not display:
        log.info("WM_CLASS left to SDL: no X display")
        return False
    try:
        hint = _ClassHint(instance.encode(), klass.encode())
        xlib.XSetClassHint(display, window, ctypes.byref(hint))
    finally:
        xlib.XCloseDisplay(display)  # flushes the request
    return True
