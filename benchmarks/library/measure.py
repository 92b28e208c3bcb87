#!/usr/bin/env python3
"""Time an `axon library` (docs/library.md) at every size against PyTorch, and against a library
tuned at exactly those sizes (issue 42's measurement: dispatch may lose at most 10%).

    python3 benchmarks/library/measure.py --axon build/src/cli/axon --lib lib [--exact lib-exact] \
        [--sizes 1,2,4,...] [--compile static|dynamic|skip] --out results/

For each entry of lib/manifest.json and each value of its runtime size (default: the tuned
values and the 10 random sizes of README.md; the entry's other sizes as tuned): the graph bound
to those sizes (`axon print --bind`) is translated to PyTorch (benchmarks/suite/torch_graph.py),
the library's `axon_<entry>(sizes..., pointers..., workspace, stream)` is called through ctypes
and checked against eager PyTorch, then timed side by side with eager, torch.compile and, where
--exact's library has a bucket at those sizes, that library's function (run_suite.py's Timer:
CUDA events, L2 flushed, rotating rounds, median). Writes results.json and results.md.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import subprocess
import sys
import zlib
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "suite"))
import run_suite as rs  # noqa: E402
import torch_graph as tg  # noqa: E402

RANDOM_SIZES = [206, 841, 914, 1145, 1830, 2008, 2255, 5240, 6035, 6076]  # README.md (seed 42)


class Library:
    """lib/libaxon_<name>.so and its manifest; `fn(entry)` calls axon_<entry>."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.manifest = json.loads((folder / "manifest.json").read_text())
        if not self.manifest.get("library"):
            raise SystemExit("%s: no shared library (%s)" % (folder, self.manifest.get("library_note")))
        self.lib = ctypes.CDLL(str(folder / self.manifest["library"]))
        self.entries = {e["name"]: e for e in self.manifest["entries"]}

    def has_exact(self, entry: str, sizes: dict) -> bool:
        e = self.entries.get(entry)
        return bool(e) and any(b["sizes"] == sizes for b in e["dispatch"]["exact"])

    def served_by(self, entry: str, sizes: dict) -> str:
        """The bucket the manifest's dispatch table names for these sizes, or ""."""
        e = self.entries[entry]
        for b in e["dispatch"]["exact"]:
            if b["sizes"] == sizes:
                return b["job"] + " (exact)"
        r = e["runtime"]
        for g in e["dispatch"]["ranges"]:
            if r and all(sizes[k] == v for k, v in g["sizes"].items()) and g["from"] <= sizes[r] <= g["to"]:
                return g["job"] + " (sized)"
        return ""

    def call(self, entry: str, sizes: list, ordered: list, outs: list):
        """A closure running axon_<entry> on these tensors (its workspace allocated once)."""
        import torch
        e = self.entries[entry]
        f = getattr(self.lib, "axon_" + entry)
        f.restype = ctypes.c_int
        f.argtypes = [ctypes.c_longlong] * len(sizes) + [ctypes.c_void_p] * (len(ordered) + len(outs) + 2)
        ws = getattr(self.lib, "axon_" + entry + "_workspace_bytes")
        ws.restype = ctypes.c_size_t
        ws.argtypes = [ctypes.c_longlong] * len(sizes)
        buf = torch.empty(max(int(ws(*sizes)), 1), dtype=torch.uint8, device="cuda")
        ptrs = [t.data_ptr() for t in ordered] + [t.data_ptr() for t in outs]
        stream = torch.cuda.current_stream().cuda_stream
        args = list(sizes) + ptrs + [buf.data_ptr(), stream]

        def run():
            rc = f(*args)
            if rc != 0:
                raise RuntimeError("axon_%s returned %d" % (entry, rc))
        run.keep = buf  # the workspace lives as long as the closure
        return run


def bound_graph(axon: str, path: str, sizes: dict) -> dict:
    cmd = [axon, "print", path] + [a for k, v in sizes.items() for a in ("--bind", "%s=%d" % (k, v))]
    return json.loads(subprocess.run(cmd, check=True, capture_output=True, text=True).stdout)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--axon", required=True)
    ap.add_argument("--lib", required=True, type=Path)
    ap.add_argument("--exact", type=Path)
    ap.add_argument("--sizes", help="values of each entry's runtime size (default: the tuned ones and README's 10)")
    ap.add_argument("--compile", choices=("static", "dynamic", "skip"), default="static")
    ap.add_argument("--only", help="entries, comma-separated")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", required=True, type=Path)
    a = ap.parse_args(argv)
    import torch
    rs.torch = torch
    lib = Library(a.lib)
    exact = Library(a.exact) if a.exact else None
    timer = rs.Timer()
    ceil = rs.measure_ceilings(timer)
    a.out.mkdir(parents=True, exist_ok=True)
    results = []
    for name, e in lib.entries.items():
        if a.only and name not in a.only.split(","):
            continue
        tuned = [b for b in e["buckets"] if b["status"] == "tuned"]
        if not tuned:
            continue
        base = dict(tuned[0]["sizes"])
        r = e["runtime"] or e["symbols"][0]
        values = [int(v) for v in a.sizes.split(",")] if a.sizes else sorted({b["sizes"][r] for b in tuned} | set(RANDOM_SIZES))
        compiled_dynamic = None
        for v in values:
            sizes = dict(base, **{r: v})
            rec = {"entry": name, "sizes": sizes, "bucket": lib.served_by(name, sizes), "notes": []}
            results.append(rec)
            try:
                graph = bound_graph(a.axon, e["graph"], sizes)
                tr = tg.translate(graph)
            except Exception as ex:  # noqa: BLE001 -- recorded
                rec["notes"].append("cannot translate: %s" % ex)
                continue
            rec["floor_us"] = 1e6 * max(tr.io_bytes / ceil["copy_bytes_per_s"], tr.matmul_flops / ceil["matmul_flops_per_s"])
            inputs = rs.make_inputs(tr, (a.seed * 1000003 + zlib.crc32(("%s%s" % (name, sizes)).encode())) % 2**31)
            ordered = [inputs[n] for n in tr.input_names]
            # A real file name: torch.compile (Dynamo) cannot trace a function whose code claims a
            # pseudo file ("<name>") and a module it cannot import (run_suite.py does the same).
            src = a.out / "torch" / ("%s_%s.py" % (name, "_".join("%s%d" % kv for kv in sizes.items())))
            src.parent.mkdir(parents=True, exist_ok=True)
            src.write_text(tr.source)
            eager = tg.build_function(tr, "cuda", str(src))
            ref = eager(*ordered)
            sides = {"eager": lambda: eager(*ordered)}
            for label, l in (("dispatch", lib), ("exact", exact)):
                if l is None or (label == "exact" and not l.has_exact(name, sizes)):
                    continue
                outs = [torch.empty(tr.infos[n].shape, dtype=tg.torch_dtype(torch, tr.infos[n].dtype), device="cuda")
                        for n in tr.output_names]
                for t in outs:
                    rs.poison(t)
                try:
                    fn = l.call(name, [sizes[s] for s in e["symbols"]], ordered, outs)
                    fn()
                    torch.cuda.synchronize()
                except Exception as ex:  # noqa: BLE001 -- recorded
                    rec["notes"].append("%s: %s" % (label, ex))
                    continue
                tol = rs.TOLERANCES[tr.infos[tr.output_names[0]].dtype]
                rec[label + "_check"] = {n: rs.compare(g, rf, *tol) for g, rf, n in zip(outs, ref, tr.output_names)}
                sides[label] = fn
            if a.compile != "skip":
                if a.compile == "dynamic":
                    compiled_dynamic = compiled_dynamic or torch.compile(eager, dynamic=True)
                    comp = compiled_dynamic
                else:
                    comp = torch.compile(eager, dynamic=False)
                try:
                    comp(*ordered)
                    sides["compiled"] = lambda comp=comp: comp(*ordered)
                except Exception as ex:  # noqa: BLE001 -- recorded: the other sides are still timed
                    rec["notes"].append("torch.compile: %s" % str(ex).splitlines()[-1][:200])
            times = timer.time_sides(sides)
            rec["times"] = times
            best_torch = min(times[s]["median_us"] for s in ("eager", "compiled") if s in times)
            if "dispatch" in times:
                d = times["dispatch"]["median_us"]
                rec["vs_torch"] = best_torch / d
                if "exact" in times:
                    rec["vs_exact"] = times["exact"]["median_us"] / d
                rec["floor_pct"] = 100 * rec["floor_us"] / d
            rs.log("%-20s %-28s %-26s dispatch %8s us  exact %8s  torch %8.1f  %s" % (
                name, " ".join("%s=%d" % kv for kv in sizes.items()), rec["bucket"],
                "%.1f" % times["dispatch"]["median_us"] if "dispatch" in times else "-",
                "%.1f" % times["exact"]["median_us"] if "exact" in times else "-", best_torch, "; ".join(rec["notes"])))
            del ref, inputs, ordered
            torch.cuda.empty_cache()
    (a.out / "results.json").write_text(json.dumps({"ceilings": {k: v for k, v in ceil.items() if not isinstance(v, dict)},
                                                    "lib": str(a.lib), "exact": str(a.exact) if a.exact else None,
                                                    "results": results}, indent=1, default=str))
    lines = ["| entry | sizes | bucket | dispatch us | exact us | eager us | compiled us | vs PyTorch | vs exact | % floor | check |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for rec in results:
        t = rec.get("times", {})
        cell = lambda s: "%.1f" % t[s]["median_us"] if s in t else "-"  # noqa: E731
        ok = all(c["mismatches"] == 0 for c in rec["dispatch_check"].values()) if "dispatch_check" in rec else None
        lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            rec["entry"], " ".join("%s=%d" % kv for kv in rec["sizes"].items()), rec["bucket"] or "-", cell("dispatch"), cell("exact"),
            cell("eager"), cell("compiled"), "%.2fx" % rec["vs_torch"] if "vs_torch" in rec else "-",
            "%.2fx" % rec["vs_exact"] if "vs_exact" in rec else "-", "%.0f%%" % rec["floor_pct"] if "floor_pct" in rec else "-",
            {True: "ok", False: "MISMATCH", None: "-"}[ok]))
    (a.out / "results.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
