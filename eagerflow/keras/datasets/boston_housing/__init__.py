"""tf.keras.datasets.boston_housing (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import boston_housing_load_data as load_data
