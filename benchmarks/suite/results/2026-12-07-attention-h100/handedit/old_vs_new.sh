#!/usr/bin/env bash
# One device call: axon of 462a088 (README's table, 2026-12-03) against this tree's axon on the
# same GPU, workload by workload: both searches as the suite runs them (--budget 20), then the
# two launchers timed side by side with PyTorch (side_by_side.py). Run from the repository root
# with .gpu/ carried: .gpu/bundle.tar.xz (scripts/gpu_bundle.sh) and .gpu/old.tar.xz, the old
# binary's bundle with its isa_specs/ and synth cache beside it:
#   git worktree add /tmp/old 462a088 && cmake -S /tmp/old -B /tmp/old/build -DAXON_TESTS=OFF &&
#   cmake --build /tmp/old/build --target axon && ../shared/tools/bundle-libs /tmp/old/build/src/cli/axon /tmp/oldb/axon &&
#   cp -r /tmp/old/isa_specs /tmp/oldb/axon/ && cp -r /tmp/old/synth/cache /tmp/oldb/axon/ && tar -C /tmp/oldb -cJf .gpu/old.tar.xz axon
set -u
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader
out=${OUT:-out}; mkdir -p "$out"
[ -x /tmp/axon_bundle/axon/bin/axon ] || bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
rm -rf /tmp/old && mkdir -p /tmp/old && tar -C /tmp/old -xJf .gpu/old.tar.xz
NEW=/tmp/axon_bundle/axon OLD=/tmp/old/axon
export PYTHONUNBUFFERED=1
for w in ${WORKLOADS:-add_layernorm layernorm layernorm_odd rmsnorm softmax softmax_odd rmsnorm_matmul_m8192 layernorm_matmul rmsnorm_matmul_m16}; do
  graph=benchmarks/graphs/$w.json
  for side in old new; do
    if [ $side = old ]; then b=$OLD; isa=$OLD/isa_specs; cache=$OLD/cache; else b=$NEW; isa=$PWD/isa_specs; cache=$PWD/synth/cache; fi
    rm -rf /tmp/o_$side
    LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$isa AXON_SYNTH_CACHE=$cache timeout 100 $b/bin/axon superopt "$graph" $([ $side = new ] && echo --store none) --budget ${BUDGET:-20} --cache /tmp/cache_$side -o /tmp/o_$side -q > /tmp/o_$side.log 2>&1
    echo "== $w $side rc=$? $(grep -E '^total' /tmp/o_$side.log)"
    grep -E '^k[0-9]+ ' /tmp/o_$side.log | cut -c1-100
    { echo "== $w $side"; cat /tmp/o_$side.log; } >> "$out/searches.log"  # one file: the device tool brings back 8 at most
    rm -rf /tmp/o_$side/work 2>/dev/null
  done
  timeout 120 python3 benchmarks/suite/side_by_side.py "$graph" /tmp/o_old /tmp/o_new --rounds 5 2>&1 | sed 's#/tmp/o_##g' | tee -a "$out/side.log" | tail -7
done
