"""``python -m legends.cli`` runs the ``legends`` command."""

import sys

from . import main

sys.exit(main())
