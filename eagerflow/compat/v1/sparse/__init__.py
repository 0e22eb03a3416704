"""tf.compat.v1.sparse: tf.sparse with TF 1's functions where TF 1 has its own (the
v1 top-level `sparse_*` functions: `reduce_sum(keep_dims=, reduction_axes=)`, `merge`,
`placeholder`, ...)."""

import eagerflow.compat.v1 as _v1
import eagerflow.sparse as _tf2

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'add': 'sparse_add',
       'concat': 'sparse_concat',
       'matmul': 'sparse_tensor_dense_matmul',
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


def __getattr__(name):
    if name in _V1:
        value = getattr(_v1, _V1[name])
    elif name in _SUB:
        value = getattr(getattr(_v1, _SUB[name]), name)
    else:
        try:
            value = getattr(_tf2, _TF2.get(name, name))
        except AttributeError:
            raise AttributeError(f"module 'eagerflow.compat.v1.sparse' has no attribute "
                                 f"{name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(dir(_tf2)) | set(_V1) | set(_SUB) | set(_TF2))
