"""The pure-Python model of an axon graph.json: reading, sizes, shapes, dtypes, FLOPs.

Follows docs/graph-format.md and src/core (ops_*.cpp, composites.cpp, dtype.cpp). Shapes in the
benchmark graphs are numbers; a symbolic size needs a value in `bindings`. Validation is axon's
job (`axon check`); the checks here only keep the translator from guessing.
"""

from __future__ import annotations

import copy
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

try:   # the op table of the Python package (python/axon/ops.py), installed or from this checkout
    from axon.ops import DTYPES, OPS
except ImportError:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
    from axon.ops import DTYPES, OPS

DTYPE_BYTES = {**DTYPES, "f64": 8}
FLOAT_DTYPES = ("f32", "bf16", "f16")   # axon's float dtypes
EXACT = "f64"   # not an axon dtype: only the suite's reference evaluation (exact_graph) uses it


def _of_kind(kind: str, *, but: Tuple[str, ...] = ()) -> Tuple[str, ...]:
    return tuple(op for op, info in OPS.items() if info.kind == kind and op not in but)


UNARY_OPS = _of_kind("unary", but=("gelu", "cast"))   # no attrs; result: the operand's dtype
ARITH_OPS = _of_kind("binary")      # result: the operands' dtype
COMPARE_OPS = _of_kind("compare")   # result: bool
REDUCE_OPS = _of_kind("reduce")
COMPOSITES = _of_kind("composite")

# op -> (fewest, most) operands
ARITY = {op: (info.min_inputs, 4096 if info.max_inputs is None else info.max_inputs)
         for op, info in OPS.items()}

_REQUIRED = object()


class GraphError(ValueError):
    """A graph the translator cannot handle; the message names the node and the reason."""


@dataclass(frozen=True)
class TensorInfo:
    """Concrete shape and axon dtype name of one tensor of the graph."""
    shape: Tuple[int, ...]
    dtype: str

    @property
    def numel(self) -> int:
        return math.prod(self.shape)

    @property
    def nbytes(self) -> int:
        return self.numel * DTYPE_BYTES[self.dtype]


# ---- numbers ---------------------------------------------------------------------------------

def _round_binary(v: float, mant: int, emin: int, emax: int) -> float:
    """Round to a binary float format, nearest even, with subnormals and overflow to inf."""
    if not math.isfinite(v) or v == 0:
        return v
    _, e = math.frexp(v)
    quantum = math.ldexp(1.0, max(e - 1, emin) - mant)
    r = round(v / quantum) * quantum   # round() on a float rounds halves to even
    max_finite = math.ldexp(2.0 - math.ldexp(1.0, -mant), emax)
    return math.copysign(math.inf, v) if abs(r) > max_finite else float(r)


def round_to(dtype: str, v: float):
    """The value of `v` in `dtype`, as axon's round_to (src/core/dtype.cpp) computes it."""
    if dtype == EXACT:
        return v
    if dtype == "f32":
        return _round_binary(v, 23, -126, 127)
    if dtype == "f16":
        return _round_binary(v, 10, -14, 15)
    if dtype == "bf16":
        return v if math.isnan(v) else _round_binary(v, 7, -126, 127)
    if dtype == "i32":
        return 0 if math.isnan(v) else int(math.trunc(max(-2.0 ** 31, min(2.0 ** 31 - 1, v))))
    if dtype == "bool":
        return v != 0
    raise GraphError("unknown dtype %r" % dtype)


def number(v) -> float:
    """A JSON number attr: a number, or "inf", "-inf", "nan"."""
    special = {"inf": math.inf, "-inf": -math.inf, "nan": math.nan}
    if isinstance(v, str) and v in special:
        return special[v]
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise GraphError("%r is not a number" % (v,))
    return float(v)


# ---- sizes -----------------------------------------------------------------------------------

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|([-+*()]))")


def eval_size(v, bindings: Optional[Dict[str, int]] = None) -> int:
    """A size: an int, or a polynomial string of identifiers (looked up in `bindings`) and ints."""
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if not isinstance(v, str):
        raise GraphError("size %r is neither an integer nor a string" % (v,))
    tokens, pos = [], 0
    while pos < len(v.rstrip()):
        m = _TOKEN.match(v, pos)
        if not m:
            raise GraphError("size %r: cannot parse at %r" % (v, v[pos:]))
        tokens.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
    tokens.append("")

    def expr(i: int) -> Tuple[int, int]:
        val, i = term(i)
        while tokens[i] in ("+", "-"):
            rhs, j = term(i + 1)
            val, i = (val + rhs if tokens[i] == "+" else val - rhs), j
        return val, i

    def term(i: int) -> Tuple[int, int]:
        val, i = factor(i)
        while tokens[i] == "*":
            rhs, i = factor(i + 1)
            val *= rhs
        return val, i

    def factor(i: int) -> Tuple[int, int]:
        t = tokens[i]
        if t == "(":
            val, i = expr(i + 1)
            if tokens[i] != ")":
                raise GraphError("size %r: unbalanced parentheses" % v)
            return val, i + 1
        if t == "-":
            val, i = factor(i + 1)
            return -val, i
        if t.isdigit():
            return int(t), i + 1
        if t and (t[0].isalpha() or t[0] == "_"):
            if bindings is None or t not in bindings:
                raise GraphError("size %r: symbol %r is not bound (the suite needs numbers)"
                                 % (v, t))
            return int(bindings[t]), i + 1
        raise GraphError("size %r: unexpected %r" % (v, t or "end"))

    val, i = expr(0)
    if tokens[i] != "":
        raise GraphError("size %r: unexpected %r" % (v, tokens[i]))
    return val


# ---- graph structure -------------------------------------------------------------------------

def load_graph(path) -> dict:
    """Read a graph.json file (validation is axon's job: `axon check`)."""
    with open(path, encoding="utf-8") as f:
        graph = json.load(f)
    for key in ("inputs", "nodes", "outputs"):
        if key not in graph:
            raise GraphError("%s: missing top-level key %r" % (path, key))
    return graph


def live_nodes(graph: dict) -> List[dict]:
    """The nodes the outputs depend on, each after its operands (iterative DFS, no recursion)."""
    nodes = {n["name"]: n for n in graph["nodes"]}
    inputs = {i["name"] for i in graph["inputs"]}
    order: List[dict] = []
    done, active = set(inputs), set()
    for root in graph["outputs"]:
        if root in done:
            continue
        if root not in nodes:
            raise GraphError("outputs: %r names no input or node" % root)
        stack = [(root, 0)]
        active.add(root)
        while stack:
            name, k = stack[-1]
            operands = nodes[name].get("inputs", [])
            if k < len(operands):
                stack[-1] = (name, k + 1)
                dep = operands[k]
                if dep in done:
                    continue
                if dep not in nodes:
                    raise GraphError("node %r: input %r names no input or node" % (name, dep))
                if dep in active:
                    raise GraphError("node %r: cycle through %r" % (name, dep))
                active.add(dep)
                stack.append((dep, 0))
            else:
                stack.pop()
                active.discard(name)
                done.add(name)
                order.append(nodes[name])
    return order


def attr(node: dict, key: str, default=_REQUIRED):
    """A node's attr, or `default` (an error when the attr is required)."""
    attrs = node.get("attrs") or {}
    if key in attrs:
        return attrs[key]
    if default is _REQUIRED:
        raise GraphError("attrs.%s is required" % key)
    return default


def axis_index(a: int, rank: int) -> int:
    """An axis attr in [-rank, rank) as a non-negative index."""
    if not -rank <= a < rank:
        raise GraphError("axis %d out of range for rank %d" % (a, rank))
    return a + rank if a < 0 else a


def broadcast_shapes(*shapes: Sequence[int]) -> Tuple[int, ...]:
    """NumPy broadcasting of concrete shapes."""
    rank = max((len(s) for s in shapes), default=0)
    out = [1] * rank
    for s in shapes:
        for d, n in enumerate(s, start=rank - len(s)):
            if n != 1 and out[d] not in (1, n):
                raise GraphError("shapes %s do not broadcast" % (list(map(list, shapes)),))
            if n != 1:
                out[d] = n
    return tuple(out)


def clamp_slice(n: int, start: Optional[int], end: Optional[int], step: int) -> Tuple[int, int]:
    """(first index, length) of a slice of an axis of size n, as axon's clamp_slice."""
    def norm(v: int, lo: int, hi: int) -> int:
        return min(max(v + n if v < 0 else v, lo), hi)
    step = min(max(step, -n), n)
    if step > 0:
        s = 0 if start is None else norm(start, 0, n)
        e = n if end is None else norm(end, 0, n)
        return s, ((e - s + step - 1) // step if e > s else 0)
    s = n - 1 if start is None else norm(start, -1, n - 1)
    e = -1 if end is None else norm(end, -1, n - 1)
    return s, ((s - e - step - 1) // -step if s > e else 0)


def matmul_dims(a: Sequence[int], b: Sequence[int], ta: bool, tb: bool):
    """(result shape, batch elements, m, n, k) of axon's matmul (NumPy rules for 1-D operands)."""
    if not a or not b:
        raise GraphError("matmul operands need at least one axis")
    if (ta and len(a) < 2) or (tb and len(b) < 2):
        raise GraphError("a transposed matmul operand needs two axes")
    a = list(a[:-2]) + [a[-1], a[-2]] if ta else list(a)
    b = list(b[:-2]) + [b[-1], b[-2]] if tb else list(b)
    a_vec, b_vec = len(a) == 1, len(b) == 1
    if a_vec:
        a = [1] + a
    if b_vec:
        b = b + [1]
    if a[-1] != b[-2]:
        raise GraphError("matmul contraction sizes differ (%d vs %d)" % (a[-1], b[-2]))
    batch = broadcast_shapes(a[:-2], b[:-2])
    out = list(batch) + ([] if a_vec else [a[-2]]) + ([] if b_vec else [b[-1]])
    return tuple(out), math.prod(batch), a[-2], b[-1], a[-1]


def infer_node(node: dict, ins: List[TensorInfo], bindings=None) -> TensorInfo:
    """Shape and dtype of one node from its operands' (the rules of docs/graph-format.md)."""
    op = node["op"]
    if op not in ARITY:
        raise GraphError("unknown op %r" % op)
    lo, hi = ARITY[op]
    if not lo <= len(ins) <= hi:
        raise GraphError("takes %s operands, got %d" % (lo if lo == hi else "%d to %d" % (lo, hi),
                                                        len(ins)))
    if op == "constant":
        shape = tuple(eval_size(s, bindings) for s in attr(node, "shape", []))
        return TensorInfo(shape, attr(node, "dtype", "f32"))
    if op == "iota":
        shape = tuple(eval_size(s, bindings) for s in attr(node, "shape"))
        return TensorInfo(shape, attr(node, "dtype", "i32"))
    x = ins[0]
    if op in UNARY_OPS or op == "gelu" or op in COMPOSITES:
        return x
    if op == "cast":
        return TensorInfo(x.shape, attr(node, "dtype"))
    if op in ARITH_OPS or op in COMPARE_OPS:
        shape = broadcast_shapes(x.shape, ins[1].shape)
        return TensorInfo(shape, "bool" if op in COMPARE_OPS else x.dtype)
    if op == "where":
        return TensorInfo(broadcast_shapes(*(i.shape for i in ins)), ins[1].dtype)
    if op in REDUCE_OPS:
        axes = {axis_index(a, len(x.shape)) for a in attr(node, "axes")}
        keep = attr(node, "keepdims", False)
        shape = [1 if d in axes else n for d, n in enumerate(x.shape) if keep or d not in axes]
        return TensorInfo(tuple(shape), x.dtype)
    if op == "matmul":
        shape = matmul_dims(x.shape, ins[1].shape, attr(node, "transpose_a", False),
                            attr(node, "transpose_b", False))[0]
        return TensorInfo(shape, x.dtype)
    if op == "transpose":
        perm = perm_of(node, len(x.shape))
        return TensorInfo(tuple(x.shape[p] for p in perm), x.dtype)
    if op == "reshape":
        return TensorInfo(reshape_target(node, x, bindings), x.dtype)
    if op == "broadcast_to":
        shape = tuple(eval_size(s, bindings) for s in attr(node, "shape"))
        if broadcast_shapes(x.shape, shape) != shape:
            raise GraphError("cannot broadcast %s to %s" % (list(x.shape), list(shape)))
        return TensorInfo(shape, x.dtype)
    if op == "slice":
        axis, first, length, _ = slice_params(node, x)
        return TensorInfo(x.shape[:axis] + (length,) + x.shape[axis + 1:], x.dtype)
    if op == "pad":
        before, after = attr(node, "before"), attr(node, "after")
        if len(before) != len(x.shape) or len(after) != len(x.shape):
            raise GraphError("pad needs one before/after entry per axis")
        return TensorInfo(tuple(n + b + a for n, b, a in zip(x.shape, before, after)), x.dtype)
    if op == "reverse":
        return x
    if op == "concat":
        axis = axis_index(attr(node, "axis"), len(x.shape))
        total = sum(i.shape[axis] for i in ins)
        return TensorInfo(x.shape[:axis] + (total,) + x.shape[axis + 1:], x.dtype)
    raise GraphError("unknown op %r" % op)


def perm_of(node: dict, rank: int) -> List[int]:
    """transpose's perm, normalized; reversed axes by default."""
    perm = [axis_index(p, rank) for p in attr(node, "perm", list(range(rank - 1, -1, -1)))]
    if sorted(perm) != list(range(rank)):
        raise GraphError("perm %s is not a permutation of the axes" % perm)
    return perm


def reshape_target(node: dict, x: TensorInfo, bindings) -> Tuple[int, ...]:
    """reshape's target shape with its -1 resolved."""
    target = [eval_size(s, bindings) for s in attr(node, "shape")]
    if target.count(-1) == 1:
        known = math.prod(n for n in target if n != -1)
        if known <= 0 or x.numel % known:
            raise GraphError("reshape cannot infer -1")
        target[target.index(-1)] = x.numel // known
    if math.prod(target) != x.numel or any(n < 1 for n in target):
        raise GraphError("reshape of %s to %s" % (list(x.shape), target))
    return tuple(target)


def slice_params(node: dict, x: TensorInfo) -> Tuple[int, int, int, int]:
    """(axis, first index, length, step) of a slice node over operand `x`."""
    axis = axis_index(attr(node, "axis"), len(x.shape))
    step = attr(node, "step", 1)
    if step == 0:
        raise GraphError("slice step must not be 0")
    first, length = clamp_slice(x.shape[axis], attr(node, "start", None),
                                attr(node, "end", None), step)
    if length == 0:
        raise GraphError("slice selects no elements")
    return axis, first, length, step


def infer(graph: dict, bindings=None) -> Dict[str, TensorInfo]:
    """TensorInfo of every graph input and every node the outputs depend on."""
    infos = {}
    for i in graph["inputs"]:
        infos[i["name"]] = TensorInfo(tuple(eval_size(s, bindings) for s in i["shape"]),
                                      i["dtype"])
    for node in live_nodes(graph):
        try:
            infos[node["name"]] = infer_node(node, [infos[n] for n in node.get("inputs", [])],
                                             bindings)
        except GraphError as e:
            raise GraphError("node %r (%s): %s" % (node["name"], node["op"], e)) from None
    return infos


def matmul_flops(graph: dict, infos: Dict[str, TensorInfo]) -> int:
    """2*M*N*K (batch elements included) summed over the matmuls the outputs depend on."""
    total = 0
    for node in live_nodes(graph):
        if node["op"] == "matmul":
            a, b = (infos[n].shape for n in node["inputs"])
            _, batch, m, n, k = matmul_dims(a, b, attr(node, "transpose_a", False),
                                            attr(node, "transpose_b", False))
            total += 2 * batch * m * n * k
    return total


def io_bytes(graph: dict, infos: Dict[str, TensorInfo]) -> int:
    """Bytes of the graph's inputs plus its outputs: the least any implementation moves."""
    names = [i["name"] for i in graph["inputs"]] + list(graph["outputs"])
    return sum(infos[n].nbytes for n in names)


def exact_graph(graph: dict, bindings=None) -> dict:
    """The graph with every float tensor in f64, like `axon eval --precision f64`: nothing is
    rounded except casts to i32 and bool, and constants, which keep their dtype's value."""
    g = copy.deepcopy(graph)
    for i in g["inputs"]:
        if i["dtype"] in FLOAT_DTYPES:
            i["dtype"] = EXACT
    for node in g["nodes"]:
        attrs = dict(node.get("attrs") or {})
        if node["op"] == "constant" and attrs.get("dtype", "f32") in FLOAT_DTYPES:
            count = math.prod(eval_size(s, bindings) for s in attrs.pop("divisor", []))
            attrs["value"] = round_to(attrs.get("dtype", "f32"), number(attrs["value"]) / count)
            attrs["dtype"] = EXACT
        elif attrs.get("dtype") in FLOAT_DTYPES:
            attrs["dtype"] = EXACT
        node["attrs"] = attrs
    return g
