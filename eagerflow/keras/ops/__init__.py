"""keras.ops (tf.keras.ops): Keras 3's operations on TensorFlow (re-exports only)."""

from eagerflow._src.keras.ops.core import (  # noqa: F401
    associative_scan as associative_scan, cast as cast, cond as cond,
    convert_to_numpy as convert_to_numpy, convert_to_tensor as convert_to_tensor,
    custom_gradient as custom_gradient, dtype as dtype, fori_loop as fori_loop,
    is_tensor as is_tensor, map as map, saturate_cast as saturate_cast, scan as scan,
    scatter as scatter, scatter_update as scatter_update, shape as shape, slice as slice,
    slice_update as slice_update, stop_gradient as stop_gradient, switch as switch,
    unstack as unstack, vectorized_map as vectorized_map, while_loop as while_loop,
)
from eagerflow._src.keras.ops.einops import (  # noqa: F401
    rearrange as rearrange,
)
from eagerflow._src.keras.ops.math import (  # noqa: F401
    cdist as cdist, erf as erf, erfc as erfc, erfinv as erfinv,
    extract_sequences as extract_sequences, fft as fft, fft2 as fft2, ifft2 as ifft2,
    in_top_k as in_top_k, irfft as irfft, istft as istft, logdet as logdet, logsumexp as logsumexp,
    rfft as rfft, rsqrt as rsqrt, segment_max as segment_max, segment_min as segment_min,
    segment_prod as segment_prod, segment_sum as segment_sum, stft as stft, top_k as top_k,
    view_as_complex as view_as_complex, view_as_real as view_as_real,
)
# keras.ops holds all of keras.ops.linalg, keras.ops.nn and keras.ops.numpy (as Keras 3's
# does): their names are listed once, in the subpackages
from eagerflow.keras.ops import image as image  # noqa: E402
from eagerflow.keras.ops import linalg as linalg  # noqa: E402
from eagerflow.keras.ops import nn as nn  # noqa: E402
from eagerflow.keras.ops import numpy as numpy  # noqa: E402
from eagerflow.keras.ops.linalg import *  # noqa: E402, F403
from eagerflow.keras.ops.nn import *  # noqa: E402, F403
from eagerflow.keras.ops.numpy import *  # noqa: E402, F403

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("keras.ops", globals())
del _api_names
