"""tf.keras.datasets.california_housing (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import california_housing_load_data as load_data
