"""tf.security (re-exports only)."""

from eagerflow.security import fuzzing
