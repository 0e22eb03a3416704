"""tf.keras.backend (re-exports only)."""

from eagerflow._src.keras.backend import (
    clear_session as clear_session,
)
from eagerflow._src.keras.backend import (
    epsilon as epsilon,
)
from eagerflow._src.keras.backend import (
    floatx as floatx,
)
from eagerflow._src.keras.backend import (
    get_uid as get_uid,
)
from eagerflow._src.keras.backend import (
    image_data_format as image_data_format,
)
from eagerflow._src.keras.backend import (
    learning_phase as learning_phase,
)
from eagerflow._src.keras.backend import (
    reset_uids as reset_uids,
)
from eagerflow._src.keras.backend import (
    set_epsilon as set_epsilon,
)
from eagerflow._src.keras.backend import (
    set_floatx as set_floatx,
)
from eagerflow._src.keras.backend import (
    set_image_data_format as set_image_data_format,
)
from eagerflow._src.keras.backend import (
    set_learning_phase as set_learning_phase,
)
