"""A minimal model for the trainer tests, using only the public Model API that Trainer
relies on (`__call__(x, training=)`, `trainable_variables`, `losses`, weights, and the
layers `compile()` asks for XLA support, `_flatten_layers()`)."""

import numpy as np

import eagerflow as tf
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.keras.trainer import Trainer


class TinyMLP(Trainer, AutoTrackable):
    def __init__(self, n_in, n_out, hidden=16, seed=0, l2=0.0):
        Trainer.__init__(self)
        rng = np.random.default_rng(seed)
        self.w1 = tf.Variable((rng.normal(size=(n_in, hidden)) / np.sqrt(n_in)).astype("f4"))
        self.b1 = tf.Variable(np.zeros(hidden, "f4"))
        self.w2 = tf.Variable((rng.normal(size=(hidden, n_out)) / np.sqrt(hidden)).astype("f4"))
        self.b2 = tf.Variable(np.zeros(n_out, "f4"))
        self.l2 = l2
        self.built = True
        self.calls = []
        self.saved = []

    @property
    def trainable_variables(self):
        return [self.w1, self.b1, self.w2, self.b2]

    @property
    def variables(self):
        return self.trainable_variables

    @property
    def losses(self):
        return [self.l2 * tf.reduce_sum(tf.square(self.w1))] if self.l2 else []

    def _flatten_layers(self):
        return [self]

    def __call__(self, x, training=False):
        self.calls.append(training)
        h = tf.maximum(tf.matmul(x, self.w1) + self.b1, 0.0)
        return tf.matmul(h, self.w2) + self.b2

    def get_weights(self):
        return [v.numpy() for v in self.variables]

    def set_weights(self, weights):
        for v, w in zip(self.variables, weights):
            v.assign(w)

    def save_weights(self, filepath, overwrite=True):
        self.saved.append(filepath)
        np.savez(filepath if filepath.endswith(".npz") else filepath + ".npz",
                 *self.get_weights())

    save = save_weights


def blobs(n=400, seed=0):
    """Two well separated Gaussian blobs in 2-D, labels 0/1."""
    rng = np.random.default_rng(seed)
    y = rng.integers(0, 2, n)
    x = rng.normal(size=(n, 2)) * 0.5 + np.where(y[:, None] == 1, 2.0, -2.0)
    return x.astype("float32"), y.astype("int32")
