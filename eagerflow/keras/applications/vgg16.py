"""tf.keras.applications.vgg16 (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.vgg import VGG16 as VGG16
from eagerflow._src.keras.applications.vgg import preprocess_input as preprocess_input
