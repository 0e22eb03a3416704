"""tf.random.split and tf.random.fold_in: new stateless seeds derived from a seed.

Sits in the ops layer above random.py. Both are composites of stateless_uniform over the
seed's whole integer range, so derived seeds depend only on their inputs. (eagerflow's
stateless generator is not TF's Philox stream, so the derived values differ from TF's;
the shapes, dtypes and determinism match.)
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops.math import cast
from eagerflow._src.ops.random import stateless_uniform
from eagerflow._src.ops.stacking import stack


def _seed(seed: Any) -> Any:
    s = convert_to_tensor(seed, dtype_hint=dt.int32)
    if s._dtype not in (dt.int32, dt.int64):
        raise TypeError(f"seed must be an int32 or int64 tensor, got {s._dtype.name}")
    return s


def split(seed: Any, num: int = 2, alg: Any = "auto_select") -> Any:
    """`num` new seeds, as a [num, 2] tensor of the seed's dtype."""
    s = _seed(seed)
    return stateless_uniform([int(num), 2], seed=s, minval=None, maxval=None, dtype=s._dtype)


def fold_in(seed: Any, data: Any, alg: Any = "auto_select") -> Any:
    """A new seed mixing `data` (an integer) into `seed`: [a draw from seed, data]."""
    s = _seed(seed)
    first = stateless_uniform([], seed=s, minval=None, maxval=None, dtype=s._dtype)
    return stack([first, cast(convert_to_tensor(data, dtype_hint=s._dtype), s._dtype)])
