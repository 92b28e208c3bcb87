"""Pure-Python checks of the sweep's generator (no GPU, no axon): python3 benchmarks/sweep/test_sweep.py

The grid's size and kinds, names that say what each graph is, shapes inside the limits,
determinism for a seed, samples that cover every kind, every graph valid for the suite's shape
inference (benchmarks/suite/graph_info.py), the report's list of workloads below 0.9x, and the whole
sweep's summary from runs in parts (summarize.py).
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
sys.path.insert(0, str(HERE.parent / "suite"))
import generate  # noqa: E402
import graph_info as gi  # noqa: E402
import report  # noqa: E402
import summarize  # noqa: E402

BYTES = {"f32": 4, "bf16": 2, "f16": 2, "i32": 4, "bool": 1}


class Grid(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cases = generate.grid(1)
        cls.all = [g for k in generate.KINDS for g in cls.cases[k]]

    def test_size_and_kinds(self):
        n = {k: len(v) for k, v in self.cases.items()}
        # 25 axis subsets of ranks 2-4 x 3 ops x 3 dtypes; 9 single axes x 2 norms x 3; 16
        # subsets of 2+ axes x 2 x 3; 9 axes x 3 (softmax, log-softmax); 6 heads x 2 x 3.
        self.assertEqual(n, {"reduce": 225, "norm": 54, "norm_axes": 96, "softmax": 27,
                             "log_softmax": 27, "attention": 36})
        names = [g["name"] for g in self.all]
        self.assertEqual(len(names), len(set(names)))
        for g in self.all:
            self.assertEqual(generate.kind_of(g["name"]), next(k for k in generate.KINDS if g in self.cases[k]))

    def test_names_say_what_they_are(self):
        for g in self.cases["reduce"]:
            x = g["inputs"][0]
            node = g["nodes"][0]
            self.assertTrue(g["name"].startswith("%s_%s_ax%s" % (node["op"], x["dtype"], "".join(map(str, node["attrs"]["axes"])))))
            self.assertTrue(g["name"].endswith("_" + "x".join(map(str, x["shape"]))))
            self.assertEqual("_keep_" in g["name"], node["attrs"]["keepdims"])
        for g in self.cases["attention"]:
            q = g["inputs"][0]
            self.assertIn("_d%d_" % q["shape"][3], g["name"])
            self.assertEqual("_causal_" in g["name"], any(n["op"] == "causal_mask" for n in g["nodes"]))
            self.assertNotEqual(q["shape"][2] % 64, 0)

    def test_grid_covers_every_subset_and_head(self):
        subsets = {(g["inputs"][0]["dtype"], g["nodes"][0]["op"], tuple(g["nodes"][0]["attrs"]["axes"]),
                    len(g["inputs"][0]["shape"])) for g in self.cases["reduce"]}
        self.assertEqual(len(subsets), 225)
        heads = {(g["inputs"][0]["dtype"], g["inputs"][0]["shape"][3], "_causal_" in g["name"]) for g in self.cases["attention"]}
        self.assertEqual(len(heads), 36)

    def test_shapes_inside_the_limits(self):
        sizes = set()
        for g in self.all:
            infos = gi.infer(g)   # valid for the suite's shape and dtype inference
            total = sum(i.numel * BYTES[i.dtype] for i in infos.values())
            if generate.kind_of(g["name"]) == "attention":
                b, h, length, _ = g["inputs"][0]["shape"]
                self.assertLessEqual(b * h * length * length * 4, generate.MAX_SCORE_BYTES)
            else:
                self.assertLessEqual(math.prod(g["inputs"][0]["shape"]), generate.MAX_ELEMENTS)
                self.assertLess(total, 256 << 20, g["name"])
            sizes.update(g["inputs"][0]["shape"])
        # Primes, sizes on both sides of 132, large and small ones all occur.
        self.assertTrue({131, 133, 127, 137} & sizes)
        self.assertTrue(any(s > 1000 for s in sizes) and 1 in sizes)
        self.assertGreater(max(math.prod(g["inputs"][0]["shape"]) for g in self.all), 1_000_000)

    def test_16_bit_statistics_in_f32(self):
        for kind in ("norm_axes", "log_softmax"):
            for g in self.cases[kind]:
                dt = g["inputs"][0]["dtype"]
                casts = [n for n in g["nodes"] if n["op"] == "cast"]
                self.assertEqual(len(casts), 0 if dt == "f32" else 2, g["name"])
                for n in g["nodes"]:
                    if n["op"] == "constant":
                        self.assertIn("dtype", n["attrs"])   # explicit: no reliance on adoption

    def test_deterministic_and_seeded(self):
        again = generate.grid(1)
        self.assertEqual(json.dumps(again, sort_keys=True), json.dumps(self.cases, sort_keys=True))
        other = generate.grid(2)
        self.assertNotEqual([g["name"] for g in other["reduce"]], [g["name"] for g in self.cases["reduce"]])

    def test_sample_covers_the_kinds(self):
        with tempfile.TemporaryDirectory() as d:
            picked = generate.write(Path(d), 1, 8)
            self.assertEqual(len(picked), 8)
            self.assertEqual({generate.kind_of(g["name"]) for g in picked}, set(generate.KINDS))
            files = sorted(p.stem for p in Path(d).glob("*.json"))
            self.assertEqual(files, sorted(g["name"] for g in picked))
            self.assertEqual(json.loads((Path(d) / (picked[0]["name"] + ".json")).read_text()), picked[0])
        self.assertEqual([g["name"] for g in generate.sample(self.cases, 8, 1)],
                         [g["name"] for g in generate.sample(generate.grid(1), 8, 1)])

    def test_skip_done_leaves_out_what_passed(self):
        with tempfile.TemporaryDirectory() as d:
            run = Path(d) / "run" / "part"
            run.mkdir(parents=True)
            first = [g["name"] for g in self.cases["softmax"][:3]]
            rows = [{"name": first[0], "status": "ok"}, {"name": first[1], "status": "ok"},
                    {"name": first[2], "status": "FAILED"}]  # a failed one is run again
            (run / "results.json").write_text(json.dumps({"workloads": rows}))
            done = generate.measured([str(Path(d) / "run")])
            self.assertEqual(done, {first[0], first[1]})
            left = generate.write(Path(d) / "out", 1, 0, ["softmax"], done)
            names = {g["name"] for g in left}
            self.assertEqual(len(left), len(self.cases["softmax"]) - 2)
            self.assertNotIn(first[0], names)
            self.assertIn(first[2], names)
            # A folder that kept only results.md: its table's passing rows.
            md = Path(d) / "run" / "md-only"
            md.mkdir()
            (md / "results.md").write_text(
                "| workload | axon us | speedup vs fastest PyTorch | check |\n|---|---|---|---|\n"
                "| %s | 5.0 | 1.01x | ok (max err 0 x tol) |\n| %s | 9.0 | 0.50x | **FAILED** (wrong) |\n"
                % (first[2], "softmax_made_up_name"))
            self.assertEqual(generate.measured([str(Path(d) / "run")]), set(first))
            with self.assertRaises(SystemExit):
                generate.measured([str(Path(d) / "out" / "none")])  # nothing there

    def test_report_lists_workloads_below_0_9x(self):
        def rec(name, speedup, status="ok"):
            return {"name": name, "status": status, "speedup": speedup, "reasons": []}
        s = report.summary([rec("a", 2.0), rec("b", 0.5), rec("c", 0.89), rec("d", 0.95), rec("e", 0.1, "FAILED")])
        self.assertEqual(s["passed"], 4)
        self.assertEqual([r["name"] for r in s["below_0.9x"]], ["b", "c"])
        lines = report.summary_lines(s)
        self.assertIn("below 0.9x: 2: b 0.50x, c 0.89x", lines)
        self.assertIn("worst workload: b at 0.500x", lines)

    def test_summary_takes_each_graphs_latest_result(self):
        names = [g["name"] for g in self.all]
        a, b, c = names[0], names[1], names[-1]

        def run(folder, gpu, rows):
            folder.mkdir(parents=True)
            (folder / "results.json").write_text(json.dumps({"environment": {"gpu": gpu}, "workloads": [
                {"name": n, "status": st, "speedup": x} for n, x, st in rows]}))

        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            run(root / "2026-01-01", "GPU A", [(a, 0.5, "ok"), (b, 2.0, "ok")])
            run(root / "2026-01-02" / "1-again", "GPU B", [(a, 1.5, "ok")])  # a again, later: this counts
            # a run whose JSON did not come back: its table
            (root / "2026-01-03").mkdir()
            (root / "2026-01-03" / "results.md").write_text(
                "# axon vs PyTorch: GPU C\n\n| workload | axon us | speedup vs fastest PyTorch | check |\n|---|---|---|---|\n"
                "| %s | 9.0 | 0.70x | **FAILED** (wrong) |\n" % c)
            s = summarize.summarize(1, root)
        self.assertEqual((s["graphs"], s["measured"], s["validated"]), (len(names), 3, 2))
        self.assertEqual(s["failed"], [c])
        self.assertEqual(len(s["missing"]), len(names) - 3)
        self.assertAlmostEqual(s["geomean"], math.sqrt(1.5 * 2.0))
        self.assertEqual(s["worst"], (a, 1.5))
        self.assertEqual(s["below_0.9x"], [])
        self.assertEqual(s["gpus"], ["GPU A", "GPU B", "GPU C"])
        self.assertIn("| **all** | %d | 3 | 2 |" % len(names), summarize.markdown(s))

    def test_not_on_lists_what_a_gpu_still_owes(self):
        names = [g["name"] for g in self.all]
        a, b = names[0], names[1]
        with tempfile.TemporaryDirectory() as d:
            root = Path(d)
            for folder, gpu, rows in (("2026-01-01", "NVIDIA H200", [a, b]), ("2026-01-02", "NVIDIA H100 80GB HBM3", [b])):
                (root / folder).mkdir()
                (root / folder / "results.json").write_text(json.dumps({"environment": {"gpu": gpu}, "workloads": [
                    {"name": n, "status": "ok", "speedup": 1.0} for n in rows]}))
            owed = summarize.not_on(1, root, "h200")
            self.assertNotIn(a, owed)          # measured on the H200
            self.assertIn(b, owed)             # its latest result is the H100's
            self.assertEqual(len(owed), len(names) - 1)
            self.assertEqual(owed, [n for n in names if n in owed])  # grid order


if __name__ == "__main__":
    unittest.main()
