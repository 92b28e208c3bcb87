#!/usr/bin/env bash
# Installs what axon needs to build and test on Debian 12, as root. Installs only what is
# missing, so a second run is quick. The CUDA toolkit is optional and not installed here: when
# /usr/local/cuda (or nvcc on PATH) is present, GPU features are compiled in. openmpi-bin gives
# mpirun for `axon library --mpi`'s test (docs/library.md; axon links no MPI library).
set -euo pipefail
pkgs=(build-essential cmake git python3 python3-venv libz3-dev libcvc5-dev libeigen3-dev libboost-graph-dev
      catch2 nlohmann-json3-dev libcli11-dev libsqlite3-dev clang libclang-rt-14-dev openmpi-bin)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "axon: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "axon: dependencies present"
