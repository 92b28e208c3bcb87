"""Shared helpers: the axon binary, PyTorch's value of every FX node, and `axon eval` of a
region on those values (the reference interpreter, float64)."""

from __future__ import annotations

from pathlib import Path
from typing import Dict

import numpy as np
import pytest

from axon import cli


@pytest.fixture(scope="session")
def axon_bin() -> str:
    return cli.find_binary()


def torch_values(exported, args) -> Dict[str, "object"]:
    """The value of every node of exported.program's graph on ``args`` (PyTorch eager)."""
    import torch
    from torch.export.graph_signature import InputKind
    ep = exported.program
    state = dict(ep.state_dict)
    state.update(getattr(ep, "constants", {}) or {})
    flat, user = [], iter(args)
    for spec in ep.graph_signature.input_specs:
        flat.append(next(user) if spec.kind == InputKind.USER_INPUT else state[spec.target])
    values: Dict[str, object] = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n):
            r = super().run_node(n)
            values[n.name] = r
            return r

    with torch.no_grad():
        Recorder(ep.graph_module).run(*flat)
    return values


def save_npy(path: Path, t) -> None:
    import torch
    t = t.detach().cpu()
    if t.dtype == torch.bfloat16:
        t = t.float()
    np.save(path, t.numpy())


def eval_region(region, values, tmp_path: Path, bind: Dict[str, int],
                precision: str = "native") -> Dict[str, np.ndarray]:
    """`axon eval` of one region on PyTorch's values of its inputs: {output FX node: array}.

    ``native`` rounds each node to its dtype, as PyTorch does (the f64 reference leaves float
    casts unrounded)."""
    d = tmp_path / region.name
    d.mkdir(parents=True, exist_ok=True)
    graph = d / "graph.json"
    import json
    graph.write_text(json.dumps(region.graph))
    args = ["eval", str(graph), "-o", str(d / "out"), "--precision", precision]
    for k, i in enumerate(region.inputs):
        p = d / ("in%d.npy" % k)
        save_npy(p, values[i.node])
        args += ["--inputs", "%s=%s" % (i.name, p)]
    for s, v in bind.items():
        args += ["--bind", "%s=%d" % (s, v)]
    cli.run(args)
    return {o.node: np.load(d / "out" / ("%s.npy" % o.name)) for o in region.outputs}


def assert_regions_match(exported, args, tmp_path, bind=None, rtol=1e-4, atol=1e-5):
    """Every region's outputs under axon's reference interpreter equal PyTorch's values."""
    values = torch_values(exported, args)
    bind = dict(exported.symbols if bind is None else bind)
    for region in exported.regions:
        got = eval_region(region, values, tmp_path, bind)
        for node, arr in got.items():
            want = values[node].detach().float().cpu().numpy()
            assert arr.shape == want.shape, (node, arr.shape, want.shape)
            np.testing.assert_allclose(arr, want, rtol=rtol, atol=atol, err_msg=node)
