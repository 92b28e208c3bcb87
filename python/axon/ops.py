"""axon's op vocabulary (docs/graph-format.md): each op's operand count and its attrs.

The meaning and shape rules of each op live in the C++ side (src/core/ops_*.cpp), which the
importers ask through ``axon check``; this table only lets Python refuse a misspelled op or attr
before a file is written, and tells the importers and the benchmark suite what each op is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Optional, Tuple

#: axon's dtypes, and their widths in bytes.
DTYPES: Dict[str, int] = {"f32": 4, "f16": 2, "bf16": 2, "i32": 4, "bool": 1}
FLOAT_DTYPES = ("f32", "f16", "bf16")


@dataclass(frozen=True)
class OpInfo:
    """One op of the graph format: its kind, operand count (max None: any) and its attrs."""
    name: str
    kind: str            # unary, binary, compare, select, reduce, contract, layout, source, composite
    min_inputs: int
    max_inputs: Optional[int]
    attrs: Tuple[str, ...] = ()


def _table() -> Dict[str, OpInfo]:
    t: Dict[str, OpInfo] = {}

    def add(names: str, kind: str, lo: int, hi: Optional[int], attrs: Tuple[str, ...] = ()):
        for n in names.split():
            t[n] = OpInfo(n, kind, lo, hi, attrs)

    add("neg abs square exp log sqrt rsqrt reciprocal tanh sigmoid relu silu erf", "unary", 1, 1)
    add("gelu", "unary", 1, 1, ("approximate",))
    add("cast", "unary", 1, 1, ("dtype",))
    add("add sub mul div max min pow", "binary", 2, 2)
    add("lt le gt ge eq ne", "compare", 2, 2)
    add("where", "select", 3, 3)
    add("reduce_sum reduce_max reduce_mean", "reduce", 1, 1, ("axes", "keepdims"))
    add("matmul", "contract", 2, 2, ("transpose_a", "transpose_b"))
    add("transpose", "layout", 1, 1, ("perm",))
    add("reshape broadcast_to", "layout", 1, 1, ("shape",))
    add("slice", "layout", 1, 1, ("axis", "start", "end", "step"))
    add("pad", "layout", 1, 1, ("before", "after", "value"))
    add("reverse", "layout", 1, 1, ("axes",))
    add("concat", "layout", 1, None, ("axis",))
    add("iota", "source", 0, 0, ("shape", "axis", "dtype"))
    add("constant", "source", 0, 0, ("value", "shape", "dtype", "divisor"))
    add("softmax", "composite", 1, 1, ("axis",))
    add("layernorm", "composite", 1, 3, ("axis", "eps"))
    add("rmsnorm", "composite", 1, 2, ("axis", "eps"))
    add("causal_mask", "composite", 1, 1)
    return t


#: Every op of docs/graph-format.md by name.
OPS: Dict[str, OpInfo] = _table()


def check_op(op: str, n_inputs: int, attrs: Dict[str, object]) -> None:
    """Raise ValueError naming the problem when ``op`` is unknown, takes another operand count,
    or does not accept one of ``attrs``."""
    info = OPS.get(op)
    if info is None:
        raise ValueError("unknown axon op %r" % op)
    if n_inputs < info.min_inputs or (info.max_inputs is not None and n_inputs > info.max_inputs):
        raise ValueError("axon op %r takes %d%s operands, got %d" % (
            op, info.min_inputs, "" if info.max_inputs == info.min_inputs else
            (" or more" if info.max_inputs is None else " to %d" % info.max_inputs), n_inputs))
    for key in attrs:
        if key not in info.attrs:
            raise ValueError("axon op %r has no attr %r" % (op, key))
