"""tf.sets calls whose results and errors TF 2.21 recorded (sets_golden.json, written by
make_sets_golden.py). Each case is an expression over `tf`; `sp` is a SparseTensor."""

from __future__ import annotations

from typing import Any

import numpy as np

from tests.golden_io import as_recorded

SETUP = "sp = tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [3, 1, 2], [2, 3])"
A = "tf.constant([[1, 2, 3], [4, 5, 6]])"
B = "tf.constant([[1, 3, 5], [4, 7, 6]])"
CASES = [
    f"tf.sets.intersection({A}, {B})",
    f"tf.sets.union({A}, {B})",
    f"tf.sets.difference({A}, {B})",
    f"tf.sets.difference({A}, {B}, aminusb=False)",
    "tf.sets.intersection(tf.constant([[1, 2], [2, 9]]), sp)",
    "tf.sets.intersection(sp, tf.constant([[1, 2], [2, 9]]))",
    "tf.sets.difference(tf.constant([[1, 2], [2, 9]]), sp)",
    "tf.sets.difference(sp, tf.constant([[1, 2], [2, 9]]))",
    "tf.sets.union(sp, sp)",
    "tf.sets.union(sp, tf.SparseTensor([[0, 4]], [7], [2, 5]))",
    "tf.sets.size(sp)",
    "tf.sets.size(tf.SparseTensor([[0, 0, 0], [0, 1, 1]], [3, 1], [1, 2, 3]))",
    "tf.sets.union(tf.constant([['b', 'a']]), tf.constant([['c', 'a']]))",
    "tf.sets.intersection(tf.constant([[[1, 2], [3, 3]]]), tf.constant([[[2, 2], [1, 3]]]))",
    "tf.sets.intersection(tf.constant([[1, 2, 2]]), tf.constant([[5]]))",
    "tf.sets.intersection(tf.zeros([2, 0], tf.int32), tf.zeros([2, 0], tf.int32))",
    "tf.sets.union(tf.constant([[1, 2]], tf.uint8), tf.constant([[3]], tf.uint8))",
    "tf.sets.intersection(tf.constant([[1.0, 2.0]]), tf.constant([[1.0]]))",
    "tf.sets.intersection(tf.constant([[1, 2]]), tf.constant([[1, 2]], tf.int64))",
    "tf.sets.intersection(tf.constant([1, 2]), tf.constant([[1, 2]]))",
    "tf.sets.intersection(tf.constant([[1, 2]]), tf.constant([[1, 2], [3, 4]]))",
    "tf.sets.union(tf.SparseTensor([[0, 5]], [3], [2, 3]), sp)",
    "tf.sets.union(tf.SparseTensor([[0, 1]], [3], [2, 3]), tf.SparseTensor([[0, 1]], [3], [3, 3]))",
    f"tf.sets.size({A})",
    "tf.sets.size(tf.SparseTensor([[0, 1], [0, 0]], [3, 1], [1, 3]))",
    "tf.sets.size(tf.SparseTensor([[0, 1], [0, 0]], [3, 1], [1, 3]), validate_indices=False)",
    "tf.sets.size(tf.SparseTensor([[0, 0], [0, 0]], [3, 3], [2, 3]))",
    "tf.sets.size(tf.SparseTensor([[0]], [3], [2]))",
]


def record(value: Any) -> Any:
    """A result as JSON: a SparseTensor as its three parts, a tensor as its values."""
    if hasattr(value, "indices"):
        return {"indices": value.indices.numpy().tolist(),
                "values": [v.decode() if isinstance(v, bytes) else v
                           for v in value.values.numpy().tolist()],
                "dtype": value.values.dtype.name,
                "dense_shape": value.dense_shape.numpy().tolist()}
    return {"value": np.asarray(value.numpy()).tolist(), "dtype": value.dtype.name}


def error(e: Exception) -> dict:
    """An error as its class and its whole message (the device TF's recorder ran it on);
    dtypes in a frozenset print in hash order, so what follows one is cut."""
    return {"error": type(e).__name__, "message": as_recorded(str(e)).split("`frozenset(")[0]}
