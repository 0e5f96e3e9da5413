"""``python -m iridescia``: the ``iridescia`` command (``iridescia.cli.main``)."""

from iridescia.cli import main

raise SystemExit(main())
