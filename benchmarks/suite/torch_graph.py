"""Translate an axon graph.json into a PyTorch function.

`translate` (pure Python) writes the graph as the source of a Python function over torch;
`build_function` imports torch, makes the graph's constants on a device and executes that source,
returning `fn(*inputs) -> tuple of outputs`: inputs in the graph's input order, outputs in its
output order, each output contiguous (row-major, as axon writes it).

Each op maps to the PyTorch call with its meaning in docs/graph-format.md and src/core/ops_*.cpp.
Composites use the calls PyTorch users write (torch.softmax, F.layer_norm, an rmsnorm with f32
statistics), chosen so their meaning is axon's (src/core/composites.cpp): for f16/bf16 inputs the
statistics and gamma/beta are computed in f32 and the result is rounded once to x's dtype.
Constants, iotas and the causal mask are made once, ahead of the call, as PyTorch code keeps
them in buffers.
"""

from __future__ import annotations

import builtins
import keyword
import math
import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from graph_info import (COMPARE_OPS, COMPOSITES, EXACT, FLOAT_DTYPES, GraphError, TensorInfo,
                        attr, axis_index, eval_size, infer, io_bytes, live_nodes, matmul_flops,
                        number, perm_of, round_to, slice_params)

TORCH_DTYPES = {"f32": "float32", "bf16": "bfloat16", "f16": "float16", "i32": "int32",
                "bool": "bool", "f64": "float64"}
UNARY = {op: "torch.%s({0})" % op for op in (
    "neg", "abs", "square", "exp", "log", "sqrt", "rsqrt", "reciprocal", "tanh", "sigmoid",
    "relu", "erf")}
UNARY["silu"] = "F.silu({0})"
BINARY = {"add": "{0} + {1}", "sub": "{0} - {1}", "mul": "{0} * {1}", "div": "{0} / {1}",
          "max": "torch.maximum({0}, {1})", "min": "torch.minimum({0}, {1})",
          "pow": "torch.pow({0}, {1})",
          **{op: "torch.%s({0}, {1})" % op for op in COMPARE_OPS}}
REDUCE = {"reduce_sum": "torch.sum", "reduce_max": "torch.amax", "reduce_mean": "torch.mean"}

_RESERVED = set(keyword.kwlist) | set(dir(builtins)) | {"torch", "F"}


@dataclass(frozen=True)
class ConstSpec:
    """A tensor made once on the device and read by the function as the global `name`.

    kind "full": `value` everywhere (a stride-0 view); "iota": the index along `axis`;
    "causal_drop": bool [rows, cols], true where column > row (the entries causal_mask drops).
    """
    name: str
    kind: str
    shape: Tuple[int, ...]
    dtype: str
    value: object = None
    axis: int = 0


@dataclass
class Translation:
    """The PyTorch function of a graph as source, with what it needs to run."""
    graph_name: str
    func_name: str
    source: str
    constants: List[ConstSpec]
    input_names: List[str]
    output_names: List[str]
    infos: Dict[str, TensorInfo]   # every input and every node the outputs depend on
    matmul_flops: int              # 2*M*N*K (batch included) summed over the live matmuls
    io_bytes: int                  # bytes of the inputs plus the outputs


def _literal(dtype: str, v) -> str:
    """Python source of a scalar already rounded to `dtype`."""
    if dtype == "bool":
        return "True" if v else "False"
    if dtype == "i32":
        return str(int(v))
    if math.isnan(v):
        return "_math.nan"
    if math.isinf(v):
        return "_math.inf" if v > 0 else "-_math.inf"
    return repr(float(v))


# ---- source generation -----------------------------------------------------------------------

def _identifiers(names: Sequence[str]) -> Dict[str, str]:
    """A distinct Python identifier for each graph name; none starts with '_' (kept for ours)."""
    out, used = {}, set()
    for name in names:
        ident = re.sub(r"\W", "_", name)
        if not ident or ident[0].isdigit() or ident[0] == "_" or ident in _RESERVED:
            ident = "v_" + ident
        if not ident.isidentifier():
            ident = "v_%d" % len(out)
        base, k = ident, 1
        while ident in used:
            k += 1
            ident = "%s_%d" % (base, k)
        used.add(ident)
        out[name] = ident
    return out


class _Writer:
    """Emits the statements of one function; hands out names for temporaries and constants."""

    def __init__(self, bindings):
        self.bindings = bindings
        self.lines: List[str] = []
        self.constants: List[ConstSpec] = []
        self._temps = 0

    def temp(self) -> str:
        self._temps += 1
        return "_t%d" % self._temps

    def constant(self, kind, shape, dtype, value=None, axis=0) -> str:
        spec = ConstSpec("_k%d" % len(self.constants), kind, tuple(shape), dtype, value, axis)
        self.constants.append(spec)
        return spec.name


def _emit(w: _Writer, node: dict, out: str, args: List[str], ins: List[TensorInfo],
          res: TensorInfo) -> None:
    """Append the statements that compute `node` into the variable `out`."""
    op = node["op"]
    x = ins[0] if ins else None
    a = args[0] if args else None
    say = w.lines.append
    if op == "constant":
        v = number(attr(node, "value"))
        divisor = [eval_size(s, w.bindings) for s in attr(node, "divisor", [])]
        if divisor:
            v /= math.prod(divisor)
        k = w.constant("full", res.shape, res.dtype, round_to(res.dtype, v))
        say("%s = %s  # constant %s %s %s" % (out, k, _literal(res.dtype, round_to(res.dtype, v)),
                                             res.dtype, list(res.shape)))
    elif op == "iota":
        axis = axis_index(attr(node, "axis"), len(res.shape))
        k = w.constant("iota", res.shape, res.dtype, axis=axis)
        say("%s = %s  # iota along axis %d, %s %s" % (out, k, axis, res.dtype, list(res.shape)))
    elif op in UNARY:
        say("%s = %s" % (out, UNARY[op].format(a)))
    elif op == "gelu":
        approx = attr(node, "approximate", "none")
        say("%s = F.gelu(%s%s)" % (out, a, ', approximate="tanh"' if approx == "tanh" else ""))
    elif op == "cast":
        to = attr(node, "dtype")
        if to == "i32" and x.dtype in FLOAT_DTYPES + (EXACT,):   # truncate, saturate, NaN -> 0
            say("%s = %s.double().nan_to_num(0.0).clamp(-2147483648.0, 2147483647.0)"
                ".to(torch.int32)" % (out, a))
        else:
            say("%s = %s.to(torch.%s)" % (out, a, TORCH_DTYPES[to]))
    elif op in BINARY:
        say("%s = %s" % (out, BINARY[op].format(*args)))
    elif op == "where":
        say("%s = torch.where(%s, %s, %s)" % (out, *args))
    elif op in REDUCE:
        axes = tuple(sorted({axis_index(d, len(x.shape)) for d in attr(node, "axes")}))
        extra = ", dtype=torch.int32" if op == "reduce_sum" and x.dtype == "i32" else ""
        say("%s = %s(%s, dim=%r, keepdim=%r%s)" % (out, REDUCE[op], a, axes,
                                                   bool(attr(node, "keepdims", False)), extra))
    elif op == "matmul":
        lhs = a + (".mT" if attr(node, "transpose_a", False) else "")
        rhs = args[1] + (".mT" if attr(node, "transpose_b", False) else "")
        say("%s = torch.matmul(%s, %s)" % (out, lhs, rhs))
    elif op == "transpose":
        say("%s = %s.permute(%r)" % (out, a, tuple(perm_of(node, len(x.shape)))))
    elif op == "reshape":
        say("%s = %s.reshape(%r)" % (out, a, res.shape))
    elif op == "broadcast_to":
        say("%s = torch.broadcast_to(%s, %r)" % (out, a, res.shape))
    elif op == "slice":
        axis, first, length, step = slice_params(node, x)
        src = a
        if step < 0:   # PyTorch slices take positive steps: read the flipped axis
            src, first, step = "torch.flip(%s, (%d,))" % (a, axis), x.shape[axis] - 1 - first, -step
        step = min(step, x.shape[axis])
        rng = "%d:%d" % (first, first + (length - 1) * step + 1)
        rng += ":%d" % step if step > 1 else ""
        say("%s = %s[%s%s]" % (out, src, ":, " * axis, rng))
    elif op == "pad":
        before, after = attr(node, "before"), attr(node, "after")
        pads = tuple(p for d in reversed(range(len(x.shape))) for p in (before[d], after[d]))
        value = _literal(x.dtype, round_to(x.dtype, number(attr(node, "value", 0))))
        say("%s = F.pad(%s, %r, value=%s)" % (out, a, pads, value))
    elif op == "reverse":
        axes = tuple(sorted({axis_index(d, len(x.shape)) for d in attr(node, "axes")}))
        say("%s = torch.flip(%s, %r)" % (out, a, axes))
    elif op == "concat":
        axis = axis_index(attr(node, "axis"), len(x.shape))
        say("%s = torch.cat((%s,), dim=%d)" % (out, ", ".join(args), axis))
    elif op in COMPOSITES:
        _emit_composite(w, node, out, args, ins)
    else:
        raise GraphError("unknown op %r" % op)


def _emit_composite(w: _Writer, node: dict, out: str, args: List[str],
                    ins: List[TensorInfo]) -> None:
    """Composites as PyTorch users write them, with axon's meaning (src/core/composites.cpp).

    f16/bf16 inputs: statistics, gamma and beta in f32, one rounding to x's dtype at the end.
    torch.softmax and F.layer_norm do exactly this internally (f32 accumulation and affine, one
    cast of the result); rmsnorm is written out, since F.rms_norm rounds before applying gamma.
    """
    op, x, a = node["op"], ins[0], args[0]
    say = w.lines.append
    if op == "causal_mask":
        rows, cols = x.shape[-2:]
        drop = w.constant("causal_drop", (rows, cols), "bool")
        say("%s = %s.masked_fill(%s, -_math.inf)  # keep row >= col" % (out, a, drop))
        return
    rank = len(x.shape)
    axis = axis_index(attr(node, "axis", -1), rank)
    n = x.shape[axis]
    for p, which in zip(ins[1:], ("gamma", "beta")):
        if p.shape != (n,) or p.dtype != x.dtype:
            raise GraphError("%s must be %s [%d], got %s %s" % (which, x.dtype, n, p.dtype,
                                                               list(p.shape)))
    last = axis == rank - 1
    if op == "softmax":
        say("%s = torch.softmax(%s, dim=%d)" % (out, a, -1 if last else axis))
        return
    eps = number(attr(node, "eps", 1e-5 if op == "layernorm" else 1e-6))
    if op == "layernorm":
        gamma = args[1] if len(args) > 1 else "None"
        beta = args[2] if len(args) > 2 else "None"
        src = a if last else "%s.movedim(%d, -1)" % (a, axis)
        expr = "F.layer_norm(%s, (%d,), %s, %s, %r)" % (src, n, gamma, beta, eps)
        say("%s = %s" % (out, expr if last else "%s.movedim(-1, %d)" % (expr, axis)))
        return
    # rmsnorm: out = x * rsqrt(mean(x^2) + eps) * gamma, all in f32
    upcast = x.dtype in ("bf16", "f16")
    xf = a
    if upcast:
        xf = w.temp()
        say("%s = %s.float()" % (xf, a))
    expr = "%s * torch.rsqrt(%s.square().mean(dim=%d, keepdim=True) + %r)" % (
        xf, xf, -1 if last else axis, eps)
    if len(args) > 1:
        g = args[1] + (".float()" if upcast else "")
        if not last:
            g += ".reshape(%r)" % ((n,) + (1,) * (rank - 1 - axis),)
        expr = "%s * %s" % (expr, g)
    if upcast:
        expr = "(%s).to(torch.%s)" % (expr, TORCH_DTYPES[x.dtype])
    say("%s = %s" % (out, expr))
    if upcast:
        say("del %s" % xf)


def translate(graph: dict, bindings=None) -> Translation:
    """Write the graph as a Python function over torch (see the module docstring)."""
    infos = infer(graph, bindings)
    nodes = live_nodes(graph)
    in_names = [i["name"] for i in graph["inputs"]]
    outputs = list(graph["outputs"])
    ident = _identifiers(in_names + [n["name"] for n in nodes])
    gname = graph.get("name") or "graph"
    func = "axon_graph_" + re.sub(r"\W", "_", gname)

    # Last statement that reads each node, so intermediates are freed as eager code would.
    last_use = {}
    for k, node in enumerate(nodes):
        for dep in node.get("inputs", []):
            last_use[dep] = k
    w = _Writer(bindings)
    body: List[str] = []
    for k, node in enumerate(nodes):
        name, deps = node["name"], node.get("inputs", [])
        ins, res = [infos[d] for d in deps], infos[name]
        w.lines = []
        try:
            _emit(w, node, ident[name], [ident[d] for d in deps], ins, res)
        except GraphError as e:
            raise GraphError("node %r (%s): %s" % (name, node["op"], e)) from None
        body.append("# %s: %s -> %s %s" % (name, node["op"], res.dtype, list(res.shape)))
        body.extend(w.lines)
        dead = sorted({ident[d] for d in deps if last_use.get(d) == k
                       and d not in in_names and d not in outputs})
        if dead:
            body.append("del " + ", ".join(dead))
    body.append("return (%s,)" % ", ".join(ident[o] + ".contiguous()" for o in outputs))

    head = ['"""PyTorch translation of axon graph %r (generated by torch_graph.py)."""' % gname,
            "", "def %s(%s):" % (func, ", ".join(ident[n] for n in in_names))]
    source = "\n".join(head + ["    " + line for line in body]) + "\n"
    return Translation(gname, func, source, w.constants, in_names, outputs, infos,
                       matmul_flops(graph, infos), io_bytes(graph, infos))


# ---- torch -----------------------------------------------------------------------------------

def torch_dtype(torch, dtype: str):
    """The torch dtype of an axon dtype name."""
    return getattr(torch, TORCH_DTYPES[dtype])


def make_constant(torch, spec: ConstSpec, device):
    """The tensor of a ConstSpec on `device` (views where a full tensor is not needed)."""
    dt = torch_dtype(torch, spec.dtype)
    if spec.kind == "full":
        t = torch.full((), spec.value, dtype=dt, device=device)
        return t.expand(spec.shape) if spec.shape else t
    if spec.kind == "iota":
        n = spec.shape[spec.axis]
        wide = torch.float64 if spec.dtype in FLOAT_DTYPES + (EXACT,) else torch.int64
        view = [n if d == spec.axis else 1 for d in range(len(spec.shape))]
        return torch.arange(n, dtype=wide, device=device).to(dt).reshape(view).expand(spec.shape)
    if spec.kind == "causal_drop":
        rows, cols = spec.shape
        return ~torch.ones(rows, cols, dtype=torch.bool, device=device).tril()
    raise GraphError("unknown constant kind %r" % spec.kind)


def build_function(translation: Translation, device, filename: Optional[str] = None):
    """The translated function, its constants made on `device`; runs eagerly as is.

    `filename` (optional) is where translation.source was saved, for tracebacks.
    """
    import torch
    import torch.nn.functional as F
    namespace = {"torch": torch, "F": F, "_math": math, "__name__": "axon_torch_graph"}
    for spec in translation.constants:
        namespace[spec.name] = make_constant(torch, spec, device)
    code = compile(translation.source, filename or "<%s>" % translation.func_name, "exec")
    exec(code, namespace)  # noqa: S102 -- our own generated source
    return namespace[translation.func_name]
