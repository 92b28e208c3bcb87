#!/usr/bin/env bash
# One device call: (1) the persistent attention kernel's staged epilogue (128x128 w2 s3) against
# its bulk-stored twin from Q's panels: each generated, validated and timed by superopt, then side
# by side with SDPA, and the twin stress-run; (2) old_vs_new.sh (axon of 462a088 against this tree's,
# workload by workload) on WORKLOADS.
set -u
out=${OUT:-out}; mkdir -p "$out"
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
export LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache PYTHONUNBUFFERED=1
AX=/tmp/axon_bundle/axon/bin/axon
for g in att:attention attc:attention_causal; do
  d=${g%%:*}; graph=benchmarks/graphs/${g#*:}.json
  for m in "s:128x128 w2 s3 pingpong persistent g" "t:128x128 w2 s3 pingpong persistent tma-store"; do
    k=${m%%:*}; rm -rf /tmp/${k}_$d
    timeout 60 $AX superopt "$graph" --store none --budget 10 --variants 1 --configs 1 --config-match "${m#*:}" -o /tmp/${k}_$d > "$out/${k}_$d.log" 2>&1
    echo "== $graph $k rc=$? $(grep -E '^k0' "$out/${k}_$d.log" | tr -s ' ' | cut -c1-90)"
    grep -E "attention t384.*: (ok|FAIL|fail|wrong)" "$out/${k}_$d.log" | sed 's/.*superopt: *//' | head -2
  done
  timeout 90 python3 benchmarks/suite/side_by_side.py "$graph" /tmp/s_$d /tmp/t_$d --rounds 3 2>&1 | sed 's#/tmp/##g' | tee -a "$out/side_q.log" | tail -5
  timeout 60 python3 benchmarks/suite/stress.py "$graph" /tmp/t_$d --runs 300 --axon $AX 2>&1 | tail -2
done
unset LD_LIBRARY_PATH
WORKLOADS="${WORKLOADS:-add_layernorm softmax layernorm}" BUDGET=10 bash "$(dirname "$0")/old_vs_new.sh"
