"""tf.compat.v1.train.experimental: tf.train.experimental with TF 1's loss scaling for
mixed precision (v1/mixed_precision_v1.py)."""

import eagerflow.train.experimental as _tf2
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
from eagerflow._src.v1.namespaces import fallback as _fallback
from eagerflow._src.v1.namespaces import listing as _listing

__getattr__ = _fallback(__name__, _tf2)
__dir__ = _listing(__name__, _tf2)
