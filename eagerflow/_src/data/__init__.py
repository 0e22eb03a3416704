"""tf.data. Importing the package installs Dataset's sources and transformations on
DatasetV2 (dataset_methods.py)."""

from eagerflow._src.data import dataset_methods  # noqa: F401
