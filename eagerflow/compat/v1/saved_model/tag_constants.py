"""tf.compat.v1.saved_model.tag_constants: the MetaGraph tags (re-exports)."""

from eagerflow._src.saved_model.save import GPU, SERVING, TPU, TRAINING  # noqa: F401
