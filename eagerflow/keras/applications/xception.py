"""tf.keras.applications.xception (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.xception import Xception as Xception
from eagerflow._src.keras.applications.xception import preprocess_input as preprocess_input
