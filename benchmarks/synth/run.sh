#!/usr/bin/env bash
# Synthesis for a target, timed, and the GPU check program it writes:
#   benchmarks/synth/run.sh [sm_90] [AXON]      -> synth-<target>.txt, check.cu, lowerings.cuh,
#                                                  synth/cache/<target>.json (lowerings, proofs)
# then on a machine with the GPU and nvcc:
#   nvcc -O2 -arch=sm_90 check.cu -o check && ./check
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
target=${1:-sm_90}
axon=${2:-$here/../../build/src/cli/axon}
cache=$here/../../synth/cache
mkdir -p "$cache"
"$axon" synth --target "$target" -q --emit "$here/lowerings.cuh" --emit-check "$here/check.cu" \
  --json-out "$cache/$target.json" | tee "$here/synth-$target.txt"
