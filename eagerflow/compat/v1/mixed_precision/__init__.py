"""tf.compat.v1.mixed_precision: TF 1's loss scaling (v1/mixed_precision_v1.py; re-exports
only)."""

from eagerflow._src.v1.mixed_precision_v1 import DynamicLossScale as DynamicLossScale
from eagerflow._src.v1.mixed_precision_v1 import FixedLossScale as FixedLossScale
from eagerflow._src.v1.mixed_precision_v1 import LossScale as LossScale
from eagerflow._src.v1.mixed_precision_v1 import (
    MixedPrecisionLossScaleOptimizer as MixedPrecisionLossScaleOptimizer,
)
from eagerflow._src.v1.mixed_precision_v1 import (
    disable_mixed_precision_graph_rewrite as disable_mixed_precision_graph_rewrite,
)
from eagerflow._src.v1.mixed_precision_v1 import (
    enable_mixed_precision_graph_rewrite as enable_mixed_precision_graph_rewrite,
)
from eagerflow.compat.v1.mixed_precision import experimental as experimental
