#!/usr/bin/env bash
# Packs what the GPU host needs from this machine's build (it has no Z3, CVC5 or SQLite
# development packages): the axon binary and the GPU test binary, without debug information, with the shared
# libraries they need beyond a base system, as .gpu/bundle.tar.xz (ignored by git; give it to
# the device tool's `carry`). scripts/gpu_check.sh unpacks and runs it there.
#   scripts/gpu_bundle.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
bash "$root/../shared/tools/bundle-libs" "$build/src/cli/axon" "$build/tests/axon_codegen_tests" "$tmp/axon" >/dev/null
strip --strip-debug "$tmp"/axon/bin/*  # symbols kept: backtraces name functions
mkdir -p "$root/.gpu"
tar -C "$tmp" -cJf "$root/.gpu/bundle.tar.xz" axon
ls -la "$root/.gpu/bundle.tar.xz"
