"""The op table's core: :class:`Spec`, the table (:data:`HANDLERS`) and the op sets the
importers read, :func:`handles` that registers a handler, and the helpers every family of
handlers uses (operands, axes, PyTorch's type promotion). :mod:`axon.handlers` describes the
table; the ``handlers_*`` modules beside this one fill it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from .graph import GraphBuilder, Size, Unsupported, Value
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
    """A decorator that puts its handler in :data:`HANDLERS` under each of ``names`` (two
    handlers for one name are an error), and the names in :data:`LAYOUT_OPS` when ``layout``."""
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


def axes_of(d: Any, rank: int) -> List[int]:
    """The axes a ``dim`` argument names (an int, a list, or None/[] for all), sorted, each once."""
    if d is None or (isinstance(d, (list, tuple)) and len(d) == 0):
        return list(range(rank))
    if isinstance(d, int):
        d = [d]
    return sorted({axis_of(a, rank) for a in d})


def as_bool(b: GraphBuilder, x: Value) -> Value:
    """``x`` as bool: itself when bool, else ``x != 0``."""
    if x.dtype == "bool":
        return x
    return b.op("ne", [x, b.const(0)], shape=x.shape, dtype="bool")


def float_input(x: Value, what: str) -> Value:
    """``x``, refused (naming ``what``) unless of a float dtype."""
    if x.dtype not in FLOAT_DTYPES:
        raise Unsupported("%s of %s" % (what, x.dtype))
    return x
