"""tf.bitwise: bitwise operations on integer tensors."""

from eagerflow._src.ops.bitwise import (  # noqa: F401
    bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift,
)

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("bitwise", globals())
del _api_names
