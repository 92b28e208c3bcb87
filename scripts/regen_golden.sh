#!/usr/bin/env bash
# Regenerates the golden kernels (tests/README.md, "Golden kernels"): builds axon_golden_tests and
# writes tests/golden/kernels/ from the generators as they are now (files no longer generated are
# removed), and tests/golden/rankings.txt. Review the result with `git diff --stat tests/golden` and `git diff tests/golden`.
#
#   scripts/regen_golden.sh
#   AXON_BUILD_DIR overrides build/; AXON_JOBS the build jobs (2); AXON_BUILD_LOCK a file to hold
#   with flock(1) while building (a machine shared by several builds).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${AXON_BUILD_DIR:-$root/build}
lock=()
if [ -n "${AXON_BUILD_LOCK:-}" ]; then lock=(flock "$AXON_BUILD_LOCK"); fi
[ -f "$build/CMakeCache.txt" ] || "${lock[@]}" cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
"${lock[@]}" cmake --build "$build" --target axon_golden_tests -j "${AXON_JOBS:-2}" >/dev/null
AXON_REGEN_GOLDEN=1 "$build/tests/axon_golden_tests" "golden kernels: the generated CUDA matches tests/golden/kernels byte for byte" >/dev/null
AXON_REGEN_GOLDEN=1 "$build/tests/axon_golden_tests" "golden rankings: the best configurations of every group and their estimates are as pinned" >/dev/null
echo "golden kernels: $(find "$root/tests/golden/kernels" -type f | wc -l) files in tests/golden/kernels ($(du -sh "$root/tests/golden/kernels" | cut -f1))"
git -C "$root" status --short -- tests/golden/kernels | awk '{n[$1]++} END {for (k in n) printf "  %s %d\n", k, n[k]}'
