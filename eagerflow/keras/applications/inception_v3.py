"""tf.keras.applications.inception_v3 (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.inception_v3 import InceptionV3 as InceptionV3
from eagerflow._src.keras.applications.inception_v3 import preprocess_input as preprocess_input
