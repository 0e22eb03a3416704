"""tf.nn.compute_average_loss and tf.nn.scale_regularization_loss: losses for replicas.

In a replica of a strategy, the loss whose gradients, summed across replicas by the
optimizer's all-reduce, equal the gradients of the global batch's mean loss: the sum
of the replica's per-example losses over the global batch size, and a regularization
loss divided by the number of replicas (it is added once per replica). In distribute/
because both read the replica context; re-exported by tf.nn.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.distribute import context
from eagerflow._src.distribute.strategy import get_strategy, has_strategy
from eagerflow._src.ops.array import expand_dims, shape, squeeze
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.math import multiply, truediv
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.math_special import div_no_nan
from eagerflow._src.ops.reduce import reduce_sum


def _replicas(caller: str) -> int:
    """Replicas in sync for a loss computed now; refused in cross-replica context."""
    if has_strategy() and context.in_cross_replica_context():
        raise RuntimeError(f"You are calling `{caller}` in cross replica context, while it "
                           "was expected to be called in replica context.")
    return get_strategy().num_replicas_in_sync


@dispatch_binding
def compute_average_loss(per_example_loss: Any, sample_weight: Any = None,
                         global_batch_size: Any = None) -> Tensor:
    """The sum of `per_example_loss` (times `sample_weight`) over the global batch size:
    by default the first dimension times the replicas in sync (0 when it is 0). The result
    keeps the loss's dtype where it is a float or complex; TF's div_no_nan divides
    integers as truediv does (float32 for 8/16-bit, float64 for 32/64-bit)."""
    loss = convert_to_tensor(per_example_loss)
    if loss.shape.rank == 0:
        shown = loss.numpy() if hasattr(loss, "_arr") else loss
        raise ValueError("Invalid value passed for `per_example_loss`. Expected a tensor "
                         f"with at least rank 1. Received per_example_loss={shown} with "
                         "rank 0")
    input_dtype = loss.dtype
    if sample_weight is not None:
        # TF weighs the losses in float32, whatever their dtype, then casts back.
        weight = cast(convert_to_tensor(sample_weight), dt.float32)
        weighted = cast(loss, dt.float32)
        if weight.shape.rank is not None and weighted.shape.rank is not None:
            if weight.shape.rank == weighted.shape.rank + 1 and weight.shape[-1] == 1:
                weight = squeeze(weight, [-1])
            elif weight.shape.rank == weighted.shape.rank - 1:
                weight = expand_dims(weight, -1)
        loss = cast(multiply(weighted, weight), input_dtype)
    if global_batch_size is None:
        size = shape(loss)[0] * _replicas("compute_average_loss")
    else:
        size = _checked_batch_size(global_batch_size)
    return div_no_nan(reduce_sum(loss), cast(size, input_dtype))


def _checked_batch_size(value: Any) -> Tensor:
    size = convert_to_tensor(value)
    if size.shape.rank:
        raise ValueError("global_batch_size must be scalar..  Expected scalar shape, saw "
                         f"shape: {size.shape}.")
    if not size.dtype.is_integer:
        raise TypeError("global_batch_size must be an integer..  Expected \"x\" to be integer "
                        f"type.  Found: tensor of dtype <dtype: '{size.dtype.name}'>")
    if hasattr(size, "_arr") and (size._arr < 0).any():
        raise InvalidArgumentError(None, None, "global_batch_size must be non-negative..  \n"
                                               "Condition x >= 0 did not hold element-wise:\n"
                                               f"x (shape={tuple(size.shape)} dtype="
                                               f"{size.dtype.name}) = \n{size.numpy()} "
                                               "[Op:compute_average_loss]")
    return size


@dispatch_binding
def scale_regularization_loss(regularization_loss: Any) -> Tensor:
    """The summed regularization loss divided by the replicas in sync."""
    n = _replicas("scale_regularization_loss")
    # (TF's reduce_sum is given the loss as it is: a list takes Sum's slow path)
    return truediv(reduce_sum(regularization_loss), n)
