"""tf.keras.datasets.mnist (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import mnist_load_data as load_data
