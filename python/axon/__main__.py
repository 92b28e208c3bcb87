"""``python -m axon ...`` runs the axon binary with the same arguments (``--help`` included)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
