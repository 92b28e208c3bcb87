#!/usr/bin/env python3
"""Issue 41's in-model validation: two blocks (blocks.py) end to end through axon, timed against
eager PyTorch and torch.compile (Inductor), in one process.

    PYTHONPATH=python AXON_BIN=/path/to/axon python3 benchmarks/models/run_blocks.py --out DIR \
        [--budget 10] [--blocks llama,vit_mlp] [--skip-inductor] [--skip-layers]
    PYTHONPATH=python python3 benchmarks/models/run_blocks.py --cpu-smoke --out DIR

For each block (bf16, random weights of a fixed seed), on the GPU:

1. **eager**: the module itself; its output is the reference every other path is checked against
   (and a float32 copy of the module gives eager's own rounding error, which the bound allows
   for, as benchmarks/suite does);
2. **inductor**: ``torch.compile(model)``;
3. **axon backend**: ``torch.compile(model, backend="axon", options={budget, cache_dir})``: each
   region of AOTAutograd's graph searched by ``axon superopt``, loaded with ``axon.load`` and
   called as a custom op, the rest left to PyTorch;
4. **axon export**: ``axon.export(model)``, each region searched by ``axon superopt`` and loaded
   with ``axon.load``, and the exported program run with each region replaced by its op
   (:func:`export_runner`).

Each axon output is checked against eager's; then the four are timed side by side
(benchmarks/suite/run_suite.py's Timer: CUDA events, L2 flushed before each run, rotating
rounds, median). Per region of the export (its regions and ops from export.json): the region's
loaded op on the region's own inputs against the same ops run by PyTorch (the FX nodes of the
region as a graph of their own), eager and, where the block is more than one region, under
Inductor. Per layer (the Llama block's attention and MLP halves, ``blocks.LlamaBlock.layers``):
each layer through the export path against eager and Inductor. The coverage (what each path left
to PyTorch, and why) comes from the importer.

Everything goes to ``--out``: results.json and results.md (rewritten after every phase, so a
block that fails keeps what the other measured), export/ (each block's export.json and region
graphs), cache/ (the searches' output: kernels, launchers, report.json).

``--cpu-smoke``: the same plumbing on the CPU at tiny sizes, with axon's reference interpreter
(runner "eval": ``axon eval --precision native`` per region call) in place of the kernels and no
timing or Inductor: python/tests/test_models.py runs it.
"""

from __future__ import annotations

import argparse
import copy
import datetime
import gc
import json
import os
import platform
import sys
import time
import traceback
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
if str(ROOT / "python") not in sys.path:    # the package without installing it
    sys.path.append(str(ROOT / "python"))

import torch  # noqa: E402

import axon  # noqa: E402
import axon.backend as ab  # noqa: E402  (registers backend="axon" without the entry point)
import blocks  # noqa: E402

TOLERANCES = {torch.bfloat16: (2e-2, 2e-2), torch.float16: (5e-3, 5e-3),
              torch.float32: (1e-3, 1e-3)}    # rtol, atol (of the output's RMS), as the suite's
NOISE_K = 8.0   # the bound also allows NOISE_K x eager's own RMS error (against float32)
PATHS = ("eager", "inductor", "axon_backend", "axon_export")
START = time.monotonic()


def log(msg: str) -> None:
    print("[run_blocks %6.1f s] %s" % (time.monotonic() - START, msg), flush=True)


# ---- timing ----------------------------------------------------------------------------------

def make_timer() -> Any:
    """benchmarks/suite/run_suite.py's Timer: one timing method for every side and benchmark."""
    sys.path.insert(0, str(ROOT / "benchmarks" / "suite"))
    import run_suite
    return run_suite.Timer()


def graph_replay(fn: Callable) -> Callable:
    """``fn`` captured once into a CUDA graph (after warm-up calls on a side stream, as PyTorch
    requires); the replay runs the same kernels with no host work between them. What the block
    costs the GPU, without the Python, Dynamo and launch overhead of calling it: at these sizes
    the host takes longer to issue a block's kernels than the GPU to run them. Raises where
    ``fn`` cannot be captured."""
    side = torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side):
        for _ in range(3):
            fn()
    torch.cuda.current_stream().wait_stream(side)
    torch.cuda.synchronize()
    g = torch.cuda.CUDAGraph()
    with torch.cuda.graph(g):
        fn()
    torch.cuda.synchronize()
    return g.replay


def compare(got: Any, want: Any, ref: Any = None) -> Dict[str, Any]:
    """``got`` against eager's ``want``: elementwise |got - want| <= atol * rms(want) +
    rtol * |want| + NOISE_K * rms(want - ref) (``ref``: the float32 module's output, so eager's
    own rounding error is allowed for); the largest absolute error, that error over the largest
    |want|, the worst ratio to the bound."""
    if isinstance(got, (tuple, list)):
        got = got[0]
    if not isinstance(got, torch.Tensor):
        return {"ok": False, "why": "the output is %s, not a tensor" % type(got).__name__}
    if tuple(got.shape) != tuple(want.shape):
        return {"ok": False, "why": "shape %s, eager's %s" % (list(got.shape), list(want.shape))}
    if got.dtype != want.dtype:
        return {"ok": False, "why": "dtype %s, eager's %s" % (got.dtype, want.dtype)}
    rtol, atol = TOLERANCES.get(want.dtype, (1e-3, 1e-3))
    g, w = got.detach().double().cpu(), want.detach().double().cpu()
    diff = (g - w).abs()
    scale = max(float(w.square().mean().sqrt()), 1e-30)
    noise = float((w - ref.detach().double().cpu()).square().mean().sqrt()) if ref is not None \
        else 0.0
    bound = atol * scale + rtol * w.abs() + NOISE_K * noise
    finite = bool(torch.isfinite(g).all())
    ratio = float((diff / bound).max()) if diff.numel() else 0.0
    return {"ok": finite and ratio <= 1.0, "max_abs_err": float(diff.max()),
            "max_rel_err": float(diff.max()) / max(float(w.abs().max()), 1e-30),
            "worst_ratio": ratio, "eager_rms_err_vs_f32": noise,
            "why": "" if finite else "non-finite values"}


# ---- the export path -------------------------------------------------------------------------

def flat_inputs(ep: Any, user_args: Tuple[Any, ...]) -> List[Any]:
    """The exported program's graph inputs: parameters, buffers and constants from the program,
    user inputs in their places."""
    from torch.export.graph_signature import InputKind
    state = dict(ep.state_dict)
    state.update(getattr(ep, "constants", {}) or {})
    flat, user = [], iter(user_args)
    for spec in ep.graph_signature.input_specs:
        flat.append(next(user) if spec.kind == InputKind.USER_INPUT else state[spec.target])
    return flat


def region_op(region: Any, exported: Any, options: Dict[str, Any]) -> Any:
    """The region's kernels: ``axon superopt`` at the example sizes (under options["cache_dir"],
    searched once per graph), loaded with ``axon.load``."""
    symbols = {s: exported.symbols[s] for s in ab.region_symbols(region) if s in exported.symbols}
    return ab._kernels(region, symbols, options)


def op_runner(region: Any, op: Any) -> Callable:
    """A callable taking the region's inputs (export.json's order) and giving its outputs, by
    calling the loaded op (launcher.json's order)."""
    names = [i.name for i in op.inputs]
    where = [names.index(io.name) for io in region.inputs]
    out_names = [o.name for o in op.outputs]
    pick = [out_names.index(o.name) for o in region.outputs]

    def run(*tensors: Any) -> List[Any]:
        args: List[Any] = [None] * len(names)
        for k, t in zip(where, tensors):
            args[k] = t.contiguous()
        res = op.op(*args)
        res = res if isinstance(res, (tuple, list)) else (res,)
        return [res[k] for k in pick]
    run.__name__ = run.__qualname__ = "axon_region_%s" % region.name
    return run


def export_runner(exported: Any, runners: Dict[str, Callable]) -> Callable:
    """The exported program with each region named in ``runners`` replaced by one call of its
    runner (the backend's own graph surgery), the rest PyTorch's ops: a function of the user
    inputs giving the program's first output."""
    from torch.fx.passes.tools_common import legalize_graph
    ep = exported.program
    gm = copy.deepcopy(ep.graph_module)
    moved: Dict[str, Any] = {}
    for region in exported.regions:
        if region.name in runners:
            ab._replace(gm, region, runners[region.name], moved)
    if moved:
        legalize_graph(gm)
        gm.graph.eliminate_dead_code()
        gm.recompile()
    from torch.export.graph_signature import InputKind
    users = [k for k, spec in enumerate(ep.graph_signature.input_specs)
             if spec.kind == InputKind.USER_INPUT]
    flat: List[Any] = []

    def run(*user_args: Any) -> Any:
        if not flat:    # the parameters and buffers, read once
            flat.extend(flat_inputs(ep, user_args))
        for k, a in zip(users, user_args):
            flat[k] = a
        out = gm(*flat)
        return out[0] if isinstance(out, (tuple, list)) else out
    run.graph_module = gm
    return run


def node_values(exported: Any, user_args: Tuple[Any, ...]) -> Dict[str, Any]:
    """PyTorch's value of every node of the exported program on ``user_args``."""
    ep = exported.program
    values: Dict[str, Any] = {}

    class Recorder(torch.fx.Interpreter):
        def run_node(self, n: Any) -> Any:
            r = super().run_node(n)
            values[n.name] = r
            return r
    with torch.no_grad():
        Recorder(ep.graph_module).run(*flat_inputs(ep, user_args))
    return values


def region_module(exported: Any, region: Any) -> torch.fx.GraphModule:
    """The region's FX nodes as a GraphModule of their own: its inputs (region.inputs' order)
    in, its outputs (a tuple) out: what PyTorch runs for the region."""
    src = {n.name: n for n in exported.program.graph_module.graph.nodes}
    g = torch.fx.Graph()
    env: Dict[str, Any] = {}
    for io in region.inputs:
        env[io.node] = g.placeholder(io.node)
    inside = set(region.nodes)
    # constant-like nodes copied into the region (aranges, fills): the region's graph holds them
    needed: List[str] = []
    for n in exported.program.graph_module.graph.nodes:
        if n.name in inside:
            needed.append(n.name)
    extra: List[str] = []
    stack = [a.name for k in needed for a in src[k].all_input_nodes]
    while stack:
        k = stack.pop()
        if k in env or k in inside or k in extra:
            continue
        extra.append(k)
        stack.extend(a.name for a in src[k].all_input_nodes)
    order = [n.name for n in exported.program.graph_module.graph.nodes
             if n.name in inside or n.name in extra]
    for k in order:
        env[k] = g.node_copy(src[k], lambda a: env[a.name])
    g.output(tuple(env[o.node] for o in region.outputs))
    return torch.fx.GraphModule(exported.program.graph_module, g)


# ---- results ---------------------------------------------------------------------------------

class Results:
    """results.json and results.md under ``out``, rewritten after every phase."""

    def __init__(self, out: Path, meta: Dict[str, Any]):
        self.out = out
        self.data: Dict[str, Any] = {"meta": meta, "blocks": {}}

    def block(self, name: str) -> Dict[str, Any]:
        return self.data["blocks"].setdefault(name, {"phases_s": {}, "paths": {}, "regions": [],
                                                      "layers": [], "coverage": {},
                                                      "errors": []})

    def write(self) -> None:
        self.data["meta"]["elapsed_s"] = round(time.monotonic() - START, 1)
        self.out.mkdir(parents=True, exist_ok=True)
        tmp = self.out / "results.json.tmp"
        tmp.write_text(json.dumps(self.data, indent=1, default=str) + "\n", encoding="utf-8")
        tmp.replace(self.out / "results.json")
        (self.out / "results.md").write_text(markdown(self.data), encoding="utf-8")


def _us(t: Optional[dict]) -> Optional[float]:
    return t.get("median_us") if isinstance(t, dict) else None


def _f(v: Optional[float], fmt: str = "%.1f") -> str:
    return fmt % v if isinstance(v, (int, float)) and not isinstance(v, bool) else "-"


def _ratio(a: Optional[float], b: Optional[float]) -> str:
    return "%.2fx" % (a / b) if a and b else "-"


def _check(c: Optional[dict]) -> str:
    if not c:
        return "-"
    if c.get("ok"):
        return "ok"
    return "**FAILED**%s" % ((" (%s)" % c["why"]) if c.get("why") else "")


def markdown(data: Dict[str, Any]) -> str:
    meta = data["meta"]
    lines = ["# In-model validation (issue 41): %s" % meta.get("device", "?"), "",
             "`%s` (%s, torch %s, %s, axon search budget %s s per region; %.0f s in all)."
             % (meta.get("command", ""), meta.get("date", ""), meta.get("torch", ""),
                meta.get("runner", ""), meta.get("budget", ""), meta.get("elapsed_s", 0)), "",
             "Times are medians in microseconds (CUDA events, L2 flushed before each run), "
             "twice: **as called** (each side called from Python: Dynamo's guards, the "
             "wrappers and every launch included) and **CUDA graph** (each side captured once "
             "and replayed: the GPU's time alone; at these sizes the host takes longer to issue "
             "a block's kernels than the GPU to run them, so the first is mostly host time). "
             "\"vs eager\" and \"vs Inductor\" are that side's time over this path's (above 1: "
             "this path is faster). Errors are against eager's output: the largest absolute "
             "difference, and that over eager's largest magnitude.", "",
             "## Whole blocks", "",
             "| block | path | as called us | vs eager | vs Inductor | CUDA graph us | vs eager "
             "| vs Inductor | max abs err | max err / max abs | check | compile s |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for bname, b in data["blocks"].items():
        paths = b["paths"]
        eager = _us(paths.get("eager", {}).get("time"))
        ind = _us(paths.get("inductor", {}).get("time"))
        geager = _us(paths.get("eager", {}).get("graph_time"))
        gind = _us(paths.get("inductor", {}).get("graph_time"))
        for p in PATHS:
            r = paths.get(p)
            if r is None:
                continue
            us, gus = _us(r.get("time")), _us(r.get("graph_time"))
            c = r.get("check") or {}
            cov = b["coverage"].get(p)
            note = r.get("note") or ""
            if cov and not cov.get("all_replaced"):
                note += " (%s of %s regions run by axon)" % (cov["replaced"], cov["regions"])
            lines.append("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
                bname, p, _f(us), _ratio(eager, us) if p != "eager" else "1.00x",
                _ratio(ind, us) if p != "inductor" else "1.00x",
                _f(gus), _ratio(geager, gus) if p != "eager" else "1.00x",
                _ratio(gind, gus) if p != "inductor" else "1.00x",
                _f(c.get("max_abs_err"), "%.3g"), _f(c.get("max_rel_err"), "%.3g"),
                "eager" if p == "eager" else (_check(c) + (" " + note.strip() if note.strip()
                                                           else "")),
                _f(r.get("compile_s"))))
    lines += ["", "## Per region and per layer", "",
              "Region: one axon graph of the export (`export/<block>/export.json`), its loaded op "
              "against the same FX nodes run by PyTorch on the same inputs. Layer: a part of the "
              "block as a module of its own through the export path.", "",
              "| block | region / layer | ops | axon us | eager us | Inductor us | vs eager | "
              "vs Inductor | graph: axon us | eager us | Inductor us | vs eager | vs Inductor "
              "| max abs err | check |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for bname, b in data["blocks"].items():
        for kind, rows in (("region", b["regions"]), ("layer", b["layers"])):
            for r in rows:
                t, gt = r.get("time") or {}, r.get("graph_time") or {}
                a, e, i = _us(t.get("axon")), _us(t.get("eager")), _us(t.get("inductor"))
                ga, ge, gi = _us(gt.get("axon")), _us(gt.get("eager")), _us(gt.get("inductor"))
                block_s = " (whole block's)" if r.get("inductor_is_block") else ""
                lines.append("| %s | %s %s | %s | %s | %s | %s%s | %s | %s | %s | %s | %s%s | %s "
                             "| %s | %s | %s |" % (
                    bname, kind, r["name"], r.get("ops", "-"), _f(a), _f(e), _f(i), block_s,
                    _ratio(e, a), _ratio(i, a), _f(ga), _f(ge), _f(gi), block_s if gi else "",
                    _ratio(ge, ga), _ratio(gi, ga),
                    _f((r.get("check") or {}).get("max_abs_err"),
                                                   "%.3g"),
                    _check(r.get("check")) + (" %s" % r["note"] if r.get("note") else "")))
    lines += ["", "## Coverage", "",
              "| block | path | regions | run by axon | axon ops | PyTorch ops | axon FLOP share "
              "| left to PyTorch |", "|---|---|---|---|---|---|---|---|"]
    for bname, b in data["blocks"].items():
        for p, c in b["coverage"].items():
            left = "; ".join("%s x%d (%s)" % (op, n, why) for op, why, n in c.get("fallbacks", []))
            lines.append("| %s | %s | %d | %s of %s | %d | %d | %.1f%% | %s |" % (
                bname, p, c.get("regions", 0), c.get("replaced", "-"), c.get("regions", "-"),
                c.get("axon_ops", 0),
                c.get("torch_ops", 0), 100 * c.get("flop_share", 0), left or "nothing"))
    lines += ["", "## Phases (wall-clock seconds)", "", "| block | phase | s |", "|---|---|---|"]
    for bname, b in data["blocks"].items():
        for ph, s in b["phases_s"].items():
            lines.append("| %s | %s | %.1f |" % (bname, ph, s))
    uncaptured = []
    for bname, b in data["blocks"].items():
        for p, r in b["paths"].items():
            if (r.get("graph_time") or {}).get("error"):
                uncaptured.append("- %s %s: %s" % (bname, p, r["graph_time"]["error"]))
        for row in b["regions"] + b["layers"]:
            for side, v in (row.get("graph_time") or {}).items():
                if isinstance(v, dict) and v.get("error"):
                    uncaptured.append("- %s %s %s: %s" % (bname, row["name"], side, v["error"]))
    if uncaptured:
        lines += ["", "## Not captured in a CUDA graph (no graph time)", ""] + uncaptured
    errors = [(bname, e) for bname, b in data["blocks"].items() for e in b["errors"]]
    if errors:
        lines += ["", "## Errors", ""]
        lines += ["- %s: %s" % (bname, e["message"]) for bname, e in errors]
    return "\n".join(lines) + "\n"


def coverage_of(exported: Any, replaced: int) -> Dict[str, Any]:
    """The importer's coverage of one path, and how many of its regions axon's runner took
    (a region whose kernels could not be made stays in PyTorch)."""
    counts: Dict[Tuple[str, str], int] = {}
    for f in exported.fallbacks:
        counts[(f.op, f.reason)] = counts.get((f.op, f.reason), 0) + 1
    c = exported.coverage
    return {"regions": len(exported.regions), "replaced": replaced,
            "all_replaced": replaced == len(exported.regions), "axon_ops": c.axon_ops,
            "torch_ops": c.torch_ops, "axon_flops": c.axon_flops, "torch_flops": c.torch_flops,
            "flop_share": c.flop_share,
            "fallbacks": [[op, why, n] for (op, why), n in sorted(counts.items())],
            "region_nodes": {r.name: len(r.nodes) for r in exported.regions}}


# ---- one block -------------------------------------------------------------------------------

class Run:
    def __init__(self, args: argparse.Namespace, results: Results):
        self.args = args
        self.results = results
        self.gpu = not args.cpu_smoke
        self.device = "cuda" if self.gpu else "cpu"
        self.runner = "superopt" if self.gpu else "eval"
        self.timer = make_timer() if self.gpu else None
        self.out = Path(args.out).resolve()

    def options(self, name: str) -> Dict[str, Any]:
        return {"runner": self.runner, "budget": self.args.budget, "verbose": True,
                "cache_dir": str(self.out / "cache" / name), "name": name}

    def phase(self, b: Dict[str, Any], label: str, fn: Callable[[], Any]) -> Any:
        """Run one phase: its wall time recorded, an exception recorded (with the traceback
        printed) instead of raised, the results written."""
        log("%s ..." % label)
        t0 = time.monotonic()
        try:
            return fn()
        except Exception as e:    # noqa: BLE001: one failing phase must not stop the rest
            msg = "%s: %s: %s" % (label, type(e).__name__, str(e).splitlines()[0] if str(e)
                                  else "")
            log("FAILED " + msg)
            traceback.print_exc()
            b["errors"].append({"phase": label, "message": msg,
                                "traceback": traceback.format_exc()[-4000:]})
            return None
        finally:
            if self.gpu:
                try:
                    torch.cuda.synchronize()
                except Exception as e:    # noqa: BLE001: a fault in the phase, said above
                    log("cuda synchronize after %s: %s" % (label, e))
            b["phases_s"][label] = round(time.monotonic() - t0, 2)
            log("%s: %.1f s" % (label, b["phases_s"][label]))
            self.results.write()

    def time_sides(self, sides: Dict[str, Callable]) -> Dict[str, dict]:
        """Each side as called (host overhead included), side by side."""
        if not self.gpu:
            return {}
        with torch.no_grad():
            return self.timer.time_sides(sides)

    def graph_time_sides(self, sides: Dict[str, Callable]) -> Dict[str, dict]:
        """Each side replayed from a CUDA graph (graph_replay), side by side: the GPU's time
        alone. A side that cannot be captured gets {"error": why} and is not timed."""
        if not self.gpu:
            return {}
        replays: Dict[str, Callable] = {}
        out: Dict[str, dict] = {}
        with torch.no_grad():
            for n, fn in sides.items():
                try:
                    replays[n] = graph_replay(fn)
                except Exception as e:    # noqa: BLE001: said in the results, the rest timed
                    why = "%s: %s" % (type(e).__name__, (str(e).splitlines() or [""])[0][:300])
                    log("CUDA graph of %s: %s" % (n, why))
                    out[n] = {"error": why}
                    torch.cuda.synchronize()
            if replays:
                out.update(self.timer.time_sides(replays))
        return out

    def over_time(self) -> bool:
        return time.monotonic() - START > self.args.time_limit

    def block(self, name: str) -> None:
        b = self.results.block(name)
        size = "tiny" if self.args.cpu_smoke else "gpu"
        cls, kwargs, shape = blocks.CONFIGS[size][name]
        b["config"] = {"class": cls.__name__, "kwargs": kwargs, "input_shape": list(shape),
                       "dtype": "bf16", "device": self.device, "seed": self.args.seed}
        model, x = blocks.make(name, size, self.device, torch.bfloat16, self.args.seed)
        # No reset between this block's compiles: each compiled side stays compiled for the
        # timing (dynamo keeps one entry per backend).
        torch._dynamo.reset()
        with torch.no_grad():
            want = model(x)
            ref = copy.deepcopy(model).float()(x.float())
        fns: Dict[str, Callable] = {"eager": lambda: model(x)}
        b["paths"]["eager"] = {"check": None}

        def path(p: str, make: Callable[[], Callable], note: str = "") -> None:
            def go() -> None:
                t0 = time.monotonic()
                with torch.no_grad():
                    fn = make()
                    got = fn()   # the first call: compiles (and searches) for the compilers
                if self.gpu:
                    torch.cuda.synchronize()
                b["paths"][p] = {"compile_s": round(time.monotonic() - t0, 2),
                                 "check": compare(got, want, ref), "note": note}
                log("%s %s: %s" % (name, p, b["paths"][p]["check"]))
                fns[p] = fn
            self.phase(b, p, go)

        if self.gpu and not self.args.skip_inductor:
            def inductor() -> Callable:
                c = torch.compile(model)
                return lambda: c(x)
            path("inductor", inductor)

        def backend() -> Callable:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                c = torch.compile(model, backend="axon", options=self.options(name + "_backend"),
                                  dynamic=False)
                with torch.no_grad():
                    c(x)
            exported = ab.compile_aten.last
            targets = [str(n.target) for n in ab.compile_aten.last_module.graph.nodes
                       if n.op == "call_function"]
            kind = "_superopt_runner" if self.runner == "superopt" else "_eval_runner"
            replaced = sum(kind in t for t in targets)
            b["coverage"]["axon_backend"] = coverage_of(exported, replaced)
            b["coverage"]["axon_backend"]["warnings"] = [str(w.message) for w in caught
                                                         if "axon" in str(w.message)]
            for w in b["coverage"]["axon_backend"]["warnings"]:
                log("warning: " + w)
            return lambda: c(x)
        path("axon_backend", backend)

        exported_box: Dict[str, Any] = {}

        def export() -> Callable:
            fn, exported, ops, replaced = self.export_path(name, model, x, b)
            exported_box.update(exported=exported, ops=ops)
            b["coverage"]["axon_export"] = coverage_of(exported, replaced)
            return lambda: fn(x)
        path("axon_export", export)

        if self.gpu:
            def timing() -> None:
                t = self.time_sides(dict(fns))
                for p, v in t.items():
                    b["paths"][p]["time"] = v
                log("%s times (us): %s" % (name, {p: round(v["median_us"], 1)
                                                  for p, v in t.items()}))
                gt = self.graph_time_sides(dict(fns))
                for p, v in gt.items():
                    b["paths"][p]["graph_time"] = v
                log("%s CUDA graph times (us): %s" % (name, {p: _us(v) for p, v in gt.items()}))
            self.phase(b, "timing", timing)

        if exported_box:
            self.phase(b, "regions", lambda: self.regions(name, b, exported_box["exported"],
                                                          exported_box["ops"], x))
        if not self.args.skip_layers:
            for lname, layer in model.layers().items():
                if self.over_time():
                    b["errors"].append({"phase": "layer " + lname, "message":
                                        "layer %s skipped: past --time-limit %g s"
                                        % (lname, self.args.time_limit)})
                    continue
                self.phase(b, "layer " + lname,
                           lambda: self.layer(name, lname, layer, model, x, b))
        del model, x, fns
        torch._dynamo.reset()
        gc.collect()
        if self.gpu:
            torch.cuda.empty_cache()

    def export_path(self, name: str, module: Any, x: Any, b: Dict[str, Any]
                    ) -> Tuple[Callable, Any, Dict[str, Any], int]:
        """axon.export, each region's kernels (or the interpreter), the program with the
        regions replaced: (run, exported, {region: op}, regions replaced)."""
        exported = axon.export(module, (x,), name=name, verbose=True)
        exported.save(self.out / "export" / name, weights=False)
        runners: Dict[str, Callable] = {}
        ops: Dict[str, Any] = {}
        options = self.options(name + "_export")
        for region in exported.regions:
            try:
                if self.runner == "superopt":
                    ops[region.name] = region_op(region, exported, options)
                    runners[region.name] = op_runner(region, ops[region.name])
                else:
                    runners[region.name] = ab._eval_runner(region)
            except axon.AxonError as e:
                msg = "region %s left to PyTorch: %s" % (region.name, e)
                log(msg)
                b["errors"].append({"phase": "axon_export " + name, "message": msg})
        return export_runner(exported, runners), exported, ops, len(runners)

    def regions(self, name: str, b: Dict[str, Any], exported: Any, ops: Dict[str, Any],
                x: Any) -> None:
        values = node_values(exported, (x,))
        whole_inductor = (len(exported.regions) == 1 and not exported.fallbacks)
        for region in exported.regions:
            row: Dict[str, Any] = {"name": region.name, "ops": len(region.nodes)}
            b["regions"].append(row)
            ins = [values[i.node] for i in region.inputs]
            sub = region_module(exported, region)
            with torch.no_grad():
                want = sub(*ins)[0]
            if self.runner == "superopt":
                if region.name not in ops:
                    row["note"] = "(no kernels: left to PyTorch)"
                    continue
                run = op_runner(region, ops[region.name])
            else:
                run = ab._eval_runner(region)
            with torch.no_grad():
                got = run(*ins)[0]
            row["check"] = compare(got, want)
            sides = {"axon": lambda: run(*ins), "eager": lambda: sub(*ins)}
            if self.gpu and not self.args.skip_inductor:
                if whole_inductor:
                    row["inductor_is_block"] = True
                else:
                    csub = torch.compile(sub)
                    with torch.no_grad():
                        csub(*ins)
                    sides["inductor"] = lambda: csub(*ins)
            row["time"] = self.time_sides(sides)
            row["graph_time"] = self.graph_time_sides(sides)
            if whole_inductor and "inductor" in b["paths"]:
                row["time"]["inductor"] = b["paths"]["inductor"].get("time")
                row["graph_time"]["inductor"] = b["paths"]["inductor"].get("graph_time")
            log("%s region %s: %s" % (name, region.name, row))
            self.results.write()

    def layer(self, name: str, lname: str, layer: Any, model: Any, x: Any,
              b: Dict[str, Any]) -> None:
        """One layer of the block (a module sharing its weights) through the export path,
        against eager and Inductor, on the block's input."""
        row: Dict[str, Any] = {"name": lname}
        b["layers"].append(row)
        with torch.no_grad():
            want = layer(x)
            ref = copy.deepcopy(layer).float()(x.float())
        fn, exported, _, replaced = self.export_path("%s_%s" % (name, lname), layer, x, b)
        row["ops"] = exported.coverage.axon_ops
        row["coverage"] = coverage_of(exported, replaced)
        if replaced < len(exported.regions):
            row["note"] = "(%d of %d regions run by axon)" % (replaced, len(exported.regions))
        with torch.no_grad():
            row["check"] = compare(fn(x), want, ref)
        sides = {"axon": lambda: fn(x), "eager": lambda: layer(x)}
        if self.gpu and not self.args.skip_inductor:
            c = torch.compile(layer)
            with torch.no_grad():
                c(x)
            sides["inductor"] = lambda: c(x)
        row["time"] = self.time_sides(sides)
        row["graph_time"] = self.graph_time_sides(sides)
        log("%s layer %s: %s" % (name, lname, row))


def main(argv: Optional[List[str]] = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True, help="output folder (results.json, results.md, "
                    "export/, cache/)")
    ap.add_argument("--budget", type=float, default=10.0,
                    help="axon superopt's budget per region, seconds (default 10)")
    ap.add_argument("--blocks", default=",".join(blocks.NAMES),
                    help="comma-separated: %s" % ", ".join(blocks.NAMES))
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--skip-inductor", action="store_true", help="no torch.compile (Inductor)")
    ap.add_argument("--skip-layers", action="store_true", help="no per-layer exports")
    ap.add_argument("--time-limit", type=float, default=360.0,
                    help="no per-layer phase starts after this many seconds (default 360)")
    ap.add_argument("--cpu-smoke", action="store_true",
                    help="tiny sizes on the CPU, axon's interpreter for the regions, no timing")
    args = ap.parse_args(argv)
    names = [n.strip() for n in args.blocks.split(",") if n.strip()]
    unknown = [n for n in names if n not in blocks.NAMES]
    if unknown:
        ap.error("unknown block(s) %s (known: %s)" % (unknown, blocks.NAMES))
    if not args.cpu_smoke and not torch.cuda.is_available():
        print("error: no CUDA device (the GPU run needs one; --cpu-smoke checks the plumbing "
              "on the CPU)", file=sys.stderr)
        return 2
    try:
        binary = axon.find_binary()
    except axon.AxonError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    torch.manual_seed(args.seed)
    meta = {"command": " ".join([Path(sys.argv[0]).name] + list(argv if argv is not None
                                                                   else sys.argv[1:])),
            "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
            "torch": torch.__version__, "python": platform.python_version(),
            "axon_binary": binary, "budget": args.budget,
            "runner": "axon eval (CPU smoke)" if args.cpu_smoke else "axon superopt kernels",
            "device": (torch.cuda.get_device_name() if not args.cpu_smoke else "CPU smoke"),
            "tolerances": {"bf16": TOLERANCES[torch.bfloat16], "noise_k": NOISE_K}}
    results = Results(Path(args.out), meta)
    results.write()
    run = Run(args, results)
    log("axon binary %s; blocks %s; budget %g s per region; out %s"
        % (binary, names, args.budget, run.out))
    for name in names:
        b = results.block(name)
        t0 = time.monotonic()
        try:
            run.block(name)
        except Exception as e:    # noqa: BLE001: the next block still runs
            traceback.print_exc()
            b["errors"].append({"phase": "block", "message": "%s: %s" % (type(e).__name__, e),
                                "traceback": traceback.format_exc()[-4000:]})
        b["phases_s"]["total"] = round(time.monotonic() - t0, 2)
        results.write()
        log("block %s done in %.1f s" % (name, b["phases_s"]["total"]))
    failed = [(n, p) for n, b in results.data["blocks"].items() for p, r in b["paths"].items()
              if p.startswith("axon") and not ((r.get("check") or {}).get("ok") and
                                               b["coverage"].get(p, {}).get("all_replaced"))]
    failed += [(n, "layer " + r["name"]) for n, b in results.data["blocks"].items()
               for r in b["layers"] if not ((r.get("check") or {}).get("ok") and
                                            r.get("coverage", {}).get("all_replaced"))]
    errors = sum(len(b["errors"]) for b in results.data["blocks"].values())
    log("done: %s; %d error(s); %s failed check(s)%s" % (
        Path(args.out) / "results.md", errors, len(failed),
        (": %s" % failed) if failed else ""))
    return 1 if failed or errors else 0


if __name__ == "__main__":
    sys.exit(main())
