"""``axon.export``: a PyTorch function or module, through ``torch.export``, to graph.json files.

Each op of the ExportedProgram is written by its handler in :data:`axon.handlers.HANDLERS`, or
left to PyTorch with the handler's reason; the supported ops are cut into regions
(:mod:`axon.regions`), each one axon graph. Parameters and buffers become graph inputs named by
their module path (``fc1.weight``), their values saved beside the graphs; torch.export's dynamic
dims become symbolic sizes named as their ``Dim`` is. Every graph written is checked by the axon
binary (``axon check``): the shapes and dtypes it infers must be PyTorch's.
"""

from __future__ import annotations

import json
import math
import operator
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import cli
from .cli import AxonError
from .graph import GraphBuilder, Size, Unsupported, Value
from .handlers import ATTENTION_OPS, CONTRACTION_OPS, HANDLERS, LAYOUT_OPS, Spec
from .regions import Item, cut

_DTYPES = {"float32": "f32", "float16": "f16", "bfloat16": "bf16", "int32": "i32", "bool": "bool",
           "float64": "f64", "int64": "i64", "int16": "i16", "int8": "i8", "uint8": "u8"}


def axon_dtype(torch_dtype: Any) -> str:
    """The axon name of a torch dtype (names axon lacks, like ``i64``, are kept: handlers
    refuse them)."""
    name = str(torch_dtype).replace("torch.", "")
    return _DTYPES.get(name, name)


# ---- sizes -----------------------------------------------------------------------------------

class _Sizes:
    """torch.export's symbolic sizes as axon size expressions, under the Dim names."""

    def __init__(self, names: Dict[str, str]):
        self.names = dict(names)     # torch symbol ("s77") -> axon name ("batch")
        self.hints: Dict[str, int] = {}

    def symbol(self, sym: Any) -> str:
        return self.names.get(str(sym), str(sym))

    def expr(self, e: Any) -> Size:
        """An axon size of a sympy expression: a polynomial with integer coefficients."""
        import sympy
        e = sympy.expand(e)
        if e.is_Integer:
            return int(e)
        return self._poly(e)

    def _poly(self, e: Any) -> str:
        if e.is_Integer:
            return str(int(e))
        if e.is_Symbol:
            return self.symbol(e)
        if e.is_Add:
            terms = [self._poly(a) for a in sorted(e.args, key=str)]
            return " + ".join(terms).replace("+ -", "- ")
        if e.is_Mul:
            factors = [self._poly(a) for a in e.args]
            return "*".join("(%s)" % f if (" + " in f or " - " in f) else f for f in factors)
        if e.is_Pow and e.exp.is_Integer and int(e.exp) >= 1:
            base = self._poly(e.base)
            return "*".join([base if base.isidentifier() else "(%s)" % base] * int(e.exp))
        raise Unsupported("size %s is not a polynomial axon can write" % e)

    def size(self, s: Any) -> Size:
        if isinstance(s, int):
            return s
        node = getattr(s, "node", None)
        if node is None:
            raise Unsupported("size %r" % (s,))
        size = self.expr(node.expr)
        if isinstance(size, str):
            for sym in node.expr.free_symbols:
                hint = _hint_of_symbol(node, sym)
                if hint is not None:
                    self.hints[self.symbol(sym)] = hint
        return size

    def spec(self, val: Any) -> Any:
        """The Spec of a FakeTensor (tuples and lists elementwise), or the value itself."""
        import torch
        if isinstance(val, torch.Tensor):
            shape = tuple(self.size(s) for s in val.shape)
            hint = tuple(int(s) if isinstance(s, int) else s.node.hint for s in val.shape)
            return Spec(shape, axon_dtype(val.dtype), hint)
        if isinstance(val, (tuple, list)):
            return tuple(self.spec(v) for v in val)
        return val


def _hint_of_symbol(node: Any, sym: Any) -> Optional[int]:
    shape_env = getattr(node, "shape_env", None)
    if shape_env is None:
        return None
    table = getattr(shape_env, "backed_var_to_val", None)
    if table is None:
        table = shape_env.var_to_val
    v = table.get(sym)
    return int(v) if v is not None else None


# ---- results ---------------------------------------------------------------------------------

@dataclass
class RegionIO:
    """A region graph's input or output: its name in graph.json, and where PyTorch has it."""
    name: str
    node: str          # the FX node
    kind: str          # user_input, parameter, buffer, constant, torch (a PyTorch op), region
    target: Optional[str] = None   # a parameter's or buffer's module path
    dtype: Optional[str] = None    # an output's dtype


@dataclass
class Region:
    """One axon graph: the graph.json object, its inputs and outputs, the FX nodes it holds."""
    name: str
    graph: Dict[str, Any]
    inputs: List[RegionIO]
    outputs: List[RegionIO]
    nodes: List[str]


@dataclass
class Fallback:
    """An op left to PyTorch and why."""
    node: str
    op: str
    reason: str


@dataclass
class Coverage:
    """How much of the model each side runs: ops, and FLOPs (2*M*N*K for contractions and
    attention, one per result element for other arithmetic) at the example sizes."""
    axon_ops: int = 0
    torch_ops: int = 0
    axon_flops: int = 0
    torch_flops: int = 0

    @property
    def flop_share(self) -> float:
        total = self.axon_flops + self.torch_flops
        return self.axon_flops / total if total else 1.0


@dataclass
class Exported:
    """What :func:`export` produced: the regions, the ops left to PyTorch, the coverage, the
    symbolic sizes with their example values, and the parameter and buffer values."""
    name: str
    regions: List[Region]
    fallbacks: List[Fallback]
    coverage: Coverage
    symbols: Dict[str, int]
    weights: Dict[str, Any] = field(default_factory=dict)
    program: Any = None

    @property
    def graph(self) -> Dict[str, Any]:
        """The graph.json object when the whole model is one region."""
        if len(self.regions) != 1 or self.fallbacks:
            raise AxonError("%s: the model is %d regions with %d ops left to PyTorch, not one "
                            "graph (see .regions)" % (self.name, len(self.regions),
                                                      len(self.fallbacks)))
        return self.regions[0].graph

    def summary(self) -> str:
        """The coverage summary the importer prints."""
        c = self.coverage
        total_ops = c.axon_ops + c.torch_ops
        lines = ["axon.export %s: %d region%s; axon runs %d of %d ops (%.1f%% of FLOPs), "
                 "PyTorch %d" % (self.name, len(self.regions), "" if len(self.regions) == 1
                                 else "s", c.axon_ops, total_ops, 100 * c.flop_share, c.torch_ops)]
        counts: Dict[Tuple[str, str], int] = {}
        for f in self.fallbacks:
            counts[(f.op, f.reason)] = counts.get((f.op, f.reason), 0) + 1
        for (op, reason), n in sorted(counts.items()):
            lines.append("  left to PyTorch: %s x%d (%s)" % (op, n, reason))
        for r in self.regions:
            lines.append("  region %s: %d ops, inputs %s, outputs %s" % (
                r.name, len(r.nodes), [i.name for i in r.inputs], [o.name for o in r.outputs]))
        return "\n".join(lines)

    def save(self, out_dir: Union[str, os.PathLike], weights: bool = True) -> Path:
        """Write ``<region>.json`` for each region, ``weights/<name>.npy`` for each parameter
        and buffer a region reads (in axon's .npy encodings: bf16 as float32, so
        ``axon eval --inputs`` reads them), and ``export.json`` describing how they connect."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        manifest: Dict[str, Any] = {"name": self.name, "symbols": self.symbols, "regions": [],
                                    "fallbacks": [f.__dict__ for f in self.fallbacks],
                                    "coverage": dict(self.coverage.__dict__,
                                                     flop_share=self.coverage.flop_share)}
        written = set()
        for r in self.regions:
            path = out / ("%s.json" % r.name)
            path.write_text(json.dumps(r.graph, indent=1) + "\n", encoding="utf-8")
            entry = {"name": r.name, "file": path.name, "nodes": r.nodes,
                     "inputs": [i.__dict__ for i in r.inputs],
                     "outputs": [o.__dict__ for o in r.outputs]}
            if weights:
                files = {}
                for i in r.inputs:
                    if i.kind in ("parameter", "buffer", "constant") and i.name in self.weights:
                        files[i.name] = "weights/%s.npy" % _file_name(i.name)
                        if i.name not in written:
                            (out / "weights").mkdir(exist_ok=True)
                            _save_npy(out / files[i.name], self.weights[i.name])
                            written.add(i.name)
                entry["weights"] = files
            manifest["regions"].append(entry)
        (out / "export.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        return out


def _file_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", name)


def _save_npy(path: Path, t: Any) -> None:
    import numpy as np
    if isinstance(t, np.ndarray):    # an ONNX initializer
        np.save(path, t, allow_pickle=False)
        return
    import torch
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        t = t.float()   # axon's .npy encoding of bf16 (each value exact in float32)
    np.save(path, t.numpy(), allow_pickle=False)


# ---- the importer ----------------------------------------------------------------------------

_FREE = {"aten::sym_size", "aten::sym_numel", "aten::sym_stride", "aten::sym_storage_offset",
         "aten::_assert_scalar", "aten::_assert_tensor_metadata", "aten::sym_constrain_range",
         "aten::sym_constrain_range_for_size", "aten::_assert_async"}


def _op_key(node: Any) -> Optional[str]:
    """The op-table key of an FX call: ``aten::mm``, ``getitem``; None for a non-tensor op."""
    t = node.target
    if t is operator.getitem:
        return "getitem"
    schema = getattr(t, "_schema", None)
    if schema is not None:
        return schema.name
    return getattr(t, "__name__", str(t))


def _is_tensor_valued(val: Any) -> bool:
    import torch
    if isinstance(val, torch.Tensor):
        return True
    if isinstance(val, (tuple, list)) and val:
        return any(isinstance(v, torch.Tensor) for v in val)
    return False


def _flops(key: str, ins: List[Any], out: Any) -> int:
    """FLOPs at the example sizes (see Coverage)."""
    outs = out if isinstance(out, tuple) else (out,)
    elements = sum(math.prod(o.hint) for o in outs if isinstance(o, Spec) and o.hint is not None)
    if key in CONTRACTION_OPS:
        shapes = [i.hint for i in ins if isinstance(i, Spec) and i.hint is not None]
        if key in ATTENTION_OPS and len(shapes) >= 3:
            q, k, v = shapes[:3]
            return 2 * math.prod(q[:-1]) * k[-2] * (q[-1] + v[-1])
        a = shapes[1] if key == "aten::addmm" and len(shapes) > 2 else (shapes[0] if shapes else ())
        return 2 * elements * (a[-1] if a else 1)
    if key in LAYOUT_OPS:
        return 0
    return elements


def _dim_names(fn: Any, args: Sequence[Any], dynamic_shapes: Any) -> Dict[Tuple[int, int], str]:
    """(tensor argument index, dim) -> the name of its Dim in ``dynamic_shapes``."""
    import inspect
    if dynamic_shapes is None:
        return {}
    specs: List[Any]
    if isinstance(dynamic_shapes, dict):
        try:
            params = list(inspect.signature(fn).parameters)
        except (TypeError, ValueError):
            params = []
        specs = [dynamic_shapes.get(p) for p in params[:len(args)]]
    else:
        specs = list(dynamic_shapes)
    names: Dict[Tuple[int, int], str] = {}
    for i, spec in enumerate(specs):
        items = spec.items() if isinstance(spec, dict) else (
            enumerate(spec) if isinstance(spec, (list, tuple)) else ())
        for d, dim in items:
            n = getattr(dim, "__name__", None)
            if isinstance(n, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n):
                names[(i, d)] = n
    return names


def export(fn_or_module: Any, example_args: Sequence[Any], dynamic_shapes: Any = None, *,
           kwargs: Optional[Dict[str, Any]] = None, out: Optional[Union[str, os.PathLike]] = None,
           name: Optional[str] = None, decompose: bool = False, validate: bool = True,
           verbose: bool = True, strict: bool = False) -> Exported:
    """Export ``fn_or_module(*example_args)`` with ``torch.export`` and write its axon graphs.

    ``dynamic_shapes`` is torch.export's (``{0: Dim("batch")}`` per argument): those sizes stay
    symbolic, named after their Dim. ``decompose`` runs torch.export's core-ATen decompositions
    first (the importer reads both forms). With ``out`` the graphs, weights and export.json are
    written there (:meth:`Exported.save`). Ops without an axon form are left to PyTorch: the
    coverage summary printed (``verbose``) names them. With ``validate`` every graph is checked
    by the axon binary against PyTorch's shapes and dtypes.
    """
    import torch
    module = fn_or_module
    if not isinstance(module, torch.nn.Module):
        fn = fn_or_module

        class _Fn(torch.nn.Module):
            def forward(self, *a, **k):
                return fn(*a, **k)
        module = _Fn()
        if name is None:
            name = getattr(fn, "__name__", None)
    if name is None:
        name = type(module).__name__
    args = tuple(example_args)
    ep = torch.export.export(module, args, kwargs=kwargs, dynamic_shapes=dynamic_shapes,
                             strict=strict)
    if decompose:
        ep = ep.run_decompositions()
    signature_of = (fn_or_module.forward if isinstance(fn_or_module, torch.nn.Module)
                    else fn_or_module)
    names = _dim_names(signature_of, args, dynamic_shapes)
    result = from_exported_program(ep, name=name, dim_names=names, validate=validate)
    if out is not None:
        result.save(out)
    if verbose:
        print(result.summary())
    return result


def from_exported_program(ep: Any, *, name: str = "graph",
                          dim_names: Optional[Dict[Tuple[int, int], str]] = None,
                          validate: bool = True) -> Exported:
    """The axon regions of an ExportedProgram (see :func:`export`)."""
    import torch
    from torch.export.graph_signature import InputKind
    gm = ep.graph_module

    # Placeholders: what each is (user input, parameter, ...) and its name in the graphs.
    kinds: Dict[str, Tuple[str, Optional[str]]] = {}
    for spec in ep.graph_signature.input_specs:
        arg_name = getattr(spec.arg, "name", None)
        kind = {InputKind.PARAMETER: "parameter", InputKind.BUFFER: "buffer",
                InputKind.CONSTANT_TENSOR: "constant",
                InputKind.USER_INPUT: "user_input"}.get(spec.kind, "other")
        kinds[arg_name] = (kind, spec.target)

    # Symbol names: a user input's dim that is a plain symbol takes its Dim's name.
    sym_names: Dict[str, str] = {}
    user_index = 0
    for node in gm.graph.nodes:
        if node.op != "placeholder":
            continue
        kind, _ = kinds.get(node.name, ("other", None))
        val = node.meta.get("val")
        if kind == "user_input" and isinstance(val, torch.Tensor):
            for d, s in enumerate(val.shape):
                n = (dim_names or {}).get((user_index, d))
                expr = getattr(getattr(s, "node", None), "expr", None)
                if n and expr is not None and expr.is_Symbol and str(expr) not in sym_names \
                        and n not in sym_names.values():
                    sym_names[str(expr)] = n
        if kind == "user_input":
            user_index += 1
    result = from_graph_module(gm, name=name, kinds=kinds, sym_names=sym_names,
                               validate=validate)
    state = dict(ep.state_dict)
    state.update(getattr(ep, "constants", {}) or {})
    for reg in result.regions:
        for i in reg.inputs:
            if i.kind in ("parameter", "buffer", "constant") and i.target in state:
                result.weights[i.name] = state[i.target]
    result.program = ep
    return result


def from_graph_module(gm: Any, *, name: str = "graph",
                      kinds: Optional[Dict[str, Tuple[str, Optional[str]]]] = None,
                      sym_names: Optional[Dict[str, str]] = None,
                      validate: bool = True) -> Exported:
    """The axon regions of an ATen-level FX GraphModule whose nodes carry fake tensors in
    ``meta["val"]`` (torch.export's, or AOTAutograd's under torch.compile). ``kinds`` says what
    each placeholder is (``(kind, module path)``; user inputs by default)."""
    graph_name = re.sub(r"\W", "_", name) or "graph"
    kinds = kinds or {}
    sizes = _Sizes(sym_names or {})

    # Items: each FX call that computes tensors, with its specs and whether a handler takes it.
    specs: Dict[str, Any] = {}
    ranges: Dict[str, Tuple[int, int]] = {}   # int64 values written as i32: their bounds
    items: List[Item] = []
    calls: Dict[str, Any] = {}
    scratch: Dict[str, Any] = {}
    ext_names: Dict[str, Tuple[str, str, Optional[str]]] = {}
    output_node = None
    for node in gm.graph.nodes:
        if node.op == "placeholder":
            try:
                specs[node.name] = sizes.spec(node.meta.get("val"))
            except Unsupported:
                specs[node.name] = None
            kind, target = kinds.get(node.name, ("user_input", None))
            label = target if kind in ("parameter", "buffer", "constant") and target else node.name
            ext_names[node.name] = (label, kind, target)
            continue
        if node.op == "output":
            output_node = node
            continue
        val = node.meta.get("val")
        if node.op != "call_function" or not _is_tensor_valued(val):
            continue
        key = _op_key(node) or str(node.target)
        if key in _FREE:
            continue
        deps = [a.name for a in node.all_input_nodes if _is_tensor_valued(a.meta.get("val"))]
        try:
            out_spec = sizes.spec(val)
            reason = None
        except Unsupported as e:
            out_spec, reason = None, str(e)
        if isinstance(out_spec, Spec) and out_spec.dtype == "i64":
            bounds = _int_range(node, key, ranges)
            if bounds is not None:   # an index computed from aranges alone, within i32
                ranges[node.name] = bounds
                out_spec = Spec(out_spec.shape, "i32", out_spec.hint)
        specs[node.name] = out_spec
        calls[node.name] = node
        if reason is None:
            reason, scratch[node.name] = _try(node, key, specs, sizes, scratch)
        flops = _flops(key, [specs.get(d) for d in deps], out_spec) if out_spec is not None else 0
        items.append(Item(node.name, key, deps, reason is None,
                          compute=key not in LAYOUT_OPS and not key.endswith("::alias"),
                          reason=reason, flops=flops))

    # A tuple result crosses no region boundary: its op is supported only with all its getitems.
    by_key = {it.key: it for it in items}
    changed = True
    while changed:
        changed = False
        for it in items:
            if it.op == "getitem" and it.supported:
                producer = by_key.get(it.inputs[0]) if it.inputs else None
                if producer is None or not producer.supported:
                    it.supported, it.reason, changed = False, "its producer is left to PyTorch", True
            elif it.supported and isinstance(specs.get(it.key), tuple):
                users = [u.name for u in calls[it.key].users]
                if any(not (u in by_key and by_key[u].op == "getitem" and by_key[u].supported)
                       for u in users):
                    it.supported, it.reason, changed = False, "part of its result is used where " \
                        "axon cannot give it", True

    the_cut = cut(items)
    outputs_used = {a.name for a in (output_node.all_input_nodes if output_node else [])}
    regions: List[Region] = []
    in_region: Dict[str, int] = {}
    for r, keys in enumerate(the_cut.regions):
        for k in keys:
            if not by_key[k].const_like:
                in_region[k] = r
    for r, keys in enumerate(the_cut.regions):
        rname = graph_name if len(the_cut.regions) == 1 else "%s_region%d" % (graph_name, r)
        regions.append(_build_region(rname, keys, calls, specs, sizes, by_key, ext_names,
                                     in_region, r, outputs_used))
    symbols = dict(sorted(sizes.hints.items()))
    check_plumbing(regions)
    if validate:
        for reg in regions:
            _validate(reg, calls, specs, symbols)

    fallbacks, cov = fallbacks_and_coverage(items, the_cut, by_key)
    return Exported(graph_name, regions, fallbacks, cov, symbols, {}, gm)


def fallbacks_and_coverage(items: List[Any], the_cut: Any, by_key: Dict[str, Any]) -> Tuple[List[Fallback], Coverage]:
    """The ops left to the framework (with why) and each side's share of ops and FLOPs; views
    and tuple accesses are counted on neither side."""
    fallbacks = [Fallback(k, by_key[k].op, by_key[k].reason or _framework_reason(by_key[k]))
                 for k in the_cut.framework if by_key[k].compute or not by_key[k].supported]
    cov = Coverage()
    on_axon = {k for keys in the_cut.regions for k in keys}
    for it in items:
        if not it.compute and it.supported:
            continue
        if it.key in on_axon:
            cov.axon_ops += 1
            cov.axon_flops += it.flops
        else:
            cov.torch_ops += 1
            cov.torch_flops += it.flops
    return fallbacks, cov


_I32 = (-2 ** 31, 2 ** 31 - 1)


def _int_range(node: Any, key: str, ranges: Dict[str, Tuple[int, int]]) -> Optional[Tuple[int, int]]:
    """The bounds of an int64 result computed from aranges of known length alone (through
    views, add, sub, neg, mul by an int), when they lie within i32: such a value is written as
    i32, exactly. Every tensor operand must have bounds itself, so the value is constant-like:
    copied into the regions that read it, never a region's input or output."""
    def bounds(a: Any) -> Optional[Tuple[int, int]]:
        if hasattr(a, "op") and hasattr(a, "meta"):
            return ranges.get(a.name)
        if isinstance(a, int) and not isinstance(a, bool):
            return (a, a)
        return None

    args = list(node.args)
    r: Optional[Tuple[int, int]] = None
    if key == "aten::arange":
        nums = [a for a in args if isinstance(a, int) and not isinstance(a, bool)]
        if len(nums) != len(args) or not nums or len(nums) > 3:
            return None
        start, end, step = (0, nums[0], 1) if len(nums) == 1 else (
            nums[0], nums[1], nums[2] if len(nums) > 2 else node.kwargs.get("step", 1))
        if not isinstance(step, int) or step == 0:
            return None
        count = max(0, -(-(end - start) // step))
        if count == 0:
            return None
        last = start + (count - 1) * step
        r = (min(start, last), max(start, last))
    elif key in LAYOUT_OPS and args:
        r = bounds(args[0])
        if any(hasattr(a, "op") and hasattr(a, "meta") and a.name not in ranges
               for a in node.all_input_nodes if _is_tensor_valued(a.meta.get("val"))):
            return None
    elif key in ("aten::add", "aten::sub", "aten::mul", "aten::neg") and args:
        ops = [bounds(a) for a in args[:2]] if key != "aten::neg" else [bounds(args[0])]
        if any(o is None for o in ops) or node.kwargs.get("alpha", 1) != 1 or \
                (key != "aten::neg" and len(args) > 2):
            return None
        if key == "aten::neg":
            r = (-ops[0][1], -ops[0][0])
        elif key == "aten::add":
            r = (ops[0][0] + ops[1][0], ops[0][1] + ops[1][1])
        elif key == "aten::sub":
            r = (ops[0][0] - ops[1][1], ops[0][1] - ops[1][0])
        else:
            corners = [a * b for a in ops[0] for b in ops[1]]
            r = (min(corners), max(corners))
    if r is None or r[0] < _I32[0] or r[1] > _I32[1]:
        return None
    return r


def check_plumbing(regions: List[Region]) -> None:
    """Each region input of kind ``region`` is an output of an earlier region (an importer
    bug otherwise: an input no one gives)."""
    given: Dict[str, str] = {}
    for r in regions:
        for i in r.inputs:
            if i.kind == "region" and i.node not in given:
                raise AxonError("region %s: input %r (node %r) is no earlier region's output"
                                % (r.name, i.name, i.node), cli.EXIT_INTERNAL)
        for o in r.outputs:
            given[o.node] = r.name


def _framework_reason(it: Item) -> str:
    """Why a supported op is left to the framework."""
    if it.const_like:
        return "computed from constants alone for the framework's own use"
    return "a view or copy with no arithmetic beside it"


def _convert_args(node: Any, get: Any, sizes: _Sizes) -> Tuple[tuple, dict]:
    """An FX node's args with nodes replaced by ``get(node)`` (tensors) or their sizes."""
    import torch

    def conv(a: Any) -> Any:
        if hasattr(a, "op") and hasattr(a, "meta") and hasattr(a, "users"):   # an fx.Node
            val = a.meta.get("val")
            if _is_tensor_valued(val):
                return get(a)
            if isinstance(val, (torch.SymInt, int)):
                return sizes.size(val)
            if isinstance(val, (torch.SymFloat, torch.SymBool)):
                raise Unsupported("a symbolic %s argument" % type(val).__name__)
            return val
        if isinstance(a, (list, tuple)):
            return type(a)(conv(x) for x in a)
        if isinstance(a, torch.dtype):
            return axon_dtype(a)
        if isinstance(a, (torch.SymInt,)):
            return sizes.size(a)
        return a

    return conv(tuple(node.args)), {k: conv(v) for k, v in node.kwargs.items()}


def _as_value(b: GraphBuilder, name: str, spec: Any) -> Any:
    if isinstance(spec, Spec):
        return b.input(name, spec.shape, spec.dtype, spec.hint)
    if isinstance(spec, tuple):
        return tuple(_as_value(b, "%s.%d" % (name, i), s) for i, s in enumerate(spec))
    raise Unsupported("operand %s has no axon form" % name)


def _try(node: Any, key: str, specs: Dict[str, Any], sizes: _Sizes,
         scratch: Dict[str, Any]) -> Tuple[Optional[str], Any]:
    """Run the node's handler on a scratch graph: (None, result) or (reason, None)."""
    handler = HANDLERS.get(key)
    if handler is None:
        return "no axon op for %s" % key, None
    b = GraphBuilder("scratch")
    b.scope = node.name

    def get(a: Any) -> Any:
        if key == "getitem" and a.name in scratch:     # the producer's own result structure
            return scratch[a.name]
        return _as_value(b, a.name, specs.get(a.name))
    try:
        args, kwargs = _convert_args(node, get, sizes)
        result = handler(b, args, kwargs, specs[node.name])
    except Unsupported as e:
        return str(e), None
    except (TypeError, IndexError, KeyError, ValueError, AttributeError) as e:
        return "the handler of %s cannot read this call (%s: %s)" % (key, type(e).__name__, e), None
    if result is None:
        return "no result", None
    return None, result


def _build_region(rname: str, keys: List[str], calls: Dict[str, Any], specs: Dict[str, Any],
                  sizes: _Sizes, by_key: Dict[str, Item], ext_names: Dict[str, tuple],
                  in_region: Dict[str, int], r: int, outputs_used: set) -> Region:
    b = GraphBuilder(rname)
    values: Dict[str, Any] = {}
    inputs: List[RegionIO] = []
    inside = set(keys)
    fx_names = set(calls) | set(ext_names)

    def get(a: Any) -> Any:
        if a.name in values:
            return values[a.name]
        if a.name in ext_names:
            label, kind, target = ext_names[a.name]
            if label != a.name and label in fx_names:   # a module path that is a node's name
                label = a.name
        else:
            label, kind, target = a.name, ("region" if a.name in in_region else "torch"), None
        v = _as_value(b, label, specs.get(a.name))
        inputs.append(RegionIO(label, a.name, kind, target))
        values[a.name] = v
        return v

    for k in keys:
        node = calls[k]
        b.scope = k
        args, kwargs = _convert_args(node, get, sizes)
        try:
            result = HANDLERS[by_key[k].op](b, args, kwargs, specs[k])
        except Unsupported as e:   # it passed on the scratch graph: a handler bug
            raise AxonError("node %r (%s): handler failed in its region: %s"
                            % (k, by_key[k].op, e), cli.EXIT_INTERNAL) from None
        if isinstance(result, Value) and result.name is None and result.scope == k:
            result.name = k
        spec = specs[k]
        if isinstance(result, Value) and isinstance(spec, Spec) and result.dtype is not None \
                and result.dtype != spec.dtype:
            raise AxonError("node %r (%s): handler wrote %s, PyTorch has %s"
                            % (k, by_key[k].op, result.dtype, spec.dtype), cli.EXIT_INTERNAL)
        values[k] = result

    outputs: List[RegionIO] = []
    taken = set()
    for k in keys:
        if by_key[k].const_like and k not in in_region:
            continue
        users = [u.name for u in calls[k].users]
        leaves = k in outputs_used or any(u not in inside for u in users)
        if not leaves or not isinstance(values[k], Value):
            continue
        v = values[k]
        if v.op == "input" or id(v) in taken or v.name != k:   # give it a node of its own name
            v = b.op("reshape", [v], {"shape": list(v.shape)}, shape=v.shape, dtype=v.dtype)
            v.name = k if k not in {i.name for i in b.inputs} else k + ".out"
        taken.add(id(v))
        b.output(v)
        outputs.append(RegionIO(v.name or k, k, "region", dtype=v.dtype))
    graph = b.to_json()
    return Region(rname, graph, inputs, outputs, [k for k in keys if not by_key[k].const_like])


def _validate(region: Region, calls: Dict[str, Any], specs: Dict[str, Any],
              symbols: Dict[str, int]) -> None:
    """``axon check`` on the region at the example sizes: every node named after an FX node
    must have PyTorch's shape and dtype."""
    with tempfile.TemporaryDirectory(prefix="axon-export-") as tmp:
        path = Path(tmp) / ("%s.json" % region.name)
        path.write_text(json.dumps(region.graph), encoding="utf-8")
        used = set()
        text = json.dumps(region.graph)
        for s in symbols:
            if re.search(r"\b%s\b" % re.escape(s), text):
                used.add(s)
        try:
            info = cli.check(path, bind={s: symbols[s] for s in used})
        except AxonError as e:
            raise AxonError("region %s: axon refused the graph written: %s"
                            % (region.name, e), e.returncode, e.command) from None
    for n in info["nodes"]:
        spec = specs.get(n["name"])
        if n["op"] == "input" or not isinstance(spec, Spec) or spec.hint is None:
            continue
        shape = cli.parse_shape(n["shape"])
        if list(shape) != list(spec.hint) or n["dtype"] != spec.dtype:
            raise AxonError("region %s: node %r: axon infers %s %s, PyTorch has %s %s"
                            % (region.name, n["name"], n["dtype"], n["shape"], spec.dtype,
                               list(spec.hint)), cli.EXIT_INTERNAL)
