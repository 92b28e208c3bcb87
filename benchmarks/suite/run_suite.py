#!/usr/bin/env python3
"""Benchmark `axon superopt` kernels against PyTorch eager and torch.compile on one GPU.

    python3 run_suite.py --axon build/axon --graphs benchmarks/graphs --out results/ \
        [--budget SECONDS_PER_GRAPH] [--only name1,name2] [--skip-compile] [--allow-tf32]
        [--config-match TEXT]

For each graph: search with `axon superopt`, load its launcher with ctypes, check its outputs
against PyTorch eager on the same inputs, then time axon, eager and torch.compile side by side
(rounds of one run each, rotating; CUDA events, L2 flushed before each run, median) in this one
process, next to two ceilings
measured first (device copy bandwidth, bf16 matmul rate) that give each workload's floor.
Writes results.json, results.md and speedups.png under --out. Method: README.md (this folder).
"""

from __future__ import annotations

import argparse
import datetime
import gc
import json
import math
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import graph_info as gi  # noqa: E402
import report  # noqa: E402
import sdpa  # noqa: E402
import torch_graph as tg  # noqa: E402
from axon_launcher import AxonKernel, AxonRunError, LauncherError, log, run_superopt  # noqa: E402

try:
    import torch
except ImportError:  # main() says so; the rest of the module stays importable for tests
    torch = None

MIB = 1 << 20
SIDES = ("axon", "eager", "compiled", "sdpa")   # sdpa: attention graphs only (sdpa.py)
COPY_BYTES = 2 << 30            # device-to-device copy of the bandwidth ceiling
MATMUL_N = 8192                 # bf16 N^3 matmul of the compute ceiling
FLUSH_MIN_BYTES = 256 * MIB     # L2 flush buffer: at least this, and at least 2x the L2
MIN_REPS, MAX_REPS, SIDE_SECONDS = 10, 100, 0.5
TOLERANCES = {"f32": (1e-3, 1e-3), "f32+tf32": (5e-3, 5e-3), "bf16": (2e-2, 2e-2),
              "f16": (5e-3, 5e-3), "i32": (0.0, 0.0), "bool": (0.0, 0.0)}  # dtype -> rtol, atol
NOISE_K = 8.0   # the bound also allows NOISE_K x the RMS error eager itself makes in each row


def canonical_graph(axon: str, path: Path) -> dict:
    """The graph as axon reads it (`axon print`: defaults filled, each constant's dtype resolved,
    docs/graph-format.md), so that PyTorch runs what axon runs; the file itself if print fails
    (superopt then reports why)."""
    r = subprocess.run([axon, "print", str(path)], capture_output=True, text=True)
    if r.returncode != 0:
        return gi.load_graph(path)
    return json.loads(r.stdout)


# ---- timing ----------------------------------------------------------------------------------

class Timer:
    """One timing method for every side: CUDA events, warm-up, L2 flushed before each rep."""

    def __init__(self):
        props = torch.cuda.get_device_properties(torch.cuda.current_device())
        self.flush_bytes = max(FLUSH_MIN_BYTES, 2 * int(getattr(props, "L2_cache_size", 0)))
        self._flush = torch.empty(self.flush_bytes, dtype=torch.uint8, device="cuda")

    def _reps(self, fn, n: int):
        events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True))
                  for _ in range(n)]
        for start, end in events:
            self._flush.zero_()      # queued before `start`: outside the timed region
            start.record()
            fn()
            end.record()
        torch.cuda.synchronize()
        return [start.elapsed_time(end) * 1e3 for start, end in events]  # us

    def time(self, fn) -> dict:
        """Median (and min, max) microseconds of fn() over MIN_REPS..MAX_REPS reps."""
        return self.time_sides({"fn": fn})["fn"]

    def time_sides(self, sides: dict) -> dict:
        """Each side's median (and min, max) microseconds, timed side by side: after a warm-up,
        rounds in which every side runs once (the order rotating from round to round), the L2
        flushed before each run, so that clocks and temperature drift alike for every side.
        Reps: MIN_REPS..MAX_REPS, about SIDE_SECONDS of the slowest side."""
        names = list(sides)
        for n in names:
            sides[n]()
        torch.cuda.synchronize()
        estimate = max(statistics.median(self._reps(sides[n], 3)) for n in names)
        reps = int(min(MAX_REPS, max(MIN_REPS, SIDE_SECONDS * 1e6 / max(estimate, 1.0))))
        events = {n: [] for n in names}
        for r in range(reps):
            for n in names[r % len(names):] + names[:r % len(names)]:
                start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
                self._flush.zero_()      # queued before `start`: outside the timed region
                start.record()
                sides[n]()
                end.record()
                events[n].append((start, end))
        torch.cuda.synchronize()
        out = {}
        for n in names:
            times = [s.elapsed_time(e) * 1e3 for s, e in events[n]]  # us
            out[n] = {"median_us": statistics.median(times), "min_us": min(times),
                      "max_us": max(times), "reps": reps}
        return out

    @staticmethod
    def peak_mib(fn) -> float:
        """Device memory fn() allocates at its peak, beyond what was allocated before it."""
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        result = fn()
        torch.cuda.synchronize()
        peak = torch.cuda.max_memory_allocated() - base
        del result
        return peak / MIB


def measure_ceilings(timer: Timer) -> dict:
    """Device copy bandwidth (bytes read + written per s) and the bf16 matmul rate (FLOP/s)."""
    log("ceilings: %d GiB device copy, %d^3 bf16 matmul" % (COPY_BYTES >> 30, MATMUL_N))
    src = torch.ones(COPY_BYTES, dtype=torch.uint8, device="cuda")
    dst = torch.empty_like(src)
    copy = timer.time(lambda: dst.copy_(src))
    del src, dst
    a = torch.randn(MATMUL_N, MATMUL_N, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(MATMUL_N, MATMUL_N, device="cuda", dtype=torch.bfloat16)
    mm = timer.time(lambda: torch.matmul(a, b))
    del a, b
    torch.cuda.empty_cache()
    out = {"copy_bytes_per_s": 2 * COPY_BYTES / (copy["median_us"] * 1e-6),
           "copy_buffer_bytes": COPY_BYTES, "copy_timing": copy,
           "matmul_flops_per_s": 2 * MATMUL_N ** 3 / (mm["median_us"] * 1e-6),
           "matmul_n": MATMUL_N, "matmul_timing": mm}
    log("ceilings: copy %.0f GB/s, bf16 matmul %.0f TFLOP/s"
        % (out["copy_bytes_per_s"] / 1e9, out["matmul_flops_per_s"] / 1e12))
    return out


# ---- data and checks ---------------------------------------------------------------------------

def make_inputs(tr: tg.Translation, seed: int) -> dict:
    """Seeded random inputs: floats ~ N(0, 1), i32 in [-8, 8], bool with p = 0.5."""
    gen = torch.Generator(device="cuda")
    gen.manual_seed(seed)
    out = {}
    for name in tr.input_names:
        info = tr.infos[name]
        if info.dtype in gi.FLOAT_DTYPES:
            t = torch.randn(info.shape, generator=gen, device="cuda", dtype=torch.float32)
            out[name] = t.to(tg.torch_dtype(torch, info.dtype))
        elif info.dtype == "i32":
            out[name] = torch.randint(-8, 9, info.shape, generator=gen, device="cuda",
                                      dtype=torch.int32)
        else:
            out[name] = torch.rand(info.shape, generator=gen, device="cuda") < 0.5
    return out


def poison(t) -> None:
    """Fill an output before the checked launch, so elements axon never writes stand out."""
    if t.is_floating_point():
        t.fill_(math.nan)
    elif t.dtype == torch.int32:
        t.fill_(-2 ** 31)


def row_rms(t):
    """RMS over the last axis (keepdim; non-finite entries count as 0), in f64."""
    t = t.double()
    t = torch.where(torch.isfinite(t), t, 0.0)
    return t.square().mean(-1, keepdim=True).sqrt() if t.dim() else t.abs()


def eager_noise(graph: dict, ordered: list, ref) -> list:
    """Per output, per row: RMS of eager's error against the graph evaluated in f64 (as
    `axon eval --precision f64` defines it), i.e. the rounding noise PyTorch itself makes."""
    exact = tg.build_function(tg.translate(gi.exact_graph(graph)), "cuda")(
        *[t.double() if t.is_floating_point() else t for t in ordered])
    return [row_rms(r.double() - e) for r, e in zip(ref, exact)]


def compare(got, ref, rtol: float, atol: float, noise=None) -> dict:
    """Elementwise check in f64, NaN == NaN:
    |got - ref| <= atol * scale + rtol * |ref| + NOISE_K * noise.

    scale is the RMS of the reference's row (its last axis) holding the element, and at least
    the RMS of the whole reference (1 if that is 0): atol follows the magnitude of the output
    vectors (softmax probabilities, matmul sums, attention rows of different lengths). noise
    (optional, per row) is eager's own error (eager_noise), so another rounding of the same
    bf16 pipeline (f32 intermediates, another summation order) is not called a mismatch.
    """
    r = ref.double()
    r0 = torch.where(torch.isfinite(r), r, 0.0)
    rms = float(r0.square().mean().sqrt()) if r.numel() else 0.0
    floor = rms if rms > 0 else 1.0
    scale = (r0.square().mean(-1, keepdim=True).sqrt().clamp_min(floor).expand_as(r)
             if r.dim() else torch.full_like(r, floor))
    noise = torch.zeros_like(r) if noise is None else noise.expand_as(r)
    g, r, scale, noise = (t.flatten() for t in (got.double(), r, scale, noise))
    same = (g == r) | (torch.isnan(g) & torch.isnan(r))
    diff = (g - r).abs()
    bound = atol * scale + rtol * r.abs() + NOISE_K * noise
    bad = ~same & ~(diff <= bound)
    measurable = ~same & torch.isfinite(diff) & (bound > 0)
    res = {"elements": g.numel(), "mismatches": int(bad.sum()), "rtol": rtol, "atol": atol,
           "ref_rms": rms, "eager_err_rms": float(noise.square().mean().sqrt()),
           "max_abs_err": float(torch.where(same | ~torch.isfinite(diff), 0.0, diff).max()),
           "max_err_over_tol": float(torch.where(measurable, diff / bound, 0.0).max()),
           "nonfinite_mismatches": int((bad & ~torch.isfinite(diff)).sum())}
    if res["mismatches"]:
        i = int(torch.argmax(bad.to(torch.uint8)))
        res["first_mismatch"] = {"flat_index": i, "got": float(g[i]), "ref": float(r[i])}
    return res


# ---- one workload ------------------------------------------------------------------------------

class Suite:
    """One run: the settings, the timer, the ceilings and where the files go."""

    def __init__(self, args, timer: Timer, ceilings: dict, out: Path):
        self.args, self.timer, self.ceilings, self.out = args, timer, ceilings, out

    def tolerance(self, dtype: str):
        key = "f32+tf32" if dtype == "f32" and self.args.allow_tf32 else dtype
        return TOLERANCES[key]

    def run(self, name: str, path: Path) -> dict:
        """Search, check and time one graph; every failure is recorded in the result."""
        rec = new_record(name, path)
        try:
            graph = canonical_graph(self.args.axon, path)
            tr = tg.translate(graph)
        except (OSError, ValueError) as e:
            return _fail(rec, "cannot translate the graph: %s" % e)
        ceil = self.ceilings
        rec.update(io_bytes=tr.io_bytes, matmul_flops=tr.matmul_flops,
                   floor_us=1e6 * max(tr.io_bytes / ceil["copy_bytes_per_s"],
                                      tr.matmul_flops / ceil["matmul_flops_per_s"]),
                   inputs={n: [list(tr.infos[n].shape), tr.infos[n].dtype]
                           for n in tr.input_names})
        rec["copy_us"] = self.same_size_copy_us(tr.io_bytes)
        stem = re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        src = self.out / "torch" / (stem + ".py")
        src.parent.mkdir(parents=True, exist_ok=True)
        src.write_text(tr.source, encoding="utf-8")
        rec["torch_source"] = str(src)

        kdir = self.out / "kernels" / stem
        so = run_superopt(self.args.axon, path, kdir, self.args.budget,
                          self.out / "logs" / (stem + ".superopt.log"), name,
                          (("--allow-tf32",) if self.args.allow_tf32 else ())
                          + (("--config-match", self.args.config_match) if self.args.config_match else ()))
        rec.update(search_s=so["seconds"], superopt_rc=so["rc"], axon_out=str(kdir))
        try:
            rec["search"] = report.search_summary(
                json.loads((kdir / "report.json").read_text(encoding="utf-8")))
        except (OSError, ValueError):
            pass  # no report (the search failed): the reasons say why
        if not so["ok"]:
            _fail(rec, so["reason"])

        inputs = make_inputs(tr, (self.args.seed * 1000003 + zlib.crc32(name.encode())) % 2**31)
        ordered = [inputs[n] for n in tr.input_names]
        try:
            eager = tg.build_function(tr, "cuda", str(src))
            ref = eager(*ordered)
            torch.cuda.synchronize()
        except Exception as e:  # a translator bug or OOM: nothing to check against
            return _fail(rec, "PyTorch eager failed: %s: %s" % (type(e).__name__, e))
        for r, n in zip(ref, tr.output_names):
            if tuple(r.shape) != tr.infos[n].shape or r.dtype != tg.torch_dtype(
                    torch, tr.infos[n].dtype):
                return _fail(rec, "translator bug: eager output %r is %s %s, graph says %s"
                             % (n, list(r.shape), r.dtype, tr.infos[n]))
        try:
            noise = eager_noise(graph, ordered, ref)
        except Exception as e:
            noise = [None] * len(ref)
            rec["notes"].append("no f64 reference (%s: %s): dtype tolerance alone"
                                % (type(e).__name__, (str(e).splitlines() or [""])[0]))
        torch.cuda.empty_cache()
        tols = [self.tolerance(tr.infos[n].dtype) + (z,)
                for n, z in zip(tr.output_names, noise)]

        # The sides that run and check out, timed together at the end (Timer.time_sides).
        sides = {}
        if so["ok"]:
            try:
                sides["axon"] = self._axon_side(rec, kdir, tr, inputs, ref, tols)
            except (LauncherError, AxonRunError) as e:
                _fail(rec, str(e))
            except Exception as e:
                _fail(rec, "axon side: %s: %s" % (type(e).__name__, e))
        sides["eager"] = lambda: eager(*ordered)
        if self.args.skip_compile:
            rec["notes"].append("torch.compile skipped (--skip-compile)")
        else:
            compiled = torch.compile(eager, dynamic=False)
            rec["compile_s"] = self._checked_side(rec, "compiled", "torch.compile", compiled, ordered,
                                                  ref, tr.output_names, tols, sides)
        form = sdpa.sdpa_form(graph)
        if form is not None:
            rec["sdpa_form"] = {"q": form.q, "k": form.k, "v": form.v, "scale": form.scale,
                                "causal": form.causal}
            self._checked_side(rec, "sdpa", "SDPA", sdpa.sdpa_function(form, tr.input_names),
                               ordered, ref, tr.output_names, tols, sides)
        self._time_sides(rec, sides)
        return _derive(rec)

    def _checked_side(self, rec, side: str, label: str, fn, ordered, ref, names, tols,
                      sides: dict):
        """A further PyTorch side (torch.compile; SDPA for a graph that is exactly attention,
        sdpa.py): run once (compiling), checked against eager (a mismatch is a note, as both are
        PyTorch's), then timed with the other sides. Returns the first call's seconds, or None
        when it failed (a note)."""
        try:
            start = time.monotonic()
            got = fn(*ordered)
            torch.cuda.synchronize()
            first_s = time.monotonic() - start
            rec[side + "_check"] = {n: compare(g, r, *t)
                                    for g, r, n, t in zip(got, ref, names, tols)}
            del got
            if any(c["mismatches"] for c in rec[side + "_check"].values()):
                rec["notes"].append("%s's outputs differ from eager's beyond tolerance" % label)
            sides[side] = lambda: fn(*ordered)
            return first_s
        except Exception as e:
            rec["notes"].append("%s failed: %s: %s"
                                % (label, type(e).__name__, (str(e).splitlines() or [""])[0]))
            return None

    def same_size_copy_us(self, io_bytes: int):
        """A device copy moving the workload's bytes (io_bytes / 2 read, as many written), timed
        like every side: the floor the copy engine itself reaches at this size, where launch
        and DRAM latency weigh more than in the 2 GiB ceiling copy."""
        half = int(io_bytes) // 2
        if half <= 0:
            return None
        try:
            src = torch.ones(half, dtype=torch.uint8, device="cuda")
            dst = torch.empty_like(src)
            us = self.timer.time(lambda: dst.copy_(src))["median_us"]
            del src, dst
            torch.cuda.empty_cache()
            return us
        except Exception as e:  # out of memory: the column stays empty
            log("same-size copy of %d bytes failed: %s" % (half, e))
            return None

    def _axon_side(self, rec, kdir: Path, tr, inputs: dict, ref, tols):
        """Load, check (outputs poisoned first) and measure axon's kernel; returns the call to
        time (with the other sides)."""
        kernel = AxonKernel(kdir, tr)
        rec["workspace_bytes"] = kernel.workspace_bytes
        call, outs = kernel.prepare(inputs)
        for t in outs:
            poison(t)
        call()
        torch.cuda.synchronize()
        rec["check"] = {n: compare(g, r, *t)
                        for g, r, n, t in zip(outs, ref, tr.output_names, tols)}
        for n, c in rec["check"].items():
            if c["mismatches"]:
                _fail(rec, "mismatch: %d of %d elements of %r outside tolerance (%d not finite;"
                      " max err %.3g x tol)" % (c["mismatches"], c["elements"], n,
                                                c["nonfinite_mismatches"], c["max_err_over_tol"]))
        rec["peak_mib"]["axon"] = self.timer.peak_mib(lambda: kernel.prepare(inputs)[0]())
        return call

    def _time_sides(self, rec, sides: dict) -> None:
        """Measure each side's peak memory, then time the sides side by side. A PyTorch side
        that fails is noted and left out (not fatal to the workload); axon's failure is."""
        for side in [s for s in sides if s != "axon"]:
            try:
                rec["peak_mib"][side] = self.timer.peak_mib(sides[side])
            except Exception as e:
                rec["notes"].append("%s failed: %s: %s"
                                    % (side, type(e).__name__, (str(e).splitlines() or [""])[0]))
                del sides[side]
        try:
            rec["timing"].update(self.timer.time_sides(sides))
        except Exception as e:
            _fail(rec, "timing failed: %s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0]))


def new_record(name: str, path: Path) -> dict:
    """An empty result of one workload."""
    return {"name": name, "graph": str(path), "status": "ok", "reasons": [], "notes": [],
            "timing": {}, "peak_mib": {}, "check": None}


def _fail(rec: dict, reason: str) -> dict:
    rec["status"] = "FAILED"
    rec["reasons"].append(reason)
    log("[%s] FAILED: %s" % (rec["name"], reason))
    return _derive(rec)


def _derive(rec: dict) -> dict:
    """The table's figures from the timings."""
    for side in SIDES:
        rec[side + "_us"] = rec["timing"].get(side, {}).get("median_us")
    pytorch = [rec[s + "_us"] for s in SIDES[1:] if rec[s + "_us"] is not None]
    axon = rec["axon_us"]
    rec["best_pytorch_us"] = min(pytorch) if pytorch else None
    rec["speedup"] = rec["best_pytorch_us"] / axon if axon and pytorch else None
    floor = rec.get("floor_us")
    rec["pct_of_floor"] = 100.0 * floor / axon if axon and floor else None
    copy = rec.get("copy_us")
    rec["pct_of_copy"] = 100.0 * copy / axon if axon and copy else None
    return rec


def cuda_usable() -> bool:
    """False once the CUDA context is broken (a sticky error: a fault in some kernel)."""
    try:
        torch.cuda.synchronize()
        torch.zeros(1, device="cuda").add_(1)
        torch.cuda.synchronize()
        return True
    except Exception:
        return False


# ---- main --------------------------------------------------------------------------------------

def collect_graphs(paths, only, skipped: list):
    """[(name, path)] from files and folders of *.json, filtered by --only."""
    files = []
    for p in map(Path, paths):
        found = sorted(p.glob("*.json")) if p.is_dir() else [p]
        if not found:
            skipped.append((str(p), "no graph files there"))
        files += [f for f in found if f not in files]
    graphs, names = [], set()
    for f in files:
        try:
            name = json.loads(f.read_text(encoding="utf-8")).get("name") or f.stem
        except (OSError, ValueError, AttributeError):
            name = f.stem   # run() records why it cannot be read
        base, k = name, 1
        while name in names:
            k += 1
            name = "%s_%d" % (base, k)
        names.add(name)
        graphs.append((name, f))
    if only:
        wanted = {w.strip() for w in only.split(",") if w.strip()}
        for name, f in graphs:
            if name not in wanted and f.stem not in wanted:
                skipped.append((name, "not in --only"))
        graphs = [(n, f) for n, f in graphs if n in wanted or f.stem in wanted]
        for w in sorted(wanted - {n for n, _ in graphs} - {f.stem for _, f in graphs}):
            skipped.append((w, "named in --only but no such graph"))
    return graphs


def environment(args, axon: str, timer: Timer) -> dict:
    """GPU, versions, date and settings, for results.json."""
    try:
        import triton
        triton_version = triton.__version__
    except ImportError:
        triton_version = None
    try:
        axon_version = subprocess.run([axon, "--version"], capture_output=True, text=True,
                                      timeout=60).stdout.strip()
    except (OSError, subprocess.SubprocessError) as e:
        axon_version = "unknown (%s)" % e
    return {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "host": platform.node(), "gpu": torch.cuda.get_device_name(),
            "torch": torch.__version__, "triton": triton_version, "cuda": torch.version.cuda,
            "python": platform.python_version(), "axon": axon, "axon_version": axon_version,
            "settings": {"budget_s": args.budget, "allow_tf32": args.allow_tf32,
                         "config_match": args.config_match,
                         "skip_compile": args.skip_compile, "seed": args.seed,
                         "flush_bytes": timer.flush_bytes, "reps": [MIN_REPS, MAX_REPS],
                         "seconds_per_side": SIDE_SECONDS, "tolerances": TOLERANCES,
                         "noise_k": NOISE_K,
                         "bf16_reduced_precision_reduction":
                             torch.backends.cuda.matmul.allow_bf16_reduced_precision_reduction}}


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--axon", required=True, help="path to the axon binary")
    p.add_argument("--graphs", nargs="+", required=True, help="graph.json files or folders")
    p.add_argument("--out", required=True, help="results folder (created)")
    p.add_argument("--budget", type=float, default=120.0,
                   help="axon superopt --budget, seconds per graph (default 120)")
    p.add_argument("--only", help="comma-separated graph names to run")
    p.add_argument("--skip-compile", action="store_true", help="do not run torch.compile")
    p.add_argument("--allow-tf32", action="store_true",
                   help="let PyTorch and axon (superopt --allow-tf32) use TF32 for f32 matmuls "
                        "(f32 tolerance 5e-3)")
    p.add_argument("--config-match", default="",
                   help="passed to axon superopt --config-match: only the tiling configurations whose "
                        "description contains this text (or one of several separated by '|')")
    p.add_argument("--seed", type=int, default=0, help="seed of the random inputs")
    p.add_argument("--time-limit", type=float, default=0.0,
                   help="stop starting workloads once this many seconds have passed (0: no limit); "
                        "the ones not started are listed as skipped")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    if torch is None or not torch.cuda.is_available():
        log("error: needs PyTorch with a CUDA device (torch %s)"
            % ("missing" if torch is None else torch.__version__))
        return 2
    found = shutil.which(args.axon)
    if not found:
        log("error: no executable axon binary at %s" % args.axon)
        return 2
    args.axon = axon = str(Path(found).resolve())
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    skipped = []
    graphs = collect_graphs(args.graphs, args.only, skipped)
    if args.skip_compile:
        skipped.append(("torch.compile", "--skip-compile"))
    torch.backends.cuda.matmul.allow_tf32 = args.allow_tf32
    torch.backends.cudnn.allow_tf32 = args.allow_tf32
    torch.set_grad_enabled(False)

    timer = Timer()
    env = environment(args, axon, timer)
    log("GPU %s, torch %s, triton %s; %d workloads" % (env["gpu"], env["torch"], env["triton"],
                                                       len(graphs)))
    suite = Suite(args, timer, measure_ceilings(timer), out)
    results = []
    started = time.monotonic()
    for i, (name, path) in enumerate(graphs):
        spent = time.monotonic() - started
        if args.time_limit > 0 and spent > args.time_limit:
            skipped += [(n, "--time-limit %.0f s reached after %.0f s" % (args.time_limit, spent))
                        for n, _ in graphs[i:]]
            log("time limit reached: %d workloads not started" % (len(graphs) - i))
            break
        log("[%d/%d] %s (%s)" % (i + 1, len(graphs), name, path))
        try:
            rec = suite.run(name, path)
        except KeyboardInterrupt:
            skipped += [(n, "interrupted") for n, _ in graphs[i:]]
            break
        except Exception as e:  # unexpected: record it and go on while CUDA still works
            rec = _fail(new_record(name, path), "suite error: %s: %s" % (type(e).__name__, e))
        results.append(rec)
        log("[%s] %s" % (name, report.summary_line(rec)))
        report.write_json(out, env, suite.ceilings, results, skipped)   # partial, kept current
        torch.compiler.reset()
        gc.collect()
        torch.cuda.empty_cache()
        if rec["status"] != "ok" and not cuda_usable():
            skipped += [(n, "the CUDA context broke during %s" % name) for n, _ in graphs[i + 1:]]
            break
    report.write_all(out, env, suite.ceilings, results, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
