"""tf.keras.mixed_precision (re-exports only)."""

from eagerflow._src.keras.dtype_policy import (
    DTypePolicy as DTypePolicy,
    Policy as Policy,
    dtype_policy as dtype_policy,
    global_policy as global_policy,
    set_dtype_policy as set_dtype_policy,
    set_global_policy as set_global_policy,
)
from eagerflow._src.keras.optimizers.loss_scale import LossScaleOptimizer as LossScaleOptimizer
