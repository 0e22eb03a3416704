"""`_keras_mask` as an attribute of TF's tensors (checked against TF 2.21 + Keras 3.15 by
tests/guides/guide_keras_masking.py): absent until set, settable to None, deleted once;
Keras sets it only on outputs that have a mask."""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf

L = tf.keras.layers


def test_a_tensor_has_no_mask_attribute_until_one_is_set():
    t = tf.constant([1.0])
    assert not hasattr(t, "_keras_mask")
    with pytest.raises(AttributeError, match="EagerTensor' object has no attribute "
                                             "'_keras_mask'"):
        t._keras_mask  # noqa: B018
    t._keras_mask = None
    assert hasattr(t, "_keras_mask") and t._keras_mask is None
    del t._keras_mask
    assert not hasattr(t, "_keras_mask")
    with pytest.raises(AttributeError):
        del t._keras_mask


def test_keras_sets_the_attribute_only_where_an_output_has_a_mask():
    assert not hasattr(L.Dense(2)(np.ones((1, 3), "float32")), "_keras_mask")
    masked = L.Embedding(10, 2, mask_zero=True)(np.array([[1, 0]]))
    np.testing.assert_array_equal(masked._keras_mask, [[True, False]])
    np.testing.assert_array_equal(L.Dense(2)(masked)._keras_mask, [[True, False]])

    class NoMask(L.Layer):
        def call(self, x):
            return x * 2.0

    with pytest.warns(UserWarning, match="does not support masking"):
        dropped = NoMask()(masked)
    assert not hasattr(dropped, "_keras_mask")


def test_multi_head_attention_leaves_its_inputs_masks_set_to_none():
    tokens = np.array([[3, 4, 0]])
    q = L.Embedding(8, 4, mask_zero=True)(tokens)
    out = L.MultiHeadAttention(num_heads=1, key_dim=4)(q, q)
    assert hasattr(q, "_keras_mask") and q._keras_mask is None
    np.testing.assert_array_equal(out._keras_mask, [[True, True, False]])


def test_operations_on_masked_keras_tensors_do_not_warn():
    """Keras 3.15 (recorded from TF 2.21): `x * 2`, keras.ops calls and the merge layers'
    own mask ops on masked KerasTensors warn nothing (an Operation's __call__ ignores
    masks); a layer that does not support masking still warns that it drops the mask."""
    import warnings

    i = tf.keras.Input((4,), dtype="int32")
    h = L.Embedding(5, 3, mask_zero=True)(i)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        doubled = h * 2
        tf.keras.ops.sum(h, axis=-1)
        added = L.Add()([h, h])
        L.Concatenate()([h, h])
        tf.keras.ops.zeros_like(h)
    assert [str(w.message) for w in caught] == []
    assert getattr(doubled, "_keras_mask", None) is None
    assert added._keras_mask is not None
    with pytest.warns(UserWarning, match="does not support masking and will therefore "
                                         "destroy the mask information"):
        L.GlobalMaxPooling1D()(h)
