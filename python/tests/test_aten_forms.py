"""ATen forms that AOTAutograd's graphs hold under torch.compile (and torch.export's do not):
the fused attention ops scaled_dot_product_attention becomes below autograd, and linear as
mm(x, t(w)). Each is traced with fake tensors (make_fx), cut by the importer, and its region
run by axon's interpreter against PyTorch."""

from __future__ import annotations

import math

import pytest

torch = pytest.importorskip("torch")
import torch.nn.functional as F         # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx   # noqa: E402

import axon.backend as ab               # noqa: E402
from axon.torch_export import from_graph_module   # noqa: E402

aten = torch.ops.aten


def _one_region(fn, *args):
    """The one region of fn's ATen graph, and a runner taking fn's arguments."""
    gm = make_fx(fn, tracing_mode="fake")(*args)
    gm.graph.eliminate_dead_code()     # the unused getitems, as in AOTAutograd's graphs
    e = from_graph_module(gm, name="f")
    assert len(e.regions) == 1 and not e.fallbacks, e.summary()
    placeholders = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
    region = e.regions[0]

    def run(*values):
        given = dict(zip(placeholders, values))
        return ab._eval_runner(region)(*[given[i.node] for i in region.inputs])
    return e, run


FUSED = {
    "flash": lambda q, k, v, m: aten._scaled_dot_product_flash_attention(
        q, k, v, 0.0, True, scale=0.3)[0],
    "flash_for_cpu": lambda q, k, v, m: aten._scaled_dot_product_flash_attention_for_cpu(
        q, k, v, 0.0, False, attn_mask=m)[0],
    "efficient": lambda q, k, v, m: aten._scaled_dot_product_efficient_attention(
        q, k, v, m, False, 0.0, False)[0],
    "cudnn": lambda q, k, v, m: aten._scaled_dot_product_cudnn_attention(
        q, k, v, None, False, 0.0, True)[0],
}
WANT = {
    "flash": lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, is_causal=True, scale=0.3),
    "flash_for_cpu": lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
    "efficient": lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, attn_mask=m),
    "cudnn": lambda q, k, v, m: F.scaled_dot_product_attention(q, k, v, is_causal=True),
}


@pytest.mark.parametrize("form", sorted(FUSED))
def test_fused_attention_forms_are_attention(form):
    torch.manual_seed(0)
    q, k, v = (torch.randn(2, 3, 8, 16) for _ in range(3))
    m = torch.randn(2, 3, 8, 8)
    e, run = _one_region(FUSED[form], q, k, v, m)
    ops = [n["op"] for n in e.regions[0].graph["nodes"]]
    assert "softmax" in ops and ops.count("matmul") == 2
    assert ("causal_mask" in ops) == (form in ("flash", "cudnn"))
    assert e.coverage.flop_share == 1.0 and e.coverage.axon_flops >= 2 * 2 * 3 * 8 * 8 * 32
    got = run(q, k, v, m)[0]
    torch.testing.assert_close(got, WANT[form](q, k, v, m), rtol=1e-4, atol=1e-5)


def test_fused_attention_with_dropout_stays_in_pytorch():
    q = torch.randn(1, 2, 4, 8)
    gm = make_fx(lambda q: aten._scaled_dot_product_flash_attention_for_cpu(q, q, q, 0.5)[0],
                 tracing_mode="fake")(q)
    gm.graph.eliminate_dead_code()
    e = from_graph_module(gm, name="f")
    reasons = {f.op: f.reason for f in e.fallbacks}
    assert reasons["aten::_scaled_dot_product_flash_attention_for_cpu"] == "attention with dropout"


def test_mm_of_a_transposed_weight_reads_it_as_stored():
    """linear as AOTAutograd writes it, mm(x, t(w)): one matmul with transpose_b, no transpose
    node (which would copy the weight at every call)."""
    torch.manual_seed(1)
    x, w, w3 = torch.randn(5, 8), torch.randn(6, 8), torch.randn(2, 6, 8)
    e, run = _one_region(lambda x, w, w3: (torch.mm(x, torch.t(w)),
                                      torch.bmm(x.expand(2, 5, 8), w3.transpose(1, 2))), x, w, w3)
    nodes = e.regions[0].graph["nodes"]
    assert [n["op"] for n in nodes if n["op"] in ("matmul", "transpose")] == ["matmul", "matmul"]
    assert all(n.get("attrs", {}).get("transpose_b") for n in nodes if n["op"] == "matmul")
    outs = run(x, w, w3)
    torch.testing.assert_close(outs[0], x @ w.t(), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(outs[1], x.expand(2, 5, 8) @ w3.transpose(1, 2), rtol=1e-5,
                               atol=1e-5)
    assert math.isclose(e.coverage.flop_share, 1.0)


def test_linear_over_a_batch_is_one_matmul_with_its_epilogue():
    """linear on [B, T, K] as AOTAutograd writes it (view to [B*T, K], mm or addmm of t(w),
    view back) is written as linear is: a matmul of the [B, T, K] input, the bias added after
    it, no reshape between the matmul and the activation or residual that reads it; one view of
    the input read by two matmuls is one node."""
    torch.manual_seed(2)
    x, w1, b1, w2, w3 = (torch.randn(2, 5, 8), torch.randn(16, 8), torch.randn(16),
                         torch.randn(8, 16), torch.randn(16, 8))

    def f(x, w1, b1, w2, w3):
        return x + F.linear(F.gelu(F.linear(x, w1, b1)) * F.linear(x, w3), w2)
    e, run = _one_region(f, x, w1, b1, w2, w3)
    gm_ops = {str(n.target) for n in e.program.graph.nodes if n.op == "call_function"}
    assert {"aten.view.default", "aten.t.default"} <= gm_ops, gm_ops   # the form it is about
    nodes = e.regions[0].graph["nodes"]
    assert [n["op"] for n in nodes] == ["matmul", "add", "gelu", "matmul", "mul", "matmul",
                                        "add"], nodes
    mms = [n for n in nodes if n["op"] == "matmul"]
    assert mms[0]["inputs"][0] == mms[1]["inputs"][0] == e.regions[0].graph["inputs"][0]["name"]
    torch.testing.assert_close(run(x, w1, b1, w2, w3)[0], f(x, w1, b1, w2, w3), rtol=1e-4,
                               atol=1e-4)


@pytest.mark.skipif(not hasattr(aten, "_fused_rms_norm"), reason="PyTorch before 2.8 has no _fused_rms_norm")
def test_fused_rms_norm_is_rmsnorm():
    """rms_norm as AOTAutograd's graphs hold it on the GPU, _fused_rms_norm (output, rstd): one
    region with axon's rmsnorm, nothing left to PyTorch (the Llama block's backend path had left
    both of its norms, and their getitems, to PyTorch)."""
    torch.manual_seed(3)
    x, w = torch.randn(3, 5, 16), torch.randn(16)

    def f(x, w):
        return aten.mul.Tensor(aten._fused_rms_norm.default(x, [16], w, 1e-6)[0], w)
    # Traced without decomposition (make_fx on the CPU would decompose it), values from fake
    # tensors as in AOTAutograd's graphs.
    gm = torch.fx.symbolic_trace(f)
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp
    FakeTensorProp(gm).propagate(x, w)
    e = from_graph_module(gm, name="f")
    assert len(e.regions) == 1 and not e.fallbacks, e.summary()
    region = e.regions[0]

    def run(x, w):
        given = {"x": x, "w": w}
        return ab._eval_runner(region)(*[given[i.node] for i in region.inputs])
    assert [n["op"] for n in e.regions[0].graph["nodes"]][0] == "rmsnorm"
    torch.testing.assert_close(run(x, w)[0], F.rms_norm(x, [16], w, 1e-6) * w, rtol=1e-5,
                               atol=1e-5)
