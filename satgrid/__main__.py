"""``python -m satgrid``: the command line (:func:`satgrid.apps.cli.main`)."""

from .apps.cli import main

raise SystemExit(main())
