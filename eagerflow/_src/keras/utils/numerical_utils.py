"""keras.utils.normalize: a NumPy array normalized in NumPy (data_utils.normalize, with
Keras 3's quirks), anything else (a tensor, a list) by keras.ops.normalize, as Keras 3
splits it."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.keras.ops.nn import normalize as ops_normalize
from eagerflow._src.keras.utils.data_utils import normalize as normalize_array


def normalize(x: Any, axis: int = -1, order: int = 2) -> Any:
    """`x` over its `order` norm along `axis`: an array for an array, else a tensor."""
    if isinstance(x, np.ndarray):
        return normalize_array(x, axis, order)
    return ops_normalize(x, axis=axis, order=order)
