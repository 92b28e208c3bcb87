#!/usr/bin/env bash
# One device call (run from the repository root with .gpu/ carried: bundle.tar.xz from
# scripts/gpu_bundle.sh, old.tar.xz as handedit/old_vs_new.sh's header says):
# (1) the persistent attention kernel with the bulk store from Q's panels (the search picks s2 or
#     s3) at three row lengths of equal FLOPs (S 1024 B 32, S 2048 B 8, S 4096 B 2; plain and
#     causal), each beside SDPA: the time per key tile and per row block, against SDPA's;
# (2) a diagnostic at S 2048: the same kernel without the wait for the boxes' reads before the
#     next Q is stored (racy: its output is not checked, only timed): what a second Q buffer
#     could save at most;
# (3) the search's own time, old binary (462a088) against this one, on two graphs, with progress.
set -u
out=${OUT:-out}; mkdir -p "$out"; log=$out/all.log
nvidia-smi --query-gpu=name,clocks.max.sm,driver_version --format=csv,noheader | tee "$log"
bash scripts/gpu_check.sh unpack-only >/dev/null 2>&1
export AXON_ISA_DIR=$PWD/isa_specs AXON_SYNTH_CACHE=$PWD/synth/cache PYTHONUNBUFFERED=1
AX=/tmp/axon_bundle/axon/bin/axon L=/tmp/axon_bundle/axon/lib
here=benchmarks/suite/results/2026-12-07-lengths-h100
for g in $here/graphs/attention_s1024 benchmarks/graphs/attention $here/graphs/attention_s4096 \
         $here/graphs/attention_causal_s1024 benchmarks/graphs/attention_causal $here/graphs/attention_causal_s4096; do
  n=$(basename $g); rm -rf /tmp/t_$n
  LD_LIBRARY_PATH=$L timeout 90 $AX superopt $g.json --store none --budget 20 --variants 1 --configs 2 \
    --config-match "128x128 w2 s2 pingpong persistent tma-store|128x128 w2 s3 pingpong persistent tma-store" -o /tmp/t_$n > /tmp/t_$n.log 2>&1
  echo "== $n rc=$? $(grep -E '^k0' /tmp/t_$n.log | tr -s ' ' | cut -c1-100)" | tee -a "$log"
  grep -E "attention t384.*: (ok|wrong|error)" /tmp/t_$n.log | sed 's/.*superopt: *//' | tee -a "$log"
  dirs=/tmp/t_$n
  if [ $n = attention ]; then
    rm -rf /tmp/nw_$n && cp -r /tmp/t_$n /tmp/nw_$n && cd /tmp/nw_$n &&
      sed -i '/^    if (th == 0) asm volatile("cp.async.bulk.wait_group.read 0;"/d' axon_attention.cu &&
      echo "nowait: $(grep -c wait_group.read axon_attention.cu) wait left" | tee -a "$log" &&
      nvcc -O3 -gencode arch=compute_90a,code=sm_90a -shared -Xcompiler -fPIC -o libaxon_attention.so axon_attention.cu > nvcc.log 2>&1
    echo "nowait nvcc rc=$?" | tee -a "$log"; cd - >/dev/null; dirs="$dirs /tmp/nw_$n"
  fi
  timeout 150 python3 benchmarks/suite/side_by_side.py $g.json $dirs --rounds 3 2>&1 | sed 's#/tmp/##g' | tee -a "$log"
done
rm -rf /tmp/old && mkdir -p /tmp/old && tar -C /tmp/old -xJf .gpu/old.tar.xz
for w in silu_bias_residual softmax; do
  for side in old new; do
    if [ $side = old ]; then b=/tmp/old/axon; isa=$b/isa_specs; cache=$b/cache; st=; else b=/tmp/axon_bundle/axon; isa=$PWD/isa_specs; cache=$PWD/synth/cache; st="--store none"; fi
    rm -rf /tmp/s_$side
    echo "== search $w $side" | tee -a "$log"
    LD_LIBRARY_PATH=$b/lib AXON_ISA_DIR=$isa AXON_SYNTH_CACHE=$cache timeout 100 $b/bin/axon superopt benchmarks/graphs/$w.json $st --budget 10 --cache /tmp/cs_$side -o /tmp/s_$side 2>&1 | python3 -u -c 'import sys,time; t=time.time(); [print("%6.2f %s" % (time.time()-t, l), end="", flush=True) for l in sys.stdin]' | tee -a "$log" | tail -3
  done
done
