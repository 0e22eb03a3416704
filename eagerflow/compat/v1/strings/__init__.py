"""tf.compat.v1.strings: tf.strings with TF 1's forms, as TF 2.21 has them: `length` and
`substr` with `name` before `unit`, `split` with `source` and `result_type` (a
SparseTensor by default), and tf.compat.v1's string_to_number, string_to_hash_bucket
(their `string_tensor`) and reduce_join (`keep_dims`, `reduction_indices`)."""

import eagerflow.compat.v1 as _v1
import eagerflow.strings as _tf2
from eagerflow._src.v1.namespaces import aliased_namespace as _aliased_namespace
from eagerflow._src.v1.strings_v1 import length as length
from eagerflow._src.v1.strings_v1 import split as split
from eagerflow._src.v1.strings_v1 import substr as substr

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {"to_number": "string_to_number", "to_hash_bucket": "string_to_hash_bucket",
       "reduce_join": "reduce_join"}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {}

__getattr__, __dir__ = _aliased_namespace(__name__, _v1, _tf2, _V1, _SUB, _TF2)
