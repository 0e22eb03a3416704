"""tf.autodiff: GradientTape (reverse mode) and ForwardAccumulator (forward mode)."""

from eagerflow._src.autodiff.forwardprop import ForwardAccumulator  # noqa: F401
from eagerflow._src.autodiff.tape import GradientTape  # noqa: F401
