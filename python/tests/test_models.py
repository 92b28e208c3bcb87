"""benchmarks/models (issue 41's in-model validation): the two blocks, tiny, through both paths
(axon.export with each region replaced in the exported program, and torch.compile(backend=
"axon")) on the CPU with axon's interpreter as the regions' runner (run_blocks.py --cpu-smoke),
and the plumbing of a loaded op into the exported program (meta tensors: no GPU here)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

torch = pytest.importorskip("torch")

import axon                             # noqa: E402
from axon import cli                    # noqa: E402

MODELS = Path(__file__).resolve().parents[2] / "benchmarks" / "models"


@pytest.fixture(scope="module")
def rb():
    sys.path.insert(0, str(MODELS))
    import run_blocks
    return run_blocks


def test_blocks_cpu_smoke(rb, tmp_path):
    """Both blocks through export + regions + runner and through torch.compile(backend="axon"):
    outputs within tolerance of eager, the whole block one region in both paths (attention
    included: the fused form AOTAutograd writes is taken), results.json and results.md
    written."""
    assert rb.main(["--cpu-smoke", "--out", str(tmp_path)]) == 0
    res = json.loads((tmp_path / "results.json").read_text())
    assert set(res["blocks"]) == {"llama", "vit_mlp"}
    for name, b in res["blocks"].items():
        assert not b["errors"], b["errors"]
        for p in ("axon_backend", "axon_export"):
            assert b["paths"][p]["check"]["ok"], (name, p, b["paths"][p])
            cov = b["coverage"][p]
            assert cov["regions"] == cov["replaced"] == 1 and cov["all_replaced"], cov
            assert cov["flop_share"] == 1.0 and cov["torch_ops"] == 0, cov
        assert [r["check"]["ok"] for r in b["regions"]] == [True]
    llama = res["blocks"]["llama"]
    assert [r["name"] for r in llama["layers"]] == ["attention", "mlp"]
    assert all(r["check"]["ok"] for r in llama["layers"])
    md = (tmp_path / "results.md").read_text()
    assert "| llama | axon_export |" in md and "| vit_mlp | axon_backend |" in md
    manifest = json.loads((tmp_path / "export" / "llama" / "export.json").read_text())
    assert [r["file"] for r in manifest["regions"]] == ["llama.json"]


def test_a_failing_block_keeps_the_other(rb, tmp_path, monkeypatch):
    """One block's failure is recorded (exit 1) and the other block's results are kept."""
    import blocks
    real = blocks.make

    def make(name, *a, **k):
        if name == "llama":
            raise RuntimeError("boom")
        return real(name, *a, **k)
    monkeypatch.setattr(blocks, "make", make)
    assert rb.main(["--cpu-smoke", "--skip-layers", "--out", str(tmp_path)]) == 1
    res = json.loads((tmp_path / "results.json").read_text())
    assert "boom" in res["blocks"]["llama"]["errors"][0]["message"]
    assert res["blocks"]["vit_mlp"]["paths"]["axon_export"]["check"]["ok"]
    assert "boom" in (tmp_path / "results.md").read_text()


def test_loaded_op_replaces_the_region(rb, tmp_path):
    """The GPU path's plumbing without a GPU: a region's `superopt --no-gpu` output loaded (as
    unvalidated) and put in place of the region in the exported program; on meta tensors the
    op's fake implementation gives the block's output shape and dtype."""
    import blocks
    model, x = blocks.make("vit_mlp", "tiny")
    e = axon.export(model, (x,), name="vit_mlp", out=tmp_path / "g", verbose=False)
    region = e.regions[0]
    out = cli.superopt(tmp_path / "g" / "vit_mlp.json", tmp_path / "so", no_gpu=True, budget=5,
                       progress=False, extra=["--cache", str(tmp_path / "kernels")])
    if not json.loads((out / "launcher.json").read_text()).get("library_built", False):
        pytest.skip("no nvcc: superopt built no library")
    op = axon.load(out, allow_unvalidated=True)
    run = rb.export_runner(e, {region.name: rb.op_runner(region, op)})
    targets = [str(n.target) for n in run.graph_module.graph.nodes if n.op == "call_function"]
    assert any("axon_region_vit_mlp" in t for t in targets), targets
    assert not any("addmm" in t or "linear" in t or "gelu" in t for t in targets), targets
    flat = [t.to("meta") for t in rb.flat_inputs(e.program, (x,))]
    y = run.graph_module(*flat)[0]
    assert y.shape == x.shape and y.dtype == x.dtype and y.device.type == "meta"
