"""torch.compile(model, backend="axon"): the regions of AOTAutograd's ATen graph are replaced
by runners (here the CPU reference interpreter, runner "eval"); the rest stays in PyTorch."""

from __future__ import annotations

import subprocess
import sys

import pytest

torch = pytest.importorskip("torch")
import torch.nn as nn                   # noqa: E402
import torch.nn.functional as F         # noqa: E402


class Cut(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1, self.fc2 = nn.Linear(8, 16), nn.Linear(16, 8)

    def forward(self, x):
        h = F.gelu(self.fc1(x))
        return torch.softmax(self.fc2(torch.cumsum(h, -1) + h), -1)


def test_regions_run_by_axon_eval_match_eager(capsys):
    import axon.backend as ab
    torch.manual_seed(0)
    m, x = Cut().eval(), torch.randn(4, 8)
    torch._dynamo.reset()
    with torch.no_grad():
        want = m(x)
        got = torch.compile(m, backend="axon", options={"runner": "eval"}, dynamic=False)(x)
    torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-6)
    assert "left to PyTorch: aten::cumsum x1" in capsys.readouterr().out
    assert len(ab.compile_aten.last.regions) == 2
    targets = [str(n.target) for n in ab.compile_aten.last_module.graph.nodes
               if n.op == "call_function"]
    assert "aten.cumsum.default" in targets
    assert not any(t.startswith(("aten.addmm", "aten.gelu", "aten._softmax")) for t in targets)
    assert sum("_eval_runner" in t for t in targets) == 2


def test_runner_torch_only_reports():
    import axon.backend as ab
    m, x = Cut().eval(), torch.randn(3, 8)
    torch._dynamo.reset()
    with torch.no_grad():
        got = torch.compile(m, backend="axon", options={"runner": "torch", "verbose": False},
                            dynamic=False)(x)
        torch.testing.assert_close(got, m(x))
    targets = [str(n.target) for n in ab.compile_aten.last_module.graph.nodes
               if n.op == "call_function"]
    assert "aten.addmm.default" in targets


def test_backend_known_without_importing_axon():
    code = ("import torch\n"
            "f = torch.compile(lambda x: torch.relu(x) * 2, backend='axon',"
            " options={'runner': 'torch', 'verbose': False})\n"
            "print(f(torch.tensor([-1.0, 3.0])).tolist())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("[0.0, 6.0]")


def test_dynamic_sizes_bound_per_call():
    """dynamic=True: the regions keep symbolic sizes, bound from each call's inputs."""
    import axon.backend as ab
    torch.manual_seed(1)
    m = Cut().eval()
    torch._dynamo.reset()
    c = torch.compile(m, backend="axon", options={"runner": "eval", "verbose": False},
                      dynamic=True)
    with torch.no_grad():
        for batch in (4, 7):
            x = torch.randn(batch, 8)
            torch.testing.assert_close(c(x), m(x), rtol=1e-5, atol=1e-6)
    region = ab.compile_aten.last.regions[0]
    assert ab.region_symbols(region), region.graph["inputs"]
    import axon
    with pytest.raises(axon.AxonError, match="has rank 1, the graph 2"):
        ab.bind_sizes(region, [torch.zeros(1)] * len(region.inputs))
    shapes = [torch.zeros([5 if isinstance(d, str) else d for d in i["shape"]])
              for i in region.graph["inputs"]]
    assert set(ab.bind_sizes(region, shapes).values()) == {5}


def test_training_gradients_through_regions():
    """With parameters that need gradients, AOTAutograd's forward and backward graphs are both
    cut; the gradients equal eager PyTorch's."""
    import axon.backend as ab
    torch.manual_seed(2)
    m = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.Linear(16, 4))
    x = torch.randn(5, 8)
    m(x).square().sum().backward()
    want = [p.grad.clone() for p in m.parameters()]
    for p in m.parameters():
        p.grad = None
    torch._dynamo.reset()
    c = torch.compile(m, backend="axon", options={"runner": "eval", "verbose": False})
    c(x).square().sum().backward()
    for p, g in zip(m.parameters(), want):
        torch.testing.assert_close(p.grad, g, rtol=1e-5, atol=1e-6)
    # the last graph compiled is the backward one: its matmuls ran in regions
    targets = [str(n.target) for n in ab.compile_aten.last_module.graph.nodes
               if n.op == "call_function"]
    assert not any(t.startswith("aten.mm") for t in targets)
