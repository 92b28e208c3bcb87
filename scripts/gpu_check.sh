#!/usr/bin/env bash
# On the GPU host, from the repository root (the device tool's working copy), with .gpu/ carried:
# unpacks the bundle of scripts/gpu_bundle.sh, then runs what is asked:
#   scripts/gpu_check.sh tests "[gpu][reductions]"    the GPU test binary with a Catch filter
#   scripts/gpu_check.sh suite DIR [run_suite args]   benchmarks/suite/run_suite.py on DIR's graphs
# Results go to $OUT (or ./out).
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$root/out}
mkdir -p "$out" /tmp/axon_bundle
[ -x /tmp/axon_bundle/axon/bin/axon ] || tar -C /tmp/axon_bundle -xJf "$root/.gpu/bundle.tar.xz"
export LD_LIBRARY_PATH=/tmp/axon_bundle/axon/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export AXON_BIN=/tmp/axon_bundle/axon/bin/axon AXON_ISA_DIR=$root/isa_specs AXON_SYNTH_CACHE=$root/synth/cache
export PYTHONUNBUFFERED=1
what=$1; shift
case "$what" in
  tests) /tmp/axon_bundle/axon/bin/axon_codegen_tests "$@" 2>&1 | tee -a "$out/gpu_tests.log" | tail -40 ;;
  suite) dir=$1; shift
         python3 "$root/benchmarks/suite/run_suite.py" --axon "$AXON_BIN" --graphs "$dir" --out "$out/$(basename "$dir")" "$@" 2>&1 |
           tee -a "$out/suite.log" | grep -vE '^\s*$' | tail -60 ;;
  *) echo "usage: gpu_check.sh tests FILTER | suite DIR [ARGS]" >&2; exit 2 ;;
esac
