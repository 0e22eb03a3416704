"""Keras optimizers and learning-rate schedules (implementation; public names in
eagerflow.keras.optimizers)."""
