#!/usr/bin/env bash
# Three consumer warpgroups (192-row blocks, `w3`) against the search's own pick, on sweep
# attention graphs (seed 1), one GPU, one call. From the repository root, carrying
# .gpu/bundle.tar.xz (scripts/gpu_bundle.sh).
#   bash run.sh 'NAME|MATCH|MATCH..' ...   (NAME: a sweep graph; each MATCH one --config-match)
# Per graph: the search (--budget 10, its best variant and configuration, every candidate
# validated by the worker), then one search per MATCH (--configs 1: the model's first
# configuration that contains the text, validated), then side_by_side.py (SDPA beside, outputs
# checked first, L2 flushed, RUN_ROUNDS rounds).
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
b=/tmp/axon_bundle/axon
export PYTHONUNBUFFERED=1
rm -rf /tmp/sweep_att && python3 benchmarks/sweep/generate.py --seed 1 --sample 0 --kinds attention --out /tmp/sweep_att >/dev/null
ax() { LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache "$@"; }
search() {  # graph dir [superopt args]
  local g=$1 d=$2; shift 2; rm -rf "$d"
  ax timeout 100 "$b/bin/axon" superopt "$g" --store none --budget 10 "$@" -o "$d" > "$d.log" 2>&1
  echo "== $(basename "$d") rc=$? $(grep -E '^k[0-9]' "$d.log" | tr -s ' ' | cut -c1-110 | paste -sd ';')" | tee -a "$log"
  grep -E "rror|mismatch|failed" "$d.log" | head -6 | tee -a "$log"
}
for spec in "$@"; do
  IFS='|' read -r -a parts <<< "$spec"; n=${parts[0]}; g=/tmp/sweep_att/$n.json; dirs=()
  search "$g" "/tmp/s_${n}_search"; dirs+=("/tmp/s_${n}_search")
  for ((i = 1; i < ${#parts[@]}; ++i)); do
    search "$g" "/tmp/s_${n}_m$i" --configs 1 --config-match "${parts[$i]}"; dirs+=("/tmp/s_${n}_m$i")
  done
  timeout 150 python3 benchmarks/suite/side_by_side.py "$g" "${dirs[@]}" --rounds "${RUN_ROUNDS:-3}" 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
done
exit 0
