"""tf.sparse (re-exports only; implementation in eagerflow/_src/ops/sparse_functions.py)."""

from eagerflow._src.core.sparse_tensor import SparseTensor as SparseTensor
from eagerflow._src.ops.crosses import cross as cross
from eagerflow._src.ops.crosses import cross_hashed as cross_hashed
from eagerflow._src.ops.sparse_functions import (
    bincount as bincount,
    concat_sparse as concat,
    expand_dims as expand_dims,
    fill_empty_rows as fill_empty_rows,
    from_dense as from_dense,
    map_values as map_values,
    reorder as reorder,
    reshape_sparse as reshape,
    retain as retain,
    segment_mean as segment_mean,
    segment_sqrt_n as segment_sqrt_n,
    segment_sum as segment_sum,
    slice_sparse as slice,
    sparse_dense_matmul as sparse_dense_matmul,
    split_sparse as split,
    to_indicator as to_indicator,
    transpose_sparse as transpose,
)
from eagerflow._src.ops.sparse_reduce_ops import (
    reduce_max_sparse as reduce_max,
    reduce_sum_sparse as reduce_sum,
)
from eagerflow._src.ops.sparse_binary_ops import (
    add as add,
    maximum as maximum,
    minimum as minimum,
)
from eagerflow._src.ops.sparse_extras import (
    eye as eye,
    mask as mask,
    reset_shape as reset_shape,
    sampled_addmm as sampled_addmm,
)
from eagerflow._src.ops.sparse_ops import to_dense as to_dense
from eagerflow._src.ops.sparse_softmax import softmax as softmax

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("sparse", globals())
del _api_names
