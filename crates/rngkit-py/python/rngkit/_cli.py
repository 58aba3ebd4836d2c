"""The ``rngkit`` command that ``pip install rngkit`` puts on PATH.

It is the Rust command line itself (the ``rngkit-cli`` crate, built into
the extension module), so it prints and exits exactly as the binary built
with cargo does; ``python -m rngkit`` runs it too.
"""

from __future__ import annotations

import signal
import sys
import threading
from typing import Optional, Sequence

from . import _rngkit


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs ``rngkit`` with ``argv`` (default: ``sys.argv[1:]``); returns its exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if threading.current_thread() is threading.main_thread():
        # As for the native binary: during a search the Rust code's own
        # handler stops it cleanly (what it covered, the command that
        # resumes it, exit 130), elsewhere Ctrl-C ends the command at once;
        # the Rust code never returns to Python to see a KeyboardInterrupt.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
    sys.stdout.flush()
    sys.stderr.flush()
    return int(_rngkit.run_cli(args))


if __name__ == "__main__":
    sys.exit(main())
