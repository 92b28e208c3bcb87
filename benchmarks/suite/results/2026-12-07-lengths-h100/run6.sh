#!/usr/bin/env bash
# Next device call (not yet run): the counted (causal) persistent kernels with Q's loads a row
# block ahead (1b4a9a8) against the same kernels without them (a827fd6, the run above), one GPU,
# one call. From the repository root, carrying .gpu/bundle.tar.xz (scripts/gpu_bundle.sh) and
# .gpu/prev.tar.xz (not .gpu/ whole: with old.tar.xz it is over 64 MiB): a827fd6's bundle, built
# as handedit/old_vs_new.sh's header says for 462a088 (a worktree of a827fd6, its isa_specs/ and
# synth cache beside the binary). Then the GPU tests of attention (their causal persistent shape
# takes the counted kernel).
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all6.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
rm -rf /tmp/prev && mkdir -p /tmp/prev && tar -C /tmp/prev -xJf .gpu/prev.tar.xz
export PYTHONUNBUFFERED=1
here=benchmarks/suite/results/2026-12-07-lengths-h100
m="128x128 w2 s2 pingpong persistent tma-store|128x128 w2 s3 pingpong persistent tma-store"
for g in $here/graphs/attention_causal_s1024 benchmarks/graphs/attention_causal $here/graphs/attention_causal_s4096; do
  n=$(basename $g)
  for side in prev new; do
    if [ $side = prev ]; then b=/tmp/prev/axon; isa=$b/isa_specs; cache=$b/cache; else b=/tmp/axon_bundle/axon; isa=$PWD/isa_specs; cache=$PWD/synth/cache; fi
    rm -rf /tmp/${side}_$n
    LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$isa AXON_SYNTH_CACHE=$cache timeout 90 $b/bin/axon superopt $g.json --store none --budget 20 \
      --variants 1 --configs 2 --config-match "$m" -o /tmp/${side}_$n > /tmp/${side}_$n.log 2>&1
    echo "== $n $side rc=$? $(grep -E '^k0' /tmp/${side}_$n.log | tr -s ' ' | cut -c1-100)" | tee -a "$log"
  done
  timeout 150 python3 benchmarks/suite/side_by_side.py $g.json /tmp/prev_$n /tmp/new_$n --rounds 5 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
  LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache timeout 60 python3 benchmarks/suite/stress.py $g.json /tmp/new_$n --runs 300 --axon /tmp/axon_bundle/axon/bin/axon 2>&1 | tail -2 | tee -a "$log"
done
[ "${RUN6_TESTS:-1}" = 1 ] && OUT=$out timeout 420 bash scripts/gpu_check.sh tests "[gpu][attention]" 2>&1 | tail -4 | tee -a "$log"
