"""Optional compiled build of the rules core's hot modules (mypyc); pure Python by default.

Everything about the package is in ``pyproject.toml``; this file only adds, on request,
C extensions compiled by mypyc from the *unchanged* typed modules below:

    pip install .                                    # pure Python (the reference)
    DILOTI_MYPYC=1 pip install --no-build-isolation .   # compiled (needs mypy and a C compiler)
    DILOTI_MYPYC=1 python setup.py build_ext --inplace  # compiled, in a source checkout

Without ``DILOTI_MYPYC=1``, or without mypy, or when the C compiler fails, the extensions are
skipped and the pure modules are used: a machine without a compiler always installs.
CI builds the compiled modules in a scratch copy and runs the rules tests against them.
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

#: The modules on the hot path of move generation and play (compiled together).
COMPILED = [
    "diloti_desktop/rules/movegen.py",
    "diloti_desktop/rules/movelist.py",
    "diloti_desktop/rules/legality.py",
    "diloti_desktop/rules/sums.py",
    "diloti_desktop/rules/engine.py",
    "diloti_desktop/rules/scoring.py",
    "diloti_desktop/rules/position.py",
    "diloti_desktop/rules/candidates.py",
    "diloti_desktop/rules/view.py",
    "diloti_desktop/rules/cards.py",
]


def _extensions() -> list[object]:
    if os.environ.get("DILOTI_MYPYC") != "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("DILOTI_MYPYC=1 but mypy is not installed: pure Python build", file=sys.stderr)
        return []
    extensions = mypycify(COMPILED, opt_level="3")
    for extension in extensions:
        extension.optional = True  # a failed C compile falls back to the pure modules
    return list(extensions)


setup(ext_modules=_extensions())
