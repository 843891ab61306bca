"""The table scene and its parts: playing a match, lessons and puzzles on it, and
the dialogs over it."""
