"""The suite's outputs: results.json, results.md, speedups.png and the closing summary.

Pure Python (matplotlib optional), so the formatting can be checked without a GPU.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import List, Optional, Tuple

COLUMNS = ("workload", "axon us", "eager us", "compiled us", "SDPA us", "floor us",
           "same-size copy us", "speedup vs fastest PyTorch", "% of floor", "% of copy",
           "peak MiB axon/eager/compiled", "search s", "check")


def _num(v, fmt: str = "%.1f", none: str = "-") -> str:
    return none if v is None else fmt % v


def _mib(v) -> str:
    return "-" if v is None else ("%.0f" % v if v >= 10 else "%.2g" % v)


def search_summary(axon_report: dict) -> List[dict]:
    """What axon's search tried, from its report.json, small enough to keep in results.json: per
    realized variant, each kernel's group, strategy, winner and every trial as [config,
    estimate us, measured us (None when untimed or failed), status]. The estimates beside the
    measurements are what calibrating the cost model needs (the kernels' folders are not kept)."""
    out = []
    for v in axon_report.get("variants", []):
        kernels = []
        for k in v.get("kernels", []):
            trials = [[t.get("config"), t.get("estimate_us"),
                       t.get("time_us") if t.get("status") == "ok" else None, t.get("status")]
                      for t in k.get("trials", [])]
            kernels.append({"group": k.get("group"), "strategy": k.get("strategy"),
                            "winner": k.get("winner"), "time_us": k.get("time_us"),
                            "bytes": k.get("bytes"), "flops": k.get("flops"), "trials": trials})
        out.append({"variant": v.get("variant"), "chosen": v.get("chosen"),
                    "total_us": v.get("total_us"), "model_us": v.get("model_us"),
                    "kernels": kernels})
    return out


def check_cell(rec: dict) -> str:
    """'ok', or FAILED with the reasons (a failure of the run, shown in the table)."""
    if rec["status"] != "ok":
        return "**FAILED**: " + "; ".join(rec["reasons"]).replace("|", "/")
    if not rec.get("check"):
        return "not checked"
    worst = max(c["max_err_over_tol"] for c in rec["check"].values())
    return "ok (max err %.2g x tol)" % worst


def row(rec: dict) -> List[str]:
    """One table row of a workload."""
    peak = rec.get("peak_mib", {})
    peaks = "/".join(_mib(peak.get(s)) for s in ("axon", "eager", "compiled"))
    return [rec["name"], _num(rec.get("axon_us")), _num(rec.get("eager_us")),
            _num(rec.get("compiled_us")), _num(rec.get("sdpa_us")), _num(rec.get("floor_us")),
            _num(rec.get("copy_us")),
            _num(rec.get("speedup"), "%.2fx"), _num(rec.get("pct_of_floor"), "%.0f%%"),
            _num(rec.get("pct_of_copy"), "%.0f%%"), peaks, _num(rec.get("search_s")), check_cell(rec)]


def table(results: List[dict]) -> str:
    """The Markdown table of all workloads."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "|" + "---|" * len(COLUMNS)]
    lines += ["| " + " | ".join(row(r)) + " |" for r in results]
    return "\n".join(lines)


SLOW = 0.9   # workloads below this speedup are listed by name in the summary


def summary(results: List[dict]) -> dict:
    """Geometric-mean speedup, the worst workload and those below SLOW, over the workloads that
    passed."""
    passed = [r for r in results if r["status"] == "ok" and r.get("speedup")]
    out = {"workloads": len(results), "passed": len(passed),
           "failed": [r["name"] for r in results if r["status"] != "ok"],
           "geomean_speedup": None, "worst": None, "below_%gx" % SLOW: []}
    if passed:
        out["geomean_speedup"] = math.exp(sum(math.log(r["speedup"]) for r in passed)
                                          / len(passed))
        worst = min(passed, key=lambda r: r["speedup"])
        out["worst"] = {"name": worst["name"], "speedup": worst["speedup"]}
        out["below_%gx" % SLOW] = [{"name": r["name"], "speedup": r["speedup"]}
                                   for r in sorted(passed, key=lambda r: r["speedup"])
                                   if r["speedup"] < SLOW]
    return out


def summary_lines(s: dict) -> List[str]:
    """The closing lines: geomean, worst, failures."""
    lines = []
    if s["geomean_speedup"] is None:
        lines.append("geomean speedup over the fastest PyTorch: none (no workload passed)")
    else:
        lines.append("geomean speedup over the fastest PyTorch: %.3fx over %d passing workloads"
                     % (s["geomean_speedup"], s["passed"]))
        lines.append("worst workload: %s at %.3fx" % (s["worst"]["name"], s["worst"]["speedup"]))
        slow = s.get("below_%gx" % SLOW, [])
        lines.append("below %gx: %s" % (SLOW, "none" if not slow else "%d: %s" % (
            len(slow), ", ".join("%s %.2fx" % (r["name"], r["speedup"]) for r in slow))))
    if s["failed"]:
        lines.append("FAILED (%d of %d, not in the geomean): %s"
                     % (len(s["failed"]), s["workloads"], ", ".join(s["failed"])))
    return lines


def summary_line(rec: dict) -> str:
    """One progress line after a workload."""
    sdpa = "" if rec.get("sdpa_us") is None else ", SDPA %s us" % _num(rec.get("sdpa_us"))
    return "axon %s us, eager %s us, compiled %s us%s, floor %s us, speedup %s, %s" % (
        _num(rec.get("axon_us")), _num(rec.get("eager_us")), _num(rec.get("compiled_us")), sdpa,
        _num(rec.get("floor_us")), _num(rec.get("speedup"), "%.2fx"),
        "ok" if rec["status"] == "ok" else "FAILED")


def markdown(env: dict, ceilings: dict, results: List[dict], skipped: List[Tuple[str, str]]) -> str:
    """results.md: context, the table, the summary, what was skipped."""
    s = summary(results)
    out = ["# axon vs PyTorch: %s" % env["gpu"], "",
           "%s; torch %s, triton %s, CUDA %s; axon: %s." % (
               env["date"], env["torch"], env["triton"], env["cuda"], env["axon_version"]),
           "Ceilings measured in this run: device copy %.0f GB/s (bytes read + written, "
           "%d GiB buffer); bf16 matmul %d^3 at %.0f TFLOP/s." % (
               ceilings["copy_bytes_per_s"] / 1e9, ceilings["copy_buffer_bytes"] >> 30,
               ceilings["matmul_n"], ceilings["matmul_flops_per_s"] / 1e12),
           "Times are medians of CUDA-event timings with L2 flushed between repetitions; "
           "speedup = the fastest PyTorch side (eager, compiled, and for graphs that are exactly "
           "attention PyTorch's fused scaled_dot_product_attention) divided by axon; "
           "% of floor = floor / axon; "
           "same-size copy = a device copy (torch copy_) moving the workload's bytes, timed the "
           "same way; % of copy = that time / axon.",
           "TF32 for f32 matmuls: %s (PyTorch and axon alike)." % (
               "allowed" if env.get("settings", {}).get("allow_tf32") else "off"),
           "", table(results), ""]
    out += ["- " + line for line in summary_lines(s)]
    notes = [(r["name"], n) for r in results for n in r.get("notes", [])]
    if notes:
        out += ["", "Notes:"] + ["- %s: %s" % nn for nn in notes]
    if skipped:
        out += ["", "Skipped:"] + ["- %s: %s" % w for w in skipped]
    return "\n".join(out) + "\n"


def plot(results: List[dict], path: Path, title: str) -> Optional[str]:
    """speedups.png (log scale, a line at 1.0); returns why it was skipped, or None."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        from matplotlib.ticker import FuncFormatter, NullFormatter
    except ImportError:
        return "matplotlib is not installed"
    rows = [r for r in results if r.get("speedup")]
    if not rows:
        return "no workload has both an axon and a PyTorch time"
    fig, ax = plt.subplots(figsize=(max(6.0, 0.55 * len(rows) + 2), 4.8))
    values = [r["speedup"] for r in rows]
    colors = ["tab:red" if r["status"] != "ok" else
              ("tab:green" if v >= 1 else "tab:orange") for r, v in zip(rows, values)]
    ax.bar(range(len(rows)), [v - 1.0 for v in values], bottom=1.0, color=colors)  # from 1.0
    ax.set_yscale("log")
    span = max(2.0, 1.3 * max(max(values), 1.0 / min(values)))
    ax.set_ylim(1.0 / span, span)
    ax.set_yticks([2.0 ** k for k in range(-10, 11) if 1.0 / span <= 2.0 ** k <= span])
    ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _: "%gx" % v))
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.axhline(1.0, color="black", linewidth=1)
    for i, v in enumerate(values):
        ax.text(i, v, "%.2fx" % v, ha="center", va="bottom" if v >= 1 else "top", fontsize=7)
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([r["name"] + (" (FAILED)" if r["status"] != "ok" else "") for r in rows],
                       rotation=60, ha="right", fontsize=8)
    ax.set_ylabel("speedup over the fastest PyTorch side")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=150)
    plt.close(fig)
    return None


def jsonable(v):
    """v with non-finite floats as strings (JSON has no inf or NaN) and paths as strings."""
    if isinstance(v, float) and not math.isfinite(v):
        return str(v)
    if isinstance(v, dict):
        return {str(k): jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [jsonable(x) for x in v]
    if isinstance(v, Path):
        return str(v)
    return v


def write_json(out: Path, env: dict, ceilings: dict, results: List[dict],
               skipped: List[Tuple[str, str]]) -> None:
    """results.json: every figure of the run (rewritten after each workload)."""
    doc = {"environment": env, "ceilings": ceilings, "workloads": results,
           "summary": summary(results), "skipped": [{"what": w, "why": y} for w, y in skipped]}
    (out / "results.json").write_text(json.dumps(jsonable(doc), indent=2) + "\n",
                                      encoding="utf-8")


def write_all(out: Path, env: dict, ceilings: dict, results: List[dict],
              skipped: List[Tuple[str, str]]) -> None:
    """Write results.json, results.md, speedups.png; print the table, summary and skips."""
    skipped = list(skipped)
    try:
        why_no_plot = plot(results, out / "speedups.png", "axon vs PyTorch on %s" % env["gpu"])
    except Exception as e:  # the figures matter more than the picture
        why_no_plot = "plotting failed: %s: %s" % (type(e).__name__, e)
    if why_no_plot:
        skipped.append(("speedups.png", why_no_plot))
    write_json(out, env, ceilings, results, skipped)
    (out / "results.md").write_text(markdown(env, ceilings, results, skipped), encoding="utf-8")
    print("\n" + table(results) + "\n", flush=True)
    for line in summary_lines(summary(results)):
        print(line, flush=True)
    for what, why in skipped:
        print("skipped %s: %s" % (what, why), flush=True)
    print("wrote %s, %s%s" % (out / "results.json", out / "results.md",
                              "" if why_no_plot else ", " + str(out / "speedups.png")), flush=True)
