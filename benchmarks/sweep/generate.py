#!/usr/bin/env python3
"""A sweep no one tunes to: graph.json files over a grid of ops, axes and dtypes, at shapes drawn
from a seeded random source (benchmarks/sweep/README.md).

    python3 benchmarks/sweep/generate.py --seed S --out DIR [--sample N] [--kinds a,b]

The grid (465 graphs):
- reductions: reduce_sum, reduce_max, reduce_mean over every non-empty subset of the axes of
  rank 2, 3 and 4 tensors (keepdims drawn), f32, bf16, f16;
- norms: layernorm and rmsnorm (the composites, with gamma, and beta for layernorm) over each axis
  of rank 2-4; and over every subset of two or more axes (group-norm style statistics, written
  with primitives, in f32 for 16-bit inputs);
- softmax (the composite) and log-softmax (primitives: x - max - log(sum(exp(x - max))), in f32
  for 16-bit inputs) over each axis of rank 2-4;
- attention softmax(scale * Q K^T) V, causal and not, head sizes 32, 64, 80, 96, 128, 256,
  lengths not divisible by 64.
Shapes: each axis drawn from primes, sizes around 132 (the H200's SM count), powers of two and
uniform sizes up to 5000, then drawn again, smaller, until the tensor holds at most a drawn total
of 1000 to 4,000,000 elements; attention's scores stay under 256 MiB in f32.
Every graph is well under 256 MiB of tensors. `--sample N` writes N graphs instead, picked by
the seed round-robin over the kinds (so a small sample covers each kind).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import sys
from pathlib import Path
from typing import Dict, List, Tuple

KINDS = ("reduce", "norm", "norm_axes", "softmax", "log_softmax", "attention")
DTYPES = ("f32", "bf16", "f16")
REDUCE_OPS = ("reduce_sum", "reduce_max", "reduce_mean")
NORM_OPS = ("layernorm", "rmsnorm")
HEAD_SIZES = (32, 64, 80, 96, 128, 256)
RANKS = (2, 3, 4)
MAX_ELEMENTS = 4_000_000          # per tensor: a few million
MIN_LOG_ELEMENTS = 3.0            # 10^3: small tensors too (the smallest axes may be 1)
MAX_SCORE_BYTES = 256 << 20       # attention's B x H x L x L scores in f32
PRIMES = (2, 3, 5, 7, 13, 31, 61, 97, 127, 131, 137, 139, 251, 257, 263, 509, 521, 1021, 1031,
          2039, 4093, 8191, 16381, 65521)
NEAR_SMS = (64, 127, 131, 132, 133, 263, 264, 265, 396, 397)   # below, at, above 132 (and 2x, 3x)
EPS = {"layernorm": 1e-5, "rmsnorm": 1e-6}


def draw_size(rng: random.Random) -> int:
    r = rng.random()
    if r < 0.4:
        return rng.choice(PRIMES)
    if r < 0.6:
        return rng.choice(NEAR_SMS)
    if r < 0.7:
        return 1 << rng.randint(0, 14)
    return rng.randint(2, 5000)


def draw_shape(rng: random.Random, rank: int) -> List[int]:
    """Axis sizes drawn one by one; while the total exceeds a drawn element count (log-uniform
    from 10^1.5 to MAX_ELEMENTS), the largest axis is drawn again below the size that would fit
    (a prime or a size around 132 under it, or uniform up to it)."""
    target = int(10 ** rng.uniform(MIN_LOG_ELEMENTS, math.log10(MAX_ELEMENTS)))
    shape = [draw_size(rng) for _ in range(rank)]

    def below(limit: int) -> int:   # a size near `limit` from below: a prime or near-132 size, or uniform
        under = [v for v in PRIMES + NEAR_SMS if limit // 2 < v <= limit]
        return rng.choice(under + [rng.randint(max(1, limit // 2), limit)])
    if math.prod(shape) > target:   # every axis shrunk alike, then the largest again until it fits
        f = (target / math.prod(shape)) ** (1.0 / rank)
        shape = [below(max(1, int(n * f))) if n * f < n else n for n in shape]
    while math.prod(shape) > target:
        i = max(range(rank), key=lambda d: shape[d])
        shape[i] = below(max(1, shape[i] * target // math.prod(shape)))
    return shape


def subsets(rank: int, least: int = 1) -> List[Tuple[int, ...]]:
    return [c for k in range(least, rank + 1) for c in itertools.combinations(range(rank), k)]


def shape_str(shape) -> str:
    return "x".join(str(s) for s in shape)


def axes_str(axes) -> str:
    return "".join(str(a) for a in axes)


def graph(name: str, inputs, nodes, outputs=("out",)) -> dict:
    return {"name": name,
            "inputs": [{"name": n, "shape": list(s), "dtype": d} for n, s, d in inputs],
            "nodes": [dict(name=n, op=op, inputs=list(i), **({"attrs": a} if a else {}))
                      for n, op, i, a in nodes],
            "outputs": list(outputs)}


def in_f32(dtype: str, x: str, body, out: str = "out"):
    """Nodes computing `body` (a function of the f32 operand's name, returning nodes whose last
    one is named `res`) in f32: cast in and out for 16-bit inputs, as PyTorch computes them."""
    if dtype == "f32":
        nodes = body(x)
        nodes[-1] = (out,) + tuple(nodes[-1][1:])
        return nodes
    return [("xf", "cast", [x], {"dtype": "f32"})] + body("xf") + [(out, "cast", ["res"], {"dtype": dtype})]


def reduce_case(rng, op, dtype, rank, axes) -> dict:
    shape = draw_shape(rng, rank)
    keep = rng.random() < 0.5
    name = "%s_%s_ax%s%s_%s" % (op, dtype, axes_str(axes), "_keep" if keep else "", shape_str(shape))
    return graph(name, [("x", shape, dtype)], [("out", op, ["x"], {"axes": list(axes), "keepdims": keep})])


def norm_case(rng, op, dtype, rank, axis) -> dict:
    shape = draw_shape(rng, rank)
    n = shape[axis]
    params = [("gamma", [n], dtype)] + ([("beta", [n], dtype)] if op == "layernorm" else [])
    name = "%s_%s_axis%d_%s" % (op, dtype, axis, shape_str(shape))
    return graph(name, [("x", shape, dtype)] + params,
                 [("out", op, ["x"] + [p[0] for p in params], {"axis": axis, "eps": EPS[op]})])


def norm_axes_case(rng, op, dtype, rank, axes) -> dict:
    """Statistics over several axes (group norm's), no affine, written with primitives."""
    shape = draw_shape(rng, rank)
    red = {"axes": list(axes), "keepdims": True}
    eps = ("eps", "constant", [], {"value": EPS[op], "dtype": "f32"})

    def body(x):
        if op == "layernorm":
            return [("mu", "reduce_mean", [x], red), ("d", "sub", [x, "mu"], None),
                    ("d2", "square", ["d"], None), ("var", "reduce_mean", ["d2"], red), eps,
                    ("ve", "add", ["var", "eps"], None), ("r", "rsqrt", ["ve"], None),
                    ("res", "mul", ["d", "r"], None)]
        return [("x2", "square", [x], None), ("ms", "reduce_mean", ["x2"], red), eps,
                ("ve", "add", ["ms", "eps"], None), ("r", "rsqrt", ["ve"], None),
                ("res", "mul", [x, "r"], None)]
    name = "%s_axes_%s_ax%s_%s" % (op, dtype, axes_str(axes), shape_str(shape))
    return graph(name, [("x", shape, dtype)], in_f32(dtype, "x", body))


def softmax_case(rng, dtype, rank, axis) -> dict:
    shape = draw_shape(rng, rank)
    return graph("softmax_%s_axis%d_%s" % (dtype, axis, shape_str(shape)), [("x", shape, dtype)],
                 [("out", "softmax", ["x"], {"axis": axis})])


def log_softmax_case(rng, dtype, rank, axis) -> dict:
    """log_softmax(x) = x - max - log(sum(exp(x - max))) along the axis (no such op: primitives)."""
    shape = draw_shape(rng, rank)
    red = {"axes": [axis], "keepdims": True}

    def body(x):
        return [("m", "reduce_max", [x], red), ("d", "sub", [x, "m"], None), ("e", "exp", ["d"], None),
                ("s", "reduce_sum", ["e"], red), ("ls", "log", ["s"], None), ("res", "sub", ["d", "ls"], None)]
    return graph("log_softmax_%s_axis%d_%s" % (dtype, axis, shape_str(shape)), [("x", shape, dtype)],
                 in_f32(dtype, "x", body))


def attention_case(rng, dtype, causal, d) -> dict:
    """softmax([causal_mask](scale * Q K^T)) V as benchmarks/graphs/attention*.json writes it."""
    while True:
        length = rng.randint(65, 2500)
        if length % 64:
            break
    b, h = rng.randint(1, 4), rng.choice((1, 2, 3, 5, 8, 12, 16))
    while b * h * length * length * 4 > MAX_SCORE_BYTES:
        if h > 1:
            h = max(1, h // 2)
        elif b > 1:
            b -= 1
        else:
            length = length // 2 + 1 if (length // 2 + 1) % 64 else length // 2 + 3
    shape = [b, h, length, d]
    nodes = [("kt", "transpose", ["k"], {"perm": [0, 1, 3, 2]}),
             ("scores", "matmul", ["q", "kt"], None),
             ("scale", "constant", [], {"value": 1.0 / math.sqrt(d), "dtype": dtype}),
             ("scaled", "mul", ["scores", "scale"], None)]
    last = "scaled"
    if causal:
        nodes.append(("masked", "causal_mask", ["scaled"], None))
        last = "masked"
    nodes += [("probs", "softmax", [last], {"axis": -1}), ("out", "matmul", ["probs", "v"], None)]
    name = "attention_%s_%s_d%d_%s" % (dtype, "causal" if causal else "full", d, shape_str(shape))
    return graph(name, [(n, shape, dtype) for n in "qkv"], nodes)


def grid(seed: int) -> Dict[str, List[dict]]:
    """Every graph of the sweep, by kind, in a fixed order; shapes drawn from `seed`."""
    rng = random.Random(seed)
    out: Dict[str, List[dict]] = {k: [] for k in KINDS}
    for dtype in DTYPES:
        for rank in RANKS:
            for axes in subsets(rank):
                for op in REDUCE_OPS:
                    out["reduce"].append(reduce_case(rng, op, dtype, rank, axes))
                for op in NORM_OPS:
                    if len(axes) == 1:
                        out["norm"].append(norm_case(rng, op, dtype, rank, axes[0]))
                    else:
                        out["norm_axes"].append(norm_axes_case(rng, op, dtype, rank, axes))
                if len(axes) == 1:
                    out["softmax"].append(softmax_case(rng, dtype, rank, axes[0]))
                    out["log_softmax"].append(log_softmax_case(rng, dtype, rank, axes[0]))
        for causal in (False, True):
            for d in HEAD_SIZES:
                out["attention"].append(attention_case(rng, dtype, causal, d))
    return out


def sample(cases: Dict[str, List[dict]], n: int, seed: int) -> List[dict]:
    """n graphs picked by the seed, round-robin over the kinds (in a drawn order)."""
    rng = random.Random(seed * 7919 + 1)
    pools = {k: rng.sample(v, len(v)) for k, v in cases.items()}
    kinds = rng.sample(list(pools), len(pools))
    picked: List[dict] = []
    while len(picked) < n and any(pools.values()):
        for k in kinds:
            if pools[k] and len(picked) < n:
                picked.append(pools[k].pop())
    return picked


def measured(results_dirs) -> set:
    """The names of the workloads that passed in the runner's results.json files under these
    folders (searched recursively): a run in several parts writes only what is left. Where a
    folder kept only results.md (the JSON did not come back from the GPU host), its table's rows
    whose check column says "ok" count too."""
    done = set()
    for d in results_dirs:
        root = Path(d)
        if root.is_file():
            paths = [root]
        else:
            jsons = sorted(root.rglob("results.json"))
            have = {p.parent for p in jsons}
            paths = jsons + [p for p in sorted(root.rglob("results.md")) if p.parent not in have]
        if not paths:
            raise SystemExit("generate.py: --skip-done %s: no results.json or results.md there" % d)
        for path in paths:
            text = path.read_text(encoding="utf-8")
            if path.suffix == ".md":
                done |= _passed_in_table(text)
                continue
            for w in json.loads(text).get("workloads", []):
                if w.get("status") == "ok":
                    done.add(w["name"])
    return done


def _passed_in_table(markdown: str) -> set:
    """The workloads of a runner's results.md table (first column the name, last the check)
    whose check passed."""
    done = set()
    for line in markdown.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) > 2 and cells[0] not in ("workload", "") and not set(cells[0]) <= set("-:") \
                and cells[-1].startswith("ok"):
            done.add(cells[0])
    return done


def write(out: Path, seed: int, n: int = 0, kinds=None, skip=frozenset()) -> List[dict]:
    """Writes the sweep's graphs (or a sample of n) into `out` (created), less those named in
    `skip`; returns them."""
    cases = grid(seed)
    if kinds:
        cases = {k: v for k, v in cases.items() if k in kinds}
    if skip:
        cases = {k: [g for g in v if g["name"] not in skip] for k, v in cases.items()}
    chosen = sample(cases, n, seed) if n else [g for k in cases for g in cases[k]]
    out.mkdir(parents=True, exist_ok=True)
    for g in chosen:
        (out / (g["name"] + ".json")).write_text(json.dumps(g) + "\n", encoding="utf-8")
    return chosen


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--seed", type=int, required=True, help="seed of the shapes (and of the sample)")
    p.add_argument("--out", required=True, help="folder the graph.json files go to (created)")
    p.add_argument("--sample", type=int, default=0, help="write only N graphs, picked by the seed across the kinds")
    p.add_argument("--kinds", help="comma-separated kinds to keep (%s)" % ", ".join(KINDS))
    p.add_argument("--skip-done", action="append", default=[], metavar="DIR",
                   help="leave out the graphs that passed in the results.json (or, where none, results.md) files under DIR (repeatable)")
    args = p.parse_args(argv)
    kinds = None
    if args.kinds:
        kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
        bad = [k for k in kinds if k not in KINDS]
        if bad:
            p.error("unknown kind(s) %s (known: %s)" % (", ".join(bad), ", ".join(KINDS)))
    if args.sample < 0:
        p.error("--sample must not be negative")
    written = write(Path(args.out), args.seed, args.sample, kinds, measured(args.skip_done))
    counts: Dict[str, int] = {}
    for g in written:
        counts[kind_of(g["name"])] = counts.get(kind_of(g["name"]), 0) + 1
    print("%d graphs in %s (%s)" % (len(written), args.out,
                                    ", ".join("%s %d" % (k, counts[k]) for k in KINDS if k in counts)))
    return 0


def kind_of(name: str) -> str:
    """The kind of a sweep graph, from its name."""
    if name.startswith("reduce_"):
        return "reduce"
    if name.startswith(("layernorm_axes_", "rmsnorm_axes_")):
        return "norm_axes"
    if name.startswith(("layernorm_", "rmsnorm_")):
        return "norm"
    if name.startswith("log_softmax_"):
        return "log_softmax"
    if name.startswith("softmax_"):
        return "softmax"
    return "attention"


if __name__ == "__main__":
    sys.exit(main())
