"""tf.keras.applications.resnet50 (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.resnet import ResNet50 as ResNet50
from eagerflow._src.keras.applications.resnet import preprocess_input as preprocess_input
