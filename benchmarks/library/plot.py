#!/usr/bin/env python3
"""The % of the floor per shape of an `axon library` run (docs/library.md), from its summary.csv,
as a PNG: one line per entry over its first size. Needs matplotlib; without it, says so and exits 0
(the CSV is the record).

    python3 benchmarks/library/plot.py lib/summary.csv lib/floor.png
"""
import csv
import sys


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot.py: matplotlib is not installed: no PNG (the CSV is %s)" % argv[1])
        return 0
    series = {}
    with open(argv[1], newline="") as f:
        for row in csv.DictReader(f):
            if row["status"] != "tuned" or not row["floor_pct"]:
                continue
            first = row["sizes"].split(" ")[0]  # "M=64"
            series.setdefault(row["entry"], []).append((int(first.split("=")[1]), float(row["floor_pct"])))
    if not series:
        print("plot.py: no timed bucket with a floor in %s: nothing to plot" % argv[1])
        return 0
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for entry, points in sorted(series.items()):
        points.sort()
        ax.plot([p[0] for p in points], [p[1] for p in points], marker="o", label=entry)
    ax.set_xscale("log", base=2)
    ax.set_xlabel("first size of the bucket")
    ax.set_ylabel("% of the floor")
    ax.axhline(100, color="grey", linewidth=0.5)
    ax.legend()
    ax.grid(True, alpha=0.3)
    fig.tight_layout()
    fig.savefig(argv[2], dpi=120)
    print("plot.py: wrote %s" % argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
