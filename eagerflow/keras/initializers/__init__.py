"""tf.keras.initializers (re-exports only)."""

from eagerflow._src.keras.initializers import (
    Constant as Constant,
)
from eagerflow._src.keras.initializers import Constant as constant  # noqa: N813
from eagerflow._src.keras.initializers import (
    GlorotNormal as GlorotNormal,
)
from eagerflow._src.keras.initializers import GlorotNormal as glorot_normal  # noqa: N813
from eagerflow._src.keras.initializers import (
    GlorotUniform as GlorotUniform,
)
from eagerflow._src.keras.initializers import GlorotUniform as glorot_uniform  # noqa: N813
from eagerflow._src.keras.initializers import (
    HeNormal as HeNormal,
)
from eagerflow._src.keras.initializers import HeNormal as he_normal  # noqa: N813
from eagerflow._src.keras.initializers import (
    HeUniform as HeUniform,
)
from eagerflow._src.keras.initializers import HeUniform as he_uniform  # noqa: N813
from eagerflow._src.keras.initializers import (
    Identity as Identity,
)
from eagerflow._src.keras.initializers import Identity as identity  # noqa: N813
from eagerflow._src.keras.initializers import (
    Initializer as Initializer,
)
from eagerflow._src.keras.initializers import (
    LecunNormal as LecunNormal,
)
from eagerflow._src.keras.initializers import LecunNormal as lecun_normal  # noqa: N813
from eagerflow._src.keras.initializers import (
    LecunUniform as LecunUniform,
)
from eagerflow._src.keras.initializers import LecunUniform as lecun_uniform  # noqa: N813
from eagerflow._src.keras.initializers import (
    Ones as Ones,
)
from eagerflow._src.keras.initializers import Ones as ones  # noqa: N813
from eagerflow._src.keras.initializers import (
    Orthogonal as Orthogonal,
)
from eagerflow._src.keras.initializers import Orthogonal as orthogonal  # noqa: N813
from eagerflow._src.keras.initializers import (
    RandomNormal as RandomNormal,
)
from eagerflow._src.keras.initializers import RandomNormal as random_normal  # noqa: N813
from eagerflow._src.keras.initializers import (
    RandomUniform as RandomUniform,
)
from eagerflow._src.keras.initializers import RandomUniform as random_uniform  # noqa: N813
from eagerflow._src.keras.initializers import (
    TruncatedNormal as TruncatedNormal,
)
from eagerflow._src.keras.initializers import TruncatedNormal as truncated_normal  # noqa: N813
from eagerflow._src.keras.initializers import (
    VarianceScaling as VarianceScaling,
)
from eagerflow._src.keras.initializers import VarianceScaling as variance_scaling  # noqa: N813
from eagerflow._src.keras.initializers import (
    Zeros as Zeros,
)
from eagerflow._src.keras.initializers import Zeros as zeros  # noqa: N813
from eagerflow._src.keras.initializers import (
    deserialize as deserialize,
)
from eagerflow._src.keras.initializers import (
    get as get,
)
from eagerflow._src.keras.initializers import (
    serialize as serialize,
)
from eagerflow._src.keras.initializers import Identity as IdentityInitializer
from eagerflow._src.keras.initializers import Orthogonal as OrthogonalInitializer
from eagerflow._src.keras.initializers import STFT as STFT
from eagerflow._src.keras.initializers import STFT as STFTInitializer  # noqa: N811
from eagerflow._src.keras.initializers import STFT as stft  # noqa: N811
