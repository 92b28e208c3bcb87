"""The whole sweep from its runs: the latest result of each graph of a seed's grid.

    python3 benchmarks/sweep/summarize.py [--seed 1] [--results benchmarks/sweep/results] [--md FILE]
    python3 benchmarks/sweep/summarize.py --not-on H200    (the graphs a run on the H200 still owes)

The sweep runs in parts on the GPU host (a run covers what its time allows); each part leaves a
results.json (or, where the JSON did not come back, the runner's results.md table) under
`--results`. Folders are read in name order (dated names: oldest first), so a graph measured
again counts with its latest result. Prints, and with --md writes as a table: how many of the
grid's graphs have a result and how many validate, the geomean and worst speedup over the fastest
PyTorch side, per kind and in all, the cases below 0.9x and 0.8x, and which GPUs ran them.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from pathlib import Path
from typing import Dict, List, Optional

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402


class Result:
    def __init__(self, name: str, ok: bool, speedup: Optional[float], gpu: str, where: str):
        self.name, self.ok, self.speedup, self.gpu, self.where = name, ok, speedup, gpu, where


def _from_json(path: Path) -> List[Result]:
    data = json.loads(path.read_text(encoding="utf-8"))
    gpu = str(data.get("environment", {}).get("gpu", "")) or _gpu_of(path.with_name("results.md"))
    out = []
    for w in data.get("workloads", []):
        out.append(Result(w["name"], w.get("status") == "ok", w.get("speedup"), gpu, str(path.parent)))
    return out


def _gpu_of(md: Path) -> str:
    if not md.exists():
        return ""
    m = re.search(r"^# axon vs PyTorch: ([^(\n]+)", md.read_text(encoding="utf-8"), re.M)
    return m.group(1).strip() if m else ""


def _from_table(path: Path) -> List[Result]:
    """The runner's results.md: first column the name, a column "speedup vs fastest PyTorch",
    the last the check."""
    text = path.read_text(encoding="utf-8")
    gpu, col, out = _gpu_of(path), None, []
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if cells[0] == "workload":
            col = next((i for i, c in enumerate(cells) if c.startswith("speedup")), None)
            continue
        if set(cells[0]) <= set("-: ") or col is None:
            continue
        m = re.match(r"([0-9.]+)x", cells[col]) if col < len(cells) else None
        out.append(Result(cells[0], cells[-1].startswith("ok"), float(m.group(1)) if m else None, gpu, str(path.parent)))
    return out


def latest(results: Path) -> Dict[str, Result]:
    """Each workload's latest result under `results` (folders in name order)."""
    jsons = sorted(results.rglob("results.json"))
    have = {p.parent for p in jsons}
    files = jsons + [p for p in sorted(results.rglob("results.md")) if p.parent not in have]
    files.sort(key=lambda p: str(p.parent))
    found: Dict[str, Result] = {}
    for f in files:
        for r in (_from_json(f) if f.suffix == ".json" else _from_table(f)):
            r.where = str(f.parent.relative_to(results))
            found[r.name] = r
    return found


def geomean(xs: List[float]) -> float:
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def summarize(seed: int, results: Path) -> dict:
    cases = generate.grid(seed)
    found = latest(results)
    kinds = {}
    rows = []
    for kind in generate.KINDS:
        names = [g["name"] for g in cases[kind]]
        rs = [found[n] for n in names if n in found]
        ok = [r for r in rs if r.ok and r.speedup]
        sp = [r.speedup for r in ok]
        worst = min(ok, key=lambda r: r.speedup) if ok else None
        kinds[kind] = {"graphs": len(names), "measured": len(rs), "validated": len([r for r in rs if r.ok]),
                       "geomean": geomean(sp), "worst": (worst.name, worst.speedup) if worst else None}
        rows += rs
    ok = [r for r in rows if r.ok and r.speedup]
    total = sum(len(v) for v in cases.values())
    worst = min(ok, key=lambda r: r.speedup) if ok else None
    return {
        "seed": seed, "graphs": total, "measured": len(rows), "validated": len([r for r in rows if r.ok]),
        "failed": sorted(r.name for r in rows if not r.ok),
        "missing": sorted(g["name"] for v in cases.values() for g in v if g["name"] not in found),
        "geomean": geomean([r.speedup for r in ok]), "worst": (worst.name, worst.speedup) if worst else None,
        "below_0.9x": sorted(((r.name, r.speedup, r.gpu, r.where) for r in ok if r.speedup < 0.9), key=lambda t: t[1]),
        "below_0.8x": sorted(((r.name, r.speedup, r.where) for r in ok if r.speedup < 0.8), key=lambda t: t[1]),
        "gpus": sorted({r.gpu for r in rows if r.gpu}),
        "kinds": kinds,
    }


def not_on(seed: int, results: Path, gpu: str) -> List[str]:
    """The grid's graphs (in grid order) whose latest result was not measured on a GPU whose name
    contains `gpu` (case-insensitive), or that have none: what a run on that GPU still owes."""
    found = latest(results)
    want = gpu.lower()
    return [g["name"] for v in generate.grid(seed).values() for g in v
            if g["name"] not in found or want not in found[g["name"]].gpu.lower()]


def markdown(s: dict) -> str:
    out = ["| kind | graphs | measured | validate | geomean | worst |", "|---|---|---|---|---|---|"]
    for kind, k in s["kinds"].items():
        w = "%s %.2fx" % (k["worst"][0], k["worst"][1]) if k["worst"] else "-"
        out.append("| %s | %d | %d | %d | %.2fx | %s |" % (kind, k["graphs"], k["measured"], k["validated"], k["geomean"], w))
    w = "%s %.2fx" % s["worst"] if s["worst"] else "-"
    out.append("| **all** | %d | %d | %d | %.2fx | %s |" % (s["graphs"], s["measured"], s["validated"], s["geomean"], w))
    out.append("")
    out.append("Below 0.9x (%d): %s" % (len(s["below_0.9x"]), ", ".join("`%s` %.2fx" % (n, x) for n, x, _, _ in s["below_0.9x"]) or "none"))
    out.append("")
    out.append("Below 0.8x (%d, with the run that measured each): %s" % (
        len(s["below_0.8x"]), ", ".join("`%s` %.2fx (%s)" % t for t in s["below_0.8x"]) or "none"))
    out.append("")
    out.append("GPUs: %s. Failed: %s. Not measured: %d." % (", ".join(s["gpus"]) or "-", ", ".join(s["failed"]) or "none", len(s["missing"])))
    return "\n".join(out) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--results", default=str(HERE / "results"), help="the runs' folder (default benchmarks/sweep/results)")
    ap.add_argument("--md", help="also write the table to this file")
    ap.add_argument("--not-on", metavar="GPU",
                    help="print instead the names, comma-separated, of the graphs whose latest result was not measured "
                         "on a GPU whose name contains GPU (e.g. H200), or that have none (run.sh's SWEEP_ONLY, "
                         "run_suite.py --only)")
    args = ap.parse_args(argv)
    root = Path(args.results)
    if not root.is_dir():
        print("summarize.py: --results %s: no such folder" % root, file=sys.stderr)
        return 2
    if args.not_on is not None:
        if not args.not_on.strip():
            print("summarize.py: --not-on: give a GPU name or part of one (e.g. H200)", file=sys.stderr)
            return 2
        print(",".join(not_on(args.seed, root, args.not_on.strip())))
        return 0
    s = summarize(args.seed, root)
    text = markdown(s)
    print(text, end="")
    if args.md:
        head = ("# The sweep of seed %d: each graph's latest result\n\nWritten by `python3 benchmarks/sweep/summarize.py --seed %d "
                "--md FILE` from the runs under `results/` (README.md, \"The whole sweep\"; each run's NOTES.md says what it ran "
                "and on which GPU).\n\n" % (args.seed, args.seed))
        Path(args.md).write_text(head + text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
