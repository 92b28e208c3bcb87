#!/usr/bin/env bash
# Installs the Python package (python/, docs/python.md) with torch, onnx, tqdm and pytest from
# PyPI into a virtual environment: $AXON_VENV, by default build/venv (inside the clone, ignored by
# git; Debian's own pip refuses installs outside one). A second run only checks what is there.
# torch from PyPI is its CUDA build, which runs on the CPU as well (about 2 minutes and 5 GB on a
# fresh machine); AXON_TORCH_INDEX=URL installs torch from another index first (a CPU-only one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${AXON_VENV:-$root/build/venv}
start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  "${PYTHON:-python3}" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip install --no-cache-dir --disable-pip-version-check -q)
if [ -n "${AXON_TORCH_INDEX:-}" ] && ! "$venv/bin/python" -c "import torch" 2>/dev/null; then
  "${pip[@]}" --index-url "$AXON_TORCH_INDEX" torch
fi
"${pip[@]}" -e "$root/python[torch,onnx,tqdm,test]"
echo "axon: Python package installed in $venv ($(( $(date +%s) - start )) s)"
