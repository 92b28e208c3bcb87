"""Time launchers that `axon superopt` wrote for one graph side by side with PyTorch.

    python3 benchmarks/suite/side_by_side.py GRAPH.json DIR [DIR ...] [--rounds N]

Each DIR is an output folder of `axon superopt` for GRAPH (launcher.json and its library; e.g.
variants generated with --config-match, or hand-edited and rebuilt). Every side runs on the same
seeded inputs (the suite's make_inputs): PyTorch eager (or PyTorch's fused attention where the
graph is exactly attention) and each DIR. Each DIR's outputs are first compared with eager's (largest absolute difference and
NaN count); then N rounds of the suite's timing (Timer.time_sides: every side once per rep, order
rotating, L2 flushed before each run, medians), one line per round. Needs a GPU and PyTorch.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import torch  # noqa: E402

import axon_launcher as al  # noqa: E402
import run_suite  # noqa: E402
import sdpa  # noqa: E402
import torch_graph as tg  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("graph", type=Path)
    ap.add_argument("dirs", type=Path, nargs="+")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    graph = json.loads(args.graph.read_text(encoding="utf-8"))
    tr = tg.translate(graph)
    inputs = run_suite.make_inputs(tr, 0)
    ins = [inputs[n] for n in tr.input_names]
    eager = tg.build_function(tr, "cuda")
    ref = eager(*ins)
    form = sdpa.sdpa_form(graph)
    if form is not None:
        fused = sdpa.sdpa_function(form, tr.input_names)
        sides = {"sdpa": lambda: fused(*ins)}
    else:
        sides = {"eager": lambda: eager(*ins)}
    for d in args.dirs:
        call, outs = al.AxonKernel(d, tr).prepare(inputs)
        call()
        torch.cuda.synchronize()
        report = ["max err %.3g (ref max %.3g) nan %d" % ((o.double() - r.double()).abs().max().item(),
                                                       r.double().abs().max().item(), torch.isnan(o).sum().item())
                  for o, r in zip(outs, ref)]
        print(d, "; ".join(report), flush=True)
        sides[str(d)] = call
    timer = run_suite.Timer()
    for r in range(args.rounds):
        res = timer.time_sides(dict(sides))
        print("round %d: " % r + "  ".join("%s %.1f" % (n, v["median_us"]) for n, v in res.items()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
