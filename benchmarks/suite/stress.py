"""Look for races: run launchers that `axon superopt` wrote for one graph many times on the same
inputs and count the runs whose output is not bit for bit the first run's.

    python3 benchmarks/suite/stress.py GRAPH.json DIR [DIR ...] [--runs N] [--axon AXON]

Each DIR is an output folder of `axon superopt` for GRAPH (e.g. one configuration picked with
--config-match and --configs 1; on the GPU host `scripts/gpu_check.sh stress GRAPH MATCH...` builds
one folder per MATCH and runs this on them). Each run is compared with the first as soon as it is done (the
count waits for it), with device work of varying length (a fill of up to 64 MiB) before every
third, so that blocks start and meet at varying times. Every kernel axon generates computes the same bits on the
same inputs (no atomics in a reduction's order), so any difference is a race. One line per DIR:
runs, runs that differ, the most elements that differ in one run. Exit status 1 when any DIR had
a difference. Needs a GPU and PyTorch.

Where runs differ, the line after names the places: for each output, the leading indices and the
first row of each block of 16 rows (a warp's rows in the attention kernels) with the number of
runs in which it differed.

Found this way (H100, 2026-12-06): a 3xTF32 attention kernel of three-block clusters (one causal
head pair of 1387 rows at d 32, 64 x 32 tiles) differed in 71 to 344 of 3000-6000 runs, always in
the first 16 rows (one warp) of the four longest row blocks. The cause: its warps read K's and V's
slots with ld.shared (the generic proxy) and released them to the next TMA copy (the async proxy)
without a proxy fence, so a read still in flight could see the next tile. With the fence
(`MbarrierRing::generic_reads_done`) none of 3000-6000 runs differ.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))


def differing_places(got, first) -> set:
    """(output, leading indices, first row of 16) of every element of `got` that is not `first`'s."""
    places = set()
    for o, (g, f) in enumerate(zip(got, first)):
        if g.dim() >= 2:
            places |= {(o, tuple(x[:-2].tolist()), int(x[-2]) // 16 * 16) for x in (g != f).nonzero()}
    return places


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("graph", type=Path)
    ap.add_argument("dirs", type=Path, nargs="+")
    ap.add_argument("--runs", type=int, default=3000)
    ap.add_argument("--axon", default="axon", help="the axon binary (reads the graph as axon does)")
    args = ap.parse_args(argv)

    import torch  # noqa: E402  (after --help, which needs no GPU)

    import run_suite  # noqa: E402
    import torch_graph as tg  # noqa: E402
    from axon_launcher import AxonKernel  # noqa: E402

    graph = run_suite.canonical_graph(args.axon, args.graph)
    tr = tg.translate(graph)
    inputs = run_suite.make_inputs(tr, zlib.crc32(graph["name"].encode()) % 2**31)
    junk = torch.empty(64 << 20, dtype=torch.uint8, device="cuda")
    racy = False
    for d in args.dirs:
        call, _ = AxonKernel(d, tr).prepare(inputs)
        first = [t.clone() for t in call()]
        torch.cuda.synchronize()
        differ, worst, where = 0, 0, {}
        for i in range(args.runs):
            if i % 3 == 1:  # other work before the launch, of varying length
                junk[: (i * 7919) % junk.numel()].fill_(i & 255)
            got = call()
            n = sum(int((g != f).sum()) for g, f in zip(got, first))
            if n:
                differ += 1
                worst = max(worst, n)
                for place in differing_places(got, first):
                    where[place] = where.get(place, 0) + 1
        torch.cuda.synchronize()
        racy = racy or differ > 0
        print("%s: %d runs, %d differ from the first (at most %d elements)" % (d, args.runs, differ, worst))
        if where:
            places = sorted(where.items())
            print("  output, leading indices, first row of 16 -> runs: " +
                  ", ".join("%d %s %d -> %d" % (o, lead, row, k) for (o, lead, row), k in places[:24]) +
                  (" ..." if len(places) > 24 else ""))
    return 1 if racy else 0


if __name__ == "__main__":
    sys.exit(main())
