"""Entry script for the PyInstaller build: runs the game's composition root."""

import multiprocessing
import sys

if __name__ == "__main__":
    # First: in a worker process (controller/offload.py) this serves and exits, before
    # the game's imports.
    multiprocessing.freeze_support()
    from diloti_desktop.app import main

    sys.exit(main())
