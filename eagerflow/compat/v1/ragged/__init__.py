"""tf.compat.v1.ragged: tf.ragged with TF 1's `RaggedTensorValue`, `constant_value` and
`placeholder` (v1/ragged_v1.py)."""

import eagerflow.ragged as _tf2
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing
from eagerflow._src.v1.ragged_v1 import RaggedTensorValue as RaggedTensorValue
from eagerflow._src.v1.ragged_v1 import constant_value as constant_value
from eagerflow._src.v1.ragged_v1 import placeholder as placeholder

__getattr__ = _fallback(__name__, _tf2)
__dir__ = _listing(__name__, _tf2)
