"""The Keras version eagerflow's Keras follows: the Keras 3 that TensorFlow 2.21 ships."""

__version__ = "3.15.1"


def version() -> str:
    """`keras.version()`: the Keras version string."""
    return __version__
