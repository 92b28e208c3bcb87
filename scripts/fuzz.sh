#!/usr/bin/env bash
# Builds the libFuzzer target fuzz/fuzz_graph.cpp with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer in a separate build directory (build-fuzz/) and runs it with the
# benchmark graphs and the example as the seed corpus (copied to a temporary directory).
#
#   scripts/fuzz.sh [extra libFuzzer flags]
#   FUZZ_RUNS=20000 (default) sets -runs; FUZZ_BUILD_DIR overrides build-fuzz/; JOBS the build jobs.
#
# Exit status: libFuzzer's (non-zero on a finding; the crashing input is written as crash-*).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${FUZZ_BUILD_DIR:-$root/build-fuzz}"
runs="${FUZZ_RUNS:-20000}"

CC="${CC:-clang}" CXX="${CXX:-clang++}" cmake -S "$root" -B "$build" \
  -DAXON_FUZZ=ON -DAXON_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" --target fuzz_graph -j "${JOBS:-$(nproc)}"

corpus="$(mktemp -d "${TMPDIR:-/tmp}/axon-fuzz-corpus.XXXXXX")"
log="$(mktemp "${TMPDIR:-/tmp}/axon-fuzz-log.XXXXXX")"
trap 'rm -rf "$corpus" "$log"' EXIT
cp "$root"/benchmarks/graphs/*.json "$root"/examples/*.json "$corpus"/

status=0
"$build/fuzz/fuzz_graph" -runs="$runs" -max_len=8192 -timeout=10 "$@" "$corpus" 2>&1 | tee "$log" ||
  status=$?

echo "----"
# libFuzzer ends with "#N DONE cov: ... exec/s: ..." and "Done N runs in S second(s)".
grep -E '^#[0-9]+[[:space:]]+DONE' "$log" | tail -n 1 || true
done_line="$(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1 || true)"
if [[ -n "$done_line" ]]; then
  echo "fuzz_graph: $(echo "$done_line" | awk '{print $2}') inputs run ($done_line)"
else
  echo "fuzz_graph: did not finish (exit status $status); see the output above"
fi
exit "$status"
