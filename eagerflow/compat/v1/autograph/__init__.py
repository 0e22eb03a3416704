"""tf.compat.v1.autograph: tf.autograph with TF 1's to_code and to_graph (their
`arg_values`, `arg_types` and to_code's `indentation`, accepted and ignored as TF 2.21
does) (re-exports only)."""

import eagerflow.autograph as _autograph
from eagerflow._src.autograph.api import to_code_v1 as to_code
from eagerflow._src.autograph.api import to_graph_v1 as to_graph
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing

__all__ = ["to_code", "to_graph"]
__getattr__ = _fallback(__name__, _autograph)  # the rest of tf.autograph
__dir__ = _listing(__name__, _autograph)
