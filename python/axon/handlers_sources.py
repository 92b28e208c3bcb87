"""Handlers of the ops that make a tensor from sizes: full/zeros/ones (and ``_like``,
``new_``), scalar_tensor, arange; and tril/triu, masks of ``iota`` compares."""

from __future__ import annotations

from typing import Any

from .graph import Unsupported, Value
from .handlers_core import Handler, arg, concrete_int, handles, supported_dtype, tensor


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


# ---- tril, triu ------------------------------------------------------------------------------

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
