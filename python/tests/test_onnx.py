"""axon.from_onnx: ONNX models built with onnx.helper, through the same handlers; values
checked against onnx's reference evaluator."""

from __future__ import annotations

import json

import numpy as np
import pytest

onnx = pytest.importorskip("onnx")
from onnx import TensorProto, helper, numpy_helper            # noqa: E402
from onnx.reference import ReferenceEvaluator                 # noqa: E402

import axon                                                    # noqa: E402
from axon import cli                                           # noqa: E402


def model(nodes, inputs, outputs, inits, opset=18):
    g = helper.make_graph(nodes, "block", inputs, outputs, initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def block(unsupported=False):
    rng = np.random.default_rng(0)
    w1 = numpy_helper.from_array(rng.standard_normal((16, 32)).astype(np.float32), "w1")
    b1 = numpy_helper.from_array(rng.standard_normal(32).astype(np.float32), "b1")
    w2 = numpy_helper.from_array(rng.standard_normal((32, 8)).astype(np.float32), "w2")
    scale = numpy_helper.from_array((rng.random(32) + 0.5).astype(np.float32), "scale")
    bias = numpy_helper.from_array(rng.standard_normal(32).astype(np.float32), "bias")
    axes = numpy_helper.from_array(np.array([-1], dtype=np.int64), "axes")
    mid = "h2" if not unsupported else "h2s"
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h0"]),
             helper.make_node("Add", ["h0", "b1"], ["h1"]),
             helper.make_node("Relu", ["h1"], ["h2"])]
    if unsupported:
        nodes.append(helper.make_node("Sin", ["h2"], ["h2s"]))
    nodes += [helper.make_node("LayerNormalization", [mid, "scale", "bias"], ["h3"], axis=-1,
                               epsilon=1e-5),
              helper.make_node("Gemm", ["h3", "w2"], ["h4"], transB=0, alpha=1.0),
              helper.make_node("Softmax", ["h4"], ["y"], axis=-1),
              helper.make_node("ReduceMean", ["h2", "axes"], ["m"], keepdims=1)]
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", 16])
    outs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", 8]),
            helper.make_tensor_value_info("m", TensorProto.FLOAT, ["batch", 1])]
    return model(nodes, [x], outs, [w1, b1, w2, scale, bias, axes])


def run_regions(e, feeds, tmp_path):
    """Each region under `axon eval` on the reference evaluator's values."""
    values = dict(feeds)
    values.update({k: v for k, v in e.weights.items()})
    got = {}
    for r in e.regions:
        args = ["eval", str(tmp_path / ("%s.json" % r.name)), "-o", str(tmp_path / r.name),
                "--precision", "native"]
        for k, i in enumerate(r.inputs):
            p = tmp_path / ("%s_in%d.npy" % (r.name, k))
            np.save(p, values[i.node])
            args += ["--inputs", "%s=%s" % (i.name, p)]
        if "batch" in json.dumps(r.graph):
            args += ["--bind", "batch=%d" % feeds["x"].shape[0]]
        cli.run(args)
        for o in r.outputs:
            got[o.node] = values[o.node] = np.load(tmp_path / r.name / ("%s.npy" % o.name))
    return got


def test_block_is_one_region_and_matches_the_reference(tmp_path):
    m = block()
    e = axon.from_onnx(m, bind={"batch": 4}, out=tmp_path, verbose=False)
    assert len(e.regions) == 1 and not e.fallbacks
    g = e.graph
    assert g["inputs"][0] == {"name": "x", "shape": ["batch", 16], "dtype": "f32"}
    ops = [n["op"] for n in g["nodes"]]
    assert {"matmul", "relu", "layernorm", "softmax", "reduce_mean"} <= set(ops)
    manifest = json.loads((tmp_path / "export.json").read_text())
    assert sorted(manifest["regions"][0]["weights"]) == ["b1", "bias", "scale", "w1", "w2"]
    x = np.random.default_rng(1).standard_normal((4, 16)).astype(np.float32)
    want = dict(zip(["y", "m"], ReferenceEvaluator(m).run(None, {"x": x})))
    got = run_regions(e, {"x": x}, tmp_path)
    for k in ("y", "m"):
        np.testing.assert_allclose(got[k], want[k], rtol=1e-4, atol=1e-5)


def test_unsupported_onnx_op_is_cut_out(tmp_path, capsys):
    m = block(unsupported=True)
    e = axon.from_onnx(m, bind={"batch": 3}, out=tmp_path)
    assert "left to ONNX: onnx::Sin x1 (no axon op for onnx::Sin)" in capsys.readouterr().out
    assert len(e.regions) == 2 and [f.op for f in e.fallbacks] == ["onnx::Sin"]
    x = np.random.default_rng(2).standard_normal((3, 16)).astype(np.float32)
    sess = ReferenceEvaluator(m)
    want = dict(zip(["y", "m"], sess.run(None, {"x": x})))
    feeds = {"x": x, "h2s": np.sin(np.maximum(x @ numpy_helper.to_array(
        m.graph.initializer[0]) + numpy_helper.to_array(m.graph.initializer[1]), 0))}
    got = run_regions(e, feeds, tmp_path)
    np.testing.assert_allclose(got["y"], want["y"], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(got["m"], want["m"], rtol=1e-4, atol=1e-5)


def test_layout_and_select_ops_match_the_reference(tmp_path):
    """Gemm with transB and alpha/beta, Transpose, Reshape (-1), Unsqueeze, Expand, Slice,
    Concat, Cast, Where, Constant, ReduceMax, Sub, Div, Sqrt, Gelu."""
    rng = np.random.default_rng(3)
    w = numpy_helper.from_array(rng.standard_normal((6, 4)).astype(np.float32), "w")
    c = numpy_helper.from_array(rng.standard_normal(6).astype(np.float32), "c")
    i64 = lambda name, v: numpy_helper.from_array(np.array(v, dtype=np.int64), name)   # noqa
    inits = [w, c, i64("shape", [-1, 2, 3]), i64("ax0", [0]), i64("eshape", [2, 4, 6]),
             i64("starts", [1]), i64("ends", [5]), i64("axes", [2]), i64("steps", [2]),
             i64("rmax", [-1])]
    nodes = [
        helper.make_node("Gemm", ["x", "w", "c"], ["g"], transB=1, alpha=0.5, beta=2.0),
        helper.make_node("Transpose", ["g"], ["gt"], perm=[1, 0]),
        helper.make_node("Reshape", ["gt", "shape"], ["r"]),
        helper.make_node("Unsqueeze", ["g", "ax0"], ["u"]),
        helper.make_node("Expand", ["u", "eshape"], ["e"]),
        helper.make_node("Slice", ["e", "starts", "ends", "axes", "steps"], ["s"]),
        helper.make_node("Concat", ["s", "s"], ["cc"], axis=2),
        helper.make_node("Constant", [], ["half"],
                         value=helper.make_tensor("half", TensorProto.FLOAT, [], [0.5])),
        helper.make_node("Greater", ["cc", "half"], ["m"]),
        helper.make_node("Cast", ["m"], ["mf"], to=TensorProto.FLOAT),
        helper.make_node("Where", ["m", "cc", "mf"], ["wv"]),
        helper.make_node("ReduceMax", ["wv", "rmax"], ["mx"], keepdims=1),
        helper.make_node("Sub", ["wv", "mx"], ["d"]),
        helper.make_node("Abs", ["d"], ["ad"]),
        helper.make_node("Sqrt", ["ad"], ["sq"]),
        helper.make_node("Div", ["sq", "half"], ["dv"]),
        helper.make_node("Gelu", ["dv"], ["y"], approximate="tanh"),
    ]
    x = helper.make_tensor_value_info("x", TensorProto.FLOAT, [4, 4])
    outs = [helper.make_tensor_value_info("y", TensorProto.FLOAT, None),
            helper.make_tensor_value_info("r", TensorProto.FLOAT, None)]
    m = model(nodes, [x], outs, inits, opset=20)
    e = axon.from_onnx(m, out=tmp_path, verbose=False)
    assert not e.fallbacks, e.summary()
    xv = rng.standard_normal((4, 4)).astype(np.float32)
    want = dict(zip(["y", "r"], ReferenceEvaluator(m).run(None, {"x": xv})))
    got = run_regions(e, {"x": xv}, tmp_path)
    for k in ("y", "r"):
        assert got[k].shape == want[k].shape
        np.testing.assert_allclose(got[k], want[k], rtol=1e-4, atol=1e-5)
