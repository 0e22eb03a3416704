"""tf.sets: set operations along the last dimension of dense and sparse tensors."""

from eagerflow._src.ops.sets import set_difference as difference  # noqa: F401
from eagerflow._src.ops.sets import set_intersection as intersection  # noqa: F401
from eagerflow._src.ops.sets import set_size as size  # noqa: F401
from eagerflow._src.ops.sets import set_union as union  # noqa: F401
