"""tf.keras.activations (re-exports only)."""

from eagerflow._src.keras.activations import (
    deserialize as deserialize,
)
from eagerflow._src.keras.activations import (
    elu as elu,
)
from eagerflow._src.keras.activations import (
    exponential as exponential,
)
from eagerflow._src.keras.activations import (
    gelu as gelu,
)
from eagerflow._src.keras.activations import (
    get as get,
)
from eagerflow._src.keras.activations import (
    hard_sigmoid as hard_sigmoid,
)
from eagerflow._src.keras.activations import (
    leaky_relu as leaky_relu,
)
from eagerflow._src.keras.activations import (
    linear as linear,
)
from eagerflow._src.keras.activations import (
    log_softmax as log_softmax,
)
from eagerflow._src.keras.activations import (
    mish as mish,
)
from eagerflow._src.keras.activations import (
    relu as relu,
)
from eagerflow._src.keras.activations import (
    relu6 as relu6,
)
from eagerflow._src.keras.activations import (
    selu as selu,
)
from eagerflow._src.keras.activations import (
    serialize as serialize,
)
from eagerflow._src.keras.activations import (
    sigmoid as sigmoid,
)
from eagerflow._src.keras.activations import (
    silu as silu,
)
from eagerflow._src.keras.activations import (
    softmax as softmax,
)
from eagerflow._src.keras.activations import (
    softplus as softplus,
)
from eagerflow._src.keras.activations import (
    softsign as softsign,
)
from eagerflow._src.keras.activations import (
    swish as swish,
)
from eagerflow._src.keras.activations import (
    tanh as tanh,
)
from eagerflow._src.keras.activations import (  # Keras 3's newer ones
    celu as celu,
    glu as glu,
    hard_shrink as hard_shrink,
    hard_silu as hard_silu,
    hard_swish as hard_swish,
    hard_tanh as hard_tanh,
    log_sigmoid as log_sigmoid,
    soft_shrink as soft_shrink,
    sparse_plus as sparse_plus,
    sparse_sigmoid as sparse_sigmoid,
    sparsemax as sparsemax,
    squareplus as squareplus,
    tanh_shrink as tanh_shrink,
    threshold as threshold,
)
