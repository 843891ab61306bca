"""The game's screens: menus, the table, dialogs, summaries (see :mod:`diloti_desktop.ui.scene`)."""
