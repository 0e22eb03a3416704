"""tf.bitwise: bitwise operations on integer tensors."""

from eagerflow._src.ops.math import (  # noqa: F401
    bitwise_and, bitwise_or, bitwise_xor, invert, left_shift, right_shift,
)
