"""tf.keras.applications.nasnet (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.nasnet import NASNetLarge as NASNetLarge
from eagerflow._src.keras.applications.nasnet import NASNetMobile as NASNetMobile
from eagerflow._src.keras.applications.nasnet import preprocess_input as preprocess_input
