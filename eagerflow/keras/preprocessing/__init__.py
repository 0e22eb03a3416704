"""tf.keras.preprocessing (re-exports only)."""

from eagerflow._src.keras.utils.dataset_utils import (
    text_dataset_from_directory as text_dataset_from_directory,
)
from eagerflow._src.keras.utils.image_dataset import (
    image_dataset_from_directory as image_dataset_from_directory,
)
from eagerflow._src.keras.utils.timeseries import (
    timeseries_dataset_from_array as timeseries_dataset_from_array,
)
from eagerflow.keras.preprocessing import image as image
from eagerflow.keras.preprocessing import sequence as sequence
from eagerflow.keras.preprocessing import text as text
