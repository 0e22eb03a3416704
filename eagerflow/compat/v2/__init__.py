"""tf.compat.v2: the TF 2 API itself, with `enable_v2_behavior`, and without the TF 2 names
TF's tf.compat.v2 lacks."""

import eagerflow
from eagerflow._src.function.compat_v1 import enable_v2_behavior  # noqa: F401

_NOT_IN_V2 = frozenset(("dtensor", "security", "tools"))


def __getattr__(name):
    if name not in _NOT_IN_V2:
        try:
            return getattr(eagerflow, name)
        except AttributeError:
            pass
    raise AttributeError(f"module 'eagerflow.compat.v2' has no attribute {name!r}")
