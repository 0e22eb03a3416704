"""tf.keras.applications.mobilenet (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.mobilenet import MobileNet as MobileNet
from eagerflow._src.keras.applications.mobilenet import preprocess_input as preprocess_input
