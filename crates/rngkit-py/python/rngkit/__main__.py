"""``python -m rngkit``: the ``rngkit`` command line (see ``rngkit._cli``)."""

import sys

from ._cli import main

sys.exit(main())
