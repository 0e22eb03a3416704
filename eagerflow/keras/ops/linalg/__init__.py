"""keras.ops.linalg (re-exports only)."""

