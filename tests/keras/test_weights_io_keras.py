"""save_weights / load_weights on real eagerflow Keras models, and weights moving to and from
Keras 3 (through TensorFlow 2.21, when it is installed)."""

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.tf_reference import TF_ENV, TF_PYTHON

h5py = pytest.importorskip("h5py")


def conv_model():
    m = tf.keras.Sequential([tf.keras.layers.Conv2D(2, 3, activation="relu"),
                             tf.keras.layers.GlobalAveragePooling2D(),
                             tf.keras.layers.Dense(3), tf.keras.layers.Dense(1)])
    return m


def bn_model():
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.BatchNormalization(),
                                tf.keras.layers.Dense(1)])


def per_layer(model):
    """Weights layer by layer (Keras 3 and 2 order a model's `weights` list differently)."""
    return [w for layer in model.layers for w in layer.weights]


def same(a, b):
    assert len(a.weights) == len(b.weights)
    for x, y in zip(a.weights, b.weights):
        np.testing.assert_array_equal(x.numpy(), y.numpy())


def test_sequential_tf_format_keys_and_deferred_load(tmp_path):
    m = conv_model()
    m.build((None, 8, 8, 1))
    m.save_weights(str(tmp_path / "w"))
    keys = [k for k, _ in tf.train.list_variables(str(tmp_path / "w"))]
    # Keras 3's object graph (the Functional the Sequential built, its InputLayer first)
    assert keys == ["_CHECKPOINTABLE_OBJECT_GRAPH"] + [
        f"_functional/_operations/{i}/{v}/.ATTRIBUTES/VARIABLE_VALUE"
        for i in (1, 3, 4) for v in ("_kernel", "bias")]
    fresh = conv_model()  # not built yet: its variables are restored when they are created
    status = fresh.load_weights(str(tmp_path / "w"))
    fresh(np.zeros((1, 8, 8, 1), np.float32))
    status.assert_consumed()
    same(fresh, m)


def test_subclassed_model_h5_layout(tmp_path):
    class Sub(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(2)
            self.blocks = [tf.keras.layers.Dense(1), tf.keras.layers.BatchNormalization()]

        def call(self, x):
            return self.blocks[1](self.blocks[0](self.d(x)))

    m = Sub()
    m(np.ones((2, 3), np.float32))
    path = str(tmp_path / "sub.weights.h5")
    m.save_weights(path)
    with h5py.File(path, "r") as f:
        assert sorted(f["blocks"]) == ["batch_normalization", "dense"]
        assert f["d/vars/0"].shape == (3, 2)
        assert len(f["blocks/batch_normalization/vars"]) == 4
    m2 = Sub()
    m2(np.ones((2, 3), np.float32))
    m2.load_weights(path)
    same(m2, m)


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="TensorFlow is not installed")
def test_weights_move_to_and_from_keras_3(tmp_path):
    script = r'''
import json, os, sys
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import tensorflow as tf
d = sys.argv[1]
def conv():
    m = tf.keras.Sequential([tf.keras.layers.Conv2D(2, 3, activation="relu"),
                             tf.keras.layers.GlobalAveragePooling2D(),
                             tf.keras.layers.Dense(3), tf.keras.layers.Dense(1)])
    m.build((None, 8, 8, 1))
    return m
def bn():
    return tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.BatchNormalization(),
                                tf.keras.layers.Dense(1)])
out = {}
for name, make in (("conv", conv), ("bn", bn)):
    m = make()
    m.load_weights(os.path.join(d, f"ours_{name}.weights.h5"))
    out[f"loaded_{name}"] = [w.numpy().tolist() for l in m.layers for w in l.weights]
    m2 = make()
    m2.save_weights(os.path.join(d, f"theirs_{name}.weights.h5"))
    out[f"theirs_{name}"] = [w.numpy().tolist() for l in m2.layers for w in l.weights]
print("JSON" + json.dumps(out))
'''
    conv = conv_model()
    conv.build((None, 8, 8, 1))
    bn = bn_model()
    bn.layers[0].moving_mean.assign([0.5, -1.0, 2.0])  # non-trainable state travels too
    conv.save_weights(str(tmp_path / "ours_conv.weights.h5"))
    bn.save_weights(str(tmp_path / "ours_bn.weights.h5"))
    proc = subprocess.run([TF_PYTHON, "-c", script, str(tmp_path)], capture_output=True,
                          text=True, timeout=600, env=TF_ENV)
    line = [ln for ln in proc.stdout.splitlines() if ln.startswith("JSON")]
    assert proc.returncode == 0 and line, proc.stderr[-3000:]
    out = json.loads(line[0][4:])
    for model, name in ((conv, "conv"), (bn, "bn")):
        got = out[f"loaded_{name}"]
        assert len(got) == len(model.weights)
        for g, w in zip(got, per_layer(model)):
            np.testing.assert_array_equal(np.asarray(g, np.float32), w.numpy())
    fresh_conv = conv_model()
    fresh_conv.build((None, 8, 8, 1))
    for model, name in ((fresh_conv, "conv"), (bn_model(), "bn")):
        model.load_weights(str(tmp_path / f"theirs_{name}.weights.h5"))
        for g, w in zip(out[f"theirs_{name}"], per_layer(model)):
            np.testing.assert_array_equal(np.asarray(g, np.float32), w.numpy())


def test_h5_without_either_layout_is_read_as_keras_2s(tmp_path):
    """Keras 3 reads any `.h5` but `.weights.h5` in Keras 2's layout: a file holding
    neither layout finds no saved layer. (Message read off Keras 3.15 on TF 2.21.)"""
    path = str(tmp_path / "other.h5")
    with h5py.File(path, "w") as f:
        f.attrs["note"] = 1
    m = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(2)])
    with pytest.raises(ValueError) as e:
        m.load_weights(path)
    assert str(e.value) == ("Layer count mismatch when loading weights from file. Model "
                            "expected 1 layers, found 0 saved layers.")
