"""tf.keras.datasets (re-exports only)."""

from eagerflow.keras.datasets import (
    boston_housing as boston_housing,
    cifar10 as cifar10,
    fashion_mnist as fashion_mnist,
    mnist as mnist,
)
