"""The op table: one handler per ATen op, writing its axon form into a GraphBuilder.

A handler is called as ``handler(b, args, kwargs, out)``:

- ``b``: the :class:`~axon.graph.GraphBuilder` of the region being written;
- ``args``/``kwargs``: the op's arguments, tensors as :class:`~axon.graph.Value`, sizes as ints
  or axon size expressions, dtypes as axon dtype names (``"i64"``, ``"f64"`` for those axon
  lacks), other arguments as the framework gave them;
- ``out``: a :class:`Spec` (or a tuple of them) saying what the framework computed: shape, dtype.

It returns the Value (or a tuple of Values, ``None`` where an element has no axon form) holding
the op's result, or raises :class:`~axon.graph.Unsupported` with the reason, and the importer
leaves the op to the framework. Both importers use this table: :mod:`axon.export` keys FX nodes
by their ATen schema name (``aten::mm``); :mod:`axon.onnx_import` maps each ONNX op onto the same
handlers. Result shapes are the framework's; axon's own shape inference (``axon check``) checks
every written graph against them.

The table is one dict, :data:`HANDLERS`, filled by the modules of each family of ops, which
importing this module imports:

- :mod:`axon.handlers_core`: :class:`Spec`, the table, the op sets (:data:`LAYOUT_OPS`,
  :data:`CONTRACTION_OPS`, :data:`ATTENTION_OPS`), :func:`handles`, the shared helpers;
- :mod:`axon.handlers_elementwise`: arithmetic, compares, clamps, logical ops, casts, activations;
- :mod:`axon.handlers_reductions`: sum, mean, max/min, any, var/std, vector norms;
- :mod:`axon.handlers_norms`: softmax, log_softmax, layer/RMS/group/batch norm;
- :mod:`axon.handlers_contractions`: mm, bmm, matmul, addmm, baddbmm, linear;
- :mod:`axon.handlers_attention`: scaled_dot_product_attention and its fused forms;
- :mod:`axon.handlers_layout`: views, reshapes, permutes, slices, cat/stack, pad, repeat, getitem;
- :mod:`axon.handlers_sources`: full/zeros/ones, arange, tril/triu.

The names other modules use are imported here, so ``from axon.handlers import ...`` stays the
way to reach them.
"""

from __future__ import annotations

from . import (handlers_attention, handlers_contractions, handlers_elementwise, handlers_layout,
               handlers_norms, handlers_reductions, handlers_sources)
from .handlers_core import (ATTENTION_OPS, CONTRACTION_OPS, HANDLERS, LAYOUT_OPS, Handler, Spec,
                            arg, as_bool, axes_of, axis_of, concrete_int, float_input, handles,
                            operand, result_dtype, same, supported_dtype, tensor)
from .handlers_elementwise import binary, compare, softplus
from .handlers_layout import getitem, reshape_to, slice_value, transpose
from .handlers_norms import batch_norm_eval, group_norm
from .handlers_reductions import reduce, variance

#: The modules whose handlers fill :data:`HANDLERS` (each registers its ops when imported).
FAMILIES = (handlers_elementwise, handlers_reductions, handlers_norms, handlers_contractions,
            handlers_attention, handlers_layout, handlers_sources)

__all__ = ["ATTENTION_OPS", "CONTRACTION_OPS", "FAMILIES", "HANDLERS", "LAYOUT_OPS", "Handler",
           "Spec", "arg", "as_bool", "axes_of", "axis_of", "batch_norm_eval", "binary", "compare",
           "concrete_int", "float_input", "getitem", "group_norm", "handles", "operand", "reduce",
           "reshape_to", "result_dtype", "same", "slice_value", "softplus", "supported_dtype",
           "tensor", "transpose", "variance"]
