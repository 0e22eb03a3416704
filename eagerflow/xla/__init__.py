"""tf.xla (re-exports only)."""

from eagerflow.xla import experimental
