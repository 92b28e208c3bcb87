"""The binary from Python: lookup, errors as AxonError, `python -m axon` forwarding."""

import json
import subprocess
import sys

import pytest

import axon
from axon import cli


def test_find_binary_prefers_axon_bin(monkeypatch, tmp_path, axon_bin):
    monkeypatch.setenv("AXON_BIN", axon_bin)
    assert cli.find_binary() == axon_bin
    monkeypatch.setenv("AXON_BIN", str(tmp_path / "missing"))
    with pytest.raises(axon.AxonError, match="AXON_BIN=.*missing is not an executable file"):
        cli.find_binary()


def test_bad_graph_raises_the_cli_one_line_message(tmp_path):
    g = {"inputs": [{"name": "x", "shape": [2, 3], "dtype": "f32"}],
         "nodes": [{"name": "y", "op": "rmsnorm", "inputs": ["x"], "attrs": {"axis": 3}}],
         "outputs": ["y"]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(g))
    with pytest.raises(axon.AxonError) as e:
        cli.check(path)
    assert e.value.returncode == cli.EXIT_BAD_INPUT
    msg = str(e.value)
    assert "\n" not in msg and not msg.startswith("error:")
    assert "node 'y' (rmsnorm): attrs.axis: axis 3 out of range for rank 2" in msg


def test_check_json_and_parse_shape(tmp_path):
    g = {"inputs": [{"name": "x", "shape": ["M", 4], "dtype": "bf16"}],
         "nodes": [{"name": "y", "op": "reduce_sum", "inputs": ["x"], "attrs": {"axes": [1]}}],
         "outputs": ["y"]}
    path = tmp_path / "g.json"
    path.write_text(json.dumps(g))
    info = cli.check(path)
    shapes = {n["name"]: cli.parse_shape(n["shape"]) for n in info["nodes"]}
    assert shapes == {"x": ["M", 4], "y": ["M"]}
    info = cli.check(path, bind={"M": 7})
    assert {n["name"]: cli.parse_shape(n["shape"]) for n in info["nodes"]}["y"] == [7]


def test_python_m_axon_mirrors_the_binary(axon_bin):
    ours = subprocess.run([sys.executable, "-m", "axon", "--help"], capture_output=True, text=True)
    theirs = subprocess.run([axon_bin, "--help"], capture_output=True, text=True)
    assert ours.returncode == theirs.returncode == 0
    assert ours.stdout == theirs.stdout and "superopt" in ours.stdout
    bad = subprocess.run([sys.executable, "-m", "axon", "check", "/nonexistent.json"],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and "error:" in bad.stderr


def test_builder_refuses_unknown_ops_and_attrs():
    b = axon.GraphBuilder("g")
    x = b.input("x", [2], "f32")
    with pytest.raises(ValueError, match="unknown axon op 'sine'"):
        b.op("sine", [x])
    with pytest.raises(ValueError, match="axon op 'softmax' has no attr 'dim'"):
        b.op("softmax", [x], {"dim": 0})
    with pytest.raises(axon.Unsupported, match="dtype i64"):
        b.input("i", [2], "i64")
