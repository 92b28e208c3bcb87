"""Handlers of attention: ``scaled_dot_product_attention`` and the fused forms it becomes
below autograd (:data:`~axon.handlers_core.ATTENTION_OPS`), written as primitives."""

from __future__ import annotations

import math
from typing import Optional

from .graph import Unsupported
from .handlers_core import HANDLERS, arg, handles, tensor
from .ops import FLOAT_DTYPES


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
