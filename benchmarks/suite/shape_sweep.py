#!/usr/bin/env python3
"""The benchmark graphs at odd and tiny sizes, other dtypes, 3-D and batched shapes (32 graphs):

    python3 benchmarks/suite/shape_sweep.py OUT_DIR
    python3 benchmarks/suite/run_suite.py --axon AXON --graphs OUT_DIR --out RESULTS --budget 8 --skip-compile

writes them as graph.json files for run_suite.py, which checks axon's outputs against PyTorch
(an independent check of axon's own validation) and times them. Results: results/shape_sweep.md.
"""
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
G = HERE.parent / "graphs"

# (benchmark graph, name, {input: (shape, dtype)})
V = [
 ("softmax", "sm_1x1_f32", {"x": ([1, 1], "f32")}),
 ("softmax", "sm_5x7_bf16", {"x": ([5, 7], "bf16")}),
 ("softmax", "sm_129x1025_f16", {"x": ([129, 1025], "f16")}),
 ("softmax", "sm_2x3x77_f32", {"x": ([2, 3, 77], "f32")}),
 ("layernorm", "ln_1x8_bf16", {"x": ([1, 8], "bf16"), "gamma": ([8], "bf16"), "beta": ([8], "bf16")}),
 ("layernorm", "ln_7x33_f16", {"x": ([7, 33], "f16"), "gamma": ([33], "f16"), "beta": ([33], "f16")}),
 ("layernorm", "ln_300x4104_f32", {"x": ([300, 4104], "f32"), "gamma": ([4104], "f32"), "beta": ([4104], "f32")}),
 ("rmsnorm", "rms_3x1_bf16", {"x": ([3, 1], "bf16"), "gamma": ([1], "bf16")}),
 ("rmsnorm", "rms_65x777_f32", {"x": ([65, 777], "f32"), "gamma": ([777], "f32")}),
 ("add_layernorm", "addln_9x100_bf16", {"x": ([9, 100], "bf16"), "r": ([9, 100], "bf16"), "gamma": ([100], "bf16"), "beta": ([100], "bf16")}),
 ("silu_bias_residual", "sbr_13x17_f32", {"x": ([13, 17], "f32"), "bias": ([17], "f32"), "residual": ([13, 17], "f32")}),
 ("silu_bias_residual", "sbr_1000x130_bf16", {"x": ([1000, 130], "bf16"), "bias": ([130], "bf16"), "residual": ([1000, 130], "bf16")}),
 ("row_sum", "rs_1x1", {"x": ([1, 1], "f32")}),
 ("row_sum", "rs_33x100001", {"x": ([33, 100001], "f32")}),
 ("row_sum", "rs_100001x3", {"x": ([100001, 3], "f32")}),
 ("gemm", "mm_1x1x1_bf16", {"a": ([1, 1], "bf16"), "b": ([1, 1], "bf16")}),
 ("gemm", "mm_17x33x9_bf16", {"a": ([17, 33], "bf16"), "b": ([33, 9], "bf16")}),
 ("gemm", "mm_130x72x200_f16", {"a": ([130, 72], "f16"), "b": ([72, 200], "f16")}),
 ("gemm", "mm_65x31x47_f32", {"a": ([65, 31], "f32"), "b": ([31, 47], "f32")}),
 ("gemm", "mm_1x4096x8_bf16", {"a": ([1, 4096], "bf16"), "b": ([4096, 8], "bf16")}),
 ("mlp_gelu", "mlp_10x48x40", {"x": ([10, 48], "bf16"), "w": ([48, 40], "bf16"), "b": ([40], "bf16")}),
 ("swiglu", "swiglu_33x64x100", {"x": ([33, 64], "bf16"), "w1": ([64, 100], "bf16"), "w3": ([64, 100], "bf16")}),
 ("rmsnorm_matmul_m16", "rmsmm_3x520x264", {"x": ([3, 520], "bf16"), "g": ([520], "bf16"), "w": ([520, 264], "bf16")}),
 ("rmsnorm_matmul_m16", "rmsmm_1x4096x4096", {"x": ([1, 4096], "bf16"), "g": ([4096], "bf16"), "w": ([4096, 4096], "bf16")}),
 ("layernorm_matmul", "lnmm_100x200x56", {"x": ([100, 200], "bf16"), "gamma": ([200], "bf16"), "beta": ([200], "bf16"), "w": ([200, 56], "bf16")}),
 ("transpose_matmul", "tmm_72x50x30", {"a": ([72, 50], "bf16"), "w": ([72, 30], "bf16")}),
 ("softmax_matmul", "smmm_100x300x72", {"s": ([100, 300], "bf16"), "v": ([300, 72], "bf16")}),
 ("softmax_matmul", "smmm_5x7x3", {"s": ([5, 7], "bf16"), "v": ([7, 3], "bf16")}),
 ("attention_causal", "attc_1x2x300x64", {n: ([1, 2, 300, 64], "bf16") for n in "qkv"}),
 ("attention", "att_2x3x129x128", {n: ([2, 3, 129, 128], "bf16") for n in "qkv"}),
 ("attention_causal", "attc_1x1x1x64", {n: ([1, 1, 1, 64], "bf16") for n in "qkv"}),
 ("attention", "att_1x1x77x32", {n: ([1, 1, 77, 32], "bf16") for n in "qkv"}),
]


def write(out: Path) -> int:
    """Writes the sweep's graphs into `out` (created); returns how many."""
    out.mkdir(parents=True, exist_ok=True)
    for base, name, shapes in V:
        g = json.loads((G / (base + ".json")).read_text(encoding="utf-8"))
        g["name"] = name
        for i in g["inputs"]:
            i["shape"], i["dtype"] = shapes[i["name"]]
        dtype = next(iter(shapes.values()))[1]   # constants (attention's scale) follow the inputs
        for n in g["nodes"]:
            if n["op"] == "constant" and "dtype" in n.get("attrs", {}):
                n["attrs"]["dtype"] = dtype
        (out / (name + ".json")).write_text(json.dumps(g), encoding="utf-8")
    return len(V)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.stderr.write("usage: shape_sweep.py OUT_DIR\n")
        sys.exit(2)
    print("%d graphs in %s" % (write(Path(sys.argv[1])), sys.argv[1]))
