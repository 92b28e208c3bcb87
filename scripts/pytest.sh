#!/usr/bin/env bash
# Runs the Python package's tests (python/tests) with the environment install-python.sh made
# ($AXON_VENV, default build/venv). --axon PATH: the binary the tests run (else AXON_BIN, else
# build/src/cli/axon). Extra arguments go to pytest.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = --axon ]; then AXON_BIN=$(realpath "$2"); export AXON_BIN; shift 2; fi
py=${AXON_VENV:-$root/build/venv}/bin/python
if [ ! -x "$py" ]; then
  echo "error: no Python environment at ${py%/bin/python}: run scripts/install-python.sh" >&2
  exit 1
fi
cd "$root/python"
exec "$py" -m pytest -q -p no:cacheprovider tests "$@"
