"""tf.compat.v1.sets: tf.sets with TF 1's `set_` names."""

import eagerflow.compat.v1 as _v1
import eagerflow.sets as _tf2

# TF 1's name -> the tf.compat.v1 function it is
_V1 = {}
# TF 1's name -> the tf.compat.v1 submodule holding it
_SUB = {}
# TF 1's name -> its TF 2 name in this namespace
_TF2 = {'set_difference': 'difference',
        'set_intersection': 'intersection',
        'set_size': 'size',
        'set_union': 'union'}


def __getattr__(name):
    if name in _V1:
        value = getattr(_v1, _V1[name])
    elif name in _SUB:
        value = getattr(getattr(_v1, _SUB[name]), name)
    else:
        try:
            value = getattr(_tf2, _TF2.get(name, name))
        except AttributeError:
            raise AttributeError(f"module 'eagerflow.compat.v1.sets' has no attribute "
                                 f"{name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(dir(_tf2)) | set(_V1) | set(_SUB) | set(_TF2))
