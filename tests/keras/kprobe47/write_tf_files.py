"""Writes the files kprobe47's tf_files snippets load, with real TF 2.21 + Keras 3, into
tests/keras/kprobe47/tf_files: a .keras model and its weights, a Keras export, a
tf.Module's SavedModel, a tf.train.Checkpoint and a saved tf.data dataset. Run with a
TensorFlow interpreter from the repository root (then record_golden.py kprobe47):

    /work/tfref/bin/python tests/keras/kprobe47/write_tf_files.py
"""

import os
import shutil

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_files")


class Affine(tf.Module):
    """A module with a signature, a second function and a lookup table."""

    def __init__(self):
        super().__init__()
        self.w = tf.Variable([[1.0, -2.0], [0.5, 3.0]], name="w")
        self.table = tf.lookup.StaticHashTable(
            tf.lookup.KeyValueTensorInitializer(["a", "b"], [1, 2], value_dtype=tf.int64), -1)

    @tf.function(input_signature=[tf.TensorSpec([None, 2], tf.float32, name="x")])
    def __call__(self, x):
        return {"y": tf.matmul(x, self.w)}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.string, name="words")])
    def ids(self, words):
        return self.table.lookup(words)


def model():
    keras.utils.set_random_seed(3)
    inp = keras.Input((4,), name="feats")
    h = keras.layers.Dense(3, activation="tanh", name="hid")(inp)
    out = keras.layers.Dense(2, name="out")(keras.layers.Dropout(0.5)(h))
    m = keras.Model(inp, out, name="tfmade")
    m.compile(optimizer=keras.optimizers.Adam(0.01), loss="mse", metrics=["mae"])
    x = np.linspace(-1, 1, 32, dtype="float32").reshape(8, 4)
    m.fit(x, x[:, :2] * 2, epochs=2, verbose=0)
    return m


def main():
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    m = model()
    m.save(os.path.join(OUT, "model.keras"))
    m.save_weights(os.path.join(OUT, "model.weights.h5"))
    m.export(os.path.join(OUT, "export"), verbose=False)
    a = Affine()
    tf.saved_model.save(a, os.path.join(OUT, "module"),
                        signatures={"serving_default": a.__call__, "ids": a.ids})
    step = tf.Variable(7, dtype=tf.int64)
    ck = tf.train.Checkpoint(step=step, v=tf.Variable([1.5, 2.5]),
                             opt=keras.optimizers.SGD(0.1))
    ck.write(os.path.join(OUT, "ckpt", "ck"))
    ds = tf.data.Dataset.from_tensor_slices(
        {"n": tf.range(4, dtype=tf.int64), "s": ["w", "x", "y", "z"]}).map(
        lambda d: {**d, "r": tf.range(d["n"])})
    ds.save(os.path.join(OUT, "dataset"))


if __name__ == "__main__":
    main()
