"""Learning: the lessons and puzzles list, the rules, the glossary, about."""
