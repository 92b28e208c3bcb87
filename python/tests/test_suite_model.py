"""The benchmark suite's Python graph model (benchmarks/suite/graph_info.py) against the binary:
its op vocabulary is this package's op table, and the shapes and dtypes it infers for every
benchmark graph (read through `axon print`, as run_suite reads it) are those `axon check --json`
infers."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from axon import cli
from axon.ops import OPS

ROOT = Path(__file__).resolve().parents[2]
GRAPHS = sorted((ROOT / "benchmarks" / "graphs").glob("*.json")) + \
    sorted((ROOT / "benchmarks" / "graphs_f16").glob("*.json")) + \
    sorted((ROOT / "benchmarks" / "heldout").glob("*.json")) + [ROOT / "examples" /
                                                                "rmsnorm_matmul.json"]


@pytest.fixture(scope="module")
def gi():
    sys.path.insert(0, str(ROOT / "benchmarks" / "suite"))
    import graph_info
    return graph_info


def test_suite_op_vocabulary_is_the_package_table(gi):
    assert set(gi.ARITY) == set(OPS)
    for op, (lo, hi) in gi.ARITY.items():
        assert lo == OPS[op].min_inputs
        assert hi == (OPS[op].max_inputs if OPS[op].max_inputs is not None else 4096)


@pytest.mark.parametrize("path", GRAPHS, ids=lambda p: str(p.relative_to(ROOT)))
def test_suite_shapes_are_the_binary_s(gi, path):
    bind = {"M": 64, "K": 256, "N": 128} if path.parent.name == "examples" else {}
    graph = cli.print_graph(path, bind=bind)   # as run_suite reads it: constants' dtypes resolved
    ours = gi.infer(graph, bind)
    theirs = cli.check(path, bind=bind)
    for node in theirs["nodes"]:
        info = ours[node["name"]]
        assert list(info.shape) == cli.parse_shape(node["shape"]), node["name"]
        assert info.dtype == node["dtype"], node["name"]


def test_suite_shapes_on_a_sweep_sample(gi, tmp_path):
    """60 graphs of benchmarks/sweep/generate.py (reductions over axis sets, norms over several
    axes, softmax and log-softmax on each axis, attention): the same comparison."""
    import subprocess
    subprocess.run([sys.executable, str(ROOT / "benchmarks" / "sweep" / "generate.py"), "--seed",
                    "3", "--out", str(tmp_path), "--sample", "60"], check=True,
                   capture_output=True)
    paths = sorted(tmp_path.glob("*.json"))
    assert len(paths) == 60
    for path in paths:
        ours = gi.infer(cli.print_graph(path), {})
        for node in cli.check(path)["nodes"]:
            assert list(ours[node["name"]].shape) == cli.parse_shape(node["shape"]), \
                (path.name, node["name"])
            assert ours[node["name"]].dtype == node["dtype"], (path.name, node["name"])
