"""tf.keras.dtype_policies (re-exports only)."""

from eagerflow._src.keras.dtype_policy import (
    DTypePolicy as DTypePolicy,
    FloatDTypePolicy as FloatDTypePolicy,
    deserialize as deserialize,
    get as get,
    serialize as serialize,
)
