"""Keras datasets (implementation; public names in eagerflow.keras.datasets)."""
