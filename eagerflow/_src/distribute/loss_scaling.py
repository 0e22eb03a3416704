"""tf.nn.compute_average_loss and tf.nn.scale_regularization_loss: loss scaling for
custom training loops under a distribution strategy.

Sits in distribute/ (it reads the current strategy's replica count) and uses only public
ops. Summing the per-replica results over replicas gives the global mean.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.tensor import convert_to_tensor


def _replicas() -> int:
    from eagerflow._src.distribute.context import get_strategy

    return int(get_strategy().num_replicas_in_sync)


def compute_average_loss(per_example_loss: Any, sample_weight: Any = None,
                         global_batch_size: Any = None) -> Any:
    """sum(per_example_loss * sample_weight) / global_batch_size, where the global batch
    defaults to this replica's batch times the number of replicas in sync."""
    from eagerflow._src.ops.array import shape
    from eagerflow._src.ops.math import cast, truediv
    from eagerflow._src.ops.reduce import reduce_sum

    loss = convert_to_tensor(per_example_loss)
    if loss._shape is not None and len(loss._shape) == 0:
        raise ValueError(f"Invalid value passed for `per_example_loss`. Expected a tensor with "
                         f"at least rank 1. Received per_example_loss={loss.numpy()} with "
                         f"rank 0")
    if sample_weight is not None:
        loss = loss * convert_to_tensor(sample_weight, dtype_hint=loss._dtype)
    total = reduce_sum(loss)
    if global_batch_size is None:
        denom = cast(shape(loss)[0] * _replicas(), total._dtype)
    else:
        denom = convert_to_tensor(global_batch_size, dtype_hint=total._dtype)
        denom = cast(denom, total._dtype)
    return truediv(total, denom)


def scale_regularization_loss(regularization_loss: Any) -> Any:
    """The summed regularization loss divided by the number of replicas in sync."""
    from eagerflow._src.ops.math import add_n

    if isinstance(regularization_loss, (list, tuple)):
        regularization_loss = add_n([convert_to_tensor(t) for t in regularization_loss])
    loss = convert_to_tensor(regularization_loss)
    return loss / _replicas() if _replicas() > 1 else loss
