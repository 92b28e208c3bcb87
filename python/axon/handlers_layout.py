"""Handlers of the layout ops (no arithmetic, :data:`~axon.handlers_core.LAYOUT_OPS`): views
and reshapes, expand, permute/transpose, slice/narrow/select/split/unbind, cat/stack, flip, pad,
repeat, and ``getitem`` of a tuple result."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from .graph import GraphBuilder, Unsupported, Value
from .handlers_core import (HANDLERS, LAYOUT_OPS, Spec, arg, axes_of, axis_of, concrete_int,
                            handles, supported_dtype, tensor)


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
    return b.op("reverse", [x], {"axes": axes_of(args[1], x.rank)}, shape=out.shape,
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
