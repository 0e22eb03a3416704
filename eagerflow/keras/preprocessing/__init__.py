"""tf.keras.preprocessing (re-exports only)."""

from eagerflow._src.keras.utils.dataset_utils import (
    text_dataset_from_directory as text_dataset_from_directory,
)
from eagerflow.keras.preprocessing import sequence as sequence
