"""The op table: one handler per ATen op, writing its axon form into a GraphBuilder.

A handler is called as ``handler(b, args, kwargs, out)``:

- ``b``: the :class:`~axon.graph.GraphBuilder` of the region being written;
- ``args``/``kwargs``: the op's arguments, tensors as :class:`~axon.graph.Value`, sizes as ints
  or axon size expressions, dtypes as axon dtype names (``"i64"``, ``"f64"`` for those axon
  lacks), other arguments as the framework gave them;
- ``out``: a :class:`Spec` (or a tuple of them) saying what the framework computed: shape, dtype.

It returns the Value (or a tuple of Values, ``None`` where an element has no axon form) holding
the op's result, or raises :class:`~axon.graph.Unsupported` with the reason, and the importer
leaves the op to the framework. Both importers use this table: :mod:`axon.export` keys FX nodes
by their ATen schema name (``aten::mm``); :mod:`axon.onnx_import` maps each ONNX op onto the same
handlers. Result shapes are the framework's; axon's own shape inference (``axon check``) checks
every written graph against them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .graph import GraphBuilder, Size, Unsupported, Value, is_concrete
from .ops import DTYPES, FLOAT_DTYPES


@dataclass(frozen=True)
class Spec:
    """What the framework says one result is: shape (axon sizes), dtype, shape at the example
    sizes."""
    shape: Tuple[Size, ...]
    dtype: str
    hint: Optional[Tuple[int, ...]] = None


Handler = Callable[[GraphBuilder, tuple, dict, Any], Any]

#: The op table: ATen schema name (``aten::mm``) -> handler.
HANDLERS: Dict[str, Handler] = {}

#: Ops whose results are views or copies of their operand (no arithmetic).
LAYOUT_OPS = set()
#: Ops whose cost is 2*M*N*K (or attention's), for the coverage summary.
#: Attention ops: the public one and the fused forms it becomes below autograd (AOTAutograd's
#: graphs under torch.compile hold these).
ATTENTION_OPS = {"aten::scaled_dot_product_attention", "aten::_scaled_dot_product_flash_attention",
                 "aten::_scaled_dot_product_flash_attention_for_cpu",
                 "aten::_scaled_dot_product_efficient_attention",
                 "aten::_scaled_dot_product_cudnn_attention"}
CONTRACTION_OPS = {"aten::mm", "aten::bmm", "aten::matmul", "aten::addmm",
                   "aten::linear"} | ATTENTION_OPS


def handles(*names: str, layout: bool = False):
    def register(fn: Handler) -> Handler:
        for n in names:
            if n in HANDLERS:
                raise ValueError("two handlers for %s" % n)
            HANDLERS[n] = fn
            if layout:
                LAYOUT_OPS.add(n)
        return fn
    return register


# ---- helpers ---------------------------------------------------------------------------------

def tensor(x: Any, what: str = "operand") -> Value:
    if not isinstance(x, Value):
        raise Unsupported("%s is %r, not a tensor" % (what, type(x).__name__))
    return x


def arg(args: tuple, kwargs: dict, i: int, name: str, default: Any = None) -> Any:
    """Positional argument ``i`` or keyword ``name``."""
    if len(args) > i:
        return args[i]
    return kwargs.get(name, default)


def axis_of(a: int, rank: int) -> int:
    if not isinstance(a, int) or not -max(rank, 1) <= a < max(rank, 1):
        raise Unsupported("axis %r out of range for rank %d" % (a, rank))
    return a + rank if a < 0 else a


def concrete_int(v: Any, what: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise Unsupported("%s %r is not a number known when importing" % (what, v))
    return v


_CATEGORY = {"bool": 0, "i32": 1, "i64": 1, "i16": 1, "i8": 1, "u8": 1,
             "f16": 2, "bf16": 2, "f32": 2, "f64": 2}


def _promote2(a: str, b: str) -> str:
    if a == b:
        return a
    ca, cb = _CATEGORY.get(a, 3), _CATEGORY.get(b, 3)
    if ca != cb:
        return a if ca > cb else b
    if ca == 2:
        if "f64" in (a, b):
            return "f64"
        return "f32"
    if ca == 1:
        return "i64" if "i64" in (a, b) else ("i32" if "i32" in (a, b) else "i16")
    return a


def result_dtype(operands: Sequence[Any]) -> str:
    """PyTorch's type promotion over tensors (by rank: dimensioned, then 0-dim) and Python
    numbers, as ``torch.result_type`` computes it."""
    tiers: List[List[str]] = [[], [], []]
    for x in operands:
        if isinstance(x, Value):
            tiers[0 if x.shape is None or len(x.shape) else 1].append(x.dtype)
        elif isinstance(x, bool):
            tiers[2].append("bool")
        elif isinstance(x, int):
            tiers[2].append("i64")
        elif isinstance(x, float):
            tiers[2].append("f32")
    result: Optional[str] = None
    for tier in tiers:
        if not tier:
            continue
        t = tier[0]
        for d in tier[1:]:
            t = _promote2(t, d)
        if result is None:
            result = t
        elif _CATEGORY.get(t, 3) > _CATEGORY.get(result, 3):
            result = t
    if result is None:
        raise Unsupported("no tensor operand")
    return result


def operand(b: GraphBuilder, x: Any, dtype: str) -> Value:
    """A tensor operand in ``dtype`` (cast when needed), or a Python number as a constant that
    takes the dtype of the tensor it meets."""
    if isinstance(x, Value):
        return b.cast(x, dtype)
    if isinstance(x, (bool, int, float)):
        if dtype == "bool" and x not in (0, 1):
            raise Unsupported("%r next to a bool tensor" % (x,))
        if dtype == "i32" and not float(x).is_integer():
            raise Unsupported("%r next to an i32 tensor" % (x,))
        return b.const(x)
    raise Unsupported("operand %r is neither a tensor nor a number" % (x,))


def supported_dtype(d: str, what: str = "result") -> str:
    if d not in DTYPES:
        raise Unsupported("%s dtype %s has no axon form" % (what, d))
    return d


def same(b: GraphBuilder, x: Value, out: Spec) -> Value:
    """An identity result: ``x`` itself."""
    return x


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


def as_bool(b: GraphBuilder, x: Value) -> Value:
    if x.dtype == "bool":
        return x
    return b.op("ne", [x, b.const(0)], shape=x.shape, dtype="bool")


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


# ---- reductions ------------------------------------------------------------------------------

def _dims(d: Any, rank: int) -> List[int]:
    if d is None or (isinstance(d, (list, tuple)) and len(d) == 0):
        return list(range(rank))
    if isinstance(d, int):
        d = [d]
    return sorted({axis_of(a, rank) for a in d})


def reduce(b: GraphBuilder, op: str, x: Value, dims: Any, keepdim: bool, out: Spec) -> Value:
    axes = _dims(dims, x.rank)
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


@handles("aten::scaled_dot_product_attention")
def _sdpa(b, args, kwargs, out):
    """softmax(q k^T * scale [+ mask]) v, written as benchmarks/graphs/attention*.json are (the
    form whose flash-style kernel axon builds, docs/attention.md)."""
    q, k, v = tensor(args[0], "query"), tensor(args[1], "key"), tensor(args[2], "value")
    mask = arg(args, kwargs, 3, "attn_mask")
    if arg(args, kwargs, 4, "dropout_p", 0.0):
        raise Unsupported("attention with dropout")
    causal = arg(args, kwargs, 5, "is_causal", False)
    scale = arg(args, kwargs, 6, "scale")
    if q.rank < 2 or k.shape[:-2] != q.shape[:-2] and arg(args, kwargs, 7, "enable_gqa", False):
        raise Unsupported("grouped-query attention")
    if not (q.dtype == k.dtype == v.dtype):
        raise Unsupported("attention over %s, %s, %s" % (q.dtype, k.dtype, v.dtype))
    if q.dtype not in FLOAT_DTYPES:
        raise Unsupported("attention over %s" % q.dtype)
    e = q.shape[-1]
    if scale is None:
        if not isinstance(e, int):
            raise Unsupported("attention's default scale over a symbolic head size")
        scale = 1.0 / math.sqrt(e)
    perm = list(range(k.rank))
    perm[-2], perm[-1] = perm[-1], perm[-2]
    kt = b.op("transpose", [k], {"perm": perm}, dtype=k.dtype)
    s = b.op("matmul", [q, kt], dtype=q.dtype)
    s = b.op("mul", [s, b.const(float(scale))], dtype=q.dtype)
    if causal:
        if mask is not None:
            raise Unsupported("attention with both a mask and is_causal")
        s = b.op("causal_mask", [s], dtype=q.dtype)
    if mask is not None:
        mask = tensor(mask, "attn_mask")
        if mask.dtype == "bool":
            s = b.op("where", [mask, s, b.const(-math.inf)], dtype=q.dtype)
        elif mask.dtype == q.dtype:
            s = b.op("add", [s, mask], dtype=q.dtype)
        else:
            raise Unsupported("attention mask of %s over %s" % (mask.dtype, q.dtype))
    p = b.op("softmax", [s], {"axis": -1}, dtype=q.dtype)
    return b.op("matmul", [p, v], shape=out.shape, dtype=out.dtype)


def _fused_sdpa(mask_at: Optional[int], causal_at: int):
    """A fused attention form (its first result is scaled_dot_product_attention's; the others,
    logsumexp and the like, have no axon form): its arguments mapped onto :func:`_sdpa`'s."""
    def handler(b, args, kwargs, out):
        mask = (arg(args, kwargs, mask_at, "attn_bias") if mask_at is not None
                else kwargs.get("attn_mask"))
        dropout = arg(args, kwargs, causal_at - 1, "dropout_p", 0.0)
        causal = arg(args, kwargs, causal_at, "is_causal", False)
        outs = out if isinstance(out, tuple) else (out,)
        y = _sdpa(b, (args[0], args[1], args[2], mask, dropout, causal, kwargs.get("scale")),
                  {}, outs[0])
        return (y,) + (None,) * (len(outs) - 1)
    return handler


# (query, key, value, dropout_p, is_causal, ...; scale= and, for the CPU form, attn_mask=)
HANDLERS["aten::_scaled_dot_product_flash_attention"] = _fused_sdpa(None, 4)
HANDLERS["aten::_scaled_dot_product_flash_attention_for_cpu"] = _fused_sdpa(None, 4)
# (query, key, value, attn_bias, compute_log_sumexp, dropout_p, is_causal, ...; scale=)
HANDLERS["aten::_scaled_dot_product_efficient_attention"] = _fused_sdpa(3, 6)
HANDLERS["aten::_scaled_dot_product_cudnn_attention"] = _fused_sdpa(3, 6)


# ---- layout ----------------------------------------------------------------------------------

def reshape_to(b: GraphBuilder, x: Value, out: Spec) -> Value:
    """``x`` as ``out``'s shape: ``x`` itself, the same reshape of ``x`` written before (AOTAutograd
    writes one view per reader: two matmuls of one input stay two readers of one node, as their
    fusion needs), or a new reshape."""
    if x.shape == out.shape:
        return x
    shape = list(out.shape)
    for n in reversed(b.nodes):
        if n.op == "reshape" and n.inputs[0] is x and n.attrs.get("shape") == shape and \
                n.dtype == out.dtype:
            return n
    return b.op("reshape", [x], {"shape": list(out.shape)}, shape=out.shape, dtype=out.dtype)


@handles("aten::view", "aten::reshape", "aten::_unsafe_view", "aten::view_copy",
         "aten::unsqueeze", "aten::squeeze", "aten::flatten", "aten::unflatten",
         "aten::_reshape_alias", layout=True)
def _reshape(b, args, kwargs, out):
    x = tensor(args[0])
    return _batched_matmul(b, x, out) or reshape_to(b, x, out)


def _batched_matmul(b: GraphBuilder, x: Value, out: Spec) -> Optional[Value]:
    """``reshape(matmul(reshape(a, [M, K]), w) [+ bias], [..., N])`` with ``a`` of shape
    ``[..., K]`` (linear over a batch as AOTAutograd writes it: view, mm or addmm, view) as the
    matmul of ``a`` itself, as ``linear`` is written: nothing between the contraction and what
    reads it, so that its epilogue (an activation, a residual) and the matmuls of one input fuse.
    None when ``x`` is not of that form."""
    mm, bias = x, None
    if x.op == "add" and len(x.inputs) == 2 and x.inputs[0].op == "matmul":
        mm, bias = x.inputs
        if bias.shape is None or len(bias.shape) > 1:
            return None
    if mm.op != "matmul" or mm.attrs.get("transpose_a") or len(mm.inputs) != 2:
        return None
    a, w = mm.inputs
    if a.op != "reshape" or not a.inputs or a.shape is None or len(a.shape) != 2 or \
            w.shape is None or len(w.shape) != 2 or mm.shape is None:
        return None
    src = a.inputs[0]
    if src.shape is None or len(src.shape) < 3 or out.shape is None or \
            tuple(src.shape[:-1]) != tuple(out.shape[:-1]) or src.shape[-1] != a.shape[-1] or \
            out.shape[-1] != mm.shape[-1] or out.dtype != x.dtype:
        return None
    y = b.op("matmul", [src, w], dict(mm.attrs), shape=out.shape, dtype=mm.dtype)
    if bias is not None:
        y = b.op("add", [y, bias], shape=out.shape, dtype=out.dtype)
    return y


@handles("aten::expand", "aten::expand_copy", "aten::broadcast_to", "aten::expand_as", layout=True)
def _expand(b, args, kwargs, out):
    x = tensor(args[0])
    if x.shape == out.shape:
        return x
    return b.op("broadcast_to", [x], {"shape": list(out.shape)}, shape=out.shape, dtype=out.dtype)


def transpose(b: GraphBuilder, x: Value, perm: Sequence[int], out: Spec) -> Value:
    perm = [axis_of(p, x.rank) for p in perm]
    if perm == list(range(x.rank)):
        return x
    return b.op("transpose", [x], {"perm": perm}, shape=out.shape, dtype=out.dtype)


@handles("aten::permute", "aten::permute_copy", layout=True)
def _permute(b, args, kwargs, out):
    return transpose(b, tensor(args[0]), args[1], out)


@handles("aten::transpose", "aten::swapaxes", "aten::swapdims", layout=True)
def _transpose(b, args, kwargs, out):
    x = tensor(args[0])
    perm = list(range(x.rank))
    d0, d1 = axis_of(args[1], x.rank), axis_of(args[2], x.rank)
    perm[d0], perm[d1] = perm[d1], perm[d0]
    return transpose(b, x, perm, out)


@handles("aten::t", "aten::numpy_T", layout=True)
def _t(b, args, kwargs, out):
    x = tensor(args[0])
    return transpose(b, x, list(reversed(range(x.rank))), out)


_BIG = 2 ** 62


def slice_value(b: GraphBuilder, x: Value, dim: int, start: Any, end: Any, step: Any,
                out: Spec) -> Value:
    axis = axis_of(dim, x.rank)
    n = x.shape[axis]
    start = 0 if start is None else start
    step = 1 if step is None else step
    for what, v in (("start", start), ("end", end), ("step", step)):
        if v is not None:
            concrete_int(v, "slice " + what)
    if end is not None and end >= _BIG:
        end = None
    if isinstance(n, int):
        if start <= -n:
            start = 0
        if end is not None and end >= n:
            end = None
    full = start == 0 and end is None and step == 1
    if full:
        return x
    if not isinstance(n, int):
        raise Unsupported("slice along the symbolic axis %d (size %s)" % (axis, n))
    return b.op("slice", [x], {"axis": axis, "start": start, "end": end,
                               "step": step if step != 1 else None},
                shape=out.shape, dtype=out.dtype)


@handles("aten::slice", "aten::slice_copy", layout=True)
def _slice(b, args, kwargs, out):
    return slice_value(b, tensor(args[0]), arg(args, kwargs, 1, "dim", 0),
                       arg(args, kwargs, 2, "start"), arg(args, kwargs, 3, "end"),
                       arg(args, kwargs, 4, "step", 1), out)


@handles("aten::narrow", layout=True)
def _narrow(b, args, kwargs, out):
    start, length = concrete_int(args[2], "narrow start"), concrete_int(args[3], "narrow length")
    return slice_value(b, tensor(args[0]), args[1], start, start + length, 1, out)


@handles("aten::select", "aten::select_copy", layout=True)
def _select(b, args, kwargs, out):
    x = tensor(args[0])
    axis, index = axis_of(args[1], x.rank), concrete_int(args[2], "select index")
    piece = slice_value(b, x, axis, index, index + 1 if index != -1 else None, 1,
                        Spec(tuple(1 if d == axis else s for d, s in enumerate(x.shape)), x.dtype))
    return reshape_to(b, piece, out)


def _pieces(b: GraphBuilder, x: Value, dim: int, outs: Sequence[Spec]) -> tuple:
    axis = axis_of(dim, x.rank)
    if not isinstance(x.shape[axis], int):
        raise Unsupported("split along the symbolic axis %d" % axis)
    result, at = [], 0
    for o in outs:
        length = concrete_int(o.shape[axis], "piece size")
        result.append(slice_value(b, x, axis, at, at + length, 1, o))
        at += length
    return tuple(result)


@handles("aten::split", "aten::split_with_sizes", "aten::chunk", "aten::tensor_split",
         "aten::split_copy", layout=True)
def _split(b, args, kwargs, out):
    return _pieces(b, tensor(args[0]), arg(args, kwargs, 2, "dim", 0), out)


@handles("aten::unbind", layout=True)
def _unbind(b, args, kwargs, out):
    x = tensor(args[0])
    axis = axis_of(arg(args, kwargs, 1, "dim", 0), x.rank)
    keep = [Spec(tuple(1 if d == axis else s for d, s in enumerate(x.shape)), o.dtype)
            for o in out]
    return tuple(reshape_to(b, p, o) for p, o in zip(_pieces(b, x, axis, keep), out))


@handles("aten::cat", "aten::concat", "aten::concatenate", layout=True)
def _cat(b, args, kwargs, out):
    parts = [tensor(t) for t in args[0] if not (isinstance(t, Value) and t.shape and
                                                 0 in [s for s in t.shape])]
    dtype = supported_dtype(out.dtype)
    parts = [b.cast(p, dtype) for p in parts]
    if len(parts) == 1:
        return parts[0]
    axis = axis_of(arg(args, kwargs, 1, "dim", 0), len(out.shape))
    return b.op("concat", parts, {"axis": axis}, shape=out.shape, dtype=dtype)


@handles("aten::stack", layout=True)
def _stack(b, args, kwargs, out):
    dim = arg(args, kwargs, 1, "dim", 0)
    axis = axis_of(dim, len(out.shape))
    dtype = supported_dtype(out.dtype)
    parts = []
    for t in args[0]:
        t = b.cast(tensor(t), dtype)
        shape = list(t.shape)
        shape.insert(axis, 1)
        parts.append(b.op("reshape", [t], {"shape": shape}, shape=tuple(shape), dtype=dtype))
    if len(parts) == 1:
        return parts[0]
    return b.op("concat", parts, {"axis": axis}, shape=out.shape, dtype=dtype)


@handles("aten::flip", layout=True)
def _flip(b, args, kwargs, out):
    x = tensor(args[0])
    return b.op("reverse", [x], {"axes": _dims(args[1], x.rank)}, shape=out.shape,
                dtype=out.dtype)


@handles("aten::constant_pad_nd", "aten::pad", layout=True)
def _pad(b, args, kwargs, out):
    x = tensor(args[0])
    pads = list(args[1])
    # constant_pad_nd(x, pad, value) or pad(x, pad, mode, value)
    mode = args[2] if len(args) > 2 and isinstance(args[2], str) else kwargs.get("mode",
                                                                                 "constant")
    if mode != "constant":
        raise Unsupported("pad mode %r" % mode)
    rest = [a for a in args[2:] if not isinstance(a, str)]
    value = rest[0] if rest else kwargs.get("value", 0)
    if value is None:
        value = 0
    before, after = [0] * x.rank, [0] * x.rank
    for i in range(0, len(pads), 2):
        d = x.rank - 1 - i // 2
        before[d], after[d] = concrete_int(pads[i], "pad"), concrete_int(pads[i + 1], "pad")
    if min(before + after) < 0:
        raise Unsupported("negative padding")
    if not any(before + after):
        return x
    return b.op("pad", [x], {"before": before, "after": after, "value": value},
                shape=out.shape, dtype=out.dtype)


def _triangle(lower: bool) -> Handler:
    def h(b, args, kwargs, out):
        x = tensor(args[0])
        k = concrete_int(arg(args, kwargs, 1, "diagonal", 0), "diagonal")
        if x.rank < 2:
            raise Unsupported("tril/triu of rank %d" % x.rank)
        shape = list(x.shape)
        rows = b.op("iota", [], {"shape": shape, "axis": x.rank - 2}, shape=x.shape, dtype="i32")
        cols = b.op("iota", [], {"shape": shape, "axis": x.rank - 1}, shape=x.shape, dtype="i32")
        diff = b.op("sub", [cols, rows], shape=x.shape, dtype="i32")   # c - r
        keep = b.op("le" if lower else "ge", [diff, b.const(k)], shape=x.shape, dtype="bool")
        return b.op("where", [keep, x, b.const(0)], shape=out.shape, dtype=out.dtype)
    return h


handles("aten::tril")(_triangle(True))
handles("aten::triu")(_triangle(False))


# ---- sources ---------------------------------------------------------------------------------

def _fill(value: Any) -> Handler:
    def h(b, args, kwargs, out):
        v = value(args, kwargs) if callable(value) else value
        if isinstance(v, Value):
            raise Unsupported("fill value is a tensor")
        dtype = supported_dtype(out.dtype)
        return b.const(v, dtype=dtype, shape=out.shape)
    return h


handles("aten::full")(_fill(lambda a, k: a[1]))
handles("aten::full_like", "aten::new_full")(_fill(lambda a, k: a[1] if len(a) > 1 else
                                                          k["fill_value"]))
handles("aten::zeros", "aten::zeros_like", "aten::new_zeros")(_fill(0))
handles("aten::ones", "aten::ones_like", "aten::new_ones")(_fill(1))
handles("aten::scalar_tensor")(_fill(lambda a, k: a[0]))


@handles("aten::arange")
def _arange(b, args, kwargs, out):
    nums = [a for a in args if not isinstance(a, Value)]
    if len(nums) == 1:
        start, step = 0, 1
    else:
        start = nums[0]
        step = nums[2] if len(nums) > 2 else kwargs.get("step", 1)
    dtype = supported_dtype(out.dtype)
    i = b.op("iota", [], {"shape": list(out.shape), "axis": 0, "dtype": dtype},
             shape=out.shape, dtype=dtype)
    if step != 1:
        i = b.op("mul", [i, b.const(step)], shape=out.shape, dtype=dtype)
    if start != 0:
        i = b.op("add", [i, b.const(start)], shape=out.shape, dtype=dtype)
    return i


# ---- tuples ----------------------------------------------------------------------------------

def getitem(b: GraphBuilder, args: tuple, kwargs: dict, out: Any) -> Value:
    seq, i = args
    if not isinstance(seq, (tuple, list)):
        raise Unsupported("getitem of %r" % type(seq).__name__)
    v = seq[i]
    if v is None:
        raise Unsupported("this result of its op has no axon form")
    return v


HANDLERS["getitem"] = getitem
LAYOUT_OPS.add("getitem")


# ---- more activations ------------------------------------------------------------------------

def _float_input(x: Value, what: str) -> Value:
    if x.dtype not in FLOAT_DTYPES:
        raise Unsupported("%s of %s" % (what, x.dtype))
    return x


@handles("aten::leaky_relu")
def _leaky_relu(b, args, kwargs, out):
    x = _float_input(tensor(args[0]), "leaky_relu")
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
    return _relu6_of_shift(b, _float_input(tensor(args[0]), "hardsigmoid"))


@handles("aten::hardswish")
def _hardswish(b, args, kwargs, out):
    x = _float_input(tensor(args[0]), "hardswish")
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
    x = _float_input(tensor(args[0]), "softplus")
    return softplus(b, x, arg(args, kwargs, 1, "beta", 1.0), arg(args, kwargs, 2, "threshold",
                                                                 20.0))


@handles("aten::mish")
def _mish(b, args, kwargs, out):
    x = _float_input(tensor(args[0]), "mish")
    t = b.op("tanh", [softplus(b, x)], shape=x.shape, dtype=x.dtype)
    return b.op("mul", [x, t], shape=out.shape, dtype=out.dtype)


@handles("aten::elu")
def _elu(b, args, kwargs, out):
    x = _float_input(tensor(args[0]), "elu")
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


@handles("aten::baddbmm")
def _baddbmm(b, args, kwargs, out):
    y = _matmul(b, tensor(args[1]), tensor(args[2]), out)
    return _bias(b, y, args[0], kwargs.get("beta"), kwargs.get("alpha"), out)


# ---- variance, norms -------------------------------------------------------------------------

def _reduced_count(x: Value, axes: Sequence[int], what: str) -> int:
    sizes = [x.shape[a] for a in axes]
    if not is_concrete(sizes):
        raise Unsupported("%s over the symbolic sizes %s" % (what, sizes))
    return math.prod(sizes)   # type: ignore[arg-type]


def variance(b: GraphBuilder, x: Value, dims: Any, correction: float, keepdim: bool,
             out: Spec) -> Value:
    """sum((x - mean)^2) / (N - correction) over ``dims``."""
    x = _float_input(x, "var")
    axes = _dims(dims, x.rank)
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
    x = _float_input(tensor(args[0]), "vector_norm")
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
    x = _float_input(x, "group_norm")
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
    x = _float_input(x, "batch_norm")
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


@handles("aten::repeat", layout=True)
def _repeat(b, args, kwargs, out):
    """x.repeat(r0, r1, ...): a new axis of size r before each axis, broadcast, merged."""
    x = tensor(args[0])
    reps = [concrete_int(r, "repeat") for r in args[1]]
    shape = [1] * (len(reps) - x.rank) + list(x.shape)
    if all(r == 1 for r in reps):
        return reshape_to(b, x, out)
    inter = [v for s in shape for v in (1, s)]
    y = b.op("reshape", [x], {"shape": inter}, shape=tuple(inter), dtype=x.dtype)
    wide = [v for r, s in zip(reps, shape) for v in (r, s)]
    y = b.op("broadcast_to", [y], {"shape": wide}, shape=tuple(wide), dtype=x.dtype)
    return reshape_to(b, y, out)
