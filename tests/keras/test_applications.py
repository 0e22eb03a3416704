"""keras.applications: the architectures have Keras's structure (layer names, layer and
parameter counts, output shapes: golden values from real Keras 3, recorded by
make_applications_golden.py), they run and train, and weights come from local files only."""

import json
import os
import re
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.applications import imagenet_utils
from eagerflow._src.keras.applications.convnext import LayerScale, StochasticDepth
from eagerflow._src.keras.applications.inception_resnet_v2 import CustomScaleLayer

GOLDEN = json.loads(Path(__file__).with_name("applications_golden.json").read_text())
# The largest models take seconds each to build: all run with EAGERFLOW_APPS=all
ALL = os.environ.get("EAGERFLOW_APPS") == "all"
CASES = [pytest.param(key, marks=pytest.mark.skipif(
    GOLDEN[key].get("slow", False) and not ALL, reason="a large model: EAGERFLOW_APPS=all"))
    for key in sorted(GOLDEN)]


def automatic_name(class_name: str) -> re.Pattern:
    """The names Keras gives a layer of this class that was not named: 're_lu', 're_lu_3'."""
    snake = re.sub("([a-z])([A-Z])", r"\1_\2", re.sub("(.)([A-Z][a-z]+)", r"\1_\2",
                                                       class_name)).lower()
    return re.compile(rf"^{snake}(_\d+)?$")


@pytest.mark.parametrize("key", CASES)
def test_structure_matches_keras(key):
    want = GOLDEN[key]
    kwargs = {k: tuple(v) if isinstance(v, list) else v for k, v in want["kwargs"].items()}
    model = getattr(tf.keras.applications, want["arch"])(weights=None, **kwargs)
    assert model.name == want["name"]
    assert len(model.layers) == want["layers"]
    assert model.count_params() == want["params"]
    assert sum(int(np.prod(w.shape)) for w in model.trainable_weights) == want["trainable"]
    assert list(model.output.shape) == want["output_shape"]
    got = [(la.name, type(la).__name__, la.count_params(), list(la.output.shape))
           for la in model.layers]
    for i, (name, cls, count, shape) in enumerate(got):
        expected = want["names"][i]
        where = f"layer {i} ({expected})"
        assert cls == want["classes"][i], where
        auto = automatic_name(cls)
        # counters of automatic names differ between sessions; whether a name is given does not
        assert auto.match(name) if auto.match(expected) else name == expected, where
        assert count == want["counts"][i], where
        assert shape == want["shapes"][i], where


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
    # seeded: some initial weights make this step's predictions NaN, in TF 2.21 as here
    # (set_random_seed(6): TF's and ours alike)
    tf.keras.utils.set_random_seed(1)
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
        tf.keras.applications.resnet50.preprocess_input(x.copy()),
        [[[[255.0 - 103.939, 127.5 - 116.779, 0.0 - 123.68]]]], rtol=1e-6)
    assert type(tf.keras.applications.resnet50.preprocess_input(x.copy())) is np.ndarray
    np.testing.assert_allclose(tf.keras.applications.mobilenet_v2.preprocess_input(x.copy()),
                               [[[[-1.0, 0.0, 1.0]]]], atol=1e-6)
    # as Keras 3's, a float array is preprocessed in place (its caffe BGR view included)
    y = x.copy()
    assert tf.keras.applications.mobilenet_v2.preprocess_input(y) is y
    np.testing.assert_allclose(y, [[[[-1.0, 0.0, 1.0]]]], atol=1e-6)
    y = x.copy()
    tf.keras.applications.resnet50.preprocess_input(y)
    np.testing.assert_allclose(y, [[[[0.0 - 123.68, 127.5 - 116.779, 255.0 - 103.939]]]],
                               rtol=1e-6)
    z = x.astype("uint8")  # (converted to a new float array: z stays)
    tf.keras.applications.resnet50.preprocess_input(z)
    assert z.tolist() == [[[[0, 127, 255]]]]
    np.testing.assert_allclose(
        tf.keras.applications.densenet.preprocess_input(tf.constant(x)).numpy(),
        [[[[(0 - 0.485) / 0.229, (0.5 - 0.456) / 0.224, (1 - 0.406) / 0.225]]]], rtol=1e-5)


def test_imagenet_utils_preprocess_input():
    iu = tf.keras.applications.imagenet_utils
    x = np.arange(12, dtype="float32").reshape(1, 3, 2, 2)
    np.testing.assert_allclose(iu.preprocess_input(x.copy(), "channels_first")[0, :, 0, 0],
                               [-95.939, -112.779, -123.68], rtol=1e-6)  # from Keras 3
    np.testing.assert_allclose(
        iu.preprocess_input(tf.constant(x), "channels_first", mode="torch").numpy()[0, :, 0, 0],
        [(0 - 0.485) / 0.229, (4 / 255 - 0.456) / 0.224, (8 / 255 - 0.406) / 0.225], rtol=1e-5)
    ints = np.full((1, 1, 1, 3), 255, "uint8")  # integer images become float32
    assert iu.preprocess_input(ints, mode="tf").dtype == np.float32
    with pytest.raises(ValueError, match=r"Expected mode to be one of `caffe`, `tf` or "
                                         r"`torch`. Received: mode=x"):
        iu.preprocess_input(x, mode="x")
    with pytest.raises(ValueError, match="Received: data_format=nchw"):
        iu.preprocess_input(x, data_format="nchw")
    for module in ("efficientnet", "efficientnet_v2", "convnext", "mobilenet_v3"):
        assert getattr(tf.keras.applications, module).preprocess_input(x) is x  # in-model


def test_decode_predictions(tmp_path, monkeypatch):
    index = {str(i): [f"n{i:08d}", f"class_{i}"] for i in range(1000)}
    (tmp_path / "imagenet_class_index.json").write_text(json.dumps(index))
    monkeypatch.setenv("EAGERFLOW_DATASETS", str(tmp_path))  # found there, not downloaded
    monkeypatch.setattr(imagenet_utils, "_CLASS_INDEX", None)
    preds = np.zeros((2, 1000), "float32")
    preds[0, [5, 7, 9]] = [0.2, 0.5, 0.3]
    preds[1, 999] = 1.0
    got = tf.keras.applications.resnet50.decode_predictions(tf.constant(preds), top=3)
    assert [r[:2] for r in got[0]] == [("n00000007", "class_7"), ("n00000009", "class_9"),
                                       ("n00000005", "class_5")]
    np.testing.assert_allclose([r[2] for r in got[0]], [0.5, 0.3, 0.2])
    assert got[1][0][:2] == ("n00000999", "class_999") and len(got[1]) == 3
    with pytest.raises(ValueError, match=r"\(samples, 1000\)\). Received array with shape: "
                                         r"\(2, 10\)"):
        tf.keras.applications.mobilenet.decode_predictions(np.zeros((2, 10)))


def test_more_input_rules():
    apps = tf.keras.applications
    with pytest.raises(ValueError, match="Input size must be at least 75x75"):
        apps.InceptionV3(weights=None, include_top=False, input_shape=(64, 64, 3))
    with pytest.raises(ValueError, match=r"at least 32x32; Received `input_shape=\(16, 16, 3\)`"):
        apps.MobileNetV3Small(weights=None, input_shape=(16, 16, 3))
    # MobileNetV3 takes any size from 32 with its top; NASNetMobile's headless default is 224
    assert apps.MobileNetV3Small(weights=None, alpha=0.75, minimalistic=True).input_shape == \
        (None, None, None, 3)
    inputs = tf.keras.Input((40, 48, 3))
    m = apps.MobileNet(weights=None, include_top=False, input_tensor=inputs, alpha=0.25)
    assert m.inputs[0] is inputs and list(m.output.shape) == [None, 1, 1, 256]
    with pytest.raises(ValueError, match="does not download pretrained weights"):
        apps.EfficientNetB0()


def test_mobilenet_v3_runs_and_trains():
    model = tf.keras.applications.MobileNetV3Large(
        weights=None, input_shape=(32, 32, 3), classes=3, minimalistic=True, alpha=0.75)
    x = np.random.default_rng(2).uniform(0, 255, (4, 32, 32, 3)).astype("float32")
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy")
    history = model.fit(x, np.array([0, 1, 2, 0]), epochs=1, batch_size=4, verbose=0)
    assert np.isfinite(history.history["loss"][0])
    np.testing.assert_allclose(model.predict(x, verbose=0).sum(axis=1), 1.0, rtol=1e-5)


def test_hard_silu_and_the_special_layers():
    x = np.array([-4.0, -1.0, 0.0, 1.0, 4.0], "float32")
    np.testing.assert_allclose(tf.keras.activations.hard_swish(x).numpy(),
                               [0.0, -1 / 3, 0.0, 2 / 3, 4.0], rtol=1e-6)  # as Keras 3
    assert tf.keras.activations.get("hard_swish") is tf.keras.activations.hard_silu
    assert tf.keras.activations.serialize(tf.keras.activations.hard_silu) == "hard_silu"
    ones = np.ones((64, 2, 3), "float32")
    depth = StochasticDepth(0.25)
    np.testing.assert_array_equal(depth(ones).numpy(), ones)  # inference: the identity
    dropped = depth(ones, training=True).numpy()
    per_sample = dropped.reshape(64, -1)
    assert set(np.unique(per_sample)) <= {0.0, np.float32(1 / 0.75)}
    assert (per_sample == per_sample[:, :1]).all()  # a whole sample is kept or dropped
    assert 0 < (per_sample[:, 0] == 0).sum() < 64
    scale = LayerScale(1e-6, 3)
    np.testing.assert_allclose(scale(ones).numpy(), ones * 1e-6)
    assert [w.shape for w in scale.trainable_weights] == [(3,)]
    np.testing.assert_allclose(CustomScaleLayer(0.1)([ones, 2 * ones]).numpy(), 1.2 * ones,
                               rtol=1e-6)
    assert CustomScaleLayer(0.1).get_config()["scale"] == 0.1


def write_keras2_weights(model, path, under_model_weights=False):
    """Keras 2's HDF5 weight layout, written independently with h5py: `layer_names`, and
    per layer `weight_names` naming its datasets (trainable weights first)."""
    import h5py

    with h5py.File(path, "w") as f:
        root = f.create_group("model_weights") if under_model_weights else f
        root.attrs["layer_names"] = [la.name.encode() for la in model.layers]
        for la in model.layers:
            g = root.create_group(la.name)
            weights = la.trainable_weights + la.non_trainable_weights
            names = [f"{la.name}/{w.path.split('/')[-1]}:0" for w in weights]
            g.attrs["weight_names"] = [n.encode() for n in names]
            for n, w in zip(names, weights):
                g.create_dataset(n, data=w.numpy())


def test_keras2_h5_weight_files_load(tmp_path):
    pytest.importorskip("h5py")
    kwargs = {"include_top": False, "input_shape": (32, 32, 3), "alpha": 0.25}
    source = tf.keras.applications.MobileNet(weights=None, **kwargs)
    rng = np.random.default_rng(3)
    for w in source.weights:
        w.assign(rng.uniform(0.5, 1.5, w.shape).astype("float32"))
    for nested in (False, True):
        path = str(tmp_path / f"mobilenet_{nested}.h5")
        write_keras2_weights(source, path, under_model_weights=nested)
        loaded = tf.keras.applications.MobileNet(weights=path, **kwargs)
        for a, b in zip(source.weights, loaded.weights):
            np.testing.assert_array_equal(a.numpy(), b.numpy())
    other = tf.keras.applications.MobileNet(weights=None, include_top=False,
                                            input_shape=(32, 32, 3), alpha=0.5)
    with pytest.raises(ValueError, match="Shape mismatch in layer #0 \\(named conv1\\)"):
        other.load_weights(path)
    with pytest.raises(ValueError, match="Layer count mismatch when loading weights from "
                                         "file. Model expected 104 layers, found 54 saved layers."):
        tf.keras.applications.MobileNetV2(weights=None, include_top=False,
                                          input_shape=(32, 32, 3)).load_weights(path)
