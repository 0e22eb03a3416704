"""tf.keras.datasets.cifar10 (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import cifar10_load_data as load_data
