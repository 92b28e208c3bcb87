#!/usr/bin/env bash
# Builds the libFuzzer targets in fuzz/ with clang, AddressSanitizer and UndefinedBehaviorSanitizer
# in a separate build directory (build-fuzz/) and runs each on its seed corpus (copied to a
# temporary directory):
#   fuzz_graph  graph.json parser   seeds: benchmarks/graphs/*.json, examples/*.json
#   fuzz_rules  .axr rules parser   seeds: rewrites/rules/**/*.axr, the ```axr blocks of docs/*.md
#   fuzz_npy    .npy reader         seeds: small valid .npy files made here (python3, no numpy)
#
#   scripts/fuzz.sh [extra libFuzzer flags, given to every target]
#   FUZZ_RUNS=20000 (default) sets -runs of each target; FUZZ_TARGETS="fuzz_graph fuzz_rules
#   fuzz_npy" (default) picks targets; FUZZ_BUILD_DIR overrides build-fuzz/; JOBS the build jobs.
#
# At the default 20000 runs each, the three runs take about 40 s together on 2 cores (after the
# build). A finding writes the input as <target>-crash-* (or -leak-, -timeout-, -oom-) in the
# current directory.
#
# Exit status: 0 when every target finished its runs without a finding, else 1.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${FUZZ_BUILD_DIR:-$root/build-fuzz}"
runs="${FUZZ_RUNS:-20000}"
targets="${FUZZ_TARGETS:-fuzz_graph fuzz_rules fuzz_npy}"

CC="${CC:-clang}" CXX="${CXX:-clang++}" cmake -S "$root" -B "$build" \
  -DAXON_FUZZ=ON -DAXON_TESTS=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" --target $targets -j "${JOBS:-$(nproc)}"

work="$(mktemp -d "${TMPDIR:-/tmp}/axon-fuzz.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Seed corpora.
mkdir -p "$work/fuzz_graph" "$work/fuzz_rules" "$work/fuzz_npy"
cp "$root"/benchmarks/graphs/*.json "$root"/examples/*.json "$work/fuzz_graph"/
i=0
while IFS= read -r f; do
  cp "$f" "$work/fuzz_rules/rules-$i.axr"
  i=$((i + 1))
done < <(find "$root/rewrites/rules" -name '*.axr' | sort)
# Each ```axr block of the docs as a file of its own.
awk -v dir="$work/fuzz_rules" '
  /^```axr/ { n++; out = dir "/doc-" n ".axr"; inside = 1; next }
  /^```/ { inside = 0; next }
  inside { print > out }' "$root"/docs/*.md
python3 - "$work/fuzz_npy" <<'EOF'
# Small valid .npy files: every encoding axon reads, ranks 0 to 3, format versions 1.0 to 3.0.
import struct, sys
out = sys.argv[1]
def npy(name, descr, shape, values, fmt, version=1):
    shape_text = "(" + ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "") + ")"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape_text)
    pre = 10 if version == 1 else 12
    header += " " * ((64 - (pre + len(header) + 1) % 64) % 64) + "\n"
    size = struct.pack("<H", len(header)) if version == 1 else struct.pack("<I", len(header))
    data = b"".join(struct.pack(fmt, v) for v in values)
    with open(f"{out}/{name}.npy", "wb") as f:
        f.write(b"\x93NUMPY" + bytes([version, 0]) + size + header.encode("latin1") + data)
npy("f8_scalar", "<f8", (), [1.5], "<d")
npy("f8_2x3", "<f8", (2, 3), [0, -1, 2.5, 1e300, -0.0, 3], "<d")
npy("f4_4", "<f4", (4,), [1, 2, 3, 4], "<f")
npy("f4_2x2x2", "<f4", (2, 2, 2), [float(i) / 3 for i in range(8)], "<f")
npy("f2_3", "<f2", (3,), [1.0, -2.0, 65504.0], "<e")
npy("i4_2x2", "<i4", (2, 2), [0, -1, 2**31 - 1, -2**31], "<i")
npy("b1_5", "|b1", (5,), [0, 1, 1, 0, 1], "<B")
npy("f4_v2", "<f4", (1, 2), [0.5, 0.25], "<f", version=2)
npy("i4_v3", "<i4", (3,), [7, 8, 9], "<i", version=3)
EOF

# Leaks in libraries axon does not own, named in fuzz/lsan.supp, are not findings.
export LSAN_OPTIONS="suppressions=$root/fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
summary=""
for t in $targets; do
  echo "==== $t ($runs runs)"
  log="$work/$t.log"
  # Inputs up to 8 KiB (the largest seeds are 6 KiB).
  max_len=8192
  start=$(date +%s.%N)
  rc=0
  "$build/fuzz/$t" -runs="$runs" -max_len="$max_len" -timeout=10 -artifact_prefix="./$t-" "$@" \
    "$work/$t" 2>&1 | tee "$log" || rc=$?
  secs=$(echo "$start $(date +%s.%N)" | awk '{printf "%.1f", $2 - $1}')
  # libFuzzer ends with "Done N runs in S second(s)".
  done_line="$(grep -E '^Done [0-9]+ runs' "$log" | tail -n 1 || true)"
  if [[ "$rc" == 0 && -n "$done_line" ]]; then
    summary+="$t: $(echo "$done_line" | awk '{print $2}') inputs run in ${secs} s"$'\n'
  else
    summary+="$t: FAILED (exit status $rc after ${secs} s); see its output above"$'\n'
    status=1
  fi
done
echo "----"
printf '%s' "$summary"
exit "$status"
