"""tf.keras.applications.mobilenet_v2 (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.mobilenet_v2 import MobileNetV2 as MobileNetV2
from eagerflow._src.keras.applications.mobilenet_v2 import preprocess_input as preprocess_input
