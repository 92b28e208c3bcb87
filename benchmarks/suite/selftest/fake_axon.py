#!/usr/bin/env python3
"""A stand-in for `axon` that checks the suite's driver on a GPU before `axon superopt` exists.

    fake_axon.py superopt GRAPH --target sm_90 -o DIR --budget S
    fake_axon.py --version

For a few graphs (row_sum, softmax, softmax_odd, silu_bias_residual) it writes plain hand-written
CUDA kernels, builds them with nvcc into DIR/libaxon_<graph>.so and writes DIR/launcher.json in
the format run_suite.py reads; for any other graph it fails with exit code 2, as a search that
finds nothing would. FAKE_AXON_WRONG=name1,name2 makes those kernels add 0.01 to every output,
to see the suite report a mismatch; FAKE_AXON_BROKEN=name1,... names a missing symbol in their
launcher.json. Its figures say nothing about axon.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

COMMON = r"""
#include <cuda_runtime.h>
#include <math.h>
#include <stddef.h>
#define WRONG %(wrong)s
template <bool MAX> __device__ float block_reduce(float v, float* s) {
  s[threadIdx.x] = v;
  __syncthreads();
  for (int w = blockDim.x / 2; w > 0; w >>= 1) {
    if (threadIdx.x < w)
      s[threadIdx.x] = MAX ? fmaxf(s[threadIdx.x], s[threadIdx.x + w])
                           : s[threadIdx.x] + s[threadIdx.x + w];
    __syncthreads();
  }
  float r = s[0];
  __syncthreads();
  return r;
}
"""

KERNELS = {
    "row_sum": (r"""
__global__ void k(const float* x, float* out, int cols) {
  __shared__ float s[256];
  const float* xr = x + (size_t)blockIdx.x * cols;
  float acc = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) acc += xr[c];
  acc = block_reduce<false>(acc, s);
  if (threadIdx.x == 0) out[blockIdx.x] = acc + WRONG;
}
""", "k<<<%(rows)d, 256, 0, st>>>((const float*)in[0], (float*)out[0], %(cols)d);", 0),
    "softmax": (r"""
__global__ void k(const float* x, float* out, int cols) {
  __shared__ float s[256];
  const float* xr = x + (size_t)blockIdx.x * cols;
  float* yr = out + (size_t)blockIdx.x * cols;
  float m = -INFINITY, sum = 0.f;
  for (int c = threadIdx.x; c < cols; c += blockDim.x) m = fmaxf(m, xr[c]);
  m = block_reduce<true>(m, s);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) sum += expf(xr[c] - m);
  float inv = 1.f / block_reduce<false>(sum, s);
  for (int c = threadIdx.x; c < cols; c += blockDim.x) yr[c] = expf(xr[c] - m) * inv + WRONG;
}
""", "k<<<%(rows)d, 256, 0, st>>>((const float*)in[0], (float*)out[0], %(cols)d);", 4096),
    "silu_bias_residual": (r"""
__global__ void k(const float* x, const float* b, const float* r, float* out, size_t n, int cols) {
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n;
       i += (size_t)gridDim.x * blockDim.x) {
    float h = x[i] + b[i %% cols];
    out[i] = h / (1.f + expf(-h)) + r[i] + WRONG;
  }
}
""", "k<<<132 * 8, 256, 0, st>>>((const float*)in[0], (const float*)in[1], (const float*)in[2],"
     " (float*)out[0], (size_t)%(rows)d * %(cols)d, %(cols)d);", 0),
}
KERNELS["softmax_odd"] = KERNELS["softmax"]

API = r"""
extern "C" int axon_%(name)s_run(const void* const* in, void* const* out, void* ws, void* stream) {
  cudaStream_t st = (cudaStream_t)stream;
  (void)ws;
  %(launch)s
  return (int)cudaGetLastError();
}
extern "C" size_t axon_%(name)s_workspace_bytes(void) { return %(ws)d; }
"""


def superopt(graph_path: str, out_dir: str) -> int:
    graph = json.loads(Path(graph_path).read_text())
    name = graph.get("name") or Path(graph_path).stem
    if name not in KERNELS:
        print("fake axon: no kernel for %s" % name, flush=True)
        return 2
    body, launch, ws = KERNELS[name]
    rows, cols = graph["inputs"][0]["shape"]
    wrong = "0.01f" if name in os.environ.get("FAKE_AXON_WRONG", "").split(",") else "0.0f"
    src = (COMMON % {"wrong": wrong} + body % {} +
           API % {"name": name, "launch": launch % {"rows": rows, "cols": cols}, "ws": ws})
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    (out / ("axon_%s.cu" % name)).write_text(src)
    lib = "libaxon_%s.so" % name
    cmd = ["nvcc", "-O3", "-arch=sm_90", "-shared", "-Xcompiler", "-fPIC", "-o", str(out / lib),
           str(out / ("axon_%s.cu" % name))]
    print("fake axon: " + " ".join(cmd), flush=True)
    if subprocess.call(cmd) != 0:
        return 3
    outputs = [{"name": o, "shape": [rows] if name == "row_sum" else [rows, cols], "dtype": "f32"}
               for o in graph["outputs"]]
    broken = name in os.environ.get("FAKE_AXON_BROKEN", "").split(",")
    launcher = {"graph": name, "library": lib,
                "symbol": "axon_%s_run%s" % (name, "_missing" if broken else ""),
                "workspace_symbol": "axon_%s_workspace_bytes" % name,
                "inputs": graph["inputs"], "outputs": outputs}
    (out / "launcher.json").write_text(json.dumps(launcher, indent=2) + "\n")
    return 0


def main(argv) -> int:
    if argv[:1] == ["--version"]:
        print("fake-axon (benchmarks/suite/selftest; not axon)")
        return 0
    if len(argv) < 2 or argv[0] != "superopt" or "-o" not in argv:
        print("usage: fake_axon.py superopt GRAPH --target sm_90 -o DIR --budget S")
        return 2
    return superopt(argv[1], argv[argv.index("-o") + 1])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
