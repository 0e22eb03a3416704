"""tf.keras.applications.densenet (re-exports only)."""

from eagerflow._src.keras.applications.densenet import DenseNet121 as DenseNet121
from eagerflow._src.keras.applications.densenet import DenseNet169 as DenseNet169
from eagerflow._src.keras.applications.densenet import DenseNet201 as DenseNet201
from eagerflow._src.keras.applications.densenet import preprocess_input as preprocess_input
from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
