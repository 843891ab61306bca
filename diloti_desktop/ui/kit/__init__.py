"""The toolkit under every screen: theme, text fitting, widgets, layout, input, sound,
card faces, the scene base, its stack and the navigation interface."""
