"""tf.sparse (re-exports only)."""

from eagerflow._src.core.sparse_tensor import SparseTensor as SparseTensor
from eagerflow._src.ops.sparse_ops import to_dense as to_dense
