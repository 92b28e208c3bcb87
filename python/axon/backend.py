"""``torch.compile(model, backend="axon")``: supported regions through ``axon superopt``, the
rest with PyTorch.

Dynamo hands the backend a graph of the model; AOTAutograd lowers it to ATen ops with fake
tensors (a forward graph and, when training, a backward graph: both are compiled), which :func:`axon.torch_export.from_graph_module` cuts into regions (the importer's op
table and region cut). Each region is then *run* by a runner:

- ``"superopt"`` (the default where CUDA is available): ``axon superopt`` on the region at the
  example sizes (one output directory per region and binding under ``cache_dir``), loaded with
  :func:`axon.load`, which refuses kernels that were not validated and timed on the GPU; a
  launcher's sizes are fixed, so a region with symbolic sizes (``dynamic=True``) is searched
  again on the first call at each other binding, read off the inputs' shapes;
- ``"eval"``: the CPU reference interpreter (``axon eval --precision native``, its sizes bound
  from each call's inputs), one process per call: slow, a check of the region plumbing on
  machines without a GPU;
- ``"torch"`` (the default without CUDA): nothing replaced; the regions are only reported.

A region whose runner cannot be made (the search fails, the kernels are not validated) stays in
PyTorch with a warning. Options come as ``torch.compile(..., options={...})``: ``runner``,
``budget`` (seconds per region, default 60), ``cache_dir`` (default ``~/.cache/axon/compile``),
``verbose`` (print the coverage summary, default True).
"""

from __future__ import annotations

import hashlib
import json
import re
import tempfile
import warnings
from pathlib import Path
from typing import Any, Callable, Dict, List, Sequence

from . import cli
from .cli import AxonError
from .torch_export import Exported, Region, from_graph_module


def region_symbols(region: Region) -> List[str]:
    """The size symbols a region's graph uses (in its inputs' shapes)."""
    out: List[str] = []
    for i in region.graph["inputs"]:
        for size in i["shape"]:
            if isinstance(size, str):
                for sym in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", size):
                    if sym not in out:
                        out.append(sym)
    return out


def bind_sizes(region: Region, tensors: Sequence[Any]) -> Dict[str, int]:
    """The value of each size symbol of the region in this call, read off the inputs' shapes
    (a dim that is one symbol gives it); AxonError when one is not given or they disagree."""
    values: Dict[str, int] = {}
    for i, t in zip(region.graph["inputs"], tensors):
        if len(i["shape"]) != t.dim():
            raise AxonError("region %s: input %r has rank %d, the graph %d"
                            % (region.name, i["name"], t.dim(), len(i["shape"])))
        for size, n in zip(i["shape"], t.shape):
            if isinstance(size, str) and re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", size.strip()):
                if values.setdefault(size.strip(), int(n)) != int(n):
                    raise AxonError("region %s: size %s is %d and %d in one call"
                                    % (region.name, size, values[size.strip()], int(n)))
    missing = [sym for sym in region_symbols(region) if sym not in values]
    if missing:
        raise AxonError("region %s: sizes %s are no input's dim" % (region.name, missing))
    return values


def _eval_runner(region: Region) -> Callable:
    """A callable running the region under ``axon eval --precision native``, its symbolic sizes
    bound from each call's inputs."""
    import numpy as np
    import torch
    graph = json.dumps(region.graph)

    def run(*tensors: Any) -> List[Any]:
        symbols = bind_sizes(region, tensors)
        with tempfile.TemporaryDirectory(prefix="axon-eval-") as tmp:
            d = Path(tmp)
            (d / "g.json").write_text(graph, encoding="utf-8")
            args = ["eval", str(d / "g.json"), "-o", str(d / "out"), "--precision", "native"]
            for k, (io, t) in enumerate(zip(region.inputs, tensors)):
                arr = t.detach().cpu()
                arr = (arr.float() if arr.dtype == torch.bfloat16 else arr).numpy()
                np.save(d / ("in%d.npy" % k), arr)
                args += ["--inputs", "%s=%s" % (io.name, d / ("in%d.npy" % k))]
            for sym, v in symbols.items():
                args += ["--bind", "%s=%d" % (sym, v)]
            cli.run(args)
            outs = []
            for o, t in zip(region.outputs, _out_dtypes(region)):
                arr = torch.from_numpy(np.load(d / "out" / ("%s.npy" % o.name)))
                outs.append(arr.to(t) if t is not None else arr)
            return outs
    return run


def _out_dtypes(region: Region) -> List[Any]:
    """The torch dtype of each region output (bf16 comes back from axon eval as float32)."""
    import torch
    from .launcher import _TORCH_DTYPES
    return [getattr(torch, _TORCH_DTYPES[o.dtype]) if o.dtype in _TORCH_DTYPES else None
            for o in region.outputs]


def _kernels(region: Region, symbols: Dict[str, int], options: Dict[str, Any]) -> Any:
    """The loaded kernels of the region at these sizes (searched once per graph and binding,
    kept under the cache folder)."""
    from .launcher import load
    cache = Path(options.get("cache_dir") or Path.home() / ".cache" / "axon" / "compile")
    key = hashlib.sha1((json.dumps(region.graph, sort_keys=True) +
                        json.dumps(symbols, sort_keys=True)).encode()).hexdigest()[:16]
    out = cache / ("%s_%s" % (region.name, key))
    if not (out / "launcher.json").is_file():
        cache.mkdir(parents=True, exist_ok=True)
        graph = cache / ("%s_%s.json" % (region.name, key))
        graph.write_text(json.dumps(region.graph), encoding="utf-8")
        cli.superopt(graph, out, budget=float(options.get("budget", 60)), bind=symbols,
                     progress=bool(options.get("verbose", True)))
    return load(out)


def _superopt_runner(region: Region, example: Dict[str, int], options: Dict[str, Any]) -> Callable:
    """A callable running the region's kernels: searched now at the example sizes, and on the
    first call at any other sizes (a launcher's sizes are fixed)."""
    ops: Dict[tuple, Any] = {}
    symbols = {s: example[s] for s in region_symbols(region) if s in example}
    ops[tuple(sorted(symbols.items()))] = _kernels(region, symbols, options)

    def run(*tensors: Any) -> List[Any]:
        binding = bind_sizes(region, tensors)
        key = tuple(sorted(binding.items()))
        if key not in ops:
            ops[key] = _kernels(region, binding, options)
        op = ops[key]
        names = [i.name for i in op.inputs]
        args: List[Any] = [None] * len(names)
        for io, t in zip(region.inputs, tensors):
            args[names.index(io.name)] = t.contiguous()
        res = op.op(*args)
        res = res if isinstance(res, (tuple, list)) else (res,)
        by_name = dict(zip([o.name for o in op.outputs], res))
        return [by_name[o.name] for o in region.outputs]
    return run


def _replace(gm: Any, region: Region, runner: Callable, moved: Dict[str, Any]) -> None:
    """Replace the region's nodes in ``gm`` by one call of ``runner`` (placed before the output:
    the graph is sorted again once all are replaced); ``moved`` maps the names of outputs of
    regions replaced before to their new nodes."""
    import operator
    nodes = {n.name: n for n in gm.graph.nodes}
    nodes.update({k: v for k, v in moved.items() if k not in nodes})
    inside = set(region.nodes)
    output_node = next(n for n in gm.graph.nodes if n.op == "output")
    with gm.graph.inserting_before(output_node):
        call = gm.graph.call_function(runner, tuple(nodes[i.node] for i in region.inputs))
        for k, o in enumerate(region.outputs):
            get = gm.graph.call_function(operator.getitem, (call, k))
            old = nodes[o.node]
            old.replace_all_uses_with(get, delete_user_cb=lambda u: u.name not in inside)
            moved[o.node] = get
    for name in reversed(region.nodes):
        n = nodes[name]
        if not n.users:
            gm.graph.erase_node(n)


def compile_aten(gm: Any, example_inputs: Sequence[Any], options: Dict[str, Any]) -> Callable:
    """The forward compiler: cut ``gm`` (ATen ops) into regions and hand each to its runner."""
    import torch
    runner_kind = options.get("runner") or ("superopt" if torch.cuda.is_available() else "torch")
    if runner_kind not in ("superopt", "eval", "torch"):
        raise AxonError("torch.compile options: runner %r is not superopt, eval or torch"
                        % runner_kind)
    exported: Exported = from_graph_module(gm, name=options.get("name", "compiled"))
    if options.get("verbose", True):
        print(exported.summary().replace("axon.export", "axon torch.compile"))
    compile_aten.last = exported            # for inspection (tests, users)
    compile_aten.last_module = gm
    if runner_kind == "torch":
        return gm.forward
    moved: Dict[str, Any] = {}
    for region in exported.regions:
        try:
            runner = (_superopt_runner(region, exported.symbols, options)
                      if runner_kind == "superopt" else _eval_runner(region))
        except AxonError as e:
            warnings.warn("axon: region %s left to PyTorch: %s" % (region.name, e))
            continue
        _replace(gm, region, runner, moved)
    if moved:
        from torch.fx.passes.tools_common import legalize_graph
        legalize_graph(gm)
        gm.graph.eliminate_dead_code()
        gm.recompile()
    return gm.forward


def axon_backend(gm: Any, example_inputs: Sequence[Any], **kwargs: Any) -> Callable:
    """The dynamo backend registered as ``"axon"`` (see the module docstring)."""
    from torch._dynamo.backends.common import aot_autograd
    from torch._functorch.aot_autograd import make_boxed_func
    options = dict(kwargs.get("options") or {})

    def compiler(g: Any, inputs: Sequence[Any]) -> Callable:
        return make_boxed_func(compile_aten(g, inputs, options))
    # the forward graph and, when training, the backward graph alike
    return aot_autograd(fw_compiler=compiler, bw_compiler=compiler)(gm, example_inputs)


def register() -> None:
    """Register ``"axon"`` with torch.compile (done on import of this module; the package's
    ``torch_dynamo_backends`` entry point also makes it known without an import)."""
    from torch._dynamo.backends.registry import _BACKENDS, register_backend
    if _BACKENDS.get("axon") is None:
        register_backend(axon_backend, name="axon")


register()
