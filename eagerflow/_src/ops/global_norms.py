"""tf.linalg.global_norm and tf.clip_by_global_norm, built as TF 2.21's Python builds them:
each tensor's L2Loss (so float types only, as TF's), stacked and summed, then
sqrt(2 * sum); the clipping scale from the norm as given (a NumPy array or a Python
number is used as it is, as in TF's arithmetic).

Sits in ops/ above nn_loss.py (the L2Loss op).
"""

from __future__ import annotations

import collections.abc
from typing import Any

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.type_names import type_repr
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math import minimum, sqrt
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.nn_loss import l2_loss
from eagerflow._src.ops.reduce import reduce_sum
from eagerflow._src.ops.stacking import stack


def _check_sequence(t_list: Any) -> list:
    # (as TF's: a Sequence, so a NumPy array or a tensor is refused)
    if isinstance(t_list, str) or not isinstance(t_list, collections.abc.Sequence):
        raise TypeError(f"`t_list` should be a sequence of tensors. Received {type_repr(t_list)}.")
    return list(t_list)


def _converted(t_list: list) -> list:
    """Each entry as a tensor (an IndexedSlices' values, repeated rows apart), None kept."""
    return [None if t is None else
            convert_to_tensor(t.values if isinstance(t, IndexedSlices) else t)
            for t in t_list]


@dispatch_binding
def global_norm(t_list: Any, name: str | None = None) -> Any:
    """sqrt(sum of the squared L2 norms of the tensors in `t_list`; None entries are
    skipped), as sqrt(2 * sum of their L2Loss): a float type each, all one dtype."""
    values = [v for v in _converted(_check_sequence(t_list)) if v is not None]
    half_squared = reduce_sum(stack([l2_loss(v) for v in values]))
    return sqrt(half_squared * convert_to_tensor(2.0, dtype=half_squared.dtype))


@dispatch_binding
def clip_by_global_norm(t_list: Any, clip_norm: Any, use_norm: Any = None,
                        name: str | None = None) -> tuple:
    """Scales every tensor by clip_norm / max(global_norm, clip_norm); returns (list, norm).
    `use_norm` is taken as given: 1.0 / it, then its dtype read (a Python number has none:
    Python's AttributeError, as TF's)."""
    t_list = _check_sequence(t_list)
    if use_norm is None:
        use_norm = global_norm(t_list)
    finite_scale = clip_norm * minimum(
        1.0 / use_norm, convert_to_tensor(1.0, dtype=use_norm.dtype) / clip_norm)
    # an infinite or nan norm makes every value nan, as in TF
    scale = finite_scale + (use_norm - use_norm)
    out = []
    for t, v in zip(t_list, _converted(t_list)):
        if t is None:
            out.append(None)
        elif isinstance(t, IndexedSlices):
            out.append(IndexedSlices(v * cast(scale, v.dtype), t.indices, t.dense_shape))
        else:
            out.append(v * cast(scale, v.dtype))
    return out, use_norm
