"""tf.security.fuzzing (re-exports only)."""

from eagerflow.security.fuzzing import py
