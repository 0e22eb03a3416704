"""tf.keras.constraints (re-exports only)."""

from eagerflow._src.keras.constraints import (
    Constraint as Constraint,
)
from eagerflow._src.keras.constraints import (
    MaxNorm as MaxNorm,
)
from eagerflow._src.keras.constraints import (
    MinMaxNorm as MinMaxNorm,
)
from eagerflow._src.keras.constraints import (
    NonNeg as NonNeg,
)
from eagerflow._src.keras.constraints import (
    UnitNorm as UnitNorm,
)
from eagerflow._src.keras.constraints import (
    deserialize as deserialize,
)
from eagerflow._src.keras.constraints import (
    get as get,
)
from eagerflow._src.keras.constraints import (
    max_norm as max_norm,
)
from eagerflow._src.keras.constraints import (
    min_max_norm as min_max_norm,
)
from eagerflow._src.keras.constraints import (
    non_neg as non_neg,
)
from eagerflow._src.keras.constraints import (
    serialize as serialize,
)
from eagerflow._src.keras.constraints import (
    unit_norm as unit_norm,
)
