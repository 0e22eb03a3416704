"""tf.keras.legacy (re-exports only)."""

from eagerflow.keras.legacy import saving as saving
