#!/usr/bin/env bash
# The stream with its row blocks by the counter where masks skip tiles (causal), and the stream
# with three Q buffers (" q3"), beside the persistent kernel they stream; one GPU, one call per
# graph list. From the repository root, carrying .gpu/bundle.tar.xz (scripts/gpu_bundle.sh).
#   bash run8.sh GRAPH...   (paths without .json; q:GRAPH: the two streams only, searched and
#   stressed, no timing; RUN8_ROUNDS (3); RUN8_STRESS: stress runs per stream (200, 0: none);
#   RUN8_TESTS=1: then the GPU tests of attention)
# Per graph: the search's best persistent kernel with the bulk store (--configs 2), the stream
# with two Q buffers, with three; side_by_side.py (SDPA beside, outputs checked first, L2
# flushed); stress.py on each stream.
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all8.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
b=/tmp/axon_bundle/axon
export PYTHONUNBUFFERED=1
ax() { LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache "$@"; }
search() {  # tag graph match
  local tag=$1 g=$2 m=$3 n; n=$(basename "$g")
  rm -rf "/tmp/${tag}_$n"
  ax timeout 120 "$b/bin/axon" superopt "$g.json" --store none --budget 20 --variants 1 --configs 2 --config-match "$m" \
    -o "/tmp/${tag}_$n" > "/tmp/${tag}_$n.log" 2>&1
  echo "== $n $tag rc=$? $(grep -E '^k0' "/tmp/${tag}_$n.log" | tr -s ' ' | cut -c1-120)" | tee -a "$log"
  grep -E "^attention t384|rror|mismatch" "/tmp/${tag}_$n.log" | head -6 | tee -a "$log"
}
stress() {  # tag graph
  local n; n=$(basename "$2")
  [ "${RUN8_STRESS:-200}" -gt 0 ] && ax timeout 90 python3 benchmarks/suite/stress.py "$2.json" "/tmp/${1}_$n" --runs "${RUN8_STRESS:-200}" \
    --axon "$b/bin/axon" 2>&1 | tail -2 | sed "s#^#$1 $n: #" | tee -a "$log"
}
for g in "$@"; do
  only=0; case $g in q:*) only=1; g=${g#q:} ;; esac
  n=$(basename "$g"); dirs=()
  [ $only = 0 ] && { search p "$g" "pingpong persistent tma-store"; dirs+=("/tmp/p_$n"); }
  search s2 "$g" "persistent stream tma-store"; dirs+=("/tmp/s2_$n")
  search s3 "$g" "persistent stream q3"; dirs+=("/tmp/s3_$n")
  [ $only = 0 ] && timeout 150 python3 benchmarks/suite/side_by_side.py "$g.json" "${dirs[@]}" --rounds "${RUN8_ROUNDS:-3}" 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
  stress s2 "$g"; stress s3 "$g"
done
[ "${RUN8_TESTS:-0}" = 1 ] && OUT=$out timeout 420 bash scripts/gpu_check.sh tests "[gpu][attention]" 2>&1 | tail -6 | tee -a "$log"
exit 0
