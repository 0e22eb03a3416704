"""Writes the golden SavedModels that tests/saved_model/test_tf_golden.py loads without TF.

Run with TensorFlow's interpreter from the repository root:
    /work/tfref/bin/python tests/saved_model/golden/make_golden.py

Each directory is a SavedModel written by real TensorFlow 2.21 / Keras 3; golden.npz holds
the inputs the test feeds and the outputs TensorFlow computed for them.
"""

import os
import shutil
import tempfile
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_ENABLE_ONEDNN_OPTS", "0")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

HERE = Path(__file__).resolve().parent


class Module(tf.Module):
    """Two signature methods, control flow over a TensorArray, and an asset."""

    def __init__(self, vocab_path):
        super().__init__()
        self.w = tf.Variable(np.arange(12, dtype=np.float32).reshape(3, 4) / 10, name="w")
        self.v = tf.Variable(2.0, name="v")
        self.vocab = tf.saved_model.Asset(vocab_path)

    @tf.function(input_signature=[tf.TensorSpec([None, 3], tf.float32)])
    def predict(self, x):
        return {"y": tf.nn.softmax(tf.matmul(x, self.w))}

    @tf.function(input_signature=[tf.TensorSpec([None], tf.float32, name="values")])
    def loop(self, values):
        out = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        for i in tf.range(tf.shape(values)[0]):
            if values[i] > 0:
                y = values[i] * self.v
            else:
                y = -values[i]
            out = out.write(i, y)
        return out.stack()

    @tf.function(input_signature=[])
    def read_vocab(self):
        return tf.io.read_file(self.vocab.asset_path)


class Draws(tf.Module):
    """A tf.random.Generator's state in a SavedModel (TF's RngReadAndSkip on its variable)."""

    def __init__(self):
        super().__init__()
        self.g = tf.random.Generator.from_seed(1234)

    @tf.function(input_signature=[tf.TensorSpec([], tf.float32)])
    def draw(self, scale):
        return self.g.normal([3]) * scale


def main():
    rng = np.random.RandomState(7)
    golden = {}
    for name in ("tf_module", "tf_func_bn", "tf_cnn_export", "tf_generator"):
        shutil.rmtree(HERE / name, ignore_errors=True)

    with tempfile.TemporaryDirectory() as tmp:
        vocab = Path(tmp) / "vocab.txt"
        vocab.write_text("alpha beta gamma\n")
        m = Module(str(vocab))
        x = rng.rand(2, 3).astype("float32")
        values = np.array([1.0, -2.0, 3.0], np.float32)
        tf.saved_model.save(m, str(HERE / "tf_module"),
                            signatures={"predict": m.predict, "loop": m.loop})
        golden.update(module_x=x, module_values=values,
                      module_predict=m.predict(x)["y"].numpy(),
                      module_loop=m.loop(values).numpy(),
                      module_vocab=np.array(m.read_vocab().numpy()))

    inp = keras.Input((8,), name="feats")
    h = keras.layers.Dense(16, activation="relu")(inp)
    h = keras.layers.BatchNormalization()(h)
    h = keras.layers.Dropout(0.2)(h)
    fm = keras.Model(inp, keras.layers.Dense(3, activation="softmax")(h))
    fm.compile("adam", "sparse_categorical_crossentropy", metrics=["accuracy"])
    fm.fit(rng.rand(64, 8).astype("float32"), rng.randint(0, 3, 64), epochs=2, verbose=0)
    tf.saved_model.save(fm, str(HERE / "tf_func_bn"))
    xf = rng.rand(4, 8).astype("float32")
    golden.update(func_bn_x=xf, func_bn_y=fm(xf, training=False).numpy())

    cnn = keras.Sequential([keras.Input((12, 12, 1)), keras.layers.Conv2D(4, 3, activation="relu"),
                            keras.layers.MaxPooling2D(), keras.layers.Flatten(),
                            keras.layers.Dense(10)])
    cnn.export(str(HERE / "tf_cnn_export"), verbose=False)
    xc = rng.rand(2, 12, 12, 1).astype("float32")
    golden.update(cnn_x=xc, cnn_y=cnn(xc).numpy())
    draws = Draws()
    draws.draw(1.0)
    tf.saved_model.save(draws, str(HERE / "tf_generator"))
    loaded = tf.saved_model.load(str(HERE / "tf_generator"))
    golden.update(generator_draws=np.stack([loaded.draw(2.0).numpy(), loaded.draw(1.0).numpy()]),
                  generator_state=loaded.g._state_var.numpy())
    np.savez(HERE / "golden.npz", **golden)
    print("wrote", sorted(p.name for p in HERE.iterdir()))


if __name__ == "__main__":
    main()
