"""Handlers of softmax, log_softmax and the normalizations: layer, RMS, group and (eval-mode)
batch norm."""

from __future__ import annotations

import math
from typing import Any, List, Optional, Sequence, Tuple

from .graph import GraphBuilder, Size, Unsupported, Value, is_concrete
from .handlers_core import (Spec, arg, axis_of, concrete_int, float_input, handles,
                            supported_dtype, tensor)
from .ops import FLOAT_DTYPES


# ---- softmax, norms --------------------------------------------------------------------------

def _softmax_input(b: GraphBuilder, x: Value, dtype: Any, half_to_float: bool, out: Spec) -> Value:
    if dtype is not None or half_to_float:
        x = b.cast(x, supported_dtype(out.dtype))
    if x.dtype not in FLOAT_DTYPES:
        raise Unsupported("softmax of %s" % x.dtype)
    return x


@handles("aten::softmax", "aten::_softmax")
def _softmax(b, args, kwargs, out):
    x, dim = tensor(args[0]), args[1]
    third = arg(args, kwargs, 2, "dtype")
    half_to_float = isinstance(third, bool) and third
    x = _softmax_input(b, x, None if isinstance(third, bool) else third, half_to_float, out)
    return b.op("softmax", [x], {"axis": axis_of(dim, x.rank)}, shape=out.shape, dtype=out.dtype)


@handles("aten::log_softmax", "aten::_log_softmax")
def _log_softmax(b, args, kwargs, out):
    """log_softmax as primitives: (x - m) - log(sum(exp(x - m))), in f32 for 16-bit floats (as
    PyTorch computes it, rounding once)."""
    x, dim = tensor(args[0]), args[1]
    third = arg(args, kwargs, 2, "dtype")
    x = _softmax_input(b, x, None if isinstance(third, bool) else third,
                       isinstance(third, bool) and third, out)
    axis = axis_of(dim, x.rank)
    xf = b.cast(x, "f32") if x.dtype in ("f16", "bf16") else x
    m = b.op("reduce_max", [xf], {"axes": [axis], "keepdims": True})
    s = b.op("sub", [xf, m])
    lse = b.op("log", [b.op("reduce_sum", [b.op("exp", [s])], {"axes": [axis], "keepdims": True})])
    return b.cast(b.op("sub", [s, lse], shape=out.shape, dtype=xf.dtype), out.dtype)


def _flatten_last(b: GraphBuilder, x: Value, k: int) -> Tuple[Value, Tuple[Size, ...]]:
    """``x`` with its last ``k`` axes merged into one (for norms over several axes)."""
    shape = x.shape
    assert shape is not None
    if k == 1:
        return x, shape
    lead, tail = list(shape[:-k]), list(shape[-k:])
    merged = _size_product(tail)
    return b.op("reshape", [x], {"shape": lead + [merged]}, shape=tuple(lead + [merged]),
                dtype=x.dtype), shape


def _size_product(sizes: Sequence[Size]) -> Size:
    if is_concrete(sizes):
        return math.prod(sizes)   # type: ignore[arg-type]
    return "*".join("(%s)" % s if isinstance(s, str) else str(s) for s in sizes)


def _norm_params(b: GraphBuilder, params: Sequence[Any], x: Value, k: int) -> List[Value]:
    out = []
    for p in params:
        if p is None:
            break
        p = tensor(p, "weight")
        if p.dtype != x.dtype:
            raise Unsupported("norm weight is %s, input %s" % (p.dtype, x.dtype))
        if k > 1:
            p = b.op("reshape", [p], {"shape": [_size_product(list(p.shape))]}, dtype=p.dtype)
        out.append(p)
    return out


def _norm(b: GraphBuilder, op: str, x: Value, normalized_shape: Sequence[Any],
          params: Sequence[Any], eps: float, out: Spec) -> Value:
    if x.dtype not in FLOAT_DTYPES:
        raise Unsupported("%s of %s" % (op, x.dtype))
    k = len(normalized_shape)
    if k < 1 or k > x.rank:
        raise Unsupported("normalized_shape %r for rank %d" % (list(normalized_shape), x.rank))
    if params and params[0] is None and len(params) > 1 and params[1] is not None:
        raise Unsupported("layer_norm with a bias and no weight")
    ps = _norm_params(b, params, x, k)
    flat, shape = _flatten_last(b, x, k)
    y = b.op(op, [flat] + ps, {"axis": -1, "eps": float(eps)},
             shape=flat.shape, dtype=x.dtype)
    if k > 1:
        y = b.op("reshape", [y], {"shape": list(shape)}, shape=shape, dtype=x.dtype)
    return y


@handles("aten::layer_norm")
def _layer_norm(b, args, kwargs, out):
    x = tensor(args[0])
    return _norm(b, "layernorm", x, args[1], [arg(args, kwargs, 2, "weight"),
                                             arg(args, kwargs, 3, "bias")],
                 arg(args, kwargs, 4, "eps", 1e-5), out)


@handles("aten::native_layer_norm")
def _native_layer_norm(b, args, kwargs, out):
    x = tensor(args[0])
    y = _norm(b, "layernorm", x, args[1], [args[2], args[3]], args[4], out[0])
    return (y, None, None)   # mean and rstd have no axon form here


_FINFO_EPS = {"f32": 2.0 ** -23, "f16": 2.0 ** -10, "bf16": 2.0 ** -7}


@handles("aten::rms_norm")
def _rms_norm(b, args, kwargs, out):
    x = tensor(args[0])
    eps = arg(args, kwargs, 3, "eps")
    if eps is None:   # PyTorch's default: the dtype's machine epsilon
        if x.dtype not in _FINFO_EPS:
            raise Unsupported("rms_norm of %s" % x.dtype)
        eps = _FINFO_EPS[x.dtype]
    return _norm(b, "rmsnorm", x, args[1], [arg(args, kwargs, 2, "weight")], eps, out)


@handles("aten::_fused_rms_norm")
def _fused_rms_norm(b, args, kwargs, out):
    """The form AOTAutograd's graphs hold for ``rms_norm`` (PyTorch 2.8 on): (output, rstd)."""
    y = _rms_norm(b, args, kwargs, out[0])
    return (y, None)   # rstd has no axon form here (only backward reads it)


def _channel_param(b: GraphBuilder, p: Any, x: Value, what: str) -> Optional[Value]:
    """A per-channel (axis 1) parameter shaped to broadcast over ``x``."""
    if p is None:
        return None
    p = tensor(p, what)
    if p.dtype != x.dtype:
        raise Unsupported("%s is %s, input %s" % (what, p.dtype, x.dtype))
    shape = [x.shape[1]] + [1] * (x.rank - 2)
    return b.op("reshape", [p], {"shape": shape}, shape=tuple(shape), dtype=p.dtype)


def group_norm(b: GraphBuilder, x: Value, groups: int, weight: Any, bias: Any, eps: float,
               out: Spec) -> Value:
    """layernorm over each group's channels and positions, then the per-channel affine."""
    x = float_input(x, "group_norm")
    if x.rank < 2 or not isinstance(x.shape[1], int) or x.shape[1] % groups:
        raise Unsupported("group_norm of %s in %d groups" % (list(x.shape), groups))
    rest = [x.shape[1] // groups] + list(x.shape[2:])
    flat = [x.shape[0], groups, _size_product(rest)]
    y = b.op("reshape", [x], {"shape": flat}, shape=tuple(flat), dtype=x.dtype)
    y = b.op("layernorm", [y], {"axis": -1, "eps": float(eps)}, shape=tuple(flat), dtype=x.dtype)
    y = b.op("reshape", [y], {"shape": list(x.shape)}, shape=x.shape, dtype=x.dtype)
    return _channel_affine(b, y, x, weight, bias)


@handles("aten::group_norm")
def _group_norm(b, args, kwargs, out):
    return group_norm(b, tensor(args[0]), concrete_int(args[1], "num_groups"),
                      arg(args, kwargs, 2, "weight"), arg(args, kwargs, 3, "bias"),
                      arg(args, kwargs, 4, "eps", 1e-5), out)


@handles("aten::native_group_norm")
def _native_group_norm(b, args, kwargs, out):
    # native_group_norm(input, weight, bias, N, C, HxW, group, eps) -> (out, mean, rstd)
    y = group_norm(b, tensor(args[0]), concrete_int(args[6], "group"), args[1], args[2],
                   args[7], out[0])
    return (y, None, None)


def batch_norm_eval(b: GraphBuilder, x: Value, weight: Any, bias: Any, mean: Any, var: Any,
                    eps: float, out: Spec) -> Value:
    """(x - running_mean) * rsqrt(running_var + eps) * weight + bias, per channel (axis 1)."""
    x = float_input(x, "batch_norm")
    if x.rank < 2:
        raise Unsupported("batch_norm of rank %d" % x.rank)
    m = _channel_param(b, mean, x, "running_mean")
    v = _channel_param(b, var, x, "running_var")
    if m is None or v is None:
        raise Unsupported("batch_norm without running statistics")
    inv = b.op("rsqrt", [b.op("add", [v, b.const(float(eps))], dtype=x.dtype)], dtype=x.dtype)
    y = b.op("mul", [b.op("sub", [x, m], shape=x.shape, dtype=x.dtype), inv], shape=x.shape,
             dtype=x.dtype)
    return _channel_affine(b, y, x, weight, bias)


def _channel_affine(b: GraphBuilder, y: Value, x: Value, weight: Any, bias: Any) -> Value:
    """y * weight + bias, each per channel (axis 1 of x) and each optional."""
    w, bb = _channel_param(b, weight, x, "weight"), _channel_param(b, bias, x, "bias")
    if w is not None:
        y = b.op("mul", [y, w], shape=x.shape, dtype=x.dtype)
    if bb is not None:
        y = b.op("add", [y, bb], shape=x.shape, dtype=x.dtype)
    return y


@handles("aten::batch_norm")
def _batch_norm(b, args, kwargs, out):
    # batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, cudnn)
    if arg(args, kwargs, 5, "training", False):
        raise Unsupported("batch_norm in training mode")
    return batch_norm_eval(b, tensor(args[0]), args[1], args[2], args[3], args[4],
                           arg(args, kwargs, 7, "eps", 1e-5), out)


@handles("aten::_native_batch_norm_legit_no_training")
def _batch_norm_no_training(b, args, kwargs, out):
    # (input, weight, bias, running_mean, running_var, momentum, eps) -> (out, mean, rstd)
    y = batch_norm_eval(b, tensor(args[0]), args[1], args[2], args[3], args[4], args[6], out[0])
    return (y, None, None)
