#!/bin/bash
# The sweep on the GPU host (benchmarks/sweep/README.md):
#   benchmarks/sweep/run.sh [AXON_BINARY (build/src/cli/axon)] [OUT_DIR (benchmarks/sweep/results/latest)]
# Writes a seeded sample of the sweep's graphs to OUT_DIR/graphs (generate.py) and runs the
# benchmark suite on them (benchmarks/suite/run_suite.py: each checked against PyTorch eager,
# timed next to eager and torch.compile). Settings by environment:
#   SWEEP_SEED (1), SWEEP_SAMPLE (30 graphs; 0: all 465), SWEEP_KINDS (all; e.g. "reduce,norm"),
#   SWEEP_BUDGET (axon superopt --budget, 10 s), SWEEP_TIME_LIMIT (no graph started after 480 s:
#   the run fits in 10 minutes; 0: no limit), SWEEP_ARGS (more run_suite.py options, e.g.
#   "--skip-compile"), SWEEP_ONLY (only these graphs, comma-separated, e.g. what
#   `summarize.py --not-on H200` prints; with SWEEP_SAMPLE=0).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
axon="${1:-$root/build/src/cli/axon}"
out="${2:-$here/results/latest}"
kinds=()
if [ -n "${SWEEP_KINDS:-}" ]; then kinds=(--kinds "$SWEEP_KINDS"); fi
only=()
if [ -n "${SWEEP_ONLY:-}" ]; then only=(--only "$SWEEP_ONLY"); fi
rm -rf "$out/graphs"   # the graphs of an earlier run would be run too
python3 "$here/generate.py" --seed "${SWEEP_SEED:-1}" --sample "${SWEEP_SAMPLE:-30}" --out "$out/graphs" ${kinds[@]+"${kinds[@]}"}
exec python3 "$root/benchmarks/suite/run_suite.py" --axon "$axon" --graphs "$out/graphs" --out "$out" \
  --budget "${SWEEP_BUDGET:-10}" --time-limit "${SWEEP_TIME_LIMIT:-480}" ${only[@]+"${only[@]}"} ${SWEEP_ARGS:-}
