#!/usr/bin/env bash
# Installs the Python package (python/, docs/python.md) with torch, onnx, tqdm and pytest from
# PyPI into a virtual environment: $AXON_VENV, by default build/venv (inside the clone, ignored by
# git; Debian's own pip refuses installs outside one). A second run only checks what is there.
# torch from PyPI is its CUDA build, which runs on the CPU as well: about 3 GB of wheels and
# 5.5 GB installed. scripts/pip_staged.py installs the dependencies one wheel at a time (peak:
# what is installed plus one wheel) after checking the disk; where the disk is too small it says
# so and the package is installed without torch, whose tests then skip (pytest lists them);
# AXON_REQUIRE_TORCH=1 makes that an error. AXON_TORCH_INDEX=URL installs torch from another
# index first (a CPU-only one).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${AXON_VENV:-$root/build/venv}
start=$(date +%s)
if [ ! -x "$venv/bin/python" ]; then
  mkdir -p "$(dirname "$venv")"
  "${PYTHON:-python3}" -m venv "$venv"
fi
py="$venv/bin/python"
pip=("$py" -m pip install --no-cache-dir --disable-pip-version-check -q)
if [ -n "${AXON_TORCH_INDEX:-}" ] && ! "$py" -c "import torch" 2>/dev/null; then
  "${pip[@]}" --index-url "$AXON_TORCH_INDEX" torch
fi
extras=torch,onnx,tqdm,test
if "$py" "$root/scripts/pip_staged.py" --python "$py" "$root/python[$extras]"; then
  :
else
  rc=$?
  if [ "$rc" != 3 ] || [ "${AXON_REQUIRE_TORCH:-0}" = 1 ]; then exit "$rc"; fi
  extras=onnx,tqdm,test
  echo "axon: WARNING: not enough disk for torch (line above); installing the Python package" \
       "without it: its torch tests will skip" >&2
  "$py" "$root/scripts/pip_staged.py" --python "$py" "$root/python[$extras]"
fi
"${pip[@]}" -e "$root/python[$extras]"
echo "axon: Python package installed in $venv with [$extras] ($(( $(date +%s) - start )) s)"
