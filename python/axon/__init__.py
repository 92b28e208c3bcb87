"""axon from Python: import PyTorch and ONNX models as axon graphs, run the CLI, load its kernels.

- :func:`export` runs ``torch.export`` on a function or module and writes graph.json files (one
  per region axon can run; the rest stays in PyTorch, with a coverage summary).
- :func:`from_onnx` does the same for an ONNX model, through the same op handlers.
- :func:`load` registers the launcher that ``axon superopt`` wrote as a PyTorch custom op.
- :mod:`axon.cli` runs the binary (``python -m axon`` forwards to it); its failures raise
  :class:`AxonError` with the CLI's one-line message.

docs/python.md describes the package.
"""

from .cli import AxonError, find_binary
from .graph import GraphBuilder, Unsupported
from .ops import OPS

__version__ = "0.1.0"


def export(*args, **kwargs):
    """See :func:`axon.torch_export.export` (imported on first use: it needs torch)."""
    from .torch_export import export as _export
    return _export(*args, **kwargs)


def from_onnx(*args, **kwargs):
    """See :func:`axon.onnx_import.from_onnx` (imported on first use: it needs onnx)."""
    from .onnx_import import from_onnx as _from_onnx
    return _from_onnx(*args, **kwargs)


def load(*args, **kwargs):
    """See :func:`axon.launcher.load` (imported on first use: it needs torch)."""
    from .launcher import load as _load
    return _load(*args, **kwargs)


__all__ = ["AxonError", "GraphBuilder", "OPS", "Unsupported", "export", "find_binary",
           "from_onnx", "load"]
