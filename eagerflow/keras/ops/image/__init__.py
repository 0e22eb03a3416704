"""keras.ops.image (re-exports only)."""

