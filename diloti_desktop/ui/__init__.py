"""The pygame front end: the only package that imports pygame."""
