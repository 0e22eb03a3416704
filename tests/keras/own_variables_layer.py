"""A custom layer with state of its own (a NumPy table) that it saves and loads through
Keras 3's save_own_variables / load_own_variables; shared by eagerflow's tests and the
Keras script of the interop test."""

import numpy as np


def make(keras):
    @keras.saving.register_keras_serializable(package="own_variables")
    class Scaled(keras.layers.Layer):
        """x @ w times the sum of a table that is not a variable."""

        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.table = np.zeros(3, "float32")

        def build(self, shape):
            self.w = self.add_weight(shape=(shape[-1], 2), initializer="ones", name="w")

        def call(self, x):
            return keras.ops.matmul(x, self.w) * float(self.table.sum())

        def save_own_variables(self, store):
            super().save_own_variables(store)
            store["table"] = self.table

        def load_own_variables(self, store):
            self.table = np.array(store["table"])
            self.w.assign(store["0"])

    return Scaled


def model(keras):
    """A model of the layer, its table [1, 2, 3] and w 0.5 everywhere: x of ones gives 9."""
    inp = keras.Input((3,))
    layer = make(keras)()
    m = keras.Model(inp, layer(inp))
    layer.table = np.array([1.0, 2.0, 3.0], "float32")
    layer.w.assign(np.full((3, 2), 0.5, "float32"))
    return m
