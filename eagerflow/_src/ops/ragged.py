"""The ragged family, whole: code outside it imports RaggedTensor from here.

Ops layer, after the ragged modules. RaggedTensor is defined in ragged_tensor.py and
completed by the modules after it: its factories by ragged_functions.py, indexing by
ragged_getitem.py, its Python operators and the public ops' dispatch by
ragged_dispatch.py, ragged_shape.py and ragged_broadcast.py. The family loads on first
use, not at `import eagerflow`; importing this module loads all of it, so no caller sees
the class half built (tests/test_layering.py checks that a module outside the family
importing one of its modules imports this one too).
"""

from eagerflow._src.ops import (  # noqa: F401
    ragged_broadcast,
    ragged_dispatch,
    ragged_dispatch_extra,
    ragged_getitem,
    ragged_ngrams,
    ragged_shape,
    ragged_strings,
    ragged_where,
)
from eagerflow._src.ops.ragged_functions import map_flat_values, stack
from eagerflow._src.ops.ragged_shape import DynamicRaggedShape, RowPartition
from eagerflow._src.ops.ragged_tensor import RaggedTensor, RaggedTensorSpec, type_spec_from_value

__all__ = ["DynamicRaggedShape", "RaggedTensor", "RaggedTensorSpec", "RowPartition",
           "map_flat_values", "stack", "type_spec_from_value"]
