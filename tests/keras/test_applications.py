"""keras.applications: the architectures have Keras's structure (layer names, layer and
parameter counts, output shapes: golden values from real Keras 3, recorded by
make_applications_golden.py), they run and train, and weights come from local files only."""

import json
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf

GOLDEN = json.loads(Path(__file__).with_name("applications_golden.json").read_text())
# Layers the architectures leave to automatic names (counters differ between sessions)
AUTOMATIC = re.compile(r"^(input_layer|zero_padding2d|global_average_pooling2d|"
                       r"global_max_pooling2d)(_\d+)?$")


@pytest.mark.parametrize("key", sorted(GOLDEN))
def test_structure_matches_keras(key):
    want = GOLDEN[key]
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in want["kwargs"].items()}
    model = getattr(tf.keras.applications, want["arch"])(weights=None, **kwargs)
    assert model.name == want["name"]
    assert len(model.layers) == want["layers"]
    assert model.count_params() == want["params"]
    assert sum(int(np.prod(w.shape)) for w in model.trainable_weights) == want["trainable"]
    assert list(model.output.shape) == want["output_shape"]
    names = [la.name for la in model.layers]
    for got, expected in zip(names, want["names"]):
        if not AUTOMATIC.match(expected):
            assert got == expected


def test_weights_come_from_a_local_file(tmp_path):
    kwargs = {"include_top": False, "input_shape": (32, 32, 3), "pooling": "avg"}
    model = tf.keras.applications.MobileNetV2(weights=None, alpha=0.35, **kwargs)
    x = np.random.default_rng(0).uniform(0, 255, (2, 32, 32, 3)).astype("float32")
    x = tf.keras.applications.mobilenet_v2.preprocess_input(x)
    want = model.predict(x, verbose=0)
    path = str(tmp_path / "mobilenet.weights.h5")
    model.save_weights(path)
    again = tf.keras.applications.MobileNetV2(weights=path, alpha=0.35, **kwargs)
    np.testing.assert_allclose(again.predict(x, verbose=0), want, rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="does not download pretrained weights"):
        tf.keras.applications.ResNet50()  # weights="imagenet", the default
    with pytest.raises(ValueError, match="should be either `None`"):
        tf.keras.applications.ResNet50(weights=str(tmp_path / "missing.h5"))


def test_input_shape_rules():
    with pytest.raises(ValueError, match="Input size must be at least 32x32"):
        tf.keras.applications.ResNet50(weights=None, include_top=False, input_shape=(16, 16, 3))
    with pytest.raises(ValueError, match="`input_shape` must be a tuple of three integers"):
        tf.keras.applications.VGG16(weights=None, include_top=False, input_shape=(64, 64))
    with pytest.raises(ValueError, match="you should specify a static `input_shape`"):
        tf.keras.applications.DenseNet121(weights=None, input_shape=(None, None, 3))
    m = tf.keras.applications.ResNet50(weights=None, include_top=False)
    assert list(m.output.shape) == [None, None, None, 2048]


def test_resnet50_trains():
    model = tf.keras.applications.ResNet50(weights=None, input_shape=(32, 32, 3), classes=3)
    rng = np.random.default_rng(1)
    x = tf.keras.applications.resnet50.preprocess_input(
        rng.uniform(0, 255, (4, 32, 32, 3)).astype("float32"))
    y = np.array([0, 1, 2, 1])
    model.compile(optimizer=tf.keras.optimizers.SGD(0.01),
                  loss="sparse_categorical_crossentropy")
    before = [w.numpy().copy() for w in model.trainable_weights[:2]]
    history = model.fit(x, y, epochs=1, batch_size=4, verbose=0)
    assert np.isfinite(history.history["loss"][0])
    assert any(not np.array_equal(b, w.numpy()) for b, w in zip(before,
                                                                model.trainable_weights[:2]))
    probs = model.predict(x, verbose=0)
    np.testing.assert_allclose(probs.sum(axis=1), 1.0, rtol=1e-5)


def test_preprocess_input_modes():
    x = np.array([[[[0.0, 127.5, 255.0]]]], "float32")
    np.testing.assert_allclose(
        tf.keras.applications.resnet50.preprocess_input(x),
        [[[[255.0 - 103.939, 127.5 - 116.779, 0.0 - 123.68]]]], rtol=1e-6)
    assert type(tf.keras.applications.resnet50.preprocess_input(x)) is np.ndarray  # as Keras
    np.testing.assert_allclose(tf.keras.applications.mobilenet_v2.preprocess_input(x),
                               [[[[-1.0, 0.0, 1.0]]]], atol=1e-6)
    np.testing.assert_allclose(
        tf.keras.applications.densenet.preprocess_input(tf.constant(x)).numpy(),
        [[[[(0 - 0.485) / 0.229, (0.5 - 0.456) / 0.224, (1 - 0.406) / 0.225]]]], rtol=1e-5)
