"""tf.keras.applications.resnet (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.resnet import ResNet50 as ResNet50
from eagerflow._src.keras.applications.resnet import ResNet101 as ResNet101
from eagerflow._src.keras.applications.resnet import ResNet152 as ResNet152
from eagerflow._src.keras.applications.resnet import preprocess_input as preprocess_input
