"""Suite-wide collection order."""

from __future__ import annotations

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked slow first (keeping their order, and the others' after them).

    pytest-xdist hands out tests in collection order: a long test collected late keeps one
    worker busy while the other has nothing left to do. Starting with the long ones lets
    the many short tests fill the gaps at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
