"""Which build of the rules core runs: the pure Python modules or the mypyc-compiled ones.

The hot modules of the rules core can be compiled with mypyc (``setup.py``); the standalone
executable ships them compiled when its build machine has mypy and a C compiler
(``build_scripts/build.py``). A compiled module is an extension module: its spec's origin
ends in an extension suffix (``.so``, ``.pyd``) instead of ``.py``/``.pyc``. The game logs
:func:`core_build` at start and prints it with ``--version`` and after ``--smoke-test``.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES
from types import ModuleType
from typing import Final

#: The modules that ``setup.py`` compiles (its ``COMPILED`` list; a test keeps them equal).
HOT_MODULES: Final = ("movegen", "movelist", "legality", "sums", "engine", "scoring",
                      "position", "candidates", "view", "cards")

COMPILED: Final = "compiled (mypyc)"
PURE: Final = "pure Python"


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from an extension module (a compiled build)."""
    spec = module.__spec__
    origin = spec.origin if spec is not None else getattr(module, "__file__", None)
    return isinstance(origin, str) and origin.endswith(tuple(EXTENSION_SUFFIXES))


def compiled_modules() -> tuple[str, ...]:
    """The names of the hot modules that run compiled, in :data:`HOT_MODULES` order."""
    return tuple(name for name in HOT_MODULES
                 if is_compiled(importlib.import_module(f"diloti_desktop.rules.{name}")))


def describe(compiled: Sequence[str]) -> str:
    """``compiled (mypyc)``, ``pure Python`` or ``partly compiled (mypyc: ...)``."""
    if set(compiled) >= set(HOT_MODULES):
        return COMPILED
    if not compiled:
        return PURE
    return f"partly compiled (mypyc: {', '.join(compiled)})"


def core_build() -> str:
    """Which build of the rules core this process runs, in a few words (for logs and CI)."""
    return describe(compiled_modules())
