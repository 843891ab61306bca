"""The menus: the start menu and new game, settings, statistics, errors."""
