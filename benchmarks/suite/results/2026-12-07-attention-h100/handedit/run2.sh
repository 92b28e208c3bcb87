#!/usr/bin/env bash
# One device call: the generated bulk-stored (tma-store) persistent kernels beside the hand edits and SDPA.
set -u
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
out=${OUT:-out}; mkdir -p "$out"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1  # unpacks the bundle (then refuses the mode)
export LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache PYTHONUNBUFFERED=1
AX=/tmp/axon_bundle/axon/bin/axon
for g in att:attention attc:attention_causal; do
  d=${g%%:*}; graph=benchmarks/graphs/${g#*:}.json
  rm -rf /tmp/gen_$d; $AX superopt "$graph" --store none --budget 10 --configs 1 --config-match "128x128 w2 s2 pingpong persistent tma-store" -o /tmp/gen_$d > "$out/gen_$d.log" 2>&1
  echo "== $graph: $(grep -E '^k0 ' "$out/gen_$d.log" | tr -s ' ' | cut -c1-120) rc=$?"
  python3 benchmarks/suite/side_by_side.py "$graph" .gpu/he/$d/base .gpu/he/$d/tmastore /tmp/gen_$d .gpu/he/$d/noepi .gpu/he/$d/unroll-u4 --rounds 3 2>&1 | sed 's#.gpu/he/[a-z]*/##g' | tee -a "$out/he.log"
  python3 benchmarks/suite/stress.py "$graph" /tmp/gen_$d --runs ${RUNS:-500} 2>&1 | tail -3 | tee -a "$out/he.log"
done
