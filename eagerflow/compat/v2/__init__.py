"""tf.compat.v2: the TF 2 API itself."""

import eagerflow


def __getattr__(name):
    try:
        return getattr(eagerflow, name)
    except AttributeError:
        raise AttributeError(f"module 'eagerflow.compat.v2' has no attribute {name!r}") from None
