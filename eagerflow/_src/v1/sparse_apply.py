"""TF 1's sparse Adam's scatters: a slot's rows added to a decayed copy of the slot.

Sits in v1/, under optimizers.py, over the scatter ops. TF 1's AdamOptimizer decays every
row of m and v, then adds the gradient's rows at their indices (ResourceScatterAdd's rows
added in turn); the other sparse updates are TF's training ops themselves
(ops/sparse_training_ops.py).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, convert_to_tensor
from eagerflow._src.ops.array import expand_dims
from eagerflow._src.ops.nd_indexing import tensor_scatter_nd_add


def _first_bad(indices: Any, rows: int) -> tuple | None:
    """(offset, index) of the first index outside [0, rows), known eagerly; else None."""
    if not isinstance(indices, EagerTensor):
        return None
    ids = np.asarray(to_host(indices._arr)).reshape(-1)
    bad = (ids < 0) | (ids >= rows)
    if not bad.any():
        return None
    k = int(bad.argmax())
    return k, int(ids[k])


def scatter_add_to(var: Any, indices: Any, updates: Any, base: Any) -> tuple:
    """`updates`' rows added in turn to `base` (the slot's decayed value) at `indices`,
    repeated ones too, and assigned to `var`: (the assignment, the new value)."""
    updates, indices = convert_to_tensor(updates), convert_to_tensor(indices)
    bad = _first_bad(indices, var.shape[0])
    if bad is not None:
        k, index = bad
        var.assign(tensor_scatter_nd_add(base, expand_dims(indices[:k], -1), updates[:k]),
                   read_value=False)
        raise InvalidArgumentError(None, None, f"indices[{k}] = {index} is not in "
                                               f"[0, {var.shape[0]}) [Op:ResourceScatterAdd]")
    new = tensor_scatter_nd_add(base, expand_dims(indices, -1), updates)
    return var.assign(new, read_value=False), new
