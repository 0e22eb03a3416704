"""tnp.random: NumPy's random API over TF's stateful random ops and global seed (so a
seeded program draws what TF draws)."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.numpy_ops.dtypes import asarray, result_type
from eagerflow._src.ops import random as _random
from eagerflow._src.ops import random_gamma as _gamma


def seed(s: Any) -> None:
    """tnp.random.seed: TF's global seed (tf.random.set_seed)."""
    try:
        s = int(s)
    except TypeError:
        raise ValueError(
            f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    _random.set_seed(s)


def _size(size: Any) -> Any:
    if size is None:
        return ()
    return (size,) if np.ndim(size) == 0 and not isinstance(size, Tensor) else size


def standard_normal(size: Any = None) -> Tensor:
    return _random.normal(_size(size), dtype=result_type(float))


def randn(*args: int) -> Tensor:
    return standard_normal(size=args)


def uniform(low: Any = 0.0, high: Any = 1.0, size: Any = None) -> Tensor:
    want = result_type(float)
    lo, hi = asarray(low, want), asarray(high, want)
    if size is None:
        size = np.broadcast_shapes(tuple(lo.shape), tuple(hi.shape))
    # a scalar size goes to the op as it is, which refuses it (TF's InvalidArgumentError)
    return _random.uniform(size, minval=lo, maxval=hi, dtype=want)


def random(size: Any = None) -> Tensor:
    return uniform(0.0, 1.0, size)


def rand(*size: int) -> Tensor:
    return uniform(0.0, 1.0, size)


def poisson(lam: Any = 1.0, size: Any = None) -> Tensor:
    return _gamma.poisson(_size(size), lam, dtype=dt.int64)


def randint(low: Any, high: Any = None, size: Any = None, dtype: Any = np.int64) -> Tensor:
    low = int(low)
    if high is None:
        low, high = 0, low
    size = () if size is None else (size,) if isinstance(size, int) else size
    want = result_type(dtype)
    if want not in (dt.int32, dt.int64):
        raise ValueError(
            f"Argument `dtype` got an invalid value {dtype}. Only those convertible to "
            f"{(np.int32, np.int64)} are supported.")
    return _random.uniform(size, minval=low, maxval=high, dtype=want)
