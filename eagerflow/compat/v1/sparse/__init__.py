"""tf.compat.v1.sparse: tf.sparse with TF 1's functions where TF 1 has its own (the
v1 top-level `sparse_*` functions: `reduce_sum(keep_dims=, reduction_axes=)`, `merge`,
`placeholder`, ...)."""

import eagerflow.compat.v1 as _v1
import eagerflow.sparse as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'SparseConditionalAccumulator': 'SparseConditionalAccumulator',
       'add': 'sparse_add',
       'concat': 'sparse_concat',
       'matmul': 'sparse_tensor_dense_matmul',
       'merge': 'sparse_merge',
       'placeholder': 'sparse_placeholder',
       'reduce_max': 'sparse_reduce_max',
       'reduce_max_sparse': 'sparse_reduce_max_sparse',
       'reduce_sum': 'sparse_reduce_sum',
       'reduce_sum_sparse': 'sparse_reduce_sum_sparse',
       'segment_mean': 'sparse_segment_mean',
       'segment_sqrt_n': 'sparse_segment_sqrt_n',
       'segment_sum': 'sparse_segment_sum',
       'split': 'sparse_split'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}
# TF 2's names that TF 1's tf.sparse lacks
_LACKS = ('map_values', 'sampled_addmm')

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2, _LACKS)
