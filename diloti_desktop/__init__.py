"""Diloti Desktop: the Greek fishing card game, rules-exact, with AI opponents and hints."""

__version__ = "0.1.0"
