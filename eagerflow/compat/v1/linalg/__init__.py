"""tf.compat.v1.linalg: tf.linalg with TF 1's `transpose` (matrix_transpose) and
`norm` (tf.compat.v1.norm's `keep_dims`), without TF 2's
eig, eigvals and banded_triangular_solve."""

import eagerflow.compat.v1 as _v1
import eagerflow.linalg as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'norm': 'norm'}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {'transpose': 'matrix_transpose'}
# TF 2's names that TF 1's tf.linalg lacks
_LACKS = ('banded_triangular_solve', 'eig', 'eigvals')

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2, _LACKS)
