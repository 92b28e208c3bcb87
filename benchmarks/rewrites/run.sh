#!/usr/bin/env bash
# Rewrite discovery on every benchmark graph: `axon rewrite --json` with the default limits,
# tabulated (candidates, proved, rejected, unstable, variants kept, distinct rules, time, the best
# variant's last moves). Usage: benchmarks/rewrites/run.sh [AXON] > table.md
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
axon=${1:-$root/build/src/cli/axon}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "| graph | candidates | proved | refuted | unknown | not generalizable | unstable | variants kept | distinct rules | time (s) | best variant (est. us vs original) | its moves |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|"
for g in "$root"/benchmarks/graphs/*.json; do
  name=$(basename "$g" .json)
  "$axon" rewrite -q --json "$g" > "$tmp/$name.json"
  python3 - "$tmp/$name.json" "$name" <<'PY'
import json, sys
d = json.load(open(sys.argv[1])); s = d["stats"]
vs = {v["id"]: v for v in d["variants"]}
ranked = sorted((v for v in d["variants"] if v["rank"] is not None), key=lambda v: v["rank"])
best = ranked[0]
moves = "; ".join(m["what"] for m in best["moves"]) or "(the original)"
print(f'| {sys.argv[2]} | {s["candidates"]} | {s["proved"]} | {s["refuted"]} | {s["unknown"]} | {s["ill_typed"]} | '
      f'{s["unstable"]} | {s["kept"]} | {s["distinct_rules"]} | {s["seconds"]:.1f} | '
      f'{best["id"]}: {best["cost"]["time_us"]:.1f} vs {vs[0]["cost"]["time_us"]:.1f} | {moves} |')
PY
done
