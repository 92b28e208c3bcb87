"""PyTorch's fused attention (scaled_dot_product_attention, "SDPA") as a side of the suite.

A graph is attention when, read back from its one output, it is exactly
    out = softmax([causal_mask](scale * (Q @ K^T)), axis=-1) @ V
with Q, K, V graph inputs of one float dtype and equal batch axes (K^T a transpose of the last
two axes, or the matmul's transpose_b; the scale a scalar constant multiplied on either side or
divided by, or absent). Every intermediate feeds only the next step. Anything else is not
attention here, and gets no SDPA side: the match never guesses.

Pure Python; torch is only needed to run the side (`sdpa_function`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional

import graph_info as gi


@dataclass(frozen=True)
class SdpaForm:
    """The attention a graph computes: its Q, K, V input names and how they combine."""
    q: str
    k: str
    v: str
    scale: float     # the constant's value in its own dtype (what the graph multiplies by)
    causal: bool     # causal_mask: key j is kept for query i when j <= i (top-left aligned)


def _scalar_constant(node: Optional[dict]) -> Optional[float]:
    """The value of a constant node holding one element, else None."""
    if node is None or node["op"] != "constant":
        return None
    attrs = node.get("attrs", {})
    shape = attrs.get("shape", [])
    if any(gi.eval_size(s) != 1 for s in shape) or "value" not in attrs:
        return None
    return gi.round_to(attrs.get("dtype", "f32"), gi.number(attrs["value"]))


def sdpa_form(graph: dict) -> Optional[SdpaForm]:
    """The graph's attention, or None when it is not exactly the form above."""
    if len(graph.get("outputs", [])) != 1:
        return None
    nodes = {n["name"]: n for n in graph.get("nodes", [])}
    inputs = {i["name"]: i for i in graph.get("inputs", [])}
    uses: Dict[str, int] = {}
    for n in graph.get("nodes", []):
        for i in n.get("inputs", []):
            uses[i] = uses.get(i, 0) + 1
    try:
        infos = gi.infer(graph)
    except (gi.GraphError, KeyError, TypeError, ValueError):
        return None

    def node(name: str, op: str, arity: int, last: bool = False) -> Optional[dict]:
        n = nodes.get(name)
        if n is None or n["op"] != op or len(n.get("inputs", [])) != arity:
            return None
        if not last and (uses.get(name, 0) != 1 or name in graph["outputs"]):
            return None
        return n

    out = node(graph["outputs"][0], "matmul", 2, last=True)
    if out is None or any(out.get("attrs", {}).get(t) for t in ("transpose_a", "transpose_b")):
        return None
    probs_name, v = out["inputs"]
    probs = node(probs_name, "softmax", 1)
    if probs is None or v not in inputs:
        return None
    rank = len(infos[probs_name].shape)
    if gi.axis_index(probs.get("attrs", {}).get("axis", -1), rank) != rank - 1:
        return None
    x = probs["inputs"][0]
    causal = node(x, "causal_mask", 1) is not None
    if causal:
        x = nodes[x]["inputs"][0]
    scale = 1.0
    for op in ("mul", "div"):
        n = node(x, op, 2)
        if n is None:
            continue
        a, b = n["inputs"]
        c = _scalar_constant(nodes.get(b))
        if c is None and op == "mul":
            a, b = b, a
            c = _scalar_constant(nodes.get(b))
        if c is None or (op == "div" and c == 0):
            return None
        scale, x = (c if op == "mul" else 1.0 / c), a
        break
    scores = node(x, "matmul", 2)
    if scores is None or scores.get("attrs", {}).get("transpose_a"):
        return None
    q, kt = scores["inputs"]
    if scores.get("attrs", {}).get("transpose_b"):
        k = kt
    else:
        t = node(kt, "transpose", 1)
        if t is None:
            return None
        k = t["inputs"][0]
        r = len(infos[k].shape)
        if gi.perm_of(t, r) != list(range(r - 2)) + [r - 1, r - 2]:
            return None
    if q not in inputs or k not in inputs:
        return None
    qi, ki, vi = infos[q], infos[k], infos[v]
    if len({qi.dtype, ki.dtype, vi.dtype}) != 1 or qi.dtype not in gi.FLOAT_DTYPES:
        return None
    if len(qi.shape) < 2 or not len(qi.shape) == len(ki.shape) == len(vi.shape):
        return None
    if not (qi.shape[:-2] == ki.shape[:-2] == vi.shape[:-2] and qi.shape[-1] == ki.shape[-1]
            and ki.shape[-2] == vi.shape[-2]):
        return None
    return SdpaForm(q, k, v, scale, causal)


def sdpa_function(form: SdpaForm, input_names: List[str]) -> Callable:
    """fn(*inputs in the graph's order) -> (out,) through torch's fused attention."""
    import torch.nn.functional as F
    iq, ik, iv = (input_names.index(n) for n in (form.q, form.k, form.v))

    def fn(*args):
        return (F.scaled_dot_product_attention(args[iq], args[ik], args[iv],
                                               is_causal=form.causal, scale=form.scale),)
    return fn
