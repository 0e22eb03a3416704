"""tf.keras.datasets.fashion_mnist (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import fashion_mnist_load_data as load_data
