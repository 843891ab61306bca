"""``python -m diloti_desktop`` starts the game."""

from diloti_desktop.app import main

raise SystemExit(main())
