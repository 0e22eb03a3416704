"""tf.compat.v1.math: tf.math with TF 1's forms, as TF 2.21 has them: the reductions with
`keep_dims` and `reduction_indices`, argmax/argmin with `dimension`, count_nonzero,
confusion_matrix and bincount (the very tf.compat.v1 functions), and in_top_k (predictions
first), softmax and log_softmax (with `dim`), tf.compat.v1.nn's."""

import eagerflow.compat.v1 as _v1
import eagerflow.math as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {n: n for n in ("reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max",
                      "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum", "argmax",
                      "argmin", "count_nonzero", "confusion_matrix", "bincount")}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {"in_top_k": "nn", "softmax": "nn", "log_softmax": "nn"}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2)
