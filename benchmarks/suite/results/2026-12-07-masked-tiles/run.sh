#!/usr/bin/env bash
# Masked tiles by one comparison per score, and the key tiles walked from the last (this change's
# two steps) against the binary before them, one configuration each, on one GPU in one call. From
# the repository root, carrying .gpu/bundle.tar.xz (scripts/gpu_bundle.sh, with the binaries
# named in BINS beside bin/axon: by default axon_old, the binary before, then axon).
#   bash run.sh 'GRAPH|MATCH' ...   (GRAPH: a sweep graph's name (seed 1) or a path without .json;
#                                   MATCH: the --config-match both binaries take, --configs 1)
# Per graph: both binaries' searches (--budget 10, the model's first configuration containing
# MATCH, validated by the worker), then side_by_side.py (SDPA beside, outputs checked first,
# L2 flushed, RUN_ROUNDS rounds, 3 by default).
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
b=/tmp/axon_bundle/axon
export PYTHONUNBUFFERED=1
rm -rf /tmp/sweep_att && python3 benchmarks/sweep/generate.py --seed 1 --sample 0 --kinds attention --out /tmp/sweep_att >/dev/null
ax() { LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache "$@"; }
graph() { case $1 in */*) echo "$1.json" ;; *) echo "/tmp/sweep_att/$1.json" ;; esac; }
for spec in "$@"; do
  g=${spec%%|*}; m=${spec#*|}; n=$(basename "$g"); dirs=()
  for bin in ${BINS:-axon_old axon}; do
    d=/tmp/${bin}_$n; rm -rf "$d"
    ax timeout 150 "$b/bin/$bin" superopt "$(graph "$g")" --store none --budget 10 --configs 1 --config-match "$m" -o "$d" > "$d.log" 2>&1
    echo "== $n $bin rc=$? $(grep -E '^k[0-9]' "$d.log" | tr -s ' ' | cut -c1-110 | paste -sd ';')" | tee -a "$log"
    grep -E "rror|mismatch|failed" "$d.log" | head -6 | tee -a "$log"
    dirs+=("$d")
  done
  timeout 200 python3 benchmarks/suite/side_by_side.py "$(graph "$g")" "${dirs[@]}" --rounds "${RUN_ROUNDS:-3}" 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
done
exit 0
