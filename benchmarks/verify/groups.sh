#!/usr/bin/env bash
# The group rules of the corpus (rules for every rank: docs/verification.md, "Axis groups"),
# file by file: verdicts and the distribution of per-rule wall time (falsifier, vacuity check,
# solver processes and replay included; no proof cache; the default portfolio of both solvers).
# Usage: bash benchmarks/verify/groups.sh [path/to/axon]   (default: build/src/cli/axon)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
axon=${1:-$root/build/src/cli/axon}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for dir in true false vacuous open; do
  for f in "$root"/rewrites/rules/$dir/*.axr; do
    [ -e "$f" ] || continue
    grep -q '^group ' "$f" || continue  # the files of group rules (groups_*.axr, *_infinities.axr, ...)
    "$axon" verify "$f" --json > "$out/$dir-$(basename "$f" .axr).json" || true
  done
done
python3 - "$out" <<'PY'
import json, os, statistics, sys
d = sys.argv[1]
print("| file | rules | proved | refuted | vacuous | unknown | median s | max s |")
print("|---|---|---|---|---|---|---|---|")
every = []
for name in sorted(os.listdir(d)):
    r = json.load(open(os.path.join(d, name)))["results"]
    t = sorted(x["seconds"] for x in r)
    every += t
    n = lambda v: sum(x["verdict"] == v for x in r)
    label = name[:-5].replace("-", "/", 1) + ".axr"
    print(f"| {label} | {len(r)} | {n('PROVED')} | {n('REFUTED')} | {n('VACUOUS')} | {n('UNKNOWN')} | "
          f"{statistics.median(t):.3f} | {t[-1]:.2f} |")
every.sort()
print(f"\nall: {len(every)} rules, median {statistics.median(every):.3f} s, "
      f"p90 {every[int(0.9 * (len(every) - 1))]:.3f} s, max {every[-1]:.2f} s, over 10 s: {sum(x > 10 for x in every)}")
PY
