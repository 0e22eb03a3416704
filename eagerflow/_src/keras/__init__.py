"""Keras: layers, models, training. Public names are in eagerflow.keras."""
