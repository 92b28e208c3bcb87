"""axon.export on small models: every graph is accepted by the binary (checked against
PyTorch's shapes inside export), and axon's reference interpreter gives PyTorch's values."""

from __future__ import annotations

import json

import numpy as np
import pytest

torch = pytest.importorskip("torch")
import torch.nn as nn                   # noqa: E402
import torch.nn.functional as F         # noqa: E402
from torch.export import Dim            # noqa: E402

import axon                             # noqa: E402
from axon import cli                    # noqa: E402
from conftest import assert_regions_match   # noqa: E402


class MLP(nn.Module):
    def __init__(self, d=16, h=32):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(d, h), nn.Linear(h, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class RMSNorm(nn.Module):
    """The hand-written form (as in Llama): f32 statistics, weight applied after the cast back."""

    def __init__(self, d, eps=1e-6):
        super().__init__()
        self.weight, self.eps = nn.Parameter(torch.rand(d) + 0.5), eps

    def forward(self, x):
        xf = x.float()
        y = xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + self.eps)
        return self.weight * y.type_as(x)


def ops_of(graph):
    return [n["op"] for n in graph["nodes"]]


@pytest.mark.parametrize("decompose", [False, True])
def test_mlp_one_region_symbolic_batch(tmp_path, decompose):
    torch.manual_seed(0)
    model = MLP().eval()
    x = torch.randn(5, 16)
    e = axon.export(model, (x,), dynamic_shapes=({0: Dim("batch")},), decompose=decompose,
                    out=tmp_path / "out", verbose=False)
    assert len(e.regions) == 1 and not e.fallbacks
    g = e.graph
    assert [i["name"] for i in g["inputs"]] == ["x", "fc1.weight", "fc1.bias", "fc2.weight",
                                                "fc2.bias"] or decompose
    assert g["inputs"][[i["name"] for i in g["inputs"]].index("x")]["shape"] == ["batch", 16]
    assert "gelu" in ops_of(g) and ops_of(g).count("matmul") == 2
    assert e.symbols == {"batch": 5}
    assert e.coverage.torch_ops == 0 and e.coverage.flop_share == 1.0
    # the files: the graph, the weights in axon's .npy encodings, the manifest
    out = tmp_path / "out"
    manifest = json.loads((out / "export.json").read_text())
    assert manifest["regions"][0]["file"] == "MLP.json"
    np.testing.assert_array_equal(np.load(out / "weights" / "fc1.weight.npy"),
                                  model.fc1.weight.detach().numpy())
    cli.check(out / "MLP.json", bind={"batch": 3})
    # the same values as PyTorch at the example size and at another batch size
    assert_regions_match(e, (x,), tmp_path)
    assert_regions_match(e, (torch.randn(11, 16),), tmp_path / "b11", bind={"batch": 11})


def test_weights_feed_axon_eval(tmp_path):
    """The saved weights and graph run under `axon eval` with PyTorch's answer."""
    torch.manual_seed(1)
    model = MLP().eval()
    x = torch.randn(3, 16)
    e = axon.export(model, (x,), out=tmp_path, verbose=False)
    np.save(tmp_path / "x.npy", x.numpy())
    manifest = json.loads((tmp_path / "export.json").read_text())
    args = ["eval", str(tmp_path / "MLP.json"), "-o", str(tmp_path / "res"),
            "--inputs", "x=%s" % (tmp_path / "x.npy")]
    for name, f in manifest["regions"][0]["weights"].items():
        args += ["--inputs", "%s=%s" % (name, tmp_path / f)]
    cli.run(args)
    out_name = e.regions[0].outputs[0].name
    np.testing.assert_allclose(np.load(tmp_path / "res" / ("%s.npy" % out_name)),
                               model(x).detach().numpy(), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("dtype", [torch.float32, torch.bfloat16])
def test_rmsnorm_handwritten_and_builtin(tmp_path, dtype):
    torch.manual_seed(2)
    x = torch.randn(4, 8, 64).to(dtype)
    for model in (RMSNorm(64), nn.RMSNorm(64, eps=1e-5)):
        model = model.to(dtype)
        e = axon.export(model, (x,), dynamic_shapes=({0: Dim("B"), 1: Dim("T")},),
                        verbose=False)
        assert not e.fallbacks and len(e.regions) == 1
        g = e.graph
        assert g["inputs"][0]["shape"] == ["B", "T", 64]
        if isinstance(model, nn.RMSNorm):
            assert "rmsnorm" in ops_of(g)
        tol = dict(rtol=1e-4, atol=1e-5) if dtype == torch.float32 else dict(rtol=2e-2, atol=2e-2)
        assert_regions_match(e, (x,), tmp_path / type(model).__name__, **tol)


def test_softmax_log_softmax_and_norms_on_inner_axes(tmp_path):
    def f(x, w, b):
        return (torch.softmax(x, dim=1), F.log_softmax(x, dim=-1),
                F.layer_norm(x, (x.shape[-2], x.shape[-1]), w, b, 1e-5))
    torch.manual_seed(3)
    x = torch.randn(2, 5, 6)
    w, b = torch.rand(5, 6) + 0.5, torch.randn(5, 6)
    e = axon.export(f, (x, w, b), verbose=False)
    assert not e.fallbacks
    ops = ops_of(e.graph)
    assert "softmax" in ops and "layernorm" in ops and "reshape" in ops
    assert_regions_match(e, (x, w, b), tmp_path)


@pytest.mark.parametrize("mode", ["causal", "bool_mask", "float_mask"])
def test_attention_via_sdpa(tmp_path, mode):
    torch.manual_seed(4)
    q, k, v = (torch.randn(2, 3, 7, 16) for _ in range(3))
    mask = torch.rand(7, 7) > 0.3
    mask |= torch.eye(7, dtype=torch.bool)
    fmask = torch.randn(7, 7)

    def attn(q, k, v, m):
        if mode == "causal":
            return F.scaled_dot_product_attention(q, k, v, is_causal=True)
        return F.scaled_dot_product_attention(q, k, v, attn_mask=m)
    m = mask if mode == "bool_mask" else fmask
    e = axon.export(attn, (q, k, v, m), verbose=False)
    assert not e.fallbacks
    ops = ops_of(e.graph)
    want = ["transpose", "matmul", "constant", "mul"]
    assert ops[:4] == want and ops[-2:] == ["softmax", "matmul"]
    assert ("causal_mask" in ops) == (mode == "causal")
    assert_regions_match(e, (q, k, v, m), tmp_path)


class WithUnsupported(nn.Module):
    """An MLP with a cumulative sum (no axon op) in the middle: two regions around it."""

    def __init__(self):
        super().__init__()
        self.a, self.b = MLP(8, 16), MLP(8, 16)

    def forward(self, x):
        h = self.a(x)
        return self.b(torch.cumsum(h, dim=-1)) + h


def test_unsupported_op_cuts_the_graph(tmp_path, capsys):
    torch.manual_seed(5)
    x = torch.randn(6, 8)
    e = axon.export(WithUnsupported().eval(), (x,), out=tmp_path / "o")
    printed = capsys.readouterr().out
    assert "left to PyTorch: aten::cumsum x1 (no axon op for aten::cumsum)" in printed
    assert "2 regions" in printed
    assert [f.op for f in e.fallbacks] == ["aten::cumsum"]
    assert len(e.regions) == 2
    first, second = e.regions
    # h leaves the first region once, read by cumsum (PyTorch) and by the second region's add
    assert len(first.outputs) == 1
    h = first.outputs[0].node
    users = {u.name for n in e.program.graph.nodes if n.name == h for u in n.users}
    assert users == {"cumsum", "add"}
    kinds = {i.node: i.kind for i in second.inputs}
    assert kinds["cumsum"] == "torch" and kinds[h] == "region"
    assert "add" in second.nodes and "cumsum" not in first.nodes + second.nodes
    assert e.coverage.torch_ops == 1 and 0.9 < e.coverage.flop_share < 1.0
    with pytest.raises(axon.AxonError, match="2 regions with 1 ops left to PyTorch"):
        e.graph
    manifest = json.loads((tmp_path / "o" / "export.json").read_text())
    assert [r["file"] for r in manifest["regions"]] == ["WithUnsupported_region0.json",
                                                         "WithUnsupported_region1.json"]
    assert_regions_match(e, (x,), tmp_path)


def test_no_region_depends_on_itself_through_pytorch(tmp_path):
    """a -> sin (PyTorch) -> c with a -> c as well: a and c cannot share a region."""
    def f(x):
        a = x * 2
        return torch.sin(a) + a
    e = axon.export(f, (torch.randn(4),), verbose=False)
    assert len(e.regions) == 2
    assert e.regions[0].nodes == ["mul"] and e.regions[1].nodes == ["add"]
    assert [i.kind for i in e.regions[1].inputs] == ["torch", "region"]
    assert_regions_match(e, (torch.randn(4),), tmp_path)


def test_casts_promotion_and_masks(tmp_path):
    def f(x, y, m):
        z = x.to(torch.bfloat16) * 0.5 + y            # bf16 + f32 -> f32
        z = z.masked_fill(~m, float("-inf"))
        t = torch.tril(z, diagonal=-1) + torch.where(z > 0, z, 0.0).sum(-1, keepdim=True)
        return t.amax(dim=0), (x > 0).any(dim=-1), torch.cat([x, y], 1)[:, 1:5:2]
    torch.manual_seed(6)
    x, y = torch.randn(5, 5), torch.randn(5, 5)
    m = torch.rand(5, 5) > 0.2
    m[:, 0] = True
    e = axon.export(f, (x, y, m), verbose=False)
    assert not e.fallbacks, e.summary()
    ops = ops_of(e.graph)
    assert {"cast", "where", "iota", "slice", "concat", "reduce_max"} <= set(ops)
    assert_regions_match(e, (x, y, m), tmp_path)


def test_int64_ops_stay_in_pytorch():
    """An int64 value that is a graph output is no index mask: PyTorch keeps it."""
    def f(x):
        idx = torch.arange(x.shape[0])      # int64: no axon dtype
        return x * 2, idx * 3
    e = axon.export(f, (torch.randn(4),), verbose=False)
    assert {(f.node, f.op) for f in e.fallbacks} == {("arange", "aten::arange"),
                                                     ("mul_1", "aten::mul")}
    assert all("constants alone" in f.reason for f in e.fallbacks)
    assert e.regions[0].nodes == ["mul"] and [o.node for o in e.regions[0].outputs] == ["mul"]


def test_superopt_no_gpu_on_an_exported_graph(tmp_path, capsys):
    e = axon.export(MLP(16, 32).eval(), (torch.randn(8, 16),), out=tmp_path / "g", verbose=False)
    out = cli.superopt(tmp_path / "g" / "MLP.json", tmp_path / "so", no_gpu=True, budget=10,
                       progress=True, extra=["--cache", str(tmp_path / "kernels")])
    assert "axon superopt" in capsys.readouterr().err     # the progress bar (tqdm, on stderr)
    launcher = json.loads((out / "launcher.json").read_text())
    assert [i["name"] for i in launcher["inputs"]] == [i["name"] for i in e.graph["inputs"]]
    assert json.loads((out / "report.json").read_text())["timed"] is False


class LlamaBlock(nn.Module):
    """Embedding (no axon op), RMSNorm, fused QKV, rotary embeddings from buffers, causal SDPA,
    SwiGLU: one region after the embedding."""

    def __init__(self, d=64, heads=4, vocab=100, t=32):
        super().__init__()
        self.emb, self.heads = nn.Embedding(vocab, d), heads
        self.n1, self.n2 = nn.RMSNorm(d, eps=1e-5), nn.RMSNorm(d, eps=1e-5)
        self.qkv, self.o = nn.Linear(d, 3 * d, bias=False), nn.Linear(d, d, bias=False)
        self.w1, self.w3 = nn.Linear(d, 4 * d, bias=False), nn.Linear(d, 4 * d, bias=False)
        self.w2 = nn.Linear(4 * d, d, bias=False)
        inv = 1.0 / (10000 ** (torch.arange(0, d // heads, 2).float() / (d // heads)))
        ang = torch.arange(t).float()[:, None] * inv[None]
        self.register_buffer("cos", torch.cat([ang.cos(), ang.cos()], -1))
        self.register_buffer("sin", torch.cat([ang.sin(), ang.sin()], -1))

    def rotate(self, x, t):
        x1, x2 = x.chunk(2, dim=-1)
        return x * self.cos[:t] + torch.cat((-x2, x1), dim=-1) * self.sin[:t]

    def forward(self, ids):
        x = self.emb(ids)
        b, t, d = x.shape
        q, k, v = self.qkv(self.n1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        a = F.scaled_dot_product_attention(self.rotate(q, t), self.rotate(k, t), v,
                                           is_causal=True)
        x = x + self.o(a.transpose(1, 2).reshape(b, t, d))
        h = self.n2(x)
        return x + self.w2(F.silu(self.w1(h)) * self.w3(h))


@pytest.mark.parametrize("decompose", [False, True])
def test_llama_block_one_region_after_the_embedding(tmp_path, decompose):
    torch.manual_seed(7)
    ids = torch.randint(0, 100, (2, 32))
    e = axon.export(LlamaBlock().eval(), (ids,), decompose=decompose, verbose=False)
    assert len(e.regions) == 1
    assert "aten::embedding" in {f.op for f in e.fallbacks}
    assert e.coverage.flop_share > 0.99
    kinds = {i.name: i.kind for i in e.regions[0].inputs}
    assert kinds["embedding"] == "torch" and kinds["cos"] == kinds["sin"] == "buffer"
    # decomposed, the causal mask is built from int64 aranges: written as i32 iotas
    assert [f.op for f in e.fallbacks] == ["aten::embedding"]
    if not decompose:
        assert {"causal_mask", "rmsnorm", "silu"} <= set(ops_of(e.regions[0].graph))
    else:
        assert "iota" in ops_of(e.regions[0].graph)
    assert_regions_match(e, (ids,), tmp_path)


def test_a_parameter_named_like_a_node_keeps_names_unique(tmp_path):
    class M(nn.Module):
        def __init__(self):
            super().__init__()
            self.mul = nn.Parameter(torch.rand(4))   # its module path is the FX name "mul"

        def forward(self, x):
            return (x * 2) * self.mul
    e = axon.export(M(), (torch.randn(4),), verbose=False)
    names = [i["name"] for i in e.graph["inputs"]] + [n["name"] for n in e.graph["nodes"]]
    assert len(names) == len(set(names)) and "p_mul" in names
    assert_regions_match(e, (torch.randn(4),), tmp_path)


ACTIVATIONS_AND_NORMS = {
    "leaky_relu": lambda x: F.leaky_relu(x, 0.2),
    "hardswish": F.hardswish,
    "hardsigmoid": F.hardsigmoid,
    "softplus": lambda x: F.softplus(x * 8, beta=2.0, threshold=5.0),
    "mish": F.mish,
    "elu": lambda x: F.elu(x, alpha=0.7),
    "var": lambda x: x.var(dim=-1, keepdim=True),
    "std_unbiased_false": lambda x: x.std(dim=(0, 2), unbiased=False),
    "var_mean": lambda x: torch.var_mean(x, dim=1, correction=0),
    "vector_norm": lambda x: torch.linalg.vector_norm(x, dim=-1),
    "norm_inf": lambda x: torch.linalg.vector_norm(x, ord=float("inf"), dim=(1, 2)),
    "repeat": lambda x: x.repeat(2, 1, 3),
    "baddbmm": lambda x: torch.baddbmm(x, x, x.transpose(1, 2)[:, :6, :6], beta=0.5, alpha=2.0),
}


@pytest.mark.parametrize("name", sorted(ACTIVATIONS_AND_NORMS))
def test_more_ops_match_pytorch(tmp_path, name):
    torch.manual_seed(8)
    x = torch.randn(3, 6, 6)
    e = axon.export(ACTIVATIONS_AND_NORMS[name], (x,), name=name, verbose=False)
    assert not e.fallbacks, e.summary()
    assert_regions_match(e, (x,), tmp_path)


def test_group_norm_and_batch_norm_in_a_conv_free_net(tmp_path):
    """GroupNorm and BatchNorm (eval, running statistics as buffers) over [N, C, H, W]."""
    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.gn, self.bn = nn.GroupNorm(2, 4), nn.BatchNorm2d(4)
            self.bn.running_mean.uniform_(-1, 1)
            self.bn.running_var.uniform_(0.5, 2)
            nn.init.uniform_(self.gn.weight, 0.5, 1.5)
            nn.init.uniform_(self.bn.bias, -1, 1)

        def forward(self, x):
            return self.bn(self.gn(x))
    torch.manual_seed(9)
    x = torch.randn(2, 4, 5, 3)
    for decompose in (False, True):
        e = axon.export(Net().eval(), (x,), dynamic_shapes=({2: Dim("H")},),
                        decompose=decompose, verbose=False)
        assert not e.fallbacks, e.summary()
        kinds = {i.name: i.kind for i in e.regions[0].inputs}
        assert kinds["bn.running_mean"] == kinds["bn.running_var"] == "buffer"
        assert_regions_match(e, (x,), tmp_path / str(decompose), rtol=1e-4, atol=1e-4)
        assert_regions_match(e, (torch.randn(2, 4, 9, 3),), tmp_path / ("%s9" % decompose),
                             bind={"H": 9}, rtol=1e-4, atol=1e-4)


def test_int64_index_masks_from_aranges_are_written_in_i32(tmp_path):
    """A mask from int64 aranges (bounded, within i32) joins the region as iota compares."""
    def f(x):
        t = x.shape[-1]
        rows, cols = torch.arange(t)[:, None], torch.arange(2, 2 * t + 2, 2)[None, :]
        keep = (cols - 2) <= rows * 2 + 1
        return torch.softmax(x.masked_fill(~keep, float("-inf")), -1)
    torch.manual_seed(10)
    x = torch.randn(3, 5, 5)
    e = axon.export(f, (x,), verbose=False)
    assert not e.fallbacks, e.summary()
    ops = ops_of(e.graph)
    assert ops.count("iota") == 2 and "softmax" in ops
    assert all(i["dtype"] != "i64" for i in e.graph["inputs"])
    assert_regions_match(e, (x,), tmp_path)


def test_int64_arithmetic_that_could_leave_i32_stays_in_pytorch():
    def f(x):
        big = torch.arange(4) * 2 ** 40           # beyond i32: not narrowed
        return x + (big > 0).float()
    e = axon.export(f, (torch.randn(4),), verbose=False)
    reasons = {f.op: f.reason for f in e.fallbacks}
    assert set(reasons) == {"aten::arange", "aten::mul", "aten::gt"}
    assert "i64" in reasons["aten::mul"] and "i64" in reasons["aten::gt"]


def test_a_region_reading_a_later_starting_region_comes_after_it(tmp_path):
    def f(x, y):
        a, b = x * 2, y * 3
        return torch.cat([a, b, torch.sin(b)])     # cat reads b directly and through sin
    x, y = torch.randn(4), torch.randn(4)
    e = axon.export(f, (x, y), verbose=False)
    assert [r.nodes for r in e.regions] == [["mul_1"], ["mul", "cat"]]
    assert_regions_match(e, (x, y), tmp_path)


LAYOUT_AND_ELEMENTWISE = {
    "select": lambda x: x[:, 2] + x[-1, :, 1:2].sum(),
    "narrow_flip": lambda x: torch.flip(x.narrow(1, 1, 3), dims=(0, 2)),
    "unbind_stack": lambda x: torch.stack(list(x.unbind(1))[::-1], dim=2),
    "split_chunk": lambda x: torch.cat([p * (i + 1) for i, p in
                                        enumerate(x.split([1, 3, 2], dim=2))], dim=2) +
    torch.cat(x.chunk(3, 0)[::-1], dim=0),
    "pad": lambda x: F.pad(x, (1, 2, 0, 1), value=-3.0),
    "t_swap_squeeze": lambda x: x[0].t().unsqueeze(0).swapaxes(0, 2).squeeze(-1),
    "flatten_unflatten": lambda x: x.flatten(1).unflatten(1, (6, 6)) * 2,
    "expand_as_new": lambda x: x[:, :1].expand_as(x) + x.new_zeros(x.shape) + torch.full_like(
        x, 0.5),
    "clamp_where_scalars": lambda x: torch.where(x > 0, 1.0, x.clamp(-0.5, 0.25)),
    "rsub_truediv_pow": lambda x: (1 - x) / (x.abs() + 1) + 2.0 ** x.clamp(max=3),
    "amin_min_max": lambda x: x.amin(dim=(0, 2), keepdim=True) + x.min() + x.max(),
    "sum_dtype_mean": lambda x: x.sum(dim=1, dtype=torch.float32) + x.mean(),
    "sigmoid_tanh_erf": lambda x: torch.sigmoid(x) * torch.tanh(x) - torch.erf(x) + x.exp().log(),
    "rsqrt_recip_sqrt": lambda x: torch.rsqrt(x.abs() + 1) + torch.reciprocal(x.abs() + 2) +
    x.abs().sqrt() + x.square() + x.pow(-1.0).clamp(-9, 9),
    "logical": lambda x: ((x > 0) & (x < 1) | ~(x > -1) ^ (x > 0.5)).float(),
    "int32": lambda x: (x * 4).to(torch.int32) * 3 - (x > 0).to(torch.int32),
}


@pytest.mark.parametrize("name", sorted(LAYOUT_AND_ELEMENTWISE))
def test_layout_and_elementwise_ops_match_pytorch(tmp_path, name):
    torch.manual_seed(11)
    x = torch.randn(3, 6, 6)
    e = axon.export(LAYOUT_AND_ELEMENTWISE[name], (x,), name=name, verbose=False)
    assert not e.fallbacks, e.summary()
    assert_regions_match(e, (x,), tmp_path)


def test_unsupported_forms_name_their_reason():
    def f(x):
        return torch.div(x, 2, rounding_mode="floor"), x.max(dim=1).values, torch.sin(x)
    e = axon.export(f, (torch.randn(3, 4),), verbose=False)
    reasons = {f.op: f.reason for f in e.fallbacks}
    assert "rounding_mode 'floor'" in reasons["aten::div"]
    assert "no axon op for aten::sin" == reasons["aten::sin"]
    assert "max" in reasons["aten::max"]
