"""tf.keras.applications.efficientnet_v2 (re-exports only)."""

from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B0 as EfficientNetV2B0
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B1 as EfficientNetV2B1
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B2 as EfficientNetV2B2
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2B3 as EfficientNetV2B3
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2L as EfficientNetV2L
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2M as EfficientNetV2M
from eagerflow._src.keras.applications.efficientnet_v2 import EfficientNetV2S as EfficientNetV2S
from eagerflow._src.keras.applications.efficientnet_v2 import preprocess_input as preprocess_input
from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
