"""Handlers of the reductions: sum, mean, amax/amin, max/min of all elements, any, and those
written through them: var/std/var_mean and the vector norms."""

from __future__ import annotations

import math
from typing import Any, Sequence, Tuple

from .graph import GraphBuilder, Unsupported, Value, is_concrete
from .handlers_core import (Handler, Spec, arg, as_bool, axes_of, float_input, handles,
                            supported_dtype, tensor)
from .ops import FLOAT_DTYPES


# ---- reductions ------------------------------------------------------------------------------

def reduce(b: GraphBuilder, op: str, x: Value, dims: Any, keepdim: bool, out: Spec) -> Value:
    axes = axes_of(dims, x.rank)
    if not axes:                       # a 0-d tensor: the reduction is the tensor itself
        return x
    return b.op(op, [x], {"axes": axes, "keepdims": bool(keepdim)} if keepdim else
                {"axes": axes}, shape=out.shape, dtype=out.dtype)


def _reduction(op: str) -> Handler:
    def h(b, args, kwargs, out):
        x = tensor(args[0])
        dims = arg(args, kwargs, 1, "dim")
        keepdim = arg(args, kwargs, 2, "keepdim", False)
        dtype = supported_dtype(out.dtype)
        if op == "reduce_mean" and dtype not in FLOAT_DTYPES:
            raise Unsupported("mean of %s" % dtype)
        if op == "reduce_sum" and x.dtype == "bool":
            raise Unsupported("sum of bool")
        return reduce(b, op, b.cast(x, dtype), dims, keepdim, out)
    return h


handles("aten::sum")(_reduction("reduce_sum"))
handles("aten::mean")(_reduction("reduce_mean"))


@handles("aten::amax")
def _amax(b, args, kwargs, out):
    x = tensor(args[0])
    return reduce(b, "reduce_max", x, arg(args, kwargs, 1, "dim"), arg(args, kwargs, 2, "keepdim",
                                                                      False), out)


@handles("aten::amin")
def _amin(b, args, kwargs, out):
    x = tensor(args[0])
    if x.dtype == "bool":
        raise Unsupported("amin of bool")
    neg = b.op("neg", [x], shape=x.shape, dtype=x.dtype)
    m = reduce(b, "reduce_max", neg, arg(args, kwargs, 1, "dim"),
               arg(args, kwargs, 2, "keepdim", False), out)
    return b.op("neg", [m], shape=out.shape, dtype=out.dtype)


def _max_or_min(is_min: bool) -> Handler:
    """max(x) / min(x) over all elements (the overloads with an axis also return indices)."""
    def h(b, args, kwargs, out):
        if isinstance(out, tuple) or len(args) > 1:
            raise Unsupported("%s with indices or of two tensors" % ("min" if is_min else "max"))
        x = tensor(args[0])
        if x.dtype == "bool":
            raise Unsupported("max/min of bool")
        if not is_min:
            return reduce(b, "reduce_max", x, None, False, out)
        neg = b.op("neg", [x], shape=x.shape, dtype=x.dtype)
        m = reduce(b, "reduce_max", neg, None, False, out)
        return b.op("neg", [m], shape=out.shape, dtype=out.dtype)
    return h


handles("aten::max")(_max_or_min(False))
handles("aten::min")(_max_or_min(True))


@handles("aten::any")
def _any(b, args, kwargs, out):
    x = as_bool(b, tensor(args[0]))
    i = b.cast(x, "i32")
    m = reduce(b, "reduce_max", i, arg(args, kwargs, 1, "dim"),
               arg(args, kwargs, 2, "keepdim", False), Spec(out.shape, "i32"))
    return b.cast(m, "bool")


# ---- variance, vector norms ------------------------------------------------------------------

def _reduced_count(x: Value, axes: Sequence[int], what: str) -> int:
    sizes = [x.shape[a] for a in axes]
    if not is_concrete(sizes):
        raise Unsupported("%s over the symbolic sizes %s" % (what, sizes))
    return math.prod(sizes)   # type: ignore[arg-type]


def variance(b: GraphBuilder, x: Value, dims: Any, correction: float, keepdim: bool,
             out: Spec) -> Value:
    """sum((x - mean)^2) / (N - correction) over ``dims``."""
    x = float_input(x, "var")
    axes = axes_of(dims, x.rank)
    n = _reduced_count(x, axes, "var")
    if n - correction <= 0:
        raise Unsupported("var with N - correction = %s" % (n - correction))
    mean = b.op("reduce_mean", [x], {"axes": axes, "keepdims": True}, dtype=x.dtype)
    sq = b.op("square", [b.op("sub", [x, mean], shape=x.shape, dtype=x.dtype)], shape=x.shape,
              dtype=x.dtype)
    s = b.op("reduce_sum", [sq], {"axes": axes, "keepdims": bool(keepdim)}, dtype=x.dtype)
    return b.op("mul", [s, b.const(1.0 / (n - correction))], shape=out.shape, dtype=out.dtype)


def _var_args(args: tuple, kwargs: dict) -> Tuple[Any, float, bool]:
    """(dims, correction, keepdim) of var/std's overloads (.correction, .dim, .default)."""
    if len(args) > 1 and isinstance(args[1], bool):          # var(x, unbiased)
        return None, 1.0 if args[1] else 0.0, False
    dims = arg(args, kwargs, 1, "dim")
    if len(args) > 2 and isinstance(args[2], bool):          # var.dim(x, dim, unbiased, keepdim)
        return dims, 1.0 if args[2] else 0.0, bool(arg(args, kwargs, 3, "keepdim", False))
    correction = kwargs.get("correction")
    if correction is None:
        correction = 1.0 if kwargs.get("unbiased", True) else 0.0
    return dims, float(correction), bool(kwargs.get("keepdim", arg(args, kwargs, 3, "keepdim",
                                                                    False)))


@handles("aten::var")
def _var(b, args, kwargs, out):
    dims, correction, keepdim = _var_args(args, kwargs)
    return variance(b, tensor(args[0]), dims, correction, keepdim, out)


@handles("aten::std")
def _std(b, args, kwargs, out):
    dims, correction, keepdim = _var_args(args, kwargs)
    v = variance(b, tensor(args[0]), dims, correction, keepdim, out)
    return b.op("sqrt", [v], shape=out.shape, dtype=out.dtype)


@handles("aten::var_mean")
def _var_mean(b, args, kwargs, out):
    dims, correction, keepdim = _var_args(args, kwargs)
    x = tensor(args[0])
    v = variance(b, x, dims, correction, keepdim, out[0])
    m = reduce(b, "reduce_mean", x, dims, keepdim, out[1])
    return (v, m)


@handles("aten::linalg_vector_norm")
def _vector_norm(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "vector_norm")
    order = arg(args, kwargs, 1, "ord", 2)
    dims = arg(args, kwargs, 2, "dim")
    keepdim = arg(args, kwargs, 3, "keepdim", False)
    if arg(args, kwargs, 4, "dtype") is not None:
        raise Unsupported("vector_norm with dtype")
    a = b.op("abs", [x], shape=x.shape, dtype=x.dtype)
    if order == 2:
        s = reduce(b, "reduce_sum", b.op("square", [x], shape=x.shape, dtype=x.dtype), dims,
                   keepdim, out)
        return b.op("sqrt", [s], shape=out.shape, dtype=out.dtype)
    if order == 1:
        return reduce(b, "reduce_sum", a, dims, keepdim, out)
    if order == math.inf:
        return reduce(b, "reduce_max", a, dims, keepdim, out)
    raise Unsupported("vector norm of order %r" % (order,))
