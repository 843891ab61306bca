"""The player's files in the user data folder: settings, the interrupted game, statistics,
learning progress, the last new-game setup, and the log; read and written the same way
(:mod:`diloti_desktop.player_data.files`). Standard library only."""
