"""Entry script for the PyInstaller build: runs the game's composition root."""

import sys

from diloti_desktop.app import main

if __name__ == "__main__":
    sys.exit(main())
