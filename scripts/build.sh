#!/usr/bin/env bash
# Configures and builds axon in build/ (or $AXON_BUILD_DIR). Extra arguments go to cmake.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AXON_BUILD_DIR:-$root/build}
jobs=${AXON_JOBS:-$(nproc)}
if [ -d /usr/local/cuda/bin ] && ! command -v nvcc >/dev/null; then export PATH=/usr/local/cuda/bin:$PATH; fi
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@" >/dev/null
start=$(date +%s)
cmake --build "$build" -j "$jobs"
echo "axon: built in $(( $(date +%s) - start )) s ($build)"
