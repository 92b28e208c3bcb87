#!/usr/bin/env bash
# README command 1: install what is missing, build, and run the main job on the shipped example.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
axon="$root/build/src/cli/axon"
"$axon" check "$root/examples/rmsnorm_matmul.json"
"$axon" eval "$root/examples/rmsnorm_matmul.json" --bind M=64 --bind K=256 --bind N=128 \
  -o "$root/build/example-out"
"$axon" rewrite "$root/examples/rmsnorm_matmul.json" --bind M=64 --bind K=256 --bind N=128 --top 5
# The main job: kernels generated, validated and timed on the GPU (ranked by the cost model and
# marked untimed when there is none).
"$axon" superopt "$root/examples/rmsnorm_matmul.json" --bind M=64 --bind K=256 --bind N=128 \
  --target sm_90 -o "$root/build/example-superopt" --budget 60
