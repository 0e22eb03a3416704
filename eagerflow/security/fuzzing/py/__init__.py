"""tf.security.fuzzing.py (re-exports only)."""

from eagerflow._src.core import annotation_types as annotation_types
