"""Handlers of the elementwise ATen ops: unary and binary arithmetic, compares, clamps,
``where``/``masked_fill``, the logical ops, casts and identities, and the activations written as
primitives (leaky_relu, hardsigmoid, hardswish, softplus, mish, elu)."""

from __future__ import annotations

from typing import Any

from .graph import GraphBuilder, Unsupported, Value
from .handlers_core import (Handler, Spec, arg, as_bool, float_input, handles, operand,
                            result_dtype, supported_dtype, tensor)
from .ops import FLOAT_DTYPES


# ---- elementwise -----------------------------------------------------------------------------

_UNARY = {"neg": "neg", "abs": "abs", "exp": "exp", "log": "log", "sqrt": "sqrt",
          "rsqrt": "rsqrt", "reciprocal": "reciprocal", "tanh": "tanh", "sigmoid": "sigmoid",
          "relu": "relu", "silu": "silu", "erf": "erf", "square": "square"}


def _unary(op: str) -> Handler:
    def h(b, args, kwargs, out):
        x = tensor(args[0])
        if out.dtype not in FLOAT_DTYPES and op not in ("neg", "abs", "relu", "square"):
            raise Unsupported("%s of %s" % (op, out.dtype))
        return b.op(op, [b.cast(x, out.dtype)], shape=out.shape, dtype=out.dtype)
    return h


for _name, _op in _UNARY.items():
    handles("aten::" + _name)(_unary(_op))


@handles("aten::gelu")
def _gelu(b, args, kwargs, out):
    approx = arg(args, kwargs, 1, "approximate", "none")
    return b.op("gelu", [tensor(args[0])], {"approximate": approx} if approx != "none" else {},
                shape=out.shape, dtype=out.dtype)


_BINARY = {"add": "add", "sub": "sub", "mul": "mul", "div": "div", "maximum": "max",
           "minimum": "min", "pow": "pow"}
_COMPARE = {"lt": "lt", "le": "le", "gt": "gt", "ge": "ge", "eq": "eq", "ne": "ne"}


def binary(b: GraphBuilder, op: str, x: Any, y: Any, out: Spec) -> Value:
    """``x op y`` with PyTorch's promotion: tensor operands cast to the result's dtype."""
    dtype = supported_dtype(out.dtype)
    if op in ("div", "pow") and dtype not in FLOAT_DTYPES:
        raise Unsupported("%s of %s" % (op, dtype))
    return b.op(op, [operand(b, x, dtype), operand(b, y, dtype)], shape=out.shape, dtype=dtype)


def compare(b: GraphBuilder, op: str, x: Any, y: Any, out: Spec) -> Value:
    dtype = supported_dtype(result_dtype([x, y]), "operand")
    return b.op(op, [operand(b, x, dtype), operand(b, y, dtype)], shape=out.shape, dtype="bool")


def _scaled(b: GraphBuilder, y: Any, alpha: Any) -> Any:
    if alpha is None or alpha == 1:
        return y
    if isinstance(y, Value):
        return b.op("mul", [y, b.const(alpha)], shape=y.shape, dtype=y.dtype)
    return y * alpha


def _binary_handler(op: str) -> Handler:
    def h(b, args, kwargs, out):
        x, y = args[0], args[1]
        if op in ("add", "sub"):
            y = _scaled(b, y, arg(args, kwargs, 2, "alpha"))
        if op == "div" and arg(args, kwargs, 2, "rounding_mode") is not None:
            raise Unsupported("div with rounding_mode %r" % arg(args, kwargs, 2, "rounding_mode"))
        if op == "pow" and not isinstance(x, Value):   # pow(number, tensor)
            return binary(b, "pow", x, y, out)
        if op == "pow" and isinstance(y, (int, float)) and not isinstance(y, bool):
            return _pow_scalar(b, tensor(x), float(y), out)
        return binary(b, op, x, y, out)
    return h


def _pow_scalar(b: GraphBuilder, x: Value, e: float, out: Spec) -> Value:
    dtype = supported_dtype(out.dtype)
    x = b.cast(x, dtype)
    special = {2.0: "square", 0.5: "sqrt", -0.5: "rsqrt", -1.0: "reciprocal"}
    if e == 1.0:
        return x
    if e in special and (dtype in FLOAT_DTYPES or e == 2.0):
        return b.op(special[e], [x], shape=out.shape, dtype=dtype)
    if dtype not in FLOAT_DTYPES:
        raise Unsupported("pow of %s" % dtype)
    return b.op("pow", [x, b.const(e)], shape=out.shape, dtype=dtype)


for _name, _op in _BINARY.items():
    handles("aten::" + _name)(_binary_handler(_op))


def _compare_handler(op: str) -> Handler:
    def h(b, args, kwargs, out):
        return compare(b, op, args[0], args[1], out)
    return h


for _name, _op in _COMPARE.items():
    handles("aten::" + _name)(_compare_handler(_op))


@handles("aten::rsub")
def _rsub(b, args, kwargs, out):   # other - alpha * x
    x = _scaled(b, args[0], arg(args, kwargs, 2, "alpha"))
    return binary(b, "sub", args[1], x, out)


@handles("aten::true_divide")
def _true_divide(b, args, kwargs, out):
    return binary(b, "div", args[0], args[1], out)


def _clamp_value(b: GraphBuilder, x: Value, lo: Any, hi: Any, out: Spec) -> Value:
    dtype = supported_dtype(out.dtype)
    y = b.cast(x, dtype)
    if hi is not None:
        y = b.op("min", [y, operand(b, hi, dtype)], shape=out.shape, dtype=dtype)
    if lo is not None:
        y = b.op("max", [y, operand(b, lo, dtype)], shape=out.shape, dtype=dtype)
    return y


@handles("aten::clamp")
def _clamp(b, args, kwargs, out):
    return _clamp_value(b, tensor(args[0]), arg(args, kwargs, 1, "min"),
                        arg(args, kwargs, 2, "max"), out)


@handles("aten::clamp_min")
def _clamp_min(b, args, kwargs, out):
    return _clamp_value(b, tensor(args[0]), args[1], None, out)


@handles("aten::clamp_max")
def _clamp_max(b, args, kwargs, out):
    return _clamp_value(b, tensor(args[0]), None, args[1], out)


@handles("aten::hardtanh")
def _hardtanh(b, args, kwargs, out):
    return _clamp_value(b, tensor(args[0]), arg(args, kwargs, 1, "min_val", -1.0),
                        arg(args, kwargs, 2, "max_val", 1.0), out)


@handles("aten::where")
def _where(b, args, kwargs, out):
    if len(args) < 3:
        raise Unsupported("where(cond) (the indices form)")
    cond, x, y = tensor(args[0], "condition"), args[1], args[2]
    if cond.dtype != "bool":
        raise Unsupported("where's condition is %s, not bool" % cond.dtype)
    dtype = supported_dtype(out.dtype)
    return b.op("where", [cond, operand(b, x, dtype), operand(b, y, dtype)],
                shape=out.shape, dtype=dtype)


@handles("aten::masked_fill")
def _masked_fill(b, args, kwargs, out):
    x, mask, value = tensor(args[0]), tensor(args[1], "mask"), args[2]
    if mask.dtype != "bool":
        raise Unsupported("masked_fill's mask is %s, not bool" % mask.dtype)
    dtype = supported_dtype(out.dtype)
    if isinstance(value, Value):
        value = b.cast(value, dtype)
    return b.op("where", [mask, operand(b, value, dtype), b.cast(x, dtype)],
                shape=out.shape, dtype=dtype)


@handles("aten::logical_not", "aten::bitwise_not")
def _logical_not(b, args, kwargs, out):
    x = tensor(args[0])
    if out.dtype != "bool":
        raise Unsupported("bitwise_not of %s" % x.dtype)
    return b.op("eq", [as_bool(b, x), b.const(0)], shape=out.shape, dtype="bool")


@handles("aten::logical_and", "aten::bitwise_and", "aten::__and__")
def _logical_and(b, args, kwargs, out):
    if out.dtype != "bool":
        raise Unsupported("bitwise_and of %s" % out.dtype)
    x, y = as_bool(b, tensor(args[0])), as_bool(b, tensor(args[1]))
    return b.op("where", [x, y, b.const(0)], shape=out.shape, dtype="bool")


@handles("aten::logical_or", "aten::bitwise_or", "aten::__or__")
def _logical_or(b, args, kwargs, out):
    if out.dtype != "bool":
        raise Unsupported("bitwise_or of %s" % out.dtype)
    x, y = as_bool(b, tensor(args[0])), as_bool(b, tensor(args[1]))
    return b.op("where", [x, b.const(1), y], shape=out.shape, dtype="bool")


@handles("aten::logical_xor", "aten::bitwise_xor", "aten::__xor__")
def _logical_xor(b, args, kwargs, out):
    if out.dtype != "bool":
        raise Unsupported("bitwise_xor of %s" % out.dtype)
    x, y = as_bool(b, tensor(args[0])), as_bool(b, tensor(args[1]))
    return b.op("ne", [x, y], shape=out.shape, dtype="bool")


# ---- casts and identities --------------------------------------------------------------------

@handles("aten::_to_copy", "aten::to", "aten::type_as", "aten::_to_dtype")
def _to(b, args, kwargs, out):
    return b.cast(tensor(args[0]), supported_dtype(out.dtype))


@handles("aten::clone", "aten::contiguous", "aten::alias", "aten::detach", "aten::lift_fresh_copy",
         "aten::view_as", "aten::positive", layout=True)
def _identity(b, args, kwargs, out):
    return tensor(args[0])


@handles("aten::dropout", "aten::feature_dropout", "aten::alpha_dropout")
def _dropout(b, args, kwargs, out):
    p, train = arg(args, kwargs, 1, "p", 0.5), arg(args, kwargs, 2, "train", False)
    if train and p:
        raise Unsupported("dropout in training mode")
    return tensor(args[0])


# ---- more activations ------------------------------------------------------------------------

@handles("aten::leaky_relu")
def _leaky_relu(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "leaky_relu")
    slope = arg(args, kwargs, 1, "negative_slope", 0.01)
    pos = b.op("gt", [x, b.const(0)], shape=x.shape, dtype="bool")
    return b.op("where", [pos, x, b.op("mul", [x, b.const(slope)], shape=x.shape,
                                       dtype=x.dtype)], shape=out.shape, dtype=out.dtype)


def _relu6_of_shift(b: GraphBuilder, x: Value) -> Value:
    """min(max(x + 3, 0), 6) / 6: hardsigmoid."""
    t = b.op("add", [x, b.const(3)], shape=x.shape, dtype=x.dtype)
    t = b.op("min", [b.op("max", [t, b.const(0)], shape=x.shape, dtype=x.dtype), b.const(6)],
             shape=x.shape, dtype=x.dtype)
    return b.op("div", [t, b.const(6)], shape=x.shape, dtype=x.dtype)


@handles("aten::hardsigmoid")
def _hardsigmoid(b, args, kwargs, out):
    return _relu6_of_shift(b, float_input(tensor(args[0]), "hardsigmoid"))


@handles("aten::hardswish")
def _hardswish(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "hardswish")
    return b.op("mul", [x, _relu6_of_shift(b, x)], shape=out.shape, dtype=out.dtype)


def softplus(b: GraphBuilder, x: Value, beta: float = 1.0, threshold: float = 20.0) -> Value:
    """log(1 + exp(beta x)) / beta, and x itself where beta x > threshold (as PyTorch)."""
    bx = x if beta == 1 else b.op("mul", [x, b.const(beta)], shape=x.shape, dtype=x.dtype)
    soft = b.op("log", [b.op("add", [b.op("exp", [bx], shape=x.shape, dtype=x.dtype),
                                     b.const(1)], shape=x.shape, dtype=x.dtype)],
                shape=x.shape, dtype=x.dtype)
    if beta != 1:
        soft = b.op("div", [soft, b.const(beta)], shape=x.shape, dtype=x.dtype)
    big = b.op("gt", [bx, b.const(threshold)], shape=x.shape, dtype="bool")
    return b.op("where", [big, x, soft], shape=x.shape, dtype=x.dtype)


@handles("aten::softplus")
def _softplus(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "softplus")
    return softplus(b, x, arg(args, kwargs, 1, "beta", 1.0), arg(args, kwargs, 2, "threshold",
                                                                 20.0))


@handles("aten::mish")
def _mish(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "mish")
    t = b.op("tanh", [softplus(b, x)], shape=x.shape, dtype=x.dtype)
    return b.op("mul", [x, t], shape=out.shape, dtype=out.dtype)


@handles("aten::elu")
def _elu(b, args, kwargs, out):
    x = float_input(tensor(args[0]), "elu")
    alpha = arg(args, kwargs, 1, "alpha", 1.0)
    scale = arg(args, kwargs, 2, "scale", 1.0)
    input_scale = arg(args, kwargs, 3, "input_scale", 1.0)
    xi = x if input_scale == 1 else b.op("mul", [x, b.const(input_scale)], shape=x.shape,
                                         dtype=x.dtype)
    neg = b.op("mul", [b.op("sub", [b.op("exp", [xi], shape=x.shape, dtype=x.dtype),
                                     b.const(1)], shape=x.shape, dtype=x.dtype),
                       b.const(alpha * scale)], shape=x.shape, dtype=x.dtype)
    pos = x if scale == 1 else b.op("mul", [x, b.const(scale)], shape=x.shape, dtype=x.dtype)
    cond = b.op("gt", [x, b.const(0)], shape=x.shape, dtype="bool")
    return b.op("where", [cond, pos, neg], shape=out.shape, dtype=out.dtype)
