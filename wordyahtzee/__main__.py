"""``python -m wordyahtzee`` is the ``wordyahtzee`` command."""

from .cli import main

raise SystemExit(main())
