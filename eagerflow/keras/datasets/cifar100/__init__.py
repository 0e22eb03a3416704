"""tf.keras.datasets.cifar100 (re-exports only)."""

from eagerflow._src.keras.datasets.loaders import cifar100_load_data as load_data
