"""tf.compat.v1.dtypes: tf.dtypes with TF 1's `as_string`."""

import eagerflow.compat.v1 as _v1
import eagerflow.dtypes as _tf2

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {'as_string': 'as_string'}
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
            raise AttributeError(f"module 'eagerflow.compat.v1.dtypes' has no attribute "
                                 f"{name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(dir(_tf2)) | set(_V1) | set(_SUB) | set(_TF2))
