"""axon.load: a superopt output as a PyTorch custom op (its checks and fake implementation run
without a GPU; the kernels themselves only with CUDA)."""

from __future__ import annotations

import json

import pytest

torch = pytest.importorskip("torch")
import torch.nn as nn                   # noqa: E402
import torch.nn.functional as F         # noqa: E402

import axon                             # noqa: E402
from axon import cli                    # noqa: E402


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm, self.fc = nn.RMSNorm(64, eps=1e-6), nn.Linear(64, 32, bias=False)

    def forward(self, x):
        return F.silu(self.fc(self.norm(x)))


@pytest.fixture(scope="module")
def untimed(tmp_path_factory):
    """superopt --no-gpu on an exported block: kernels built (nvcc present) but never timed."""
    d = tmp_path_factory.mktemp("launcher")
    model = Block().to(torch.bfloat16).eval()
    x = torch.randn(16, 64, dtype=torch.bfloat16)
    e = axon.export(model, (x,), out=d / "g", verbose=False)
    out = cli.superopt(d / "g" / "Block.json", d / "so", no_gpu=True, budget=10, progress=False,
                       extra=["--cache", str(d / "kernels")])
    return model, x, e, out


def test_unvalidated_output_is_refused(untimed):
    _, _, _, out = untimed
    with pytest.raises(axon.AxonError, match="not validated and timed on a GPU.*allow_unvalidated"):
        axon.load(out)


def test_missing_directory_names_the_file(tmp_path):
    with pytest.raises(axon.AxonError, match="launcher.json: cannot read"):
        axon.load(tmp_path)


def test_fake_implementation_and_input_checks(untimed):
    _, x, e, out = untimed
    if not json.loads((out / "launcher.json").read_text()).get("library_built", False):
        pytest.skip("no nvcc: superopt built no library")
    op = axon.load(out, allow_unvalidated=True)
    assert axon.load(out, allow_unvalidated=True) is op
    assert [i.name for i in op.inputs] == [i["name"] for i in e.graph["inputs"]]
    # the fake implementation: shapes and dtypes from launcher.json, on the meta device
    meta = [torch.empty(i.shape, dtype=torch.bfloat16, device="meta") for i in op.inputs]
    y = op(*meta)
    assert y.shape == (16, 32) and y.dtype == torch.bfloat16 and y.device.type == "meta"
    from torch._subclasses.fake_tensor import FakeTensorMode
    with FakeTensorMode():
        fakes = [torch.empty(i.shape, dtype=torch.bfloat16) for i in op.inputs]
        assert op(*fakes).shape == (16, 32)
    # torch.library.opcheck: schema, autograd registration, fake tensor, AOT dispatch (on meta)
    result = torch.library.opcheck(op.op, meta)
    assert set(result.values()) == {"SUCCESS"}, result
    # clear errors naming the graph input
    args = [x] + [torch.zeros(i.shape, dtype=torch.bfloat16) for i in op.inputs[1:]]
    with pytest.raises(axon.AxonError, match="input 'x' is on cpu: axon's kernels run on CUDA"):
        op(*args)
    with pytest.raises(axon.AxonError, match="input 'x' is torch.float32, the kernels take bf16"):
        op(*([x.float()] + args[1:]))
    with pytest.raises(axon.AxonError, match=r"input 'x' has shape \[8, 64\], the kernels take "
                                             r"\[16, 64\]"):
        op(*([x[:8]] + args[1:]))
    with pytest.raises(axon.AxonError, match="takes 3 inputs"):
        op(x)


@pytest.mark.gpu
@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs a CUDA device")
def test_kernels_on_the_gpu(untimed, tmp_path):
    model, x, e, _ = untimed
    d = tmp_path / "g"
    e.save(d)
    out = cli.superopt(d / "Block.json", tmp_path / "so", budget=30, progress=False,
                       extra=["--cache", str(tmp_path / "kernels")])
    op = axon.load(out)
    model = model.cuda()
    xs = x.cuda()
    weights = {"norm.weight": model.norm.weight, "fc.weight": model.fc.weight}
    args = [xs if i.name == "x" else weights[i.name].detach().contiguous() for i in op.inputs]
    got = op(*args)
    want = model(xs)
    torch.testing.assert_close(got, want, rtol=2e-2, atol=2e-2)
    torch.library.opcheck(op.op, args)
