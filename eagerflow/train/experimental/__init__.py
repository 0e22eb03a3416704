"""tf.train.experimental: Python state in checkpoints."""

from eagerflow._src.train.python_state import PythonState as PythonState
