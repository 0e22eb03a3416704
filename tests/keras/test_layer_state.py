"""Keras 3's members over a layer's and a model's state, with Keras 3.15.1's values:
stateless_call, metrics_variables, get_state_tree/set_state_tree, autocast, supports_jit,
call_signature_parameters, distribute_strategy, jit_compile and steps_per_execution."""

import warnings

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras
ONES = np.ones((1, 3), "float32")


def test_stateless_call_reads_given_values_and_leaves_the_layer():
    d = keras.layers.Dense(2, kernel_initializer="ones")
    d.build((None, 3))
    out, new = d.stateless_call([np.full((3, 2), 2.0, "float32"), np.ones(2, "float32")], [],
                                ONES)
    np.testing.assert_array_equal(np.asarray(out), [[7.0, 7.0]]) and new == []
    np.testing.assert_array_equal(d.kernel.numpy(), np.ones((3, 2)))
    bn = keras.layers.BatchNormalization()
    bn.build((None, 3))
    _, new = bn.stateless_call([v.value for v in bn.trainable_variables],
                               [v.value for v in bn.non_trainable_variables],
                               np.ones((2, 3), "float32"), training=True)
    np.testing.assert_allclose([np.asarray(v) for v in new], [[0.01] * 3, [0.99] * 3])  # Keras's
    np.testing.assert_array_equal(bn.moving_mean.numpy(), [0.0] * 3)
    reg = keras.layers.Dense(2, activity_regularizer="l2")
    reg.build((None, 3))
    assert len(reg.stateless_call([v.value for v in reg.trainable_variables], [], ONES,
                                  return_losses=True)) == 3


def test_stateless_call_errors_as_keras():
    with pytest.raises(ValueError, match=r"^To call stateless_call, Dense must be built"):
        keras.layers.Dense(2).stateless_call([], [], ONES)
    d = keras.layers.Dense(2)
    d.build((None, 3))
    with pytest.raises(ValueError, match=r"^Argument `trainable_variables` must be a list of "
                                         r"tensors corresponding 1:1 to Dense\(\)\.trainable_"
                                         r"variables\. Received list with length 0, but "
                                         r"expected 2 variables\.$"):
        d.stateless_call([], [], ONES)


def test_layer_attributes():
    class Custom(keras.layers.Layer):
        def call(self, x, *args, flag=1, **kw):
            return x

    layer = Custom()
    assert layer.call_signature_parameters == ["x", "args", "flag", "kw"]
    assert layer.autocast is True and layer.supports_jit is True
    assert keras.layers.Dense(2, autocast=False).autocast is False
    assert keras.layers.Dense(2).call_signature_parameters == ["inputs", "training"]
    inp = keras.Input((3,))
    model = keras.Model(inp, keras.layers.Dense(2)(inp))
    assert model.call_signature_parameters == ["inputs", "training", "mask", "kwargs"]
    assert model.call(ONES, unused=1).shape == (1, 2)  # (Keras passes call context along)


def _compiled():
    inp = keras.Input((3,), name="x")
    m = keras.Model(inp, keras.layers.Dense(2, kernel_initializer="ones", name="d")(inp))
    m.compile("sgd", "mse", metrics=["mae"], steps_per_execution=4, jit_compile=True)
    m.fit(np.ones((4, 3), "float32"), np.ones((4, 2), "float32"), verbose=0)
    return m


def test_model_attributes_as_keras():
    m = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    gpu = bool(tf.config.list_logical_devices("GPU"))  # ("auto" is on where a GPU is seen)
    assert (m.jit_compile, m.steps_per_execution, m.unrolled_steps_per_execution) == (gpu, 1, 1)
    assert m.distribute_strategy is tf.distribute.get_strategy()
    strategy = tf.distribute.MirroredStrategy(["/cpu:0"])
    with strategy.scope():
        assert keras.Sequential([keras.Input((3,))]).distribute_strategy is strategy
    m = _compiled()
    assert (m.jit_compile, m.steps_per_execution, m.unrolled_steps_per_execution) == (True, 4, 1)
    assert [v.path for v in m.metrics_variables] == [
        "loss/total", "loss/count", "mean_absolute_error/total", "mean_absolute_error/count"]
    assert m.get_layer("d").metrics_variables == []


def test_state_tree_round_trip():
    m = _compiled()
    tree = m.get_state_tree("numpy_array")
    assert {k: sorted(v) for k, v in tree.items()} == {
        "trainable_variables": ["d"], "non_trainable_variables": [],
        "optimizer_variables": [m.optimizer.name],  # ("sgd", or "sgd_1" after another)
        "metrics_variables": ["loss", "mean_absolute_error"]}
    assert sorted(tree["optimizer_variables"][m.optimizer.name]) == ["iteration", "learning_rate"]
    assert sorted(tree["trainable_variables"]["d"]) == ["bias", "kernel"]
    kernel = tree["trainable_variables"]["d"]["kernel"]
    m.set_state_tree({"trainable_variables": {"d": {"kernel": np.zeros_like(kernel)}}})
    np.testing.assert_array_equal(m.get_layer("d").kernel.numpy(), np.zeros_like(kernel))
    m.set_state_tree(tree)
    np.testing.assert_array_equal(m.get_layer("d").kernel.numpy(), kernel)
    with pytest.raises(ValueError, match="Unknown variable name: weights"):
        m.set_state_tree({"weights": {}})
    with pytest.raises(ValueError, match="Invalid `value_format` argument"):
        m.get_state_tree("lists")


def _dense_model(*layers):
    return keras.Sequential([keras.Input((3,)), *layers, keras.layers.Dense(2)])


def test_jit_compile_auto_resolves_as_keras3_on_the_tf_backend():
    # Keras 3.15's Trainer._resolve_auto_jit_compile: off on a machine of CPUs only, under a
    # tf.distribute strategy, with op determinism, for a layer without XLA support, and
    # with run_eagerly; else on (eagerflow has no XLA: the step runs as any tf.function)
    from eagerflow._src.core import device as D

    m = _dense_model()
    m.compile("sgd", "mse")
    gpu = bool(tf.config.list_logical_devices("GPU"))  # (the whole suite on a stand-in GPU)
    assert m.jit_compile is gpu and m.get_compile_config()["jit_compile"] is gpu
    with D.standin_gpus(1):
        fresh = _dense_model()
        assert fresh.jit_compile is True  # (never compiled: "auto" resolved when asked)
        m = _dense_model()
        m.compile("sgd", "mse")
        assert m.jit_compile is True and m.get_compile_config()["jit_compile"] is True
        m.fit(np.ones((4, 3), "float32"), np.ones((4, 2), "float32"), verbose=0)
        m.compile("sgd", "mse", run_eagerly=True)
        assert m.jit_compile is False
        with warnings.catch_warnings():
            warnings.simplefilter("error")  # ("auto" turns XLA off without a word)
            m = _dense_model(keras.layers.Hashing(4))
            m.compile("sgd", "mse")
        assert m.jit_compile is False
        with tf.distribute.MirroredStrategy(["/cpu:0"]).scope():
            m = _dense_model()
            m.compile("sgd", "mse")
        assert m.jit_compile is False
        tf.config.experimental.enable_op_determinism()  # (tests/conftest.py restores it)
        m = _dense_model()
        m.compile("sgd", "mse")
        assert m.jit_compile is False
