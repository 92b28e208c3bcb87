"""Driving `axon superopt` and calling the kernel library it writes.

`run_superopt` runs the search as a subprocess, streaming its output; `AxonKernel` loads the
launcher it writes (OUT/launcher.json and the shared library it names) with ctypes:

    int    axon_<graph>_run(const void* const* inputs, void* const* outputs, void* workspace,
                            void* stream);   // 0 or a CUDA error code; device pointers
    size_t axon_<graph>_workspace_bytes(void);

Inputs and outputs are passed in launcher.json's orders; outputs and workspace are allocated
through torch, so PyTorch's memory statistics count them.
"""

from __future__ import annotations

import ctypes
import json
import shlex
import subprocess
import threading
import time
from pathlib import Path

import torch_graph as tg

try:
    import torch
except ImportError:  # run_suite.main() refuses to run; importable for tests
    torch = None


def log(msg: str) -> None:
    """Print a progress line now (the suite is watched live, often through a pipe)."""
    print(msg, flush=True)


class LauncherError(RuntimeError):
    """axon's output directory has no usable launcher (missing, unloadable, mismatched)."""


class AxonRunError(RuntimeError):
    """axon's run function returned a CUDA error code."""


def run_superopt(axon: str, graph: Path, out_dir: Path, budget: float, log_path: Path,
                 name: str, extra: tuple = ()) -> dict:
    """Run `axon superopt` (with the `extra` arguments), streaming its output; {"ok", "rc",
    "seconds", "reason"}."""
    budget_arg = str(int(budget)) if float(budget).is_integer() else str(budget)
    cmd = [axon, "superopt", str(graph), "--target", "sm_90", "-o", str(out_dir),
           "--budget", budget_arg, *extra]
    log("[%s] $ %s" % (name, shlex.join(cmd)))
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    log_path.parent.mkdir(parents=True, exist_ok=True)
    start = time.monotonic()
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, errors="replace", bufsize=1)
    except OSError as e:
        return {"ok": False, "rc": None, "seconds": 0.0, "reason": "cannot start axon: %s" % e}
    limit = 3 * budget + 600
    timed_out = []
    killer = threading.Timer(limit, lambda: (timed_out.append(True), proc.kill()))
    killer.start()
    try:
        with open(log_path, "w", encoding="utf-8") as f:
            for line in proc.stdout:
                f.write(line)
                print("  [axon %s] %s" % (name, line.rstrip("\n")), flush=True)
        rc = proc.wait()
    finally:
        killer.cancel()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    seconds = time.monotonic() - start
    if timed_out:
        reason = "superopt killed after %.0f s (3x budget + 600 s)" % limit
    elif rc != 0:
        reason = "superopt exited with code %d (log: %s)" % (rc, log_path)
    else:
        reason = None
    return {"ok": reason is None, "rc": rc, "seconds": seconds, "reason": reason}


class AxonKernel:
    """The library `axon superopt` wrote, loaded with ctypes as its launcher.json describes."""

    def __init__(self, out_dir: Path, tr: tg.Translation):
        path = out_dir / "launcher.json"
        try:
            spec = json.loads(path.read_text(encoding="utf-8"))
            self.inputs = [(d["name"], tuple(d["shape"]), d["dtype"]) for d in spec["inputs"]]
            self.outputs = [(d["name"], tuple(d["shape"]), d["dtype"]) for d in spec["outputs"]]
            lib_path, symbol, ws_symbol = (out_dir / spec["library"], spec["symbol"],
                                           spec["workspace_symbol"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise LauncherError("%s: %s: %s" % (path, type(e).__name__, e)) from None
        if spec.get("library_built") is False:
            raise LauncherError("%s: library_built is false (no nvcc, or see %s)"
                                % (path, out_dir / "nvcc.log"))
        _check_io("input", self.inputs, tr.input_names, tr.infos)
        _check_io("output", self.outputs, tr.output_names, tr.infos)
        self.output_order = list(tr.output_names)
        try:
            self._lib = ctypes.CDLL(str(lib_path))
            run, ws = getattr(self._lib, symbol), getattr(self._lib, ws_symbol)
        except OSError as e:
            raise LauncherError("cannot load %s: %s" % (lib_path, e)) from None
        except AttributeError as e:   # its message names the library and the symbol
            raise LauncherError(str(e)) from None
        run.restype = ctypes.c_int
        run.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p),
                        ctypes.c_void_p, ctypes.c_void_p]
        ws.restype, ws.argtypes = ctypes.c_size_t, []
        self._run = run
        self.workspace_bytes = int(ws())

    def prepare(self, inputs: dict):
        """(call, outputs): fresh outputs and workspace; call() launches on the current stream
        and returns the outputs in the graph's output order."""
        outs = {n: torch.empty(s, dtype=tg.torch_dtype(torch, d), device="cuda")
                for n, s, d in self.outputs}
        ws = (torch.empty(self.workspace_bytes, dtype=torch.uint8, device="cuda")
              if self.workspace_bytes else None)
        in_ptrs = (ctypes.c_void_p * len(self.inputs))(*[inputs[n].data_ptr()
                                                         for n, _, _ in self.inputs])
        out_ptrs = (ctypes.c_void_p * len(self.outputs))(*[outs[n].data_ptr()
                                                           for n, _, _ in self.outputs])
        ws_ptr = ctypes.c_void_p(ws.data_ptr() if ws is not None else None)
        stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream or None)
        ordered = [outs[n] for n in self.output_order]

        def call(_keep=(inputs, ws)):  # the raw pointers above point into these tensors
            rc = self._run(in_ptrs, out_ptrs, ws_ptr, stream)
            if rc != 0:
                raise AxonRunError("axon run function returned CUDA error %d" % rc)
            return ordered
        return call, ordered


def _check_io(kind: str, listed, names, infos) -> None:
    """launcher.json's inputs or outputs must be the graph's, with the same shapes and dtypes."""
    if sorted(n for n, _, _ in listed) != sorted(names):
        raise LauncherError("launcher.json %ss %s, graph has %s"
                            % (kind, [n for n, _, _ in listed], list(names)))
    for n, shape, dtype in listed:
        want = infos[n]
        if shape != want.shape or dtype != want.dtype:
            raise LauncherError("launcher.json %s %r is %s %s, graph has %s %s"
                                % (kind, n, list(shape), dtype, list(want.shape), want.dtype))
