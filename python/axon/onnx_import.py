"""``axon.from_onnx``: an ONNX model to axon graphs, through the same op handlers as
``axon.export``.

Each ONNX op maps onto the ATen handlers of :data:`axon.handlers.HANDLERS` (``Gemm`` onto
``aten::mm`` and ``aten::add``, ``LayerNormalization`` onto ``aten::layer_norm``, ...); shapes
and dtypes come from ONNX shape inference; initializers become graph inputs (their values saved
beside the graphs); ``dim_param`` sizes stay symbolic. Ops without an axon form stay outside the
regions, as in :func:`axon.export`.
"""

from __future__ import annotations

import os
import re
from typing import Any, Callable, Dict, List, Optional, Union

from .graph import GraphBuilder, Unsupported, Value
from .handlers import HANDLERS, LAYOUT_OPS, Spec, slice_value
from .regions import Item, cut
from .torch_export import (Coverage, Exported, Fallback, Region, RegionIO, _framework_reason,
                           _validate, check_plumbing, fallbacks_and_coverage)

# ONNX TensorProto element types.
_ELEM = {1: "f32", 10: "f16", 16: "bf16", 6: "i32", 9: "bool", 7: "i64", 11: "f64", 2: "u8",
         3: "i8", 5: "i16"}

Adapter = Callable[[GraphBuilder, List[Any], Dict[str, Any], Dict[int, Any], Any], Any]
#: ONNX op type -> adapter(b, inputs, attrs, constant inputs by position, out spec).
ONNX_OPS: Dict[str, Adapter] = {}


def _h(name: str) -> Callable:
    return HANDLERS[name]


def _simple(aten: str, n: int = 0) -> Adapter:
    def a(b, ins, attrs, consts, out):
        return _h(aten)(b, tuple(ins if not n else ins[:n]), {}, out)
    return a


for _onnx, _aten in {"Add": "aten::add", "Sub": "aten::sub", "Mul": "aten::mul",
                     "Div": "aten::div", "Pow": "aten::pow", "Max": "aten::maximum",
                     "Min": "aten::minimum", "Equal": "aten::eq", "Less": "aten::lt",
                     "LessOrEqual": "aten::le", "Greater": "aten::gt",
                     "GreaterOrEqual": "aten::ge", "Where": "aten::where",
                     "Not": "aten::logical_not", "And": "aten::logical_and",
                     "Or": "aten::logical_or", "Relu": "aten::relu", "Sigmoid": "aten::sigmoid",
                     "Tanh": "aten::tanh", "Exp": "aten::exp", "Log": "aten::log",
                     "Sqrt": "aten::sqrt", "Reciprocal": "aten::reciprocal", "Neg": "aten::neg",
                     "Abs": "aten::abs", "Erf": "aten::erf", "MatMul": "aten::matmul",
                     "Identity": "aten::clone", "Expand": "aten::expand",
                     "Reshape": "aten::reshape", "Flatten": "aten::flatten",
                     "Squeeze": "aten::squeeze", "Unsqueeze": "aten::unsqueeze"}.items():
    ONNX_OPS[_onnx] = _simple(_aten, 2 if _onnx in ("Expand", "Reshape", "Squeeze",
                                                   "Unsqueeze") else 0)
for _op in ("Expand", "Reshape", "Squeeze", "Unsqueeze", "Flatten", "Identity"):
    LAYOUT_OPS.add("onnx::" + _op)
LAYOUT_OPS.update({"onnx::Transpose", "onnx::Concat", "onnx::Slice"})


def _onnx(name: str):
    def register(fn: Adapter) -> Adapter:
        ONNX_OPS[name] = fn
        return fn
    return register


@_onnx("Gelu")
def _gelu(b, ins, attrs, consts, out):
    return _h("aten::gelu")(b, (ins[0],), {"approximate": attrs.get("approximate", "none")}, out)


@_onnx("Softmax")
def _softmax(b, ins, attrs, consts, out):
    return _h("aten::softmax")(b, (ins[0], attrs.get("axis", -1)), {}, out)


@_onnx("LogSoftmax")
def _log_softmax(b, ins, attrs, consts, out):
    return _h("aten::log_softmax")(b, (ins[0], attrs.get("axis", -1)), {}, out)


@_onnx("Cast")
def _cast(b, ins, attrs, consts, out):
    return _h("aten::_to_copy")(b, (ins[0],), {}, out)


@_onnx("Transpose")
def _transpose(b, ins, attrs, consts, out):
    x = ins[0]
    perm = attrs.get("perm", list(reversed(range(x.rank))))
    return _h("aten::permute")(b, (x, perm), {}, out)


@_onnx("Concat")
def _concat(b, ins, attrs, consts, out):
    return _h("aten::cat")(b, (list(ins), attrs["axis"]), {}, out)


@_onnx("Gemm")
def _gemm(b, ins, attrs, consts, out):
    a, w = ins[0], ins[1]
    if attrs.get("transA", 0):
        a = _h("aten::t")(b, (a,), {}, Spec(tuple(reversed(a.shape)), a.dtype))
    if attrs.get("transB", 0):
        w = _h("aten::t")(b, (w,), {}, Spec(tuple(reversed(w.shape)), w.dtype))
    y = _h("aten::mm")(b, (a, w), {}, out)
    if attrs.get("alpha", 1.0) != 1.0:
        y = _h("aten::mul")(b, (y, float(attrs["alpha"])), {}, out)
    if len(ins) > 2 and ins[2] is not None:
        c = ins[2]
        if attrs.get("beta", 1.0) != 1.0:
            c = _h("aten::mul")(b, (c, float(attrs["beta"])), {}, Spec(c.shape, c.dtype))
        y = _h("aten::add")(b, (y, c), {}, out)
    return y


def _axes(ins: List[Any], attrs: Dict[str, Any], consts: Dict[int, Any]) -> Optional[List[int]]:
    if "axes" in attrs:
        return list(attrs["axes"])
    if 1 in consts:
        return [int(v) for v in consts[1].reshape(-1)]
    if len(ins) > 1 and ins[1] is not None:
        raise Unsupported("reduction axes computed at run time")
    return None


def _reduce(aten: str) -> Adapter:
    def a(b, ins, attrs, consts, out):
        axes = _axes(ins, attrs, consts)
        if axes is None and attrs.get("noop_with_empty_axes", 0):
            return ins[0]
        return _h(aten)(b, (ins[0], axes, bool(attrs.get("keepdims", 1))), {}, out)
    return a


ONNX_OPS["ReduceSum"] = _reduce("aten::sum")
ONNX_OPS["ReduceMean"] = _reduce("aten::mean")
ONNX_OPS["ReduceMax"] = _reduce("aten::amax")


@_onnx("LayerNormalization")
def _layer_norm(b, ins, attrs, consts, out):
    x = ins[0]
    axis = attrs.get("axis", -1)
    axis = axis + x.rank if axis < 0 else axis
    if attrs.get("stash_type", 1) != 1:
        raise Unsupported("LayerNormalization with stash_type %r" % attrs["stash_type"])
    y = out[0] if isinstance(out, tuple) else out
    r = _h("aten::layer_norm")(b, (x, list(x.shape[axis:]), ins[1],
                                   ins[2] if len(ins) > 2 else None,
                                   attrs.get("epsilon", 1e-5)), {}, y)
    return (r, None, None) if isinstance(out, tuple) else r


@_onnx("RMSNormalization")
def _rms_norm(b, ins, attrs, consts, out):
    x = ins[0]
    axis = attrs.get("axis", -1)
    axis = axis + x.rank if axis < 0 else axis
    return _h("aten::rms_norm")(b, (x, list(x.shape[axis:]), ins[1],
                                    attrs.get("epsilon", 1e-5)), {}, out)


@_onnx("Slice")
def _slice(b, ins, attrs, consts, out):
    x = ins[0]
    for i in range(1, len(ins)):
        if i not in consts and ins[i] is not None:
            raise Unsupported("Slice bounds computed at run time")
    starts = [int(v) for v in consts[1]]
    ends = [int(v) for v in consts[2]]
    axes = [int(v) for v in consts[3]] if 3 in consts else list(range(len(starts)))
    steps = [int(v) for v in consts[4]] if 4 in consts else [1] * len(starts)
    if any(s <= 0 for s in steps):
        raise Unsupported("Slice with a negative step")
    shape = list(x.shape)
    y = x
    for s, e, a, st in zip(starts, ends, axes, steps):
        a = a + x.rank if a < 0 else a
        n = shape[a]
        if isinstance(n, int):
            lo = max(0, min(n, s + n if s < 0 else s))
            hi = max(0, min(n, e + n if e < 0 else e))
            shape[a] = max(0, -(-(hi - lo) // st))
        else:
            shape[a] = out.shape[a]
        y = slice_value(b, y, a, s, e, st, Spec(tuple(shape), x.dtype))
    return y


@_onnx("Constant")
def _constant(b, ins, attrs, consts, out):
    value = attrs.get("value")
    if value is None:
        raise Unsupported("Constant without a tensor value")
    flat = value.reshape(-1)
    if flat.size == 0 or not (flat == flat[0]).all():
        raise Unsupported("a constant tensor that is not one value repeated")
    v = flat[0].item()
    return b.const(v, dtype=out.dtype, shape=out.shape)


# ---- the importer ----------------------------------------------------------------------------

def _sym(name: str) -> str:
    s = re.sub(r"\W", "_", name)
    return s if re.match(r"[A-Za-z_]", s) else "d_" + s


def _spec_of(vi: Any, bind: Dict[str, int]) -> Optional[Spec]:
    t = vi.type.tensor_type
    if not t.HasField("shape"):
        return None
    shape: List[Any] = []
    hint: Optional[List[int]] = []
    for d in t.shape.dim:
        if d.HasField("dim_value"):
            shape.append(int(d.dim_value))
            if hint is not None:
                hint.append(int(d.dim_value))
        elif d.HasField("dim_param"):
            s = _sym(d.dim_param)
            shape.append(s)
            if hint is not None and s in bind:
                hint.append(int(bind[s]))
            else:
                hint = None
        else:
            return None
    return Spec(tuple(shape), _ELEM.get(t.elem_type, "type%d" % t.elem_type),
                tuple(hint) if hint is not None else None)


def from_onnx(model: Any, *, name: Optional[str] = None, bind: Optional[Dict[str, int]] = None,
              out: Optional[Union[str, os.PathLike]] = None, validate: bool = True,
              verbose: bool = True) -> Exported:
    """Import an ONNX model (a ModelProto or a path) as axon graphs: one per region of ops axon
    can run (see :func:`axon.export`). ``bind`` gives example values of the ``dim_param``
    sizes, for the shape check against the binary and the coverage's FLOPs."""
    import onnx
    from onnx import numpy_helper
    if not isinstance(model, onnx.ModelProto):
        model = onnx.load(os.fspath(model))
    model = onnx.shape_inference.infer_shapes(model)
    g = model.graph
    bind = {_sym(k): v for k, v in (bind or {}).items()}
    graph_name = re.sub(r"\W", "_", name or g.name or "onnx_graph") or "onnx_graph"

    specs: Dict[str, Any] = {}
    for vi in list(g.input) + list(g.value_info) + list(g.output):
        specs[vi.name] = _spec_of(vi, bind)
    weights: Dict[str, Any] = {}
    consts: Dict[str, Any] = {}
    for init in g.initializer:
        arr = numpy_helper.to_array(init)
        weights[init.name] = arr
        consts[init.name] = arr
        dtype = _ELEM.get(init.data_type, "type%d" % init.data_type)
        specs[init.name] = Spec(tuple(int(s) for s in arr.shape), dtype,
                                tuple(int(s) for s in arr.shape))
    producers: Dict[str, str] = {}
    items: List[Item] = []
    nodes: Dict[str, Any] = {}
    for k, node in enumerate(g.node):
        key = node.name or "%s_%d" % (node.op_type, k)
        key = re.sub(r"[^A-Za-z0-9_.:/-]", "_", key)
        while key in nodes:
            key += "_"
        nodes[key] = node
        if node.op_type == "Constant":
            for a in node.attribute:
                if a.name == "value":
                    consts[node.output[0]] = numpy_helper.to_array(a.t)
        deps = [producers.get(i, "input:" + i) for i in node.input
                if i and not _static(i, specs, consts)]
        reason = _try(node, specs, consts)
        outs = [specs.get(o) for o in node.output]
        elements = sum(_numel(s) for s in outs if s is not None)
        op = "onnx::" + node.op_type
        flops = elements * 2 * _inner(node, specs) if node.op_type in ("MatMul", "Gemm") \
            else (0 if op in LAYOUT_OPS else elements)
        items.append(Item(key, op, deps, reason is None, compute=op not in LAYOUT_OPS,
                          reason=reason, flops=flops))
        for o in node.output:
            if o:
                producers[o] = key
    the_cut = cut(items)
    by_key = {it.key: it for it in items}
    graph_outputs = {o.name for o in g.output}
    consumers: Dict[str, List[str]] = {}
    for key, node in nodes.items():
        for i in node.input:
            consumers.setdefault(i, []).append(key)
    regions = []
    in_region = {k for keys in the_cut.regions for k in keys if not by_key[k].const_like}
    for r, keys in enumerate(the_cut.regions):
        rname = graph_name if len(the_cut.regions) == 1 else "%s_region%d" % (graph_name, r)
        regions.append(_build(rname, keys, nodes, by_key, specs, consts, weights, producers,
                              consumers, graph_outputs, in_region))
    symbols = {s: v for s, v in bind.items()}
    check_plumbing(regions)
    if validate:
        for reg in regions:
            _validate(reg, {}, _named_specs(reg, nodes, specs), symbols)
    fallbacks, cov = fallbacks_and_coverage(items, the_cut, by_key)
    used = {i.name for reg in regions for i in reg.inputs if i.kind == "parameter"}
    result = Exported(graph_name, regions, fallbacks, cov, symbols,
                      {k: v for k, v in weights.items() if k in used}, model)
    if out is not None:
        result.save(out)
    if verbose:
        print(result.summary().replace("axon.export", "axon.from_onnx").replace("PyTorch",
                                                                               "ONNX"))
    return result


def _numel(s: Spec) -> int:
    if s.hint is None:
        return 0
    n = 1
    for d in s.hint:
        n *= d
    return n


def _inner(node: Any, specs: Dict[str, Any]) -> int:
    a = specs.get(node.input[0])
    if a is None or a.hint is None or not a.hint:
        return 0
    trans = any(at.name == "transA" and at.i for at in node.attribute)
    return a.hint[0] if trans and len(a.hint) == 2 else a.hint[-1]


def _attrs(node: Any) -> Dict[str, Any]:
    from onnx import helper, numpy_helper
    out = {}
    for a in node.attribute:
        v = helper.get_attribute_value(a)
        if isinstance(v, bytes):
            v = v.decode()
        elif hasattr(v, "dims") and hasattr(v, "data_type"):
            v = numpy_helper.to_array(v)
        out[a.name] = v
    return out


def _out_spec(node: Any, specs: Dict[str, Any]) -> Any:
    outs = [specs.get(o) for o in node.output]
    if any(s is None for s in outs[:1]):
        raise Unsupported("ONNX shape inference gave no shape for %s" % node.output[0])
    return outs[0] if len(outs) == 1 else tuple(outs)


def _try(node: Any, specs: Dict[str, Any], consts: Dict[str, Any]) -> Optional[str]:
    adapter = ONNX_OPS.get(node.op_type)
    if adapter is None:
        return "no axon op for onnx::%s" % node.op_type
    b = GraphBuilder("scratch")
    try:
        ins = []
        for k, i in enumerate(node.input):
            if not i:
                ins.append(None)
                continue
            s = specs.get(i)
            if s is None:
                raise Unsupported("operand %s has no known shape" % i)
            ins.append(None if _static(i, specs, consts) else b.input(i, s.shape, s.dtype,
                                                                        s.hint))
        const_ins = {k: consts[i] for k, i in enumerate(node.input) if i in consts}
        adapter(b, ins, _attrs(node), const_ins, _out_spec(node, specs))
    except Unsupported as e:
        return str(e)
    except (TypeError, IndexError, KeyError, ValueError, AttributeError) as e:
        return "cannot read this onnx::%s (%s: %s)" % (node.op_type, type(e).__name__, e)
    return None


def _static(name: str, specs: Dict[str, Any], consts: Dict[str, Any]) -> bool:
    """A constant operand axon reads only when importing (axes, shapes, slice bounds: int64)."""
    from .ops import DTYPES
    spec = specs.get(name)
    return name in consts and (spec is None or spec.dtype not in DTYPES)


def _build(rname: str, keys: List[str], nodes: Dict[str, Any], by_key: Dict[str, Item],
           specs: Dict[str, Any], consts: Dict[str, Any], weights: Dict[str, Any],
           producers: Dict[str, str], consumers: Dict[str, List[str]],
           graph_outputs: set, in_region: set) -> Region:
    b = GraphBuilder(rname)
    values: Dict[str, Value] = {}
    inputs: List[RegionIO] = []
    inside = set(keys)
    for key in keys:
        node = nodes[key]
        b.scope = key
        ins: List[Any] = []
        for i in node.input:
            if not i or _static(i, specs, consts):
                ins.append(None)
                continue
            if i not in values:
                s = specs[i]
                kind = "parameter" if i in weights else (
                    "user_input" if i not in producers else "region" if
                    producers[i] in in_region else "torch")
                values[i] = b.input(i, s.shape, s.dtype, s.hint)
                inputs.append(RegionIO(i, i, kind, i if kind == "parameter" else None))
            ins.append(values[i])
        const_ins = {k: consts[i] for k, i in enumerate(node.input) if i in consts}
        result = ONNX_OPS[node.op_type](b, ins, _attrs(node), const_ins, _out_spec(node, specs))
        results = result if isinstance(result, tuple) else (result,)
        for o, v in zip(node.output, results):
            if o and isinstance(v, Value):
                if v.name is None and v.scope == key and o not in {x.name for x in b.inputs}:
                    v.name = o
                values[o] = v
    outputs: List[RegionIO] = []
    taken = set()
    for key in keys:
        if by_key[key].const_like:
            continue
        for o in nodes[key].output:
            if not o or o not in values:
                continue
            leaves = o in graph_outputs or any(c not in inside for c in consumers.get(o, []))
            if not leaves:
                continue
            v = values[o]
            if v.op == "input" or id(v) in taken or v.name != o:
                v = b.op("reshape", [v], {"shape": list(v.shape)}, shape=v.shape, dtype=v.dtype)
                v.name = o + ".out"
            taken.add(id(v))
            b.output(v)
            outputs.append(RegionIO(v.name, o, "region", dtype=v.dtype))
    return Region(rname, b.to_json(), inputs, outputs,
                  [k for k in keys if not by_key[k].const_like])


def _named_specs(region: Region, nodes: Dict[str, Any], specs: Dict[str, Any]) -> Dict[str, Any]:
    """The ONNX spec of every graph node named after an ONNX value (for the shape check)."""
    return {n["name"]: specs.get(n["name"]) for n in region.graph["nodes"]}
