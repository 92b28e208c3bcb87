"""Building a graph.json (docs/graph-format.md) from Python, one op at a time.

:class:`GraphBuilder` is what the op handlers (:mod:`axon.handlers`) write into: graph inputs,
nodes of the ops in :data:`axon.ops.OPS` (checked as they are added), constants under the
Python-scalar rule, and outputs. Values are :class:`Value` objects; their names are fixed only
when the graph is written, so a handler's last node can take the name of the torch or ONNX node
it stands for.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from .ops import DTYPES, check_op

#: A size: a positive int, or an axon size expression over symbols ("B", "2*S + 1").
Size = Union[int, str]


class Unsupported(Exception):
    """This op (with these operands) has no axon form; the importer leaves it to the framework."""


@dataclass(eq=False)
class Value:
    """A tensor of the graph being built: a graph input or a node's result.

    ``shape`` and ``dtype`` are what the framework said about it (None when a handler made an
    intermediate without saying); ``hint`` is the shape at the example sizes (ints), if known.
    """
    shape: Optional[Tuple[Size, ...]]
    dtype: Optional[str]
    name: Optional[str] = None
    op: str = "input"
    inputs: Tuple["Value", ...] = ()
    attrs: Dict[str, Any] = field(default_factory=dict)
    hint: Optional[Tuple[int, ...]] = None
    scope: Optional[str] = None      # the framework node whose handler made it

    @property
    def rank(self) -> int:
        if self.shape is None:
            raise Unsupported("an intermediate's rank is not known")
        return len(self.shape)


def is_concrete(shape: Sequence[Size]) -> bool:
    """True when every size is an int."""
    return all(isinstance(s, int) for s in shape)


def numel(shape: Sequence[int]) -> int:
    return math.prod(shape)


_NAME_SAFE = re.compile(r"[^A-Za-z0-9_.:/-]")


def safe_name(name: str) -> str:
    """A node or input name as written (graph.json allows any string; keep them readable)."""
    out = _NAME_SAFE.sub("_", name)
    return out or "v"


class GraphBuilder:
    """An axon graph under construction; :meth:`to_json` writes it (dead nodes dropped)."""

    def __init__(self, name: str = "graph"):
        self.name = name
        self.inputs: List[Value] = []
        self.nodes: List[Value] = []
        self.outputs: List[Value] = []
        self.scope: Optional[str] = None   # set by the importer around each handler call

    # ---- inputs, nodes, constants ------------------------------------------------------------

    def input(self, name: str, shape: Sequence[Size], dtype: str,
              hint: Optional[Sequence[int]] = None) -> Value:
        if dtype not in DTYPES:
            raise Unsupported("dtype %s has no axon form" % dtype)
        v = Value(tuple(shape), dtype, name=name, hint=tuple(hint) if hint is not None else None)
        self.inputs.append(v)
        return v

    def op(self, op: str, inputs: Sequence[Value], attrs: Optional[Dict[str, Any]] = None, *,
           shape: Optional[Sequence[Size]] = None, dtype: Optional[str] = None) -> Value:
        """Add a node of ``op`` over ``inputs``; ``shape``/``dtype`` document its result."""
        attrs = {k: v for k, v in (attrs or {}).items() if v is not None}
        check_op(op, len(inputs), attrs)
        for i in inputs:
            if not isinstance(i, Value):
                raise TypeError("operand of %s is %r, not a Value" % (op, i))
        v = Value(tuple(shape) if shape is not None else None, dtype, op=op,
                  inputs=tuple(inputs), attrs=attrs, scope=self.scope)
        self.nodes.append(v)
        return v

    def const(self, value: Union[int, float, bool], dtype: Optional[str] = None,
              shape: Sequence[Size] = ()) -> Value:
        """A constant. Without ``dtype`` it takes the dtype of the tensor it meets (the
        Python-scalar rule of docs/graph-format.md), as a Python number does in PyTorch."""
        if isinstance(value, bool):
            v: Any = int(value)
        elif isinstance(value, float) and not math.isfinite(value):
            v = "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")
        elif isinstance(value, (int, float)):
            v = value
        else:
            raise Unsupported("constant %r is not a number" % (value,))
        if dtype is not None and dtype not in DTYPES:
            raise Unsupported("dtype %s has no axon form" % dtype)
        attrs: Dict[str, Any] = {"value": v}
        if shape:
            attrs["shape"] = list(shape)
        if dtype is not None:
            attrs["dtype"] = dtype
            if dtype == "i32" and not float(value).is_integer():
                raise Unsupported("constant %r is not an i32" % (value,))
        return self.op("constant", [], attrs, shape=tuple(shape), dtype=dtype)

    def cast(self, x: Value, dtype: str) -> Value:
        """``x`` in ``dtype`` (``x`` itself when it already is)."""
        if dtype not in DTYPES:
            raise Unsupported("dtype %s has no axon form" % dtype)
        if x.dtype == dtype:
            return x
        return self.op("cast", [x], {"dtype": dtype}, shape=x.shape, dtype=dtype)

    def output(self, v: Value) -> None:
        self.outputs.append(v)

    # ---- writing -----------------------------------------------------------------------------

    def live_nodes(self) -> List[Value]:
        """The nodes the outputs depend on, in creation order (each after its operands)."""
        live, stack = set(), list(self.outputs)
        while stack:
            v = stack.pop()
            if id(v) in live:
                continue
            live.add(id(v))
            stack.extend(v.inputs)
        return [n for n in self.nodes if id(n) in live]

    def assign_names(self) -> None:
        """Name every unnamed live node after its handler's scope: ``scope.k``."""
        used = {v.name for v in self.inputs} | {n.name for n in self.nodes if n.name}
        counters: Dict[str, int] = {}
        for n in self.live_nodes():
            if n.name:
                continue
            base = n.scope or "t"
            while True:
                counters[base] = counters.get(base, 0) + 1
                cand = "%s.%d" % (base, counters[base])
                if cand not in used:
                    break
            n.name = cand
            used.add(cand)

    def to_json(self) -> Dict[str, Any]:
        """The graph as a graph.json object."""
        self.assign_names()
        names = [v.name for v in self.inputs] + [n.name for n in self.live_nodes()]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError("graph %r: names used twice: %s" % (self.name, sorted(dup)))
        nodes = []
        for n in self.live_nodes():
            node: Dict[str, Any] = {"name": n.name, "op": n.op,
                                    "inputs": [i.name for i in n.inputs]}
            if n.attrs:
                node["attrs"] = n.attrs
            nodes.append(node)
        return {"name": self.name,
                "inputs": [{"name": v.name, "shape": list(v.shape), "dtype": v.dtype}
                           for v in self.inputs],
                "nodes": nodes,
                "outputs": [v.name for v in self.outputs]}
