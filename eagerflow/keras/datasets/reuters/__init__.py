"""tf.keras.datasets.reuters (re-exports only)."""

from eagerflow._src.keras.datasets.text_loaders import (
    reuters_get_label_names as get_label_names,
)
from eagerflow._src.keras.datasets.text_loaders import (
    reuters_get_word_index as get_word_index,
)
from eagerflow._src.keras.datasets.text_loaders import reuters_load_data as load_data
