#!/usr/bin/env bash
# The row blocks' stream (AttentionConfig::stream) against the persistent kernel it streams, and
# the causal kernels with Q's loads a row block ahead (1b4a9a8) against a827fd6's, one GPU, one
# call per graph list. From the repository root, carrying .gpu/bundle.tar.xz (scripts/gpu_bundle.sh)
# and .gpu/prev.tar.xz (a827fd6's bundle, as ../2026-12-07-lengths-h100/run6.sh says).
#   bash run7.sh GRAPH... (paths without .json; q:GRAPH: the stream's search and stress only;
#   RUN7_TESTS=1: then the GPU tests of attention; RUN7_PREV=0: no a827fd6 side;
#   RUN7_PERSIST: the persistent kernels' --config-match; RUN7_ROUNDS (3); RUN7_STRESS=0: none)
# Per graph: the search's best of the persistent s2 and s3 kernels (new binary; causal graphs also
# a827fd6's), the stream alone, then side_by_side.py (SDPA, each dir; outputs checked first) and
# 300 stress runs of the stream's kernel.
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all7.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee -a "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
[ -d /tmp/prev/axon ] || { mkdir -p /tmp/prev && tar -C /tmp/prev -xJf .gpu/prev.tar.xz; }
export PYTHONUNBUFFERED=1
persist=${RUN7_PERSIST:-"128x128 w2 s2 pingpong persistent tma-store|128x128 w2 s3 pingpong persistent tma-store"}
search() {  # side binary-dir graph match
  local side=$1 b=$2 g=$3 m=$4 n isa cache
  n=$(basename "$g")
  if [ "$side" = prev ]; then isa=$b/isa_specs; cache=$b/cache; else isa=$PWD/isa_specs; cache=$PWD/synth/cache; fi
  rm -rf "/tmp/${side}_$n"
  LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$isa AXON_SYNTH_CACHE=$cache timeout 120 "$b/bin/axon" superopt "$g.json" --store none --budget 20 \
    --variants 1 --configs 2 --config-match "$m" -o "/tmp/${side}_$n" > "/tmp/${side}_$n.log" 2>&1
  echo "== $n $side rc=$? $(grep -E '^k0' "/tmp/${side}_$n.log" | tr -s ' ' | cut -c1-110)" | tee -a "$log"
  grep -E "^attention t384|rror|mismatch" "/tmp/${side}_$n.log" | head -6 | tee -a "$log"
}
for g in "$@"; do
  case $g in q:*)  # the stream alone: generated, validated by its search, stressed
    g=${g#q:}; n=$(basename "$g")
    search stream /tmp/axon_bundle/axon "$g" "persistent stream"
    LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache timeout 60 \
      python3 benchmarks/suite/stress.py "$g.json" "/tmp/stream_$n" --runs 300 --axon /tmp/axon_bundle/axon/bin/axon 2>&1 | tail -2 | tee -a "$log"
    continue ;;
  esac
  n=$(basename "$g"); dirs=()
  case $n in *causal*) [ "${RUN7_PREV:-1}" = 1 ] && { search prev /tmp/prev/axon "$g" "$persist"; dirs+=("/tmp/prev_$n"); } ;; esac
  search new /tmp/axon_bundle/axon "$g" "$persist"; dirs+=("/tmp/new_$n")
  search stream /tmp/axon_bundle/axon "$g" "persistent stream"; dirs+=("/tmp/stream_$n")
  timeout 150 python3 benchmarks/suite/side_by_side.py "$g.json" "${dirs[@]}" --rounds "${RUN7_ROUNDS:-3}" 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
  [ "${RUN7_STRESS:-1}" = 1 ] && LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache timeout 60 \
    python3 benchmarks/suite/stress.py "$g.json" "/tmp/stream_$n" --runs 300 --axon /tmp/axon_bundle/axon/bin/axon 2>&1 | tail -2 | tee -a "$log"
done
cp /tmp/stream_*/kernel0_attention.cu "$out/" 2>/dev/null
[ "${RUN7_TESTS:-0}" = 1 ] && OUT=$out timeout 420 bash scripts/gpu_check.sh tests "[gpu][attention]" 2>&1 | tail -6 | tee -a "$log"
exit 0
