"""Small trackables standing in for tf.Module, a lazily built layer and a Keras-2 optimizer."""

import numpy as np

import eagerflow as tf
from eagerflow._src.core.trackable import AutoTrackable, slot_added


class Module(AutoTrackable):
    """Like tf.Module: tracks the trackables assigned to its attributes."""

    def __init__(self, **attrs):
        for k, v in attrs.items():
            setattr(self, k, v)


class LazyDense(AutoTrackable):
    """Creates `kernel` and `bias` on its first call, as a Keras layer's build() does."""

    def __init__(self, units, seed=0):
        self.units = units
        self._seed = seed

    def __call__(self, x):
        x = np.asarray(x, np.float32)
        if not hasattr(self, "kernel"):
            rng = np.random.default_rng(self._seed)
            self.kernel = tf.Variable(rng.normal(size=(x.shape[-1], self.units)).astype(np.float32),
                                      name="kernel")
            self.bias = tf.Variable(np.zeros(self.units, np.float32), name="bias")
        return x @ self.kernel.numpy() + self.bias.numpy()

    @property
    def variables(self):
        return [self.kernel, self.bias] if hasattr(self, "kernel") else []


class FakeOptimizer(AutoTrackable):
    """Keras 2's optimizer protocol: `iter`, get_slot_names(), get_slot(); slots made lazily."""

    def __init__(self, slot_names=("m", "v")):
        self._slot_names = list(slot_names)
        self._slots = {}
        self.iter = tf.Variable(0, dtype=tf.int64, trainable=False, name="iter")

    @property
    def iterations(self):
        return self.iter

    def get_slot_names(self):
        return list(self._slot_names)

    def get_slot(self, var, slot_name):
        return self._slots[(var.ref(), slot_name)]

    def apply_gradients(self, grads_and_vars):
        for g, v in grads_and_vars:
            for i, name in enumerate(self._slot_names):
                key = (v.ref(), name)
                if key not in self._slots:
                    slot = tf.Variable(np.zeros(v.shape, v.dtype.as_numpy_dtype),
                                       trainable=False, name=name)
                    self._slots[key] = slot
                    slot_added(self, v, name, slot)
                self._slots[key].assign_add(np.asarray(g) * (i + 1))
            v.assign_sub(np.asarray(g) * 0.1)
        self.iter.assign_add(1)


def train(layer, opt, steps=2, seed=0):
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(4, 3)).astype(np.float32)
    layer(x)
    for _ in range(steps):
        grads = [rng.normal(size=tuple(v.shape)).astype(np.float32) for v in layer.variables]
        opt.apply_gradients(zip(grads, layer.variables))
    return x
