#!/usr/bin/env bash
# f16 attention's scores rounded and maximized in pairs (this change) against the binary before
# it, on the sweep's attention graphs (seed 1), one GPU, one call. From the repository root,
# carrying .gpu/bundle.tar.xz (scripts/gpu_bundle.sh with bin/axon_old beside bin/axon).
#   bash run.sh NAME...       (graph names of the sweep, or paths of graphs without .json;
#                             old:NAME also runs the binary before)
# Per graph: each binary's search (--budget 10, its best variant and configuration, validated by
# the worker), then side_by_side.py (SDPA beside, outputs checked first, L2 flushed, 3 rounds).
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
b=/tmp/axon_bundle/axon
export PYTHONUNBUFFERED=1
rm -rf /tmp/sweep_att && python3 benchmarks/sweep/generate.py --seed 1 --sample 0 --kinds attention --out /tmp/sweep_att >/dev/null
ax() { LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache "$@"; }
graph() { case $1 in */*) echo "$1.json" ;; *) echo "/tmp/sweep_att/$1.json" ;; esac; }
search() {  # binary graph-name
  local bin=$1 g; g=$(graph "$2"); local n; n=$(basename "$2")
  rm -rf "/tmp/${bin}_$n"
  ax timeout 100 "$b/bin/$bin" superopt "$g" --store none --budget 10 -o "/tmp/${bin}_$n" > "/tmp/${bin}_$n.log" 2>&1
  echo "== $n $bin rc=$? $(grep -E '^k[0-9]' "/tmp/${bin}_$n.log" | tr -s ' ' | cut -c1-110 | paste -sd ';')" | tee -a "$log"
  grep -E "rror|mismatch|attention t[0-9]+ " "/tmp/${bin}_$n.log" | head -12 | tee -a "$log"
}
for a in "$@"; do
  dirs=(); g=${a#old:}; n=$(basename "$g")
  [ "$a" != "$g" ] && { search axon_old "$g"; dirs+=("/tmp/axon_old_$n"); }
  search axon "$g"; dirs+=("/tmp/axon_$n")
  timeout 120 python3 benchmarks/suite/side_by_side.py "$(graph "$g")" "${dirs[@]}" --rounds "${RUN_ROUNDS:-3}" 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
done
exit 0
