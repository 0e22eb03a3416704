"""tf.keras.datasets (re-exports only)."""

from eagerflow.keras.datasets import (
    boston_housing as boston_housing,
    california_housing as california_housing,
    cifar10 as cifar10,
    cifar100 as cifar100,
    fashion_mnist as fashion_mnist,
    imdb as imdb,
    mnist as mnist,
    reuters as reuters,
)
