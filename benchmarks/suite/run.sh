#!/bin/bash
# The whole benchmark suite in one command on the GPU host (benchmarks/suite/README.md):
#   benchmarks/suite/run.sh [AXON_BINARY] [OUT_DIR]
# Every graph of benchmarks/graphs, axon's search budget 20 s each, no workload started after
# 8 minutes (those left are listed as skipped), so that the run fits in 10 minutes on one H200.
# Extra options go to run_suite.py through SUITE_ARGS (e.g. SUITE_ARGS="--only gemm,softmax").
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
axon="${1:-$root/build/src/cli/axon}"
out="${2:-$root/benchmarks/suite/results/latest}"
exec python3 "$here/run_suite.py" --axon "$axon" --graphs "$root/benchmarks/graphs" --out "$out" \
  --budget "${SUITE_BUDGET:-20}" --time-limit "${SUITE_TIME_LIMIT:-480}" ${SUITE_ARGS:-}
