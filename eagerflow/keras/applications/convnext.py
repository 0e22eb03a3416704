"""tf.keras.applications.convnext (re-exports only)."""

from eagerflow._src.keras.applications.convnext import ConvNeXtBase as ConvNeXtBase
from eagerflow._src.keras.applications.convnext import ConvNeXtLarge as ConvNeXtLarge
from eagerflow._src.keras.applications.convnext import ConvNeXtSmall as ConvNeXtSmall
from eagerflow._src.keras.applications.convnext import ConvNeXtTiny as ConvNeXtTiny
from eagerflow._src.keras.applications.convnext import ConvNeXtXLarge as ConvNeXtXLarge
from eagerflow._src.keras.applications.convnext import preprocess_input as preprocess_input
from eagerflow._src.keras.applications.imagenet_utils import (
    decode_predictions as decode_predictions,
)
