#!/usr/bin/env bash
# One device call: the persistent attention kernel, staged against bulk-stored (tma-store) epilogue,
# in the three best variants by the model (scale on Q, and on S: a copied Q), timed by the search;
# then the winners beside SDPA and the hand-edited base, and a stress run.
set -u
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
out=${OUT:-out}; mkdir -p "$out"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
export LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache PYTHONUNBUFFERED=1
AX=/tmp/axon_bundle/axon/bin/axon
for g in att:attention attc:attention_causal; do
  d=${g%%:*}; graph=benchmarks/graphs/${g#*:}.json
  rm -rf /tmp/v_$d
  timeout 200 $AX superopt "$graph" --store none --budget 60 --variants 3 --configs 4 --config-match "128x128 w2 s2 pingpong persistent" -o /tmp/v_$d > "$out/v_$d.log" 2>&1
  echo "== $graph rc=$?"; tail -4 "$out/v_$d.log"
  cp /tmp/v_$d/report.json "$out/report_$d.json" 2>/dev/null
  python3 - "$out/report_$d.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
for v in r["variants"]:
    for k in v["kernels"]:
        for t in k["trials"]:
            if t["status"] != "skipped":
                print(v["variant"], v.get("chosen", ""), t["config"], t["status"], round(t["time_us"], 1), t["worst_error_ratio"])
PY
  timeout 150 python3 benchmarks/suite/side_by_side.py "$graph" .gpu/he/$d/base /tmp/v_$d --rounds 3 2>&1 | sed 's#.gpu/he/[a-z]*/##g' | tee -a "$out/side.log"
  timeout 60 python3 benchmarks/suite/stress.py "$graph" /tmp/v_$d --runs ${RUNS:-300} 2>&1 | tail -3
done
