"""tf.lookup.experimental (re-exports only)."""

from eagerflow._src.ops.lookup_ops import (
    DenseHashTable as DenseHashTable,
    MutableHashTable as MutableHashTable,
)
