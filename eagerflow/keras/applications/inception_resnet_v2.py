"""tf.keras.applications.inception_resnet_v2 (re-exports only)."""

from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
from eagerflow._src.keras.applications.inception_resnet_v2 import (
    InceptionResNetV2 as InceptionResNetV2,
)
from eagerflow._src.keras.applications.inception_resnet_v2 import (
    preprocess_input as preprocess_input,
)
