"""save_weights / load_weights: TF checkpoint keys as TF 2.x tf.keras, and Keras 3's HDF5 layout."""

import os

import numpy as np
import pytest

try:  # tests/keras is a package
    from .ckpt_keras_fakes import BatchNormalization, Dense, Sequential, make_sequential
except ImportError:
    from ckpt_keras_fakes import BatchNormalization, Dense, Sequential, make_sequential

import eagerflow as tf
from eagerflow._src.core.trackable import AutoTrackable
from eagerflow._src.keras import weights_io

h5py = pytest.importorskip("h5py")


def values(model):
    return [w.numpy().copy() for w in model.weights]


def test_tf_format_uses_tf_keras_key_names_and_the_state_file(tmp_path):
    model = make_sequential().build(1)
    prefix = str(tmp_path / "weights")
    weights_io.save_weights(model, prefix)
    assert {n for n in os.listdir(tmp_path)} == {"weights.index", "weights.data-00000-of-00001",
                                                 "checkpoint"}
    keys = [k for k, _ in tf.train.list_variables(prefix)]
    assert "layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE" in keys
    assert "layer_with_weights-2/bias/.ATTRIBUTES/VARIABLE_VALUE" in keys
    assert not any(k.startswith("layer-") for k in keys)
    assert tf.train.latest_checkpoint(str(tmp_path)) == prefix
    # under a tf.train.Checkpoint the same variables carry a "model/" prefix
    tf.train.Checkpoint(model=model).write(str(tmp_path / "ck"))
    assert "model/layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE" in \
        [k for k, _ in tf.train.list_variables(str(tmp_path / "ck"))]


def test_tf_format_roundtrip_with_deferred_build(tmp_path):
    model = make_sequential(seed=0).build(1)
    prefix = str(tmp_path / "w")
    weights_io.save_weights(model, prefix)
    unbuilt = make_sequential(seed=5)
    status = weights_io.load_weights(unbuilt, prefix)  # layers match; their variables wait
    unbuilt.build(1)
    status.assert_consumed()
    for a, b in zip(values(unbuilt), values(model)):
        np.testing.assert_array_equal(a, b)
    built = make_sequential(seed=5).build(1)
    weights_io.load_weights(built, prefix).assert_consumed()
    for a, b in zip(values(built), values(model)):
        np.testing.assert_array_equal(a, b)
    with pytest.raises(AssertionError, match="Nothing except the root object matched"):
        weights_io.load_weights(Sequential([Dense(1, name="x")]).build(1), _foreign(tmp_path))
    # a directory loads its latest checkpoint
    again = make_sequential(seed=9).build(1)
    weights_io.load_weights(again, str(tmp_path)).assert_existing_objects_matched()
    np.testing.assert_array_equal(values(again)[0], values(model)[0])
    with pytest.raises(NotImplementedError, match="by_name=True"):
        weights_io.load_weights(again, prefix, by_name=True)
    with pytest.raises(ValueError, match="Unknown format"):
        weights_io.save_weights(model, prefix, save_format="pickle")


def _foreign(tmp_path):
    """A checkpoint of unrelated objects."""
    return tf.train.Checkpoint(other=tf.Variable(1.0)).write(str(tmp_path / "foreign"))


def test_tf_format_restores_lazily_built_layers_through_a_checkpoint(tmp_path):
    model = make_sequential(seed=0).build(1)
    path = tf.train.Checkpoint(model=model).write(str(tmp_path / "ck"))
    fresh = make_sequential(seed=3)
    status = tf.train.Checkpoint(model=fresh).read(path)
    fresh.build(1)  # layers create variables and the model announces layer_with_weights-N
    for a, b in zip(values(fresh), values(model)):
        np.testing.assert_array_equal(a, b)
    status.assert_consumed()


def test_h5_layout_is_keras_3s(tmp_path):
    model = make_sequential().build(1)
    path = str(tmp_path / "m.weights.h5")
    weights_io.save_weights(model, path)
    assert os.listdir(tmp_path) == ["m.weights.h5"]  # no temporary file left
    with h5py.File(path, "r") as f:
        groups = []
        f.visititems(lambda name, obj: groups.append(name))
        assert f["vars"].attrs["name"] == "sequential"
        assert f["layers/conv2d/vars"].attrs["name"] == "conv2d"
        assert f["layers/global_average_pooling2d/vars"].attrs["name"] == "pool"
        assert list(f["layers/global_average_pooling2d/vars"]) == []
        assert f["layers/dense/vars"].attrs["name"] == "dense"
        assert f["layers/dense_1/vars"].attrs["name"] == "dense_1"
        np.testing.assert_array_equal(f["layers/dense/vars/0"][()], model.layers[2].kernel.numpy())
        np.testing.assert_array_equal(f["layers/dense/vars/1"][()], model.layers[2].bias.numpy())
        assert f["layers/conv2d/vars/0"].shape == (3, 3, 1, 2)


def test_h5_attributes_lists_and_non_trainable_order(tmp_path):
    class Linear(AutoTrackable):
        def __init__(self):
            self.name = "linear"
            self._trainable_weights = []
            self._non_trainable_weights = []
            self.d = Dense(2, name="dense_2")
            self.blocks = [Dense(1, name="dense_3"), BatchNormalization(name="bn")]

    m = Linear()
    m.d.build(3)
    m.blocks[0].build(2)
    m.blocks[1].build(4)
    path = str(tmp_path / "lin.weights.h5")
    weights_io.save_weights(m, path)
    with h5py.File(path, "r") as f:
        assert f["d/vars"].attrs["name"] == "dense_2"
        assert f["blocks/dense/vars"].attrs["name"] == "dense_3"
        bn = f["blocks/batch_normalization/vars"]
        for i, v in enumerate(m.blocks[1].weights):  # gamma, beta, then the moving statistics
            np.testing.assert_array_equal(bn[str(i)][()], v.numpy())
    m2 = Linear()
    m2.d.build(3)
    m2.blocks[0].build(2)
    m2.blocks[1].build(4)
    weights_io.load_weights(m2, path)
    np.testing.assert_array_equal(m2.blocks[1].moving_variance.numpy(),
                                  m.blocks[1].moving_variance.numpy())


def test_h5_roundtrip_and_errors(tmp_path):
    model = make_sequential(seed=0).build(1)
    path = str(tmp_path / "m.weights.h5")
    weights_io.save_weights(model, path)
    other = make_sequential(seed=7).build(1)
    assert weights_io.load_weights(other, path) is None
    for a, b in zip(values(other), values(model)):
        np.testing.assert_array_equal(a, b)

    # Keras 3.15: an unbuilt model is refused before any layer is looked at
    with pytest.raises(ValueError, match="loading weights into a model that has not yet been "
                                         "built"):
        weights_io.load_weights(make_sequential(), path)

    wrong = Sequential([type(model.layers[0])(3), model.layers[1].__class__(name="pool"),
                        Dense(3, name="dense"), Dense(1, name="dense_1")]).build(1)
    before = values(wrong)
    # Keras 3.15: the layer that doesn't fit keeps its values, the others load, then one
    # error names it (a warning with skip_mismatch)
    with pytest.raises(ValueError, match=r"A total of 2 objects could not be loaded\. (?s:.)*"
                                         r"variable\.shape=\(3, 3, 1, 3\), Received: "
                                         r"value\.shape=\(3, 3, 1, 2\)"):
        weights_io.load_weights(wrong, path)
    for a, b in zip(values(wrong)[:2], before[:2]):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(wrong.layers[3].kernel.numpy(), model.layers[3].kernel.numpy())
    wrong = Sequential([type(model.layers[0])(3), model.layers[1].__class__(name="pool"),
                        Dense(3, name="dense"), Dense(1, name="dense_1")]).build(1)
    before = values(wrong)
    with pytest.warns(UserWarning, match="A total of 2 objects could not be loaded"):
        weights_io.load_weights(wrong, path, skip_mismatch=True)  # the rest loads
    for a, b in zip(values(wrong)[:2], before[:2]):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(wrong.layers[3].kernel.numpy(), model.layers[3].kernel.numpy())

    other_layout = Sequential([BatchNormalization(name="bn")]).build(3)
    with pytest.raises(ValueError, match="Layer 'bn' expected 4 variables, but received 0"):
        weights_io.load_weights(other_layout, path)


def test_h5_damaged_file(tmp_path):
    model = make_sequential().build(1)
    path = str(tmp_path / "m.weights.h5")
    weights_io.save_weights(model, path)
    with open(path, "r+b") as f:
        f.truncate(100)
    with pytest.raises(tf.errors.DataLossError, match="m.weights.h5"):
        weights_io.load_weights(make_sequential().build(1), path)
    with pytest.raises(FileNotFoundError):
        weights_io.load_weights(model, str(tmp_path / "missing.weights.h5"))


def test_snake_case_matches_keras():
    assert weights_io.to_snake_case("GlobalAveragePooling2D") == "global_average_pooling2d"
    assert weights_io.to_snake_case("Conv2D") == "conv2d"
    assert weights_io.to_snake_case("BatchNormalization") == "batch_normalization"
    assert weights_io.to_snake_case("InputLayer") == "input_layer"
    assert weights_io.to_snake_case("LSTM") == "lstm"
    assert weights_io.to_snake_case("ConvLSTM1D") == "conv_lstm1d"  # (Keras's, not lst_m1d)



def test_an_unbuilt_subclassed_model_refuses_to_save_weights_as_keras_3(tmp_path):
    # Keras 3.15's ValueError (recorded with TF 2.21), before any file is written
    class Net(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.l1 = tf.keras.layers.Dense(5)

        def call(self, x):
            return self.l1(x)

    net = Net()
    path = str(tmp_path / "net.weights.h5")
    with pytest.raises(ValueError, match=r"^You are saving a model that has not yet been built\. "
                                         r"Try building the model first by calling it on some "
                                         r"data or by using `build\(\)`\.$"):
        net.save_weights(path)
    assert not os.path.exists(path)
    net(tf.ones((1, 1)))
    net.save_weights(path)
    assert os.path.exists(path)
