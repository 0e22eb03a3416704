"""The op families. Importing this package registers the common ops and installs operators.

The modules of ops/ have an order, and each imports only modules before it
(tests/test_layering.py enforces it): the machinery (registry, dispatch, checks,
kernel helpers), then math, array and shaping, reductions, indexing and slicing,
linear algebra, random, nn, image and signal, the other families, and operators.py
last, which installs the Python operators on Tensor.

The rarer families (random, sorting, banded and general linear algebra, string hashing,
ragged tensors, sparse, lookup tables, image codecs) are not imported here: they load
on first use, so that `import eagerflow` stays fast. Their ops are still found by name:
op_index.py says which module registers each, and the registry imports it on the first
lookup (see registry.py). Code outside the ragged family imports it through ragged.py.
"""

from eagerflow._src.ops import (  # noqa: F401  (math, then array and shaping)
    math, math_special, stacking, sequences, variables, array, shaping,
)
from eagerflow._src.ops import (  # noqa: F401  (reductions, indexing and slicing)
    reduce, logsumexp_scan, indexing, unique_one_hot, nd_indexing, slicing, slice_op, padding,
    segment_ops, variable_scatter, slice_update, data_flow, reduce_grads,
)
from eagerflow._src.ops import (  # noqa: F401  (linear algebra)
    linalg, einsum_shapes, einsum_path, einsum, linalg_decomp, control_deps, misc_ops, greedy_nms,
)
from eagerflow._src.ops import (  # noqa: F401  (nn, image and signal)
    nn_conv, nn, nn_pool, nn_pool_argmax, nn_norm, nn_loss, nn_ctc_beam, nn_fused, nn_batchnorm,
    nn_space, nn_lrn, image, signal_ops,
)
from eagerflow._src.ops import (  # noqa: F401  (the rest of TF's API, data and io)
    debugging, string_ops, string_segment_join, parsing_ops, io_ops,
)
from eagerflow._src.ops import operators  # noqa: F401  (last: it uses the families)
from eagerflow._src.ops import heap as _heap

_heap.keep_freed_memory()  # before the first kernel allocates (see heap.py)
