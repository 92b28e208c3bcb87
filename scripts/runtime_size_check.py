#!/usr/bin/env python3
"""GPU check of runtime sizes (docs/codegen.md, "Runtime sizes"): `axon superopt --runtime-size M`
at a tuned M, then the launcher's axon_<name>_run_sized at other sizes n (1, small odd ones, the
tuned one and its neighbours, a larger one) against PyTorch, and a bad n refused with
cudaErrorInvalidValue. Needs a GPU, nvcc (the launcher library) and PyTorch.

    python3 scripts/runtime_size_check.py --axon build/src/cli/axon [--out DIR]
"""
import argparse
import ctypes
import json
import subprocess
import sys
import tempfile
from pathlib import Path

import torch

GRAPHS = {
    "rt_softmax": ({"name": "rt_softmax", "inputs": [{"name": "x", "shape": ["M", 1000], "dtype": "f32"}],
                    "nodes": [{"name": "out", "op": "softmax", "inputs": ["x"], "attrs": {"axis": -1}}], "outputs": ["out"]},
                   1024),
    "rt_add_rms": ({"name": "rt_add_rms",
                    "inputs": [{"name": "x", "shape": ["M", 512], "dtype": "bf16"}, {"name": "r", "shape": ["M", 512], "dtype": "bf16"},
                               {"name": "g", "shape": [512], "dtype": "bf16"}],
                    "nodes": [{"name": "s", "op": "add", "inputs": ["x", "r"]},
                              {"name": "y", "op": "rmsnorm", "inputs": ["s", "g"], "attrs": {"axis": -1, "eps": 1e-6}}],
                    "outputs": ["y", "s"]},
                   1000),
    "rt_silu_bias": ({"name": "rt_silu_bias",
                      "inputs": [{"name": "x", "shape": ["M", 384], "dtype": "bf16"}, {"name": "b", "shape": [384], "dtype": "bf16"}],
                      "nodes": [{"name": "s", "op": "add", "inputs": ["x", "b"]}, {"name": "out", "op": "silu", "inputs": ["s"]}],
                      "outputs": ["out"]},
                     777),
    "rt_mm_gelu": ({"name": "rt_mm_gelu",
                    "inputs": [{"name": "x", "shape": ["M", 512], "dtype": "bf16"}, {"name": "w", "shape": [512, 384], "dtype": "bf16"},
                               {"name": "b", "shape": [384], "dtype": "bf16"}],
                    "nodes": [{"name": "xw", "op": "matmul", "inputs": ["x", "w"]}, {"name": "h", "op": "add", "inputs": ["xw", "b"]},
                              {"name": "out", "op": "gelu", "inputs": ["h"], "attrs": {"approximate": "tanh"}}],
                    "outputs": ["out"]},
                   2048),
    "rt_mm_f32": ({"name": "rt_mm_f32",
                   "inputs": [{"name": "a", "shape": ["M", 256], "dtype": "f32"}, {"name": "w", "shape": [256, 192], "dtype": "f32"}],
                   "nodes": [{"name": "out", "op": "matmul", "inputs": ["a", "w"]}], "outputs": ["out"]},
                  1000),
}


def reference(name, ins):
    if name == "rt_mm_gelu":
        xw = (ins[0].double() @ ins[1].double()).to(torch.bfloat16).double()
        h = (xw + ins[2].double()).to(torch.bfloat16).double()
        return [torch.nn.functional.gelu(h, approximate="tanh")]
    if name == "rt_mm_f32":
        return [ins[0].double() @ ins[1].double()]
    if name == "rt_softmax":
        return [torch.softmax(ins[0].double(), -1)]
    if name == "rt_add_rms":
        s = (ins[0].float() + ins[1].float()).to(torch.bfloat16)
        sd = s.double()
        y = sd * torch.rsqrt(sd.pow(2).mean(-1, keepdim=True) + 1e-6) * ins[2].double()
        return [y, sd]
    s = (ins[0].float() + ins[1].float()).to(torch.bfloat16).double()
    return [s * torch.sigmoid(s)]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--axon", required=True)
    ap.add_argument("--out", default=None)
    ap.add_argument("--budget", type=float, default=20)
    a = ap.parse_args()
    root = Path(a.out or tempfile.mkdtemp(prefix="axon_rt_"))
    dt = {"f32": torch.float32, "bf16": torch.bfloat16}
    failures = 0
    for name, (graph, tuned) in GRAPHS.items():
        d = root / name
        d.mkdir(parents=True, exist_ok=True)
        (d / "graph.json").write_text(json.dumps(graph))
        r = subprocess.run([a.axon, "superopt", str(d / "graph.json"), "-o", str(d / "out"), "--bind", f"M={tuned}",
                            "--runtime-size", "M", "--budget", str(a.budget), "--store", "none", "-q"],
                           capture_output=True, text=True)
        print(r.stdout[-1500:])
        if r.returncode != 0:
            print(f"{name}: superopt failed: {r.stderr[-2000:]}")
            failures += 1
            continue
        lj = json.loads((d / "out" / "launcher.json").read_text())
        rep = json.loads((d / "out" / "report.json").read_text())
        print(f"{name}: report runtime_size {rep.get('runtime_size')}")
        if "runtime_size" not in lj or not lj.get("library_built"):
            print(f"{name}: FAIL: no runtime-sized library ({rep.get('runtime_size')})")
            failures += 1
            continue
        lib = ctypes.CDLL(str(d / "out" / lj["library"]))
        run = getattr(lib, lj["symbol_sized"])
        run.argtypes = [ctypes.c_longlong, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]
        run.restype = ctypes.c_int
        wsb = getattr(lib, lj["workspace_symbol_sized"])
        wsb.argtypes = [ctypes.c_longlong]
        wsb.restype = ctypes.c_size_t
        top = lj["runtime_size"]["max"]
        for n in [1, 2, 3, 7, 129, tuned - 1, tuned, tuned + 1, 2 * tuned + 3]:
            torch.manual_seed(n)
            shape = lambda s: [n if x == "M" else x for x in s]
            ins = [torch.randn(shape(i["shape"]), device="cuda").to(dt[i["dtype"]]) for i in graph["inputs"]]
            # launcher.json's shapes are at the tuned M (axis 0): n rows here
            outs = [torch.full([n] + list(o["shape"][1:]), float("nan"), device="cuda", dtype=dt[o["dtype"]]) for o in lj["outputs"]]
            ws = torch.empty(max(1, wsb(n)), dtype=torch.uint8, device="cuda")
            ip = (ctypes.c_void_p * len(ins))(*[t.data_ptr() for t in ins])
            op = (ctypes.c_void_p * len(outs))(*[t.data_ptr() for t in outs])
            rc = run(n, ip, op, ctypes.c_void_p(ws.data_ptr()), ctypes.c_void_p(torch.cuda.current_stream().cuda_stream))
            torch.cuda.synchronize()
            ok = rc == 0
            worst = 0.0
            for o, ref in zip(outs, reference(name, ins)):
                tol = 2 ** -13 if o.dtype == torch.float32 else 2 ** -6
                err = (o.double() - ref).abs()
                bound = tol * (ref.abs() + ref.abs().mean())
                worst = max(worst, float((err / bound).max()))
                ok = ok and bool((err <= bound).all())
            print(f"{name}: n={n}: rc {rc}, worst error / tolerance {worst:.3f}: {'ok' if ok else 'FAIL'}")
            failures += not ok
        for bad in [0, -5, top + 1]:
            rc = run(bad, None, None, None, None)
            print(f"{name}: n={bad}: rc {rc} ({'ok' if rc == 1 else 'FAIL: expected cudaErrorInvalidValue (1)'})")
            failures += rc != 1
    print("runtime size check:", "all passed" if failures == 0 else f"{failures} FAILED")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
