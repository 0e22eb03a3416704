"""`class_weight` as Keras 3 on TF turns it into sample weights.

Sits in keras beside data_adapter, which applies it. Keras 3 has two paths and they differ:
arrays and a PyDataset's batches go through NumPy (one weight per sample, the class
found by squeezing or arg-maxing the last axis of the labels; a class left out weighs
1.0), while a tf.data Dataset is mapped by a traced function that gathers from a table up
to the largest class (one weight per label element: a segmentation mask gets a weight
per pixel; a label past the table is the gather's error when the batch is read).
"""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import tree
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import argmax

SINGLE_OUTPUT = "`class_weight` is only supported for Models with a single output."
WITH_SAMPLE_WEIGHT = "You cannot `class_weight` and `sample_weight` at the same time."


def class_weight_to_sample_weights(y: Any, class_weight: dict) -> np.ndarray:
    """Keras 3's NumPy path: a float32 weight per sample of `y`. Labels of rank 3 or more
    keep an axis after the squeeze and fail as Keras's int() of that row fails."""
    y_numpy = y._numpy() if hasattr(y, "_numpy") else np.asarray(y)
    sample_weight = np.ones(shape=(y_numpy.shape[0],), dtype=np.float32)
    if len(y_numpy.shape) > 1:
        if y_numpy.shape[-1] != 1:
            y_numpy = np.argmax(y_numpy, axis=-1)
        else:
            y_numpy = np.squeeze(y_numpy, axis=-1)
    y_numpy = np.round(y_numpy).astype("int32")
    for i in range(y_numpy.shape[0]):
        sample_weight[i] = class_weight.get(int(y_numpy[i]), 1.0)
    return sample_weight


def class_weight_map_fn(class_weight: dict, unpack: Callable) -> Callable:
    """The function Keras 3 maps a Dataset with: `(x, y)` -> `(x, y, weights)`. Its table is
    made now (an empty dict or a non-integer key fails as Keras's max/range do); what a
    batch holds is checked when the map traces it."""
    table = convert_to_tensor([class_weight.get(int(c), 1.0)
                               for c in range(max(class_weight.keys()) + 1)])

    def class_weights_map_fn(*data: Any) -> tuple:
        x, y, sw = unpack(data)
        if sw is not None:
            raise ValueError(WITH_SAMPLE_WEIGHT)
        if tree.is_nested(y):
            raise ValueError(SINGLE_OUTPUT)
        if y.shape.rank >= 2:
            # TF folds the test on the static last axis; an unknown one is a cond
            last = y.shape[-1]

            def by_argmax() -> Any:
                return argmax(y, axis=-1, output_type=dt.int32)

            def by_squeeze() -> Any:
                return cast(M.round(A.squeeze(y, axis=-1)), dt.int32)

            if last is not None:
                y_classes = by_argmax() if last > 1 else by_squeeze()
            else:
                y_classes = cond(A.shape(y)[-1] > 1, by_argmax, by_squeeze)
        else:
            y_classes = cast(M.round(y), dt.int32)
        return x, y, gather(table, y_classes)

    return class_weights_map_fn
