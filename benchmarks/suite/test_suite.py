"""Unit checks of the suite's pure-Python parts (no GPU): python3 benchmarks/suite/test_suite.py

The translator's output is checked as source everywhere; where torch is importable (CPU is
enough) the translated functions are also run against float64 references of axon's definitions.
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import graph_info as gi  # noqa: E402
import report  # noqa: E402
import run_suite  # noqa: E402
import sdpa  # noqa: E402
import shape_sweep  # noqa: E402
import stress  # noqa: E402
import torch_graph as tg  # noqa: E402

try:
    import torch
except ImportError:
    torch = None

GRAPHS = HERE.parent / "graphs"


def graph(inputs, nodes, outputs=("out",)):
    """A graph dict from (name, shape, dtype) inputs and (name, op, inputs, attrs) nodes."""
    return {"name": "t",
            "inputs": [{"name": n, "shape": list(s), "dtype": d} for n, s, d in inputs],
            "nodes": [{"name": n, "op": op, "inputs": list(i), "attrs": a}
                      for n, op, i, a in nodes],
            "outputs": list(outputs)}


class FakeList(list):
    """A 1-D list with the bits of the tensor API a translated slice uses."""

    def __getitem__(self, i):
        return FakeList(super().__getitem__(i)) if isinstance(i, slice) else super().__getitem__(i)

    def contiguous(self):
        return self


class FakeTorch:
    @staticmethod
    def flip(a, dims):
        return FakeList(reversed(a))


class Numbers(unittest.TestCase):
    def test_round_to(self):
        self.assertEqual(gi.round_to("bf16", 0.08838834764831845), 0.08837890625)
        self.assertEqual(gi.round_to("f32", 0.1), 0.10000000149011612)
        self.assertEqual(gi.round_to("f16", 65504.0), 65504.0)
        self.assertEqual(gi.round_to("f16", 65520.0), math.inf)      # halfway rounds up: inf
        self.assertEqual(gi.round_to("bf16", 1.0 + 2 ** -8), 1.0)     # tie to even
        self.assertEqual(gi.round_to("bf16", 1.0 + 3 * 2 ** -8), 1.0 + 2 ** -6)
        self.assertEqual(gi.round_to("f16", 2 ** -25), 0.0)           # below half the least
        self.assertEqual(gi.round_to("f16", 2 ** -24), 2 ** -24)      # subnormal kept
        self.assertEqual([gi.round_to("i32", v) for v in (3.7, -3.7, math.nan, 1e10, -math.inf)],
                         [3, -3, 0, 2 ** 31 - 1, -2 ** 31])
        self.assertTrue(math.isnan(gi.round_to("bf16", math.nan)))

    def test_sizes(self):
        self.assertEqual(gi.eval_size(4096), 4096)
        self.assertEqual(gi.eval_size("2*K + 1", {"K": 4}), 9)
        self.assertEqual(gi.eval_size("(A + B)*C", {"A": 1, "B": 2, "C": 5}), 15)
        self.assertEqual(gi.eval_size("N*K - K", {"N": 3, "K": 7}), 14)
        for bad in ("K", "2*", "(3", "3)", "a$b"):
            with self.assertRaises(gi.GraphError):
                gi.eval_size(bad)


class Slices(unittest.TestCase):
    CASES = [(n, s, e, st) for n in range(1, 6) for s in [None] + list(range(-7, 8))
             for e in [None] + list(range(-7, 8)) for st in (-7, -3, -2, -1, 1, 2, 3, 7)]

    def test_clamp_slice_is_numpy(self):
        for n, s, e, st in self.CASES:
            want = range(n)[slice(s, e, st)]
            first, length = gi.clamp_slice(n, s, e, st)
            self.assertEqual(length, len(want), (n, s, e, st))
            if length:
                self.assertEqual(first, want[0], (n, s, e, st))

    def test_translated_slice_reads_the_right_elements(self):
        for n, s, e, st in self.CASES:
            want = list(range(n))[slice(s, e, st)]
            if not want:
                continue
            attrs = {"axis": 0, "step": st, **({"start": s} if s is not None else {}),
                     **({"end": e} if e is not None else {})}
            tr = tg.translate(graph([("x", [n], "f32")], [("out", "slice", ["x"], attrs)]))
            ns = {"torch": FakeTorch, "_math": math}
            exec(tr.source, ns)
            got = ns[tr.func_name](FakeList(range(n)))[0]
            self.assertEqual(list(got), want, (n, s, e, st, tr.source))


class Translation(unittest.TestCase):
    def test_benchmark_graphs(self):
        expect = {"gemm": ([4096, 4096], 2 * 4096 ** 3),
                  "attention": ([8, 16, 2048, 128], 2 * 2 * 8 * 16 * 2048 * 2048 * 128),
                  "swiglu": ([4096, 5632], 2 * 2 * 4096 * 4096 * 5632),
                  "row_sum": ([16384], 0), "softmax_odd": ([3001, 1000], 0)}
        for path in sorted(GRAPHS.glob("*.json")):
            tr = tg.translate(gi.load_graph(path))
            compile(tr.source, str(path), "exec")
            self.assertEqual(tr.graph_name, path.stem)
            if path.stem in expect:
                shape, flops = expect[path.stem]
                self.assertEqual(list(tr.infos["out"].shape), shape)
                self.assertEqual(tr.matmul_flops, flops)
        tr = tg.translate(gi.load_graph(GRAPHS / "rmsnorm.json"))
        self.assertIn("_t1 = x.float()", tr.source)
        self.assertIn("* gamma.float()).to(torch.bfloat16)", tr.source)
        self.assertEqual(tr.io_bytes, 2 * 16384 * 4096 * 2 + 4096 * 2)
        tr = tg.translate(gi.load_graph(GRAPHS / "attention_causal.json"))
        self.assertEqual([c.kind for c in tr.constants], ["full", "causal_drop"])
        self.assertEqual(tr.constants[0].value, 0.08837890625)
        self.assertIn(".masked_fill(_k1, -_math.inf)", tr.source)

    def test_every_op(self):
        g = graph([("x", [4, 6], "bf16"), ("y", [6], "bf16"), ("i", [4, 6], "i32"),
                   ("w", [6, 3], "bf16"), ("g", [4], "bf16")], [
            ("c", "constant", [], {"value": 1, "shape": [4, 6], "dtype": "bf16", "divisor": [3]}),
            ("io", "iota", [], {"shape": [4, 6], "axis": 1, "dtype": "i32"}),
            ("u", "gelu", ["x"], {"approximate": "tanh"}), ("u2", "silu", ["u"], {}),
            ("a", "add", ["u2", "y"], {}), ("m", "max", ["a", "c"], {}),
            ("lt", "lt", ["i", "io"], {}), ("wh", "where", ["lt", "m", "x"], {}),
            ("ci", "cast", ["wh"], {"dtype": "i32"}), ("cb", "cast", ["ci"], {"dtype": "bf16"}),
            ("s", "reduce_sum", ["i"], {"axes": [-1], "keepdims": True}),
            ("mm", "matmul", ["cb", "w"], {}), ("mt", "matmul", ["mm", "w"], {"transpose_b": True}),
            ("t", "transpose", ["mt"], {}), ("r", "reshape", ["t"], {"shape": [2, -1]}),
            ("sl", "slice", ["r"], {"axis": 1, "start": -1, "step": -2}),
            ("p", "pad", ["sl"], {"before": [1, 0], "after": [0, 2], "value": "-inf"}),
            ("rv", "reverse", ["p"], {"axes": [0]}), ("cc", "concat", ["rv", "rv"], {"axis": 0}),
            ("b", "broadcast_to", ["cc"], {"shape": [2, 6, 8]}),
            ("ln", "layernorm", ["mt", "g"], {"axis": 0}),
            ("rn", "rmsnorm", ["mt", "g"], {"axis": 0}),
            ("sm", "softmax", ["ln"], {"axis": 0}), ("cm", "causal_mask", ["sm"], {}),
            ("dead", "exp", ["x"], {})], outputs=("b", "s", "rn", "cm"))
        tr = tg.translate(g)
        compile(tr.source, "<every op>", "exec")
        self.assertNotIn("dead", tr.source)
        info = tr.infos
        self.assertEqual(info["b"], gi.TensorInfo((2, 6, 8), "bf16"))
        self.assertEqual(info["sl"].shape, (2, 6))
        self.assertEqual(info["p"].shape, (3, 8))
        self.assertEqual(info["s"], gi.TensorInfo((4, 1), "i32"))
        self.assertEqual(info["lt"].dtype, "bool")
        full, = [c for c in tr.constants if c.kind == "full"]
        self.assertEqual((full.shape, full.value), ((4, 6), gi.round_to("bf16", 1 / 3)))
        for frag in ('F.gelu(x, approximate="tanh")', "torch.flip(r, (1,))[:, 0:11:2]",
                     "F.pad(sl, (0, 2, 1, 0), value=-_math.inf)", "torch.matmul(mm, w.mT)",
                     "dtype=torch.int32", "F.layer_norm(mt.movedim(0, -1), (4,), g, None, 1e-05)"
                     ".movedim(-1, 0)", "g.float().reshape((4, 1))", "torch.softmax(ln, dim=0)",
                     "clamp(-2147483648.0, 2147483647.0)", "del "):
            self.assertIn(frag, tr.source)

    def test_exact_graph(self):
        g = gi.exact_graph(gi.load_graph(GRAPHS / "attention_causal.json"))
        self.assertEqual({i["dtype"] for i in g["inputs"]}, {"f64"})
        scale = [n for n in g["nodes"] if n["op"] == "constant"][0]["attrs"]
        self.assertEqual(scale, {"value": 0.08837890625, "dtype": "f64"})   # bf16's value kept
        mixed = graph([("x", [2], "bf16")], [
            ("c", "constant", [], {"value": 1, "dtype": "f16", "divisor": [3]}),
            ("y", "cast", ["x"], {"dtype": "f16"}), ("z", "mul", ["y", "c"], {}),
            ("out", "cast", ["z"], {"dtype": "i32"})])
        tr = tg.translate(gi.exact_graph(mixed))
        self.assertEqual(tr.infos["z"].dtype, "f64")
        self.assertEqual(tr.infos["out"].dtype, "i32")
        self.assertEqual(tr.constants[0].value, gi.round_to("f16", 1 / 3))
        self.assertIn("y = x.to(torch.float64)", tr.source)

    def test_identifiers_and_structure(self):
        ids = tg._identifiers(["x", "input", "1a", "a-b", "_z", "v__z", "torch", "x"])
        self.assertEqual(len(set(ids.values())), 7)
        self.assertTrue(all(i.isidentifier() and not i.startswith("_") for i in ids.values()))
        out_of_order = graph([("x", [2], "f32")], [("out", "neg", ["h"], {}),
                                                   ("h", "exp", ["x"], {})])
        self.assertEqual([n["name"] for n in gi.live_nodes(out_of_order)], ["h", "out"])
        cyclic = graph([("x", [2], "f32")], [("out", "neg", ["h"], {}),
                                             ("h", "add", ["x", "out"], {})])
        with self.assertRaises(gi.GraphError):
            gi.live_nodes(cyclic)
        with self.assertRaises(gi.GraphError):
            tg.translate(graph([("x", [2], "f32")], [("out", "frobnicate", ["x"], {})]))


class Reporting(unittest.TestCase):
    def rec(self, name, axon, eager, status="ok"):
        r = run_suite.new_record(name, Path(name + ".json"))
        r.update(status=status, floor_us=10.0, copy_us=20.0, search_s=1.0, timing={
            "axon": {"median_us": axon}, "eager": {"median_us": eager},
            "compiled": {"median_us": eager * 2}}, peak_mib={"eager": 3.0})
        if status != "ok":
            r["reasons"].append("mismatch: 3 of 9")
        return run_suite._derive(r)

    def test_table_and_summary(self):
        rs = [self.rec("a", 10.0, 20.0), self.rec("b", 40.0, 20.0), self.rec("c", 1.0, 9.0, "F")]
        self.assertEqual(rs[0]["speedup"], 2.0)
        self.assertEqual(rs[1]["pct_of_floor"], 25.0)
        self.assertEqual(rs[0]["pct_of_copy"], 200.0)  # faster than a copy of the same bytes
        s = report.summary(rs)
        self.assertAlmostEqual(s["geomean_speedup"], 1.0)
        self.assertEqual(s["worst"]["name"], "b")
        self.assertEqual(s["failed"], ["c"])
        md = report.table(rs)
        self.assertEqual(len(md.splitlines()), 5)
        self.assertIn("**FAILED**: mismatch: 3 of 9", md)
        self.assertIn("| -/3/- |", md)
        self.assertEqual(report.jsonable({"x": [math.inf, math.nan]}), {"x": ["inf", "nan"]})

    def test_search_summary(self):
        # The shape of axon's report.json (search/superopt.cpp): a measured trial keeps its time,
        # one that failed or was not timed keeps its status and no time.
        rep = {"variants": [{"variant": 0, "chosen": True, "total_us": 6.3, "model_us": 3.1,
                             "kernels": [{"group": "reduction -> out", "strategy": "row",
                                          "winner": "row t512 v1 r1 reread", "time_us": 6.3,
                                          "bytes": 404116.0, "flops": 202027.0, "trials": [
                                              {"config": "row t512 v1 r1 reread", "estimate_us": 2.5,
                                               "time_us": 6.3, "status": "ok"},
                                              {"config": "row t32 v1 r1 cached split8",
                                               "estimate_us": 2.9, "time_us": 0.0,
                                               "status": "wrong"}]}]}]}
        s = report.search_summary(rep)
        self.assertEqual(len(s), 1)
        k = s[0]["kernels"][0]
        self.assertEqual(k["winner"], "row t512 v1 r1 reread")
        self.assertEqual(k["trials"], [["row t512 v1 r1 reread", 2.5, 6.3, "ok"],
                                       ["row t32 v1 r1 cached split8", 2.9, None, "wrong"]])
        self.assertEqual(report.search_summary({}), [])
        json.dumps(s)  # goes into results.json as it is

    def test_shape_sweep(self):
        with tempfile.TemporaryDirectory() as d:
            n = shape_sweep.write(Path(d))
            files = sorted(Path(d).glob("*.json"))
            self.assertEqual(len(files), n)
            for f in files:
                g = gi.load_graph(f)
                tr = tg.translate(g)   # every sweep graph is one the suite can run
                self.assertEqual(g["name"], f.stem)
                self.assertTrue(tr.io_bytes > 0)

    def test_sdpa_speedup(self):
        r = self.rec("att", 10.0, 40.0)
        r["timing"]["sdpa"] = {"median_us": 8.0}
        r = run_suite._derive(r)
        self.assertEqual((r["sdpa_us"], r["best_pytorch_us"], r["speedup"]), (8.0, 8.0, 0.8))
        self.assertIn("| 8.0 |", report.table([r]))

    def test_checked_side(self):
        class Cuda:
            @staticmethod
            def synchronize():
                pass
        saved = (run_suite.torch, run_suite.compare)
        run_suite.torch = type("FakeTorch", (), {"cuda": Cuda})
        run_suite.compare = lambda g, r, *t: {"mismatches": int(g != r)}
        try:
            runner = run_suite.Suite.__new__(run_suite.Suite)
            rec, sides = run_suite.new_record("w", Path("w.json")), {}
            self.assertIsNotNone(runner._checked_side(rec, "sdpa", "SDPA", lambda a: (a + 1,), [1], [2],
                                                      ["out"], [(0.1, 0.1, None)], sides))
            self.assertEqual((rec["sdpa_check"], rec["notes"]), ({"out": {"mismatches": 0}}, []))
            self.assertEqual(sides["sdpa"](), (2,))
            runner._checked_side(rec, "compiled", "torch.compile", lambda a: (a,), [1], [2], ["out"],
                                 [(0.1, 0.1, None)], sides)
            self.assertEqual(rec["notes"], ["torch.compile's outputs differ from eager's beyond tolerance"])

            def boom(a):
                raise RuntimeError("no kernel\nmore")
            self.assertIsNone(runner._checked_side(rec, "x", "X", boom, [1], [2], ["out"], [None], sides))
            self.assertEqual(rec["notes"][-1], "X failed: RuntimeError: no kernel")
            self.assertNotIn("x", sides)
        finally:
            run_suite.torch, run_suite.compare = saved

    def test_sdpa_form(self):
        form = sdpa.sdpa_form(gi.load_graph(GRAPHS / "attention_causal.json"))
        self.assertEqual((form.q, form.k, form.v, form.causal), ("q", "k", "v", True))
        self.assertEqual(form.scale, gi.round_to("bf16", 0.08838834764831845))
        self.assertFalse(sdpa.sdpa_form(gi.load_graph(GRAPHS / "attention.json")).causal)
        for name in ("softmax_matmul", "gemm", "rmsnorm_matmul_m16", "softmax"):
            self.assertIsNone(sdpa.sdpa_form(gi.load_graph(GRAPHS / (name + ".json"))), name)
        qkv = [(n, [2, 8, 16], "f32") for n in "qkv"]

        def att(*mid, **kw):   # Q @ K^T (transpose_b), then mid, softmax, @ V
            return graph(qkv + kw.get("extra", []),
                         [("s", "matmul", ["q", "k"], {"transpose_b": True})] + list(mid) +
                         [("p", "softmax", [mid[-1][0] if mid else "s"], kw.get("sm", {})),
                          ("out", "matmul", ["p", "v"], {})])
        c = ("c", "constant", [], {"value": 0.5, "dtype": "f32"})
        f = sdpa.sdpa_form(att(c, ("x", "div", ["s", "c"], {})))
        self.assertEqual((f.scale, f.causal), (2.0, False))
        self.assertEqual(sdpa.sdpa_form(att(c, ("x", "mul", ["c", "s"], {}))).scale, 0.5)
        self.assertEqual(sdpa.sdpa_form(att()).scale, 1.0)
        self.assertIsNone(sdpa.sdpa_form(att(sm={"axis": 1})))          # not the key axis
        self.assertIsNone(sdpa.sdpa_form(att(("x", "mul", ["s", "s"], {}))))   # not a constant
        self.assertIsNone(sdpa.sdpa_form(att(("x", "mul", ["s", "b"], {}),
                                             extra=[("b", [2, 8, 8], "f32")])))   # a tensor
        g = att()
        g["outputs"].append("p")   # an intermediate that is also an output
        self.assertIsNone(sdpa.sdpa_form(g))

    def test_collect_graphs(self):
        skipped = []
        got = run_suite.collect_graphs([str(GRAPHS)], "gemm,softmax,nope", skipped)
        self.assertEqual([n for n, _ in got], ["gemm", "softmax"])
        self.assertIn(("nope", "named in --only but no such graph"), skipped)
        with tempfile.TemporaryDirectory() as d:
            env = {"gpu": "GPU", "date": "today", "torch": "t", "triton": "tr", "cuda": "c",
                   "axon_version": "v"}
            ceil = {"copy_bytes_per_s": 4e12, "copy_buffer_bytes": 2 << 30, "matmul_n": 8192,
                    "matmul_flops_per_s": 7e14}
            report.write_all(Path(d), env, ceil, [self.rec("a", 1.0, 2.0)], skipped)
            doc = json.loads((Path(d) / "results.json").read_text())
            self.assertEqual(doc["summary"]["passed"], 1)
            self.assertIn("Skipped:", (Path(d) / "results.md").read_text())


class Stress(unittest.TestCase):
    def test_help_needs_no_gpu(self):
        # --help and bad arguments end before torch is imported.
        import contextlib
        import io
        for argv, code in ((["--help"], 0), ([], 2)):
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                with self.assertRaises(SystemExit) as e:
                    stress.main(argv)
            self.assertEqual(e.exception.code, code)

    @unittest.skipUnless(torch is not None, "torch is not importable")
    def test_differing_places(self):
        a = torch.zeros(2, 40, 8)
        b = a.clone()
        b[1, 17, 3] = 1.0
        b[1, 30, 0] = 2.0
        b[0, 39, 7] = 3.0
        self.assertEqual(stress.differing_places([b, torch.zeros(3)], [a, torch.zeros(3)]),
                         {(0, (1,), 16), (0, (0,), 32)})


@unittest.skipUnless(torch is not None, "torch is not importable")
class TorchCPU(unittest.TestCase):
    """The translated composites against float64 references of composites.cpp (CPU)."""

    def run_graph(self, g, *xs):
        return tg.build_function(tg.translate(g), "cpu")(*xs)

    def test_composites(self):
        gen = torch.Generator().manual_seed(0)
        x = (torch.randn(5, 64, generator=gen) * 3 + 1).to(torch.bfloat16)
        gm, bt = (torch.randn(64, generator=gen).to(torch.bfloat16) for _ in range(2))
        xd, gd, bd = x.double(), gm.double(), bt.double()
        ins = [("x", [5, 64], "bf16"), ("g", [64], "bf16"), ("b", [64], "bf16")]
        mu = xd.mean(-1, keepdim=True)
        var = ((xd - mu) ** 2).mean(-1, keepdim=True)
        refs = {"softmax": torch.softmax(xd, -1),
                "layernorm": (xd - mu) / torch.sqrt(var + 1e-5) * gd + bd,
                "rmsnorm": xd / torch.sqrt((xd ** 2).mean(-1, keepdim=True) + 1e-6) * gd}
        for op, operands in (("softmax", ["x"]), ("layernorm", ["x", "g", "b"]),
                             ("rmsnorm", ["x", "g"])):
            out, = self.run_graph(graph(ins, [("out", op, operands, {})]), x, gm, bt)
            self.assertEqual(out.dtype, torch.bfloat16)
            err = (out.double() - refs[op]).abs() / refs[op].abs().clamp_min(1e-3)
            self.assertLess(float(err.max()), 2 ** -7, op)   # one rounding to bf16 at most
        out, = self.run_graph(graph([("x", [3, 4], "f32")], [("out", "causal_mask", ["x"], {})]),
                              torch.zeros(3, 4))
        self.assertEqual(torch.isinf(out).tolist(), [[c > r for c in range(4)] for r in range(3)])

    def test_compare(self):
        ref = torch.tensor([[1.0, math.nan, math.inf, 0.0], [1e-3, 2e-3, 0.0, 0.0]])
        self.assertEqual(run_suite.compare(ref.clone(), ref, 1e-3, 1e-3)["mismatches"], 0)
        got = ref.clone()
        got[1, 0] += 1e-3   # beyond atol * (global RMS ~0.35) + rtol * 1e-3
        got[0, 1] = 0.0     # NaN expected
        got[0, 0] += 1e-4   # within tolerance
        c = run_suite.compare(got, ref, 1e-3, 1e-3)
        self.assertEqual((c["mismatches"], c["nonfinite_mismatches"]), (2, 1))
        self.assertEqual(c["first_mismatch"]["flat_index"], 1)
        noise = torch.tensor([[0.0], [2e-4]], dtype=torch.float64)   # 8 x 2e-4 covers 1e-3
        self.assertEqual(run_suite.compare(got, ref, 1e-3, 1e-3, noise)["mismatches"], 1)
        exact = gi.exact_graph(graph([("x", [3, 64], "bf16")], [("out", "softmax", ["x"], {})]))
        self.assertIn("torch.softmax(x, dim=-1)", tg.translate(exact).source)

    def test_every_op_runs(self):
        gr = graph([("x", [4, 6], "f32"), ("i", [4, 6], "i32")], [
            ("io", "iota", [], {"shape": [4, 6], "axis": 1}), ("lt", "lt", ["i", "io"], {}),
            ("nx", "neg", ["x"], {}), ("w", "where", ["lt", "x", "nx"], {}),
            ("r", "reshape", ["w"], {"shape": [6, -1]}), ("sl", "slice", ["r"],
                                                           {"axis": 0, "step": -2}),
            ("p", "pad", ["sl"], {"before": [1, 0], "after": [0, 1]}),
            ("out", "reduce_max", ["p"], {"axes": [1]})])
        x = torch.arange(24, dtype=torch.float32).reshape(4, 6)
        i = torch.full((4, 6), 3, dtype=torch.int32)
        out, = self.run_graph(gr, x, i)
        w = torch.where(i < torch.arange(6), x, -x).reshape(6, 4)
        want = torch.nn.functional.pad(w.flip(0)[::2], (0, 1, 1, 0)).amax(1)
        self.assertEqual(out.tolist(), want.tolist())


if __name__ == "__main__":
    unittest.main(verbosity=2)
