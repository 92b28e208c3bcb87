#!/usr/bin/env bash
# Times `axon verify` on every true rule of the corpus, per solver (z3, cvc5, both as a
# portfolio), and prints the distribution of per-rule times. Usage:
#   bash benchmarks/verify/run.sh [path/to/axon]     (default: build/src/cli/axon)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
axon=${1:-$root/build/src/cli/axon}
out=$(mktemp -d)
for solver in z3 cvc5 both; do
  "$axon" verify "$root"/rewrites/rules/true/*.axr --solver "$solver" --json > "$out/$solver.json" || true
done
python3 - "$out" <<'PY'
import json, statistics, sys, os
d = sys.argv[1]
print("| solver | rules | proved | median s | p90 s | max s | over 10 s |")
print("|---|---|---|---|---|---|---|")
for s in ["z3", "cvc5", "both"]:
    r = json.load(open(os.path.join(d, s + ".json")))["results"]
    t = sorted(x["seconds"] for x in r)
    proved = sum(x["verdict"] == "PROVED" for x in r)
    p90 = t[int(0.9 * (len(t) - 1))]
    print(f"| {s} | {len(r)} | {proved} | {statistics.median(t):.3f} | {p90:.3f} | {t[-1]:.2f} | {sum(x > 10 for x in t)} |")
PY
