"""``axon.load``: the launcher ``axon superopt`` wrote, as a PyTorch custom op.

The output directory holds launcher.json (the graph's inputs and outputs with shapes and dtypes,
the shared library and its symbols) and report.json (whether the kernels were validated and
timed on a GPU). :func:`load` registers ``torch.ops.axon.<graph>_<id>`` with

- a CUDA implementation that checks every input (device, dtype, shape, contiguity), allocates
  the outputs and the workspace through PyTorch's allocator and launches on the current stream:

      int    axon_<graph>_run(const void* const* inputs, void* const* outputs, void* workspace,
                              void* stream);
      size_t axon_<graph>_workspace_bytes(void);

- a fake (meta) implementation from launcher.json's shapes, so ``torch.compile`` and
  ``torch.library.opcheck`` can trace it;
- a CPU implementation that says the kernels need CUDA tensors.

Output that was never validated and timed on a GPU (``superopt --no-gpu``) is refused unless
``allow_unvalidated=True``.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, List, Tuple, Union

from .cli import EXIT_BAD_INPUT, EXIT_CHECK_FAILED, AxonError

_TORCH_DTYPES = {"f32": "float32", "f16": "float16", "bf16": "bfloat16", "i32": "int32",
                 "bool": "bool"}


@dataclass(frozen=True)
class TensorSpec:
    """One input or output of the launcher: its graph name, shape and axon dtype."""
    name: str
    shape: Tuple[int, ...]
    dtype: str


class AxonOp:
    """A loaded superopt output: call it with the inputs (positional, in :attr:`inputs` order,
    or by graph name) to get the outputs (a tensor, or a tuple in :attr:`outputs` order)."""

    def __init__(self, out_dir: Path, spec: Dict[str, Any], report: Dict[str, Any], qualname: str,
                 op: Any):
        self.out_dir = out_dir
        self.graph = spec["graph"]
        self.inputs = [_spec(d) for d in spec["inputs"]]
        self.outputs = [_spec(d) for d in spec["outputs"]]
        self.report = report
        self.qualname = qualname
        self.op = op

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if kwargs:
            names = [i.name for i in self.inputs]
            unknown = sorted(set(kwargs) - set(names))
            if unknown:
                raise AxonError("%s: no input named %s (inputs: %s)" % (self.graph, unknown, names))
            args = tuple(args) + tuple(kwargs[n] for n in names[len(args):] if n in kwargs)
        if len(args) != len(self.inputs):
            raise AxonError("%s takes %d inputs (%s), got %d" % (
                self.graph, len(self.inputs), [i.name for i in self.inputs], len(args)))
        return self.op(*args)

    def __repr__(self) -> str:
        return "AxonOp(%s: %s -> %s)" % (self.qualname, [i.name for i in self.inputs],
                                          [o.name for o in self.outputs])


def _spec(d: Dict[str, Any]) -> TensorSpec:
    return TensorSpec(d["name"], tuple(int(s) for s in d["shape"]), d["dtype"])


def _read_json(path: Path) -> Dict[str, Any]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError as e:
        raise AxonError("%s: cannot read: %s" % (path, e.strerror or e)) from None
    except ValueError as e:
        raise AxonError("%s: not JSON: %s" % (path, e)) from None


_LOADED: Dict[str, AxonOp] = {}


def load(out_dir: Union[str, os.PathLike], *, allow_unvalidated: bool = False) -> AxonOp:
    """Register the launcher in ``out_dir`` (an ``axon superopt -o`` directory) as a PyTorch
    custom op and return it (see the module docstring). Loading the same directory again
    returns the op already registered."""
    import torch
    out = Path(out_dir).resolve()
    spec = _read_json(out / "launcher.json")
    report = _read_json(out / "report.json")
    for key in ("graph", "inputs", "outputs", "library", "symbol", "workspace_symbol"):
        if key not in spec:
            raise AxonError("%s: missing key %r" % (out / "launcher.json", key))
    if not (report.get("timed") and report.get("validated")) and not allow_unvalidated:
        raise AxonError("%s: the kernels were not validated and timed on a GPU (%s); pass "
                        "allow_unvalidated=True to load them anyway"
                        % (out / "report.json", report.get("device", "untimed")), EXIT_CHECK_FAILED)
    if spec.get("library_built") is False:
        raise AxonError("%s: library_built is false (no nvcc when superopt ran; see %s)"
                        % (out / "launcher.json", out / "nvcc.log"), EXIT_CHECK_FAILED)
    digest = hashlib.sha1((str(out) + json.dumps(spec, sort_keys=True)).encode()).hexdigest()[:10]
    base = re.sub(r"\W", "_", spec["graph"]) or "graph"
    name = "%s_%s" % (base, digest)
    qualname = "axon::" + name
    if qualname in _LOADED:
        return _LOADED[qualname]

    inputs = [_spec(d) for d in spec["inputs"]]
    outputs = [_spec(d) for d in spec["outputs"]]
    for t in inputs + outputs:
        if t.dtype not in _TORCH_DTYPES:
            raise AxonError("%s: %r has dtype %r" % (out / "launcher.json", t.name, t.dtype))
    params = ", ".join("Tensor in%d" % i for i in range(len(inputs)))
    rets = "Tensor" if len(outputs) == 1 else "(%s)" % ", ".join(["Tensor"] * len(outputs))
    lib = torch.library.Library("axon", "FRAGMENT")
    lib.define("%s(%s) -> %s" % (name, params, rets))
    kernel = _Kernel(out, spec, inputs, outputs)

    def check(args: Tuple[Any, ...], allow_any_device: bool) -> Any:
        if len(args) != len(inputs):
            raise AxonError("%s takes %d inputs (%s), got %d" % (spec["graph"], len(inputs),
                                                                 [i.name for i in inputs], len(args)))
        device = None
        for t, want in zip(args, inputs):
            where = "%s: input %r" % (spec["graph"], want.name)
            if not isinstance(t, torch.Tensor):
                raise AxonError("%s is %s, not a tensor" % (where, type(t).__name__))
            if t.dtype != getattr(torch, _TORCH_DTYPES[want.dtype]):
                raise AxonError("%s is %s, the kernels take %s" % (where, t.dtype, want.dtype))
            if tuple(t.shape) != want.shape:
                raise AxonError("%s has shape %s, the kernels take %s"
                                % (where, list(t.shape), list(want.shape)))
            if not allow_any_device and t.device.type != "cuda":
                raise AxonError("%s is on %s: axon's kernels run on CUDA tensors"
                                % (where, t.device))
            if device is not None and t.device != device:
                raise AxonError("%s is on %s, input %r on %s" % (where, t.device, inputs[0].name,
                                                                device))
            device = t.device
            if not allow_any_device and not t.is_contiguous():
                raise AxonError("%s is not contiguous (call .contiguous())" % where)
        return device

    def fake(*args: Any) -> Any:
        device = check(args, True)
        res = tuple(args[0].new_empty(o.shape, dtype=getattr(torch, _TORCH_DTYPES[o.dtype]))
                    for o in outputs) if args else ()
        if device is None:
            res = tuple(torch.empty(o.shape, dtype=getattr(torch, _TORCH_DTYPES[o.dtype]))
                        for o in outputs)
        return res[0] if len(res) == 1 else res

    def cuda(*args: Any) -> Any:
        device = check(args, False)
        res = kernel.run(args, device)
        return res[0] if len(res) == 1 else res

    def cpu(*args: Any) -> Any:
        check(args, False)   # raises: the first input is not on CUDA
        raise AxonError("%s: axon's kernels run on CUDA tensors" % spec["graph"])

    lib.impl(name, cuda, "CUDA")
    lib.impl(name, cpu, "CPU")
    torch.library.register_fake(qualname, fake, lib=lib)
    op = AxonOp(out, spec, report, qualname, getattr(torch.ops.axon, name).default)
    op._lib = lib   # keeps the registration alive
    _LOADED[qualname] = op
    return op


class _Kernel:
    """The shared library, loaded on first use with ctypes."""

    def __init__(self, out: Path, spec: Dict[str, Any], inputs: List[TensorSpec],
                 outputs: List[TensorSpec]):
        self.path = out / spec["library"]
        self.symbol, self.ws_symbol = spec["symbol"], spec["workspace_symbol"]
        self.inputs, self.outputs = inputs, outputs
        self._run: Any = None
        self.workspace_bytes = 0

    def _load(self) -> None:
        try:
            lib = ctypes.CDLL(str(self.path))
            run, ws = getattr(lib, self.symbol), getattr(lib, self.ws_symbol)
        except OSError as e:
            raise AxonError("cannot load %s: %s" % (self.path, e)) from None
        except AttributeError as e:
            raise AxonError("%s: %s" % (self.path, e)) from None
        run.restype = ctypes.c_int
        run.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.POINTER(ctypes.c_void_p),
                        ctypes.c_void_p, ctypes.c_void_p]
        ws.restype, ws.argtypes = ctypes.c_size_t, []
        self._lib, self._run, self.workspace_bytes = lib, run, int(ws())

    def run(self, args: Tuple[Any, ...], device: Any) -> Tuple[Any, ...]:
        import torch
        if self._run is None:
            self._load()
        outs = tuple(torch.empty(o.shape, dtype=getattr(torch, _TORCH_DTYPES[o.dtype]),
                                 device=device) for o in self.outputs)
        ws = (torch.empty(self.workspace_bytes, dtype=torch.uint8, device=device)
              if self.workspace_bytes else None)
        in_ptrs = (ctypes.c_void_p * len(args))(*[t.data_ptr() for t in args])
        out_ptrs = (ctypes.c_void_p * len(outs))(*[t.data_ptr() for t in outs])
        with torch.cuda.device(device):
            stream = torch.cuda.current_stream(device).cuda_stream
            rc = self._run(in_ptrs, out_ptrs, ctypes.c_void_p(ws.data_ptr() if ws is not None
                                                              else None),
                           ctypes.c_void_p(stream or None))
        if rc != 0:
            raise AxonError("%s returned CUDA error %d" % (self.symbol, rc), EXIT_BAD_INPUT + 1)
        return outs
