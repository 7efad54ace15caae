"""``python -m cardems`` runs the CLI."""

import sys

from cardems.cli import main

sys.exit(main())
