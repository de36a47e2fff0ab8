"""``python -m wordbler.cli`` runs ``wordbler-cli``."""

import sys

from . import main

sys.exit(main())
