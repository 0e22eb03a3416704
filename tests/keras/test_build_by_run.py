"""A layer without `build` is built, on its first call, by running `call` in a scratch
graph, as Keras 3's TF backend does: KerasTensors become placeholders, eager tensors go in
as they are, each tensor returned takes a KerasTensor's automatic name, and sublayers left
unbuilt are warned of. Facts checked against TF 2.21 / Keras 3.15."""

from __future__ import annotations

import warnings

import numpy as np

import eagerflow as tf


class Cross(tf.keras.layers.Layer):
    """The Transformer tutorial's CrossAttention: MultiHeadAttention inside a layer."""

    def __init__(self) -> None:
        super().__init__()
        self.mha = tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=2)
        self.seen = []

    def call(self, x, context):
        self.seen.append((type(x).__name__, getattr(x, "_keras_mask", None) is not None))
        return self.mha(query=x, value=context, key=context, return_attention_scores=True)[1]


def _counter() -> int:
    name = tf.keras.Input((3,)).name
    return int(name.rsplit("_", 1)[1]) if name != "keras_tensor" else 0


def test_the_building_run_gets_the_eager_tensors_and_their_masks():
    emb = tf.keras.layers.Embedding(10, 4, mask_zero=True)
    x, ctx = emb(np.array([[1, 2, 0]])), emb(np.array([[1, 0, 0]]))
    layer = Cross()
    scores = layer(x, ctx)
    # the building run sees the eager inputs with their masks; MultiHeadAttention clears
    # them there (as it does on every call), so the real call attends unmasked
    assert layer.seen == [("EagerTensor", True), ("EagerTensor", False)]
    assert getattr(x, "_keras_mask", None) is None
    np.testing.assert_allclose(tf.reduce_sum(scores, -1).numpy(), [[[1, 1, 1]]], atol=1e-6)

    # a built layer is called once: the query mask now zeroes the padded row's scores
    x, ctx = emb(np.array([[1, 2, 0]])), emb(np.array([[1, 0, 0]]))
    sums = tf.reduce_sum(layer(x, ctx), -1).numpy()
    np.testing.assert_allclose(sums, [[[1, 1, 0]]], atol=1e-6)


class Three(tf.keras.layers.Layer):
    def __init__(self) -> None:
        super().__init__()
        self.d = tf.keras.layers.Dense(2)

    def call(self, x, c=None):
        if c is None:
            return self.d(x), self.d(x), x
        return self.d(x), self.d(x), {"same": x, "not a tensor": 3}


def test_each_tensor_the_building_run_returns_takes_a_keras_tensor_name():
    n = _counter()
    Three()(tf.ones((1, 3)), tf.ones((1, 3)))  # 3 tensors returned (the input too)
    assert _counter() == n + 3 + 1
    n = _counter()
    out = Three()(tf.keras.Input((3,)))  # the run's 3, then the functional call's 3
    assert [t.name for t in out] == [f"keras_tensor_{n + i}" for i in (5, 6, 7)]


class Unused(tf.keras.layers.Layer):
    def __init__(self) -> None:
        super().__init__()
        self.d = tf.keras.layers.Dense(2)

    def call(self, x):
        return x


def test_a_sublayer_the_run_leaves_unbuilt_is_warned_of():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        layer = Unused()
        layer(tf.ones((1, 3)))
    assert layer.built and not layer.d.built
    assert any("`build()` was called on layer 'unused'" in str(w.message) for w in caught)


def test_a_model_built_from_a_batch_records_the_batch_as_keras_3_does():
    # TF's video tutorial calls `model.build(frames)` with a batch, not its shape: Keras 3
    # builds the subclassed model and its build config holds the batch itself (TF 2.21)
    class Sub(tf.keras.Model):
        def __init__(self) -> None:
            super().__init__()
            self.d = tf.keras.layers.Dense(2)

        def call(self, x):
            return self.d(x)

    batch = tf.ones((4, 3))
    model = Sub()
    with warnings.catch_warnings(record=True):
        warnings.simplefilter("always")
        model.build(batch)
    assert model.built
    assert model.get_build_config()["input_shape"] is batch
