"""tf.keras.datasets.imdb (re-exports only)."""

from eagerflow._src.keras.datasets.text_loaders import imdb_get_word_index as get_word_index
from eagerflow._src.keras.datasets.text_loaders import imdb_load_data as load_data
