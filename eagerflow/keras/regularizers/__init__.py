"""tf.keras.regularizers (re-exports only)."""

from eagerflow._src.keras.regularizers import (
    L1 as L1,
)
from eagerflow._src.keras.regularizers import (
    L1L2 as L1L2,
)
from eagerflow._src.keras.regularizers import (
    L2 as L2,
)
from eagerflow._src.keras.regularizers import (
    OrthogonalRegularizer as OrthogonalRegularizer,
)
from eagerflow._src.keras.regularizers import (
    Regularizer as Regularizer,
)
from eagerflow._src.keras.regularizers import (
    deserialize as deserialize,
)
from eagerflow._src.keras.regularizers import (
    get as get,
)
from eagerflow._src.keras.regularizers import (
    l1 as l1,
)
from eagerflow._src.keras.regularizers import (
    l1_l2 as l1_l2,
)
from eagerflow._src.keras.regularizers import (
    l2 as l2,
)
from eagerflow._src.keras.regularizers import (
    orthogonal_regularizer as orthogonal_regularizer,
)
from eagerflow._src.keras.regularizers import (
    serialize as serialize,
)
