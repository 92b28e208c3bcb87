#!/usr/bin/env bash
# On the GPU host, from the repository root (the device tool's working copy), with .gpu/ carried:
# unpacks the bundle of scripts/gpu_bundle.sh, then runs what is asked:
#   scripts/gpu_check.sh tests "[gpu][reductions]"    the GPU test binary with a Catch filter
#   scripts/gpu_check.sh suite DIR [run_suite args]   benchmarks/suite/run_suite.py on DIR's graphs
#   scripts/gpu_check.sh f32-attention [run_suite args]
#                                                     the sweep's f32 attention graphs (seed 1)
#   scripts/gpu_check.sh models [run_blocks args]     benchmarks/models/run_blocks.py (budget 10)
#   scripts/gpu_check.sh library SPEC EXACT SIZES [library args]
#                                                     axon library on SPEC and EXACT, each bucket's picks,
#                                                     then benchmarks/library/measure.py at SIZES (1,2,..)
#   scripts/gpu_check.sh stress GRAPH MATCH [MATCH ...] [--runs N]
#                                                     one kernel folder per MATCH (superopt --config-match,
#                                                     one configuration), each run N times (3000) by
#                                                     benchmarks/suite/stress.py: a race shows as runs that differ
#   scripts/gpu_check.sh side GRAPH MATCH [MATCH ...] [--rounds N]
#                                                     one kernel folder per MATCH as above, then all of them
#                                                     timed side by side with PyTorch (benchmarks/suite/side_by_side.py)
# Results go to $OUT (or ./out).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
mkdir -p "$out" /tmp/axon_bundle
# Unpacked again whenever the bundle changed (a warm machine keeps /tmp between calls).
stamp=$(cksum < "$root/.gpu/bundle.tar.xz")
if [ ! -x /tmp/axon_bundle/axon/bin/axon ] || [ "$(cat /tmp/axon_bundle/.stamp 2>/dev/null)" != "$stamp" ]; then
  rm -rf /tmp/axon_bundle/axon && tar -C /tmp/axon_bundle -xJf "$root/.gpu/bundle.tar.xz" && echo "$stamp" > /tmp/axon_bundle/.stamp
fi
export LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export AXON_BIN=/tmp/axon_bundle/axon/bin/axon AXON_ISA_DIR=$root/isa_specs AXON_SYNTH_CACHE=$root/synth/cache
export PYTHONUNBUFFERED=1
what=$1; shift
case "$what" in
  tests) /tmp/axon_bundle/axon/bin/axon_codegen_tests "$@" 2>&1 | tee -a "$out/gpu_tests.log" | tail -40 ;;
  suite) dir=$1; shift
         python3 "$root/benchmarks/suite/run_suite.py" --axon "$AXON_BIN" --graphs "$dir" --out "$out/$(basename "$dir")" "$@" 2>&1 |
           tee -a "$out/suite.log" | grep -vE '^\s*$' | tail -60 ;;
  f32-attention)
         rm -rf /tmp/axon_sweep_att && mkdir -p "$out/f32-attention-graphs"
         python3 "$root/benchmarks/sweep/generate.py" --seed 1 --sample 0 --kinds attention --out /tmp/axon_sweep_att >/dev/null
         cp /tmp/axon_sweep_att/attention_f32_*.json "$out/f32-attention-graphs/"
         python3 "$root/benchmarks/suite/run_suite.py" --axon "$AXON_BIN" --graphs "$out/f32-attention-graphs" --out "$out/f32-attention" \
           --budget 10 "$@" 2>&1 | tee -a "$out/suite.log" | grep -vE '^\s*$' | tail -40 ;;
  models) PYTHONPATH="$root/python" python3 "$root/benchmarks/models/run_blocks.py" --out "$out/models" --budget 10 "$@" 2>&1 |
           tee -a "$out/models.log" | tail -40 ;;
  library) spec=$1 exact=$2 sizes=$3; shift 3  # the libraries in /tmp (their work folders are large)
         name=$(basename "$spec" .json); mkdir -p "$out/$name"
         "$AXON_BIN" library "$spec" -o "/tmp/lib_$name" --workers 1 "$@" > "$out/$name/cold.log" 2>&1; tail -8 "$out/$name/cold.log"
         "$AXON_BIN" library "$exact" -o "/tmp/lib_${name}_exact" --workers 1 > "$out/$name/exact.log" 2>&1; tail -5 "$out/$name/exact.log"
         cp "/tmp/lib_$name/manifest.json" "/tmp/lib_$name/summary.csv" "$out/$name/"
         for f in "/tmp/lib_$name"/work/*/*/report.json; do  # each bucket's picks: at the size, at or below it, above it
           python3 -c 'import json, sys
r = json.load(open(sys.argv[1]))
for v in r["variants"]:
    for k in v["kernels"] * bool(v.get("chosen")):
        print(sys.argv[2], k["group"], "|", k["winner"], "|", k.get("runtime_winner"), "|", k.get("runtime_winner_above", "-"))' "$f" "$(basename "$(dirname "$f")")"
         done | tee "$out/$name/picks.txt"
         python3 "$root/benchmarks/library/measure.py" --axon "$AXON_BIN" --lib "/tmp/lib_$name" --exact "/tmp/lib_${name}_exact" \
           --sizes "$sizes" --compile skip --out "$out/$name/measure" 2>&1 | tee "$out/$name/measure.log" | tail -25 ;;
  stress|side) graph=$1; shift; runs=3000; rounds=3; dirs=()
         while [ $# -gt 0 ]; do
           if [ "$1" = --runs ]; then runs=$2; shift 2; continue; fi
           if [ "$1" = --rounds ]; then rounds=$2; shift 2; continue; fi
           d="/tmp/stress_$(basename "$graph" .json)_${#dirs[@]}"; rm -rf "$d"
           if "$AXON_BIN" superopt "$graph" --store none --budget 10 --configs 1 --config-match "$1" -o "$d" > "$d.log" 2>&1; then
             echo "[$1] $(grep -E '^k[0-9]+ ' "$d.log" | cut -c1-70 | tr -s ' ' | paste -sd ';')"; dirs+=("$d")
           else echo "[$1] superopt failed: $(tail -2 "$d.log")"; fi
           shift
         done
         [ ${#dirs[@]} -eq 0 ] && exit 1
         if [ "$what" = stress ]; then
           python3 "$root/benchmarks/suite/stress.py" "$graph" "${dirs[@]}" --runs "$runs" --axon "$AXON_BIN" 2>&1 | tee -a "$out/stress.log"
         else
           python3 "$root/benchmarks/suite/side_by_side.py" "$graph" "${dirs[@]}" --rounds "$rounds" 2>&1 | tee -a "$out/side.log"
         fi ;;
  *) echo "usage: gpu_check.sh tests FILTER | suite DIR [ARGS] | f32-attention [ARGS] | models [ARGS] | library SPEC EXACT SIZES [ARGS] | stress GRAPH MATCH... [--runs N] | side GRAPH MATCH... [--rounds N]" >&2; exit 2 ;;
esac
# The device tool brings back a bounded number of files: the searches' work folders (cubins,
# jobs) and built libraries would crowd out the results.
find "$out" -name .work -type d -prune -exec rm -rf {} + ; find "$out" -name '*.so' -type f -exec rm -f {} +
