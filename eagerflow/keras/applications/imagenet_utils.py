"""tf.keras.applications.imagenet_utils (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.imagenet_utils import preprocess_input as preprocess_input
