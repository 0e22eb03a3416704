"""Keras utilities (implementation; public names in eagerflow.keras.utils)."""
