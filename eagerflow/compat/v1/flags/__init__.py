"""tf.compat.v1.flags: absl.flags as TF 2.21 routes it (TF 1's DEFINE keyword names,
FLAGS parsing sys.argv when first read); loads absl-py (re-exports only)."""

from eagerflow._src.v1 import flags_v1 as _flags_v1
from eagerflow._src.v1.flags_v1 import FLAGS as FLAGS
from eagerflow._src.v1.flags_v1 import DEFINE_bool as DEFINE_bool
from eagerflow._src.v1.flags_v1 import DEFINE_boolean as DEFINE_boolean
from eagerflow._src.v1.flags_v1 import DEFINE_float as DEFINE_float
from eagerflow._src.v1.flags_v1 import DEFINE_integer as DEFINE_integer
from eagerflow._src.v1.flags_v1 import DEFINE_string as DEFINE_string


def __getattr__(name):
    try:
        value = _flags_v1.flag_attr(name)
    except AttributeError:
        raise AttributeError(
            f"module 'eagerflow.compat.v1.flags' has no attribute {name!r}") from None
    globals()[name] = value
    return value


def __dir__():
    return _flags_v1.flag_names()
