"""Keras 3.15's newer layers beyond their goldens (test_layers_golden.py): gradients against
central differences in float64, traced calls equal to eager ones, and the properties a
user relies on (whole feature maps dropped, spectral norms of one, masks passed on)."""

import io
import zipfile

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras

h5py = pytest.importorskip("h5py")
L = keras.layers
RNG = np.random.default_rng(11)


def _rand(*shape):
    return RNG.standard_normal(shape)


def _check_gradients(layer, *inputs, tol=1e-6, **call_kwargs):
    """d(sum of outputs * fixed weights)/d(inputs, trainable weights) against central
    differences, the layer in float64."""
    inputs = [tf.constant(x) for x in inputs]
    probe = _rand(*layer(*inputs, **call_kwargs).shape)
    weights = layer.trainable_weights

    def loss():
        return float(np.sum(layer(*inputs, **call_kwargs).numpy() * probe))

    with tf.GradientTape() as tape:
        tape.watch(inputs)
        total = tf.reduce_sum(layer(*inputs, **call_kwargs) * probe)
    grads = tape.gradient(total, inputs + weights)
    for i, (target, grad) in enumerate(zip(inputs + weights, grads)):
        value = target.numpy().copy()
        numeric = np.zeros(value.size)
        for j in range(value.size):
            sides = []
            for step in (1e-6, -1e-6):
                moved = value.copy()
                moved.reshape(-1)[j] += step
                if i < len(inputs):
                    inputs[i] = tf.constant(moved)
                else:
                    target.assign(moved)
                sides.append(loss())
            numeric[j] = (sides[0] - sides[1]) / 2e-6
        if i < len(inputs):
            inputs[i] = target
        else:
            target.assign(value)
        np.testing.assert_allclose(grad.numpy().reshape(-1), numeric, rtol=tol, atol=tol,
                                   err_msg=f"argument {i}")


@pytest.mark.parametrize("kwargs", [
    {"kernel_size": 3, "strides": 2, "dilation_rate": 2, "padding": "same"},
    {"kernel_size": 2, "depth_multiplier": 2, "data_format": "channels_first"},
])
def test_depthwise_conv1d_gradients(kwargs):
    _check_gradients(L.DepthwiseConv1D(dtype="float64", **kwargs), _rand(2, 7, 3))


def test_separable_conv1d_gradients():
    _check_gradients(L.SeparableConv1D(2, 3, strides=2, dilation_rate=2, depth_multiplier=2,
                                       activation="tanh", dtype="float64"), _rand(2, 9, 3))


@pytest.mark.parametrize("cls,size", [("AdaptiveAveragePooling1D", 3),
                                      ("AdaptiveMaxPooling2D", (2, 4)),
                                      ("AdaptiveAveragePooling3D", (3, 2, 2))])
def test_adaptive_pooling_gradients(cls, size):
    rank = len(size) if isinstance(size, tuple) else 1
    x = _rand(2, *(5, 3, 3)[:rank], 2)  # distinct values: the maxima are unique
    _check_gradients(getattr(L, cls)(size, dtype="float64"), x)


def test_grouped_query_attention_gradients():
    q, v = _rand(2, 3, 4), _rand(2, 5, 4)
    mask = np.tril(np.ones((3, 5), bool))[None].repeat(2, 0)
    layer = L.GroupQueryAttention(2, 4, 2, use_gate=True, dtype="float64")
    _check_gradients(layer, q, v, attention_mask=mask)


def test_grouped_query_attention_shares_key_value_heads():
    """With one key/value head repeated for every query head, the attention equals a
    MultiHeadAttention whose key and value heads all hold that head's weights."""
    q, v = _rand(2, 3, 4).astype("float32"), _rand(2, 5, 4).astype("float32")
    gqa = L.GroupQueryAttention(2, 3, 1)
    mha = L.MultiHeadAttention(3, 2)
    gqa(q, v)
    mha(q, v)
    weights = gqa.get_weights()  # query k/b, key k/b, value k/b, output k/b
    for i in (2, 3, 4, 5):
        weights[i] = np.repeat(weights[i], 3, axis=-2)
    mha.set_weights(weights)
    np.testing.assert_allclose(gqa(q, v).numpy(), mha(q, v).numpy(), rtol=1e-5, atol=1e-6)


def test_grouped_query_attention_traced_equals_eager():
    layer = L.GroupQueryAttention(2, 4, 2, sliding_window=2)
    q = tf.constant(_rand(2, 5, 6).astype("float32"))
    want = layer(q, q, use_causal_mask=True)
    traced = tf.function(lambda x: layer(x, x, use_causal_mask=True),
                         input_signature=[tf.TensorSpec([None, 5, 6])])
    np.testing.assert_allclose(traced(q).numpy(), want.numpy(), rtol=1e-5, atol=1e-6)


def test_spectral_normalization_bounds_the_spectral_norm():
    """Enough power iterations find the largest singular value: the kernel kept after a
    training call has spectral norm one, and `vector_u` its leading right singular
    vector; an inference call leaves both alone."""
    # seeded: about one unseeded kernel in a hundred has its two largest singular values
    # too close for 200 iterations to reach `vector_u` within 1e-6
    tf.keras.utils.set_random_seed(3)
    layer = L.SpectralNormalization(L.Dense(4, dtype="float64"), power_iterations=200,
                                    dtype="float64")
    x = _rand(3, 5)
    layer(x)
    kernel = layer.layer.kernel.numpy().copy()
    layer(x)
    np.testing.assert_array_equal(layer.layer.kernel.numpy(), kernel)
    layer(x, training=True)
    normalized = layer.layer.kernel.numpy()
    np.testing.assert_allclose(np.linalg.norm(normalized, 2), 1.0, rtol=1e-9)
    np.testing.assert_allclose(normalized * np.linalg.norm(kernel, 2), kernel, rtol=1e-9)
    right = np.linalg.svd(kernel)[2][0]
    np.testing.assert_allclose(np.abs(layer.vector_u.numpy()[0]), np.abs(right), atol=1e-6)


def test_spectral_normalization_traced_training_step():
    """A training call traced by tf.function normalizes and assigns as the eager one."""
    eager = L.SpectralNormalization(L.Conv2D(2, 2), power_iterations=2)
    traced_layer = L.SpectralNormalization(L.Conv2D(2, 2), power_iterations=2)
    x = tf.constant(_rand(2, 4, 4, 3).astype("float32"))
    eager(x)
    traced_layer(x)
    traced_layer.set_weights(eager.get_weights())
    step = tf.function(lambda t: traced_layer(t, training=True))
    for _ in range(2):
        np.testing.assert_allclose(step(x).numpy(), eager(x, training=True).numpy(),
                                   rtol=1e-5, atol=1e-6)
    for a, b in zip(traced_layer.get_weights(), eager.get_weights()):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-7)


def test_spatial_dropout3d_drops_whole_feature_maps():
    x = np.ones((4, 3, 2, 2, 6), "float32")
    y = L.SpatialDropout3D(0.5, seed=1)(x, training=True).numpy()
    maps = y.transpose(0, 4, 1, 2, 3).reshape(4 * 6, -1)
    assert {tuple(np.unique(m)) for m in maps} <= {(0.0,), (2.0,)}
    assert 0 < np.count_nonzero(maps[:, 0]) < len(maps)
    first = L.SpatialDropout3D(0.5, data_format="channels_first", seed=1)(
        x.transpose(0, 4, 1, 2, 3), training=True).numpy()
    assert {tuple(np.unique(m)) for m in first.reshape(4 * 6, -1)} <= {(0.0,), (2.0,)}


def test_identity_passes_inputs_and_masks_through():
    tokens = keras.Input((None,), dtype="int32")
    embedded = L.Embedding(5, 3, mask_zero=True)(tokens)
    out = L.Identity()(embedded)
    model = keras.Model(tokens, L.LSTM(2)(out))
    ids = np.array([[1, 2, 0, 0]], "int32")
    np.testing.assert_allclose(model(ids).numpy(), model(ids[:, :2]).numpy(), rtol=1e-6)
    assert L.Identity().built


def test_keras_file_round_trip(tmp_path):
    """A model of the newer layers saved to a .keras file and loaded computes the same;
    the attention layers' sublayers are in the weights file under Keras 3's groups."""
    x = keras.Input((6, 4))
    y = L.DepthwiseConv1D(3, padding="same")(x)
    y = L.SeparableConv1D(4, 2, padding="same")(y)
    y = L.GroupQueryAttention(2, 4, 2, use_gate=True)(y, y)
    y = L.MultiHeadAttention(2, 3)(y, y)
    y = L.SpectralNormalization(L.Dense(4))(y)
    y = L.AdaptiveMaxPooling1D(2)(L.Identity()(y))
    model = keras.Model(x, y)
    path = str(tmp_path / "newer.keras")
    model.save(path)
    loaded = keras.models.load_model(path)
    data = _rand(2, 6, 4).astype("float32")
    np.testing.assert_allclose(loaded(data).numpy(), model(data).numpy(), rtol=1e-6)
    with zipfile.ZipFile(path) as z, h5py.File(io.BytesIO(z.read("model.weights.h5"))) as f:
        groups = sorted(f["layers/grouped_query_attention"])
    # as Keras 3.15 writes a GroupQueryAttention's
    assert groups == ["_dropout_layer", "_gate_dense", "_key_dense", "_output_dense",
                      "_query_dense", "_softmax", "_value_dense", "vars"]
