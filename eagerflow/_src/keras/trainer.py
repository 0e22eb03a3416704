"""The training half of keras.Model (compile, fit, evaluate, predict).

Model inherits this mixin; the layers-and-models side never needs to know how
training works, and training only relies on the public Model API
(`__call__`, `trainable_variables`, `losses`, ...).
"""

from __future__ import annotations


class Trainer:
    """Mixin giving a Model compile/fit/evaluate/predict (filled in by the training work)."""
