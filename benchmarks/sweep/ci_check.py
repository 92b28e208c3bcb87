#!/usr/bin/env python3
"""The sweep's CI check (a ctest test, tests/CMakeLists.txt; no GPU needed):

    python3 benchmarks/sweep/ci_check.py --axon build/src/cli/axon [--seed 1] [--sample 8] [--budget 5]

generates a seeded sample of the sweep (generate.py: round-robin over the kinds), runs
`axon superopt GRAPH --no-gpu -q --budget B` on each and requires kernels for every case: exit 0,
kernel files and launcher.json written, and, where nvcc is found (axon builds the launcher's
library with it: launcher.json's `library_built`), the library built, i.e. every kernel compiles
with nvcc for sm_90 (sm_90a where a kernel uses wgmma). Cases listed in EXPECTED_FAILURES may
fail (XFAIL); one of them that passes is reported as XPASS (remove it from the list). Exit 0 when
every other case passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import generate  # noqa: E402

# Sweep cases that fail today, by a regular expression on the graph's name, with the reason.
# Shrink this list as they are fixed; the check prints it every time.
EXPECTED_FAILURES = {
}


def expected(name: str):
    for pattern, why in EXPECTED_FAILURES.items():
        if re.search(pattern, name):
            return why
    return None


def tail(path: Path, n: int = 400) -> str:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""
    return " ".join(text[-n:].split())


def check(axon: str, graph: Path, out: Path, budget: float, timeout: float) -> tuple:
    """(passed, what) for one graph."""
    cmd = [axon, "superopt", str(graph), "-o", str(out), "--no-gpu", "-q", "--budget", str(budget)]
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "axon superopt did not finish in %.0f s" % timeout
    if p.returncode != 0:
        return False, "axon superopt exit %d: %s" % (p.returncode, " ".join((p.stderr or p.stdout)[-400:].split()))
    kernels = sorted(out.glob("kernel*.cu"))
    if not kernels:
        return False, "no kernel files written"
    try:
        lj = json.loads((out / "launcher.json").read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        return False, "launcher.json: %s" % e
    kinds = ", ".join(k.stem.split("_", 1)[1] for k in kernels)
    if lj.get("library_built"):
        return True, "%d kernels (%s), nvcc built the library" % (len(kernels), kinds)
    if (out / "nvcc.log").exists():
        return False, "nvcc failed on the launcher: %s" % tail(out / "nvcc.log")
    return True, "%d kernels (%s); no nvcc: compile check skipped" % (len(kernels), kinds)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--axon", required=True, help="the axon binary")
    p.add_argument("--seed", type=int, default=1, help="seed of the sweep's shapes and sample (default 1)")
    p.add_argument("--sample", type=int, default=8, help="graphs to check (default 8)")
    p.add_argument("--budget", type=float, default=5, help="axon superopt --budget (default 5)")
    p.add_argument("--timeout", type=float, default=240, help="seconds per graph before it counts as failed")
    p.add_argument("--keep", help="keep the graphs and axon's outputs in this folder")
    args = p.parse_args(argv)
    work = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="axon_sweep_"))
    try:
        graphs = work / "graphs"
        cases = generate.write(graphs, args.seed, args.sample)
        print("sweep check: %d graphs (seed %d) in %s; nvcc %s" % (
            len(cases), args.seed, graphs, "found" if shutil.which("nvcc") or Path("/usr/local/cuda/bin/nvcc").exists()
            else "not found (compile check skipped)"), flush=True)
        failed, rows = [], []
        for g in cases:
            name = g["name"]
            t0 = time.time()
            ok, what = check(args.axon, graphs / (name + ".json"), work / "out" / name, args.budget, args.timeout)
            why = expected(name)
            status = ("XPASS" if why else "ok") if ok else ("XFAIL" if why else "FAIL")
            if status == "FAIL":
                failed.append(name)
            rows.append((status, name, what, why))
            print("%-5s %-55s %5.1f s  %s%s" % (status, name, time.time() - t0, what,
                                                 "  [expected: %s]" % why if why else ""), flush=True)
        print("\nexpected failures (EXPECTED_FAILURES in %s): %s" % (
            Path(__file__).name, "none" if not EXPECTED_FAILURES else ""))
        for pattern, why in EXPECTED_FAILURES.items():
            print("  %s: %s" % (pattern, why))
        for status, name, _, _ in rows:
            if status == "XPASS":
                print("XPASS %s: passes now; remove its entry from EXPECTED_FAILURES" % name)
        print("%d of %d passed, %d expected failures, %d FAILED%s" % (
            sum(r[0] in ("ok", "XPASS") for r in rows), len(rows), sum(r[0] == "XFAIL" for r in rows),
            len(failed), (": " + ", ".join(failed)) if failed else ""))
        return 1 if failed else 0
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
