"""Suite-wide collection order, and a throwaway player-data folder for every test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from diloti_desktop.player_data import storage


@pytest.fixture(scope="session", autouse=True)
def _no_real_player_data(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point the player-data folder at one throwaway folder per test process.

    Tests that save choose their own folder (tests/ui/conftest.py ``data_dir``); this is
    the floor under them, so that no test, whatever it patches or undoes, reaches the
    player's real folder in the home directory, which both xdist workers would share."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(storage.DATA_DIR_ENV, str(tmp_path_factory.mktemp("player-data")))
        yield


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Run the tests marked slow first (keeping their order, and the others' after them).

    pytest-xdist hands out tests in collection order: a long test collected late keeps one
    worker busy while the other has nothing left to do. Starting with the long ones lets
    the many short tests fill the gaps at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
