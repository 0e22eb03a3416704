"""The op families. Importing this package registers every op and installs operators."""

from eagerflow._src.ops import (  # noqa: F401
    array, debugging, indexing, linalg, math, math_special, random, random_generator,
    random_stateless, reduce, shaping, slicing, variables,
)
from eagerflow._src.ops import image, nn, nn_conv, nn_fused, nn_loss, nn_norm, nn_pool  # noqa: F401,E501
from eagerflow._src.ops import operators  # noqa: F401  (after the families it uses)
from eagerflow._src.ops import io_ops, parsing_ops, sparse_ops  # noqa: F401  (data and io)
from eagerflow._src.ops import (  # noqa: F401  (coverage of TF's API beyond the core)
    linalg_decomp, misc_ops, nn_space, segment_ops, signal_ops, string_ops,
)
from eagerflow._src.ops import heap as _heap

_heap.keep_freed_memory()  # before the first kernel allocates (see heap.py)
