#!/usr/bin/env bash
# README command 2 (and CI): install what is missing, build, install the Python package with torch
# into build/venv (scripts/install-python.sh, about 2 minutes the first time; AXON_SKIP_PYTHON=1
# skips it), fuzz the parsers (graph.json, .axr, .npy) under AddressSanitizer +
# UndefinedBehaviorSanitizer (FUZZ_RUNS inputs per target, about 40 s at the default 20000 on 2
# cores), then run the whole test suite with ctest (pytest of python/ among it).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
# ctest splits discovered test names at ';' and then runs a filter that matches nothing, which
# Catch reports as a pass: refuse such names.
if grep -n 'TEST_CASE("[^"]*;' "$root"/tests/*.cpp; then
  echo "error: a Catch test name above contains ';' (ctest would silently skip it)" >&2
  exit 1
fi
bash "$root/scripts/install-deps.sh"
bash "$root/scripts/build.sh"
if [ "${AXON_SKIP_PYTHON:-0}" != 1 ]; then
  bash "$root/scripts/install-python.sh"   # the Python package and its tests' torch (ctest runs pytest)
fi
if [ "${AXON_SKIP_FUZZ:-0}" != 1 ]; then
  FUZZ_RUNS=${FUZZ_RUNS:-20000} bash "$root/scripts/fuzz.sh"
fi
cd "$root/build"
ctest --output-on-failure -j "$(nproc)"
