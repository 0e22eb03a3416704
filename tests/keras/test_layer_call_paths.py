"""Layer.__call__'s short common path keeps Keras 3's behaviour: keywords `call` does not
take refused after good calls (training dropped, **kwargs taking any), masks given or
carried (dropped with a warning, handed to a `call` taking one, made by a compute_mask on
the instance), autocast, input spec errors naming the layer, and a functional model's
nodes with KerasTensors among their keywords."""

import warnings

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.keras.engine.input_spec import InputSpec, assert_input_compatibility

keras = tf.keras


class Takes(keras.layers.Layer):
    def call(self, x, scale=1.0):
        return x * scale


class TakesAny(keras.layers.Layer):
    def call(self, x, **kwargs):
        return x + float(len(kwargs))


def test_keywords_checked_after_good_calls():
    layer, x = Takes(), tf.ones((2, 2))
    for _ in range(2):
        np.testing.assert_array_equal(layer(x, scale=2.0).numpy(), np.full((2, 2), 2.0))
        np.testing.assert_array_equal(layer(x, training=True).numpy(), np.ones((2, 2)))
    with pytest.raises(TypeError, match="got an unexpected keyword argument 'bogus'"):
        layer(x, scale=2.0, bogus=1)
    np.testing.assert_array_equal(layer(x).numpy(), np.ones((2, 2)))
    any_ = TakesAny()
    np.testing.assert_array_equal(any_(x, bogus=1, other=2).numpy(), np.full((2, 2), 3.0))


class MaskPasser(keras.layers.Layer):
    def __init__(self):
        super().__init__()
        self.supports_masking = True
        self.seen = []

    def call(self, x, mask=None):
        self.seen.append(mask)
        return tf.identity(x)


class NoMask(keras.layers.Layer):
    def call(self, x):
        return x * 1.0


def test_masks_given_carried_dropped_and_made():
    x = tf.ones((2, 3))
    mask = tf.constant([[True, False, True], [True, True, False]])
    passer = MaskPasser()
    out = passer(x, mask=mask)
    assert passer.seen[-1] is mask
    np.testing.assert_array_equal(out._keras_mask.numpy(), mask.numpy())
    carried = passer(out)  # (carried by the input: handed to `call`, passed on)
    assert passer.seen[-1] is not None
    np.testing.assert_array_equal(carried._keras_mask.numpy(), mask.numpy())
    with warnings.catch_warnings(record=True) as caught:  # (a layer not taking masks)
        warnings.simplefilter("always")
        dropped = NoMask()(carried)
    assert any("mask" in str(w.message) for w in caught)
    assert getattr(dropped, "_keras_mask", None) is None
    with pytest.raises(TypeError, match="unexpected keyword argument 'mask'"):
        NoMask()(x, mask=None)  # (a keyword `call` does not take, as Keras binds it)
    assert TakesAny()(x, mask=None).shape == (2, 3)  # (**kwargs: taken, not passed)
    # a list input carrying masks: the structure of them reaches `call`
    passer([out, x])
    assert isinstance(passer.seen[-1], list) and passer.seen[-1][1] is None
    passer([x, x])  # (none masked: still the structure, [None, None], as TF 2.21's Keras 3)
    assert passer.seen[-1] == [None, None]
    # a compute_mask on the instance makes a mask from none
    made = NoMask()
    made.supports_masking = True
    made.compute_mask = lambda inputs, mask=None: tf.ones((2,), tf.bool)
    np.testing.assert_array_equal(made(x)._keras_mask.numpy(), [True, True])
    assert getattr(NoMask()(x), "_keras_mask", None) is None


def test_autocast_on_the_short_path():
    layer = keras.layers.Activation("linear", dtype="mixed_float16")
    assert layer(tf.ones((2,), tf.float32)).dtype == tf.float16
    assert layer(tf.ones((2,), tf.float16)).dtype == tf.float16
    assert layer(tf.ones((2,), tf.int32)).dtype == tf.int32  # (not a float: kept)
    off = keras.layers.Activation("linear", dtype="float16", autocast=False)
    assert off(tf.ones((2,), tf.float32)).dtype == tf.float32


class NamedLater(keras.layers.Layer):
    def __init__(self):
        super().__init__(name="checked")
        self.input_spec = InputSpec(ndim=2, axes={-1: 3})

    def call(self, x):
        return x


def test_input_spec_errors_name_the_layer_after_good_calls():
    layer = NamedLater()
    layer(tf.ones((2, 3)))
    layer(tf.ones((2, 3)))
    with pytest.raises(ValueError, match="of layer 'checked' is incompatible"):
        layer(tf.ones((2, 4)))
    with pytest.raises(ValueError, match="expected ndim=2, found ndim=3"):
        layer(tf.ones((2, 3, 3)))
    layer(tf.ones((5, 3)))
    with pytest.raises(ValueError, match="of layer 'pair' is incompatible"):  # (by name)
        assert_input_compatibility(InputSpec(ndim=1), tf.ones((2, 2)), "pair")


def test_functional_nodes_with_keyword_tensors():
    inp = keras.Input((3,))
    mask = keras.Input((3,), dtype="bool")
    passer = MaskPasser()
    out = passer(inp, mask=mask)
    second = MaskPasser()  # (a mask=None given is the mask passed through, as Keras 3's)
    model = keras.Model([inp, mask], [out, second(out, mask=None)])
    x = tf.ones((2, 3))
    m = tf.constant([[True, False, True], [True, True, True]])
    got = model([x, m])
    np.testing.assert_array_equal(passer.seen[-1].numpy(), m.numpy())
    np.testing.assert_array_equal(second.seen[-1].numpy(), m.numpy())
    np.testing.assert_array_equal(got[0].numpy(), x.numpy())
    got = model([x, tf.logical_not(m)])  # (the node's keyword tensor mapped each call)
    np.testing.assert_array_equal(passer.seen[-1].numpy(), np.logical_not(m.numpy()))


class _SeesMask(keras.layers.Layer):
    def call(self, inputs, mask=None, other=None):
        self.seen = mask
        return inputs[0] if isinstance(inputs, (list, tuple)) else inputs


def test_a_structure_of_inputs_hands_call_the_structure_of_their_masks():
    # recorded from TF 2.21: Keras 3 fills `mask` from its one tensor argument's masks,
    # None for each unmasked tensor, whether or not any is masked
    x = tf.ones((2, 3))
    layer = _SeesMask()
    layer([x, x])
    assert layer.seen == [None, None]
    layer((x, x))
    assert layer.seen == (None, None)
    layer({"a": x})
    assert layer.seen == {"a": None}
    layer(x)
    assert layer.seen is None
    layer([x, x], other=x)  # (another tensor argument: no mask filled in)
    assert layer.seen is None


def test_a_mask_given_to_a_layer_not_supporting_masks_warns_it_is_dropped():
    # recorded from TF 2.21: Keras 3 warns for the mask given (not only an input's)
    x = tf.ones((2, 3))
    with pytest.warns(UserWarning, match="was passed an input with a mask attached to it"):
        _SeesMask()([x, x], mask=[None, tf.constant([True, False])])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        _SeesMask()([x, x], mask=[None, None])


def test_a_keyword_mask_none_is_filled_in_from_the_input():
    # recorded from TF 2.21: Keras 3 fills an explicit `mask=None` from the input's mask, in a
    # direct call and when a functional model replays a node called so
    layer = _SeesMask()
    x = keras.layers.Embedding(5, 2, mask_zero=True)(np.array([[1, 0, 2]]))
    layer(x, mask=None)
    assert layer.seen.numpy().tolist() == [[True, False, True]]
    inp = keras.Input((3,))
    e = keras.layers.Embedding(5, 2, mask_zero=True)(inp)
    replayed = _SeesMask()
    model = keras.Model(inp, replayed(e, mask=None))
    model(np.array([[1, 0, 2]]))
    assert replayed.seen.numpy().tolist() == [[True, False, True]]


def test_a_symbolic_structure_hands_call_the_structure_of_its_masks():
    # recorded from TF 2.21: as in an eager call, [None, None] where none is masked
    layer = _SeesMask()
    layer([keras.Input((3,)), keras.Input((3,))])
    assert layer.seen == [None, None]
