"""The game in sentences: moves, levels, the coach's and the review's words."""
