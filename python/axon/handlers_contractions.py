"""Handlers of the contractions: mm/bmm/matmul, addmm, baddbmm, linear (all as axon's
``matmul``). Attention is in :mod:`axon.handlers_attention`."""

from __future__ import annotations

from typing import Any

from .graph import GraphBuilder, Unsupported, Value
from .handlers_core import Spec, arg, handles, supported_dtype, tensor


# ---- contractions ----------------------------------------------------------------------------

def _matmul(b: GraphBuilder, x: Value, y: Value, out: Spec, transpose_b: bool = False) -> Value:
    dtype = supported_dtype(out.dtype)
    if x.dtype != y.dtype:
        raise Unsupported("matmul of %s and %s" % (x.dtype, y.dtype))
    if dtype == "bool":
        raise Unsupported("matmul of bool")
    if not transpose_b and y.op == "transpose" and _swaps_last_two(y.attrs.get("perm")):
        # mm(x, t(w)), as AOTAutograd writes linear: w read as it is stored (transpose_b), not
        # transposed into memory first
        y, transpose_b = y.inputs[0], True
    return b.op("matmul", [x, y], {"transpose_b": True} if transpose_b else {},
                shape=out.shape, dtype=dtype)


def _swaps_last_two(perm: Any) -> bool:
    """Whether a transpose's ``perm`` swaps the last two axes and keeps the others."""
    if not isinstance(perm, (list, tuple)) or len(perm) < 2:
        return False
    r = len(perm)
    return list(perm) == list(range(r - 2)) + [r - 1, r - 2]


@handles("aten::mm", "aten::bmm", "aten::matmul")
def _mm(b, args, kwargs, out):
    return _matmul(b, tensor(args[0]), tensor(args[1]), out)


def _bias(b: GraphBuilder, y: Value, bias: Any, beta: Any, alpha: Any, out: Spec) -> Value:
    if alpha not in (None, 1):
        y = b.op("mul", [y, b.const(alpha)], shape=out.shape, dtype=out.dtype)
    if bias is None or beta == 0:
        return y
    bias = tensor(bias, "bias")
    if bias.dtype != out.dtype:
        raise Unsupported("bias is %s, result %s" % (bias.dtype, out.dtype))
    if beta not in (None, 1):
        bias = b.op("mul", [bias, b.const(beta)], shape=bias.shape, dtype=bias.dtype)
    return b.op("add", [y, bias], shape=out.shape, dtype=out.dtype)


@handles("aten::addmm")
def _addmm(b, args, kwargs, out):
    y = _matmul(b, tensor(args[1]), tensor(args[2]), out)
    return _bias(b, y, args[0], kwargs.get("beta"), kwargs.get("alpha"), out)


@handles("aten::linear")
def _linear(b, args, kwargs, out):
    x, w = tensor(args[0]), tensor(args[1], "weight")
    if w.rank != 2:
        raise Unsupported("linear with a weight of rank %d" % w.rank)
    y = _matmul(b, x, w, out, transpose_b=True)
    return _bias(b, y, arg(args, kwargs, 2, "bias"), None, None, out)


@handles("aten::baddbmm")
def _baddbmm(b, args, kwargs, out):
    y = _matmul(b, tensor(args[1]), tensor(args[2]), out)
    return _bias(b, y, args[0], kwargs.get("beta"), kwargs.get("alpha"), out)
