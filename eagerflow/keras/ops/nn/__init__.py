"""keras.ops.nn (re-exports only)."""

