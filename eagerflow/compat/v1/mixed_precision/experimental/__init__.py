"""tf.compat.v1.mixed_precision.experimental: TF 1's LossScale classes (re-exports only)."""

from eagerflow._src.v1.mixed_precision_v1 import DynamicLossScale as DynamicLossScale
from eagerflow._src.v1.mixed_precision_v1 import FixedLossScale as FixedLossScale
from eagerflow._src.v1.mixed_precision_v1 import LossScale as LossScale
