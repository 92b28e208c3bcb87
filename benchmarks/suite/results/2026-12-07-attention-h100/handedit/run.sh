#!/usr/bin/env bash
# One device call: hand-edited persistent attention kernels side by side with SDPA.
set -u
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
out=${OUT:-out}; mkdir -p "$out"
for g in att:attention attc:attention_causal; do
  d=${g%%:*}; graph=benchmarks/graphs/${g#*:}.json
  echo "== $graph"
  python3 benchmarks/suite/side_by_side.py "$graph" .gpu/he/$d/base $(ls -d .gpu/he/$d/* | grep -v '/base$') --rounds 5 2>&1 | sed 's#.gpu/he/[a-z]*/##g' | tee -a "$out/he.log"
  [ -d .gpu/he/$d/tmastore ] && python3 benchmarks/suite/stress.py "$graph" .gpu/he/$d/tmastore --runs ${RUNS:-500} 2>&1 | tail -3 | tee -a "$out/he.log"
done
