"""What the eager path keeps between calls so that a deep model's step runs fewer Python
bytecodes (benchmarks/launches.py --resnet), and that keeping it changes no answer:
convolutions' shapes and their gradients' size checks kept by value, a gradient's host
size input passed to a GPU kernel as it is, the classes and plain tuples `Layer._held` has
seen hold no layer, a model's trainable weights gathered in one walk, what an input spec
last passed, masks asked for only where there is one, nest's leaves, and plain keyword
arguments of a layer call."""

import collections

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_streams
from eagerflow._src.core import device, nest
from eagerflow._src.keras.engine import held

_errors = tf.errors


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _conv_grads(x, w, strides, padding):
    with tf.GradientTape() as tape:
        tape.watch([x, w])
        y = tf.nn.conv2d(x, w, strides, padding)
    return y, tape.gradient(y, [x, w], output_gradients=tf.ones_like(y))


def test_conv_gradients_on_the_device_take_host_sizes_without_a_copy(gpu):
    rng = np.random.default_rng(0)
    xv = rng.normal(size=(2, 7, 7, 3)).astype("float32")
    wv = rng.normal(size=(3, 3, 3, 4)).astype("float32")
    with tf.device("/CPU:0"):
        want = _conv_grads(tf.constant(xv), tf.constant(wv), 2, "SAME")
    x, w = tf.constant(xv), tf.constant(wv)
    _conv_grads(x, w, 2, "SAME")
    with strict_streams.count_transfers() as moved:
        got = _conv_grads(x, w, 2, "SAME")
    assert moved["to_device"] == 0 and moved["to_host"] == 0
    for a, b in zip([got[0], *got[1]], [want[0], *want[1]]):
        assert a.device.endswith("GPU:0")
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-5)
    # sizes on the device itself still run (the general path copies them where they go)
    sizes = tf.constant([2, 7, 7, 3])
    assert sizes.device.endswith("GPU:0")
    dx = tf.raw_ops.Conv2DBackpropInput(input_sizes=sizes, filter=w,
                                        out_backprop=tf.ones_like(got[0]),
                                        strides=[1, 2, 2, 1], padding="SAME")
    np.testing.assert_allclose(dx.numpy(), want[1][0].numpy(), rtol=1e-5, atol=1e-5)


def test_a_kept_convolution_shape_does_not_hide_a_later_error():
    x = tf.ones((1, 5, 5, 2))
    assert tf.nn.conv2d(x, tf.ones((3, 3, 2, 4)), 1, "VALID").shape == (1, 3, 3, 4)
    assert tf.nn.conv2d(x, tf.ones((3, 3, 2, 4)), 1, "VALID").shape == (1, 3, 3, 4)
    with pytest.raises(_errors.InvalidArgumentError, match="filter must not have zero"):
        tf.nn.conv2d(x, tf.ones((0, 3, 2, 4)), 1, "VALID")
    with pytest.raises(_errors.InvalidArgumentError, match="Computed output size would be "
                                                           "negative"):
        tf.nn.conv2d(x, tf.ones((7, 7, 2, 4)), 1, "VALID")
    with pytest.raises(_errors.InvalidArgumentError, match="input depth must be evenly "
                                                           "divisible"):
        tf.nn.conv2d(x, tf.ones((3, 3, 3, 4)), 1, "VALID")


def test_kept_gradient_size_checks_still_refuse_other_sizes():
    w, dy = tf.ones((3, 3, 2, 4)), tf.ones((1, 3, 3, 4))
    for _ in range(2):  # the second call finds the first's checked sizes
        dx = tf.raw_ops.Conv2DBackpropInput(input_sizes=[1, 5, 5, 2], filter=w,
                                            out_backprop=dy, strides=[1, 1, 1, 1],
                                            padding="VALID")
        assert dx.shape == (1, 5, 5, 2)
    with pytest.raises(_errors.InvalidArgumentError, match="Size of out_backprop doesn't "
                                                           "match computed"):
        tf.raw_ops.Conv2DBackpropInput(input_sizes=[1, 6, 5, 2], filter=w, out_backprop=dy,
                                       strides=[1, 1, 1, 1], padding="VALID")
    with pytest.raises(_errors.InvalidArgumentError, match="requires input_sizes to contain "
                                                           "4 values"):
        tf.raw_ops.Conv2DBackpropInput(input_sizes=[1, 5, 5], filter=w, out_backprop=dy,
                                       strides=[1, 1, 1, 1], padding="VALID")
    with pytest.raises(_errors.InvalidArgumentError, match="Dimension -3 must be >= 0"):
        tf.raw_ops.Conv2DBackpropFilter(input=tf.ones((1, 5, 5, 2)),
                                        filter_sizes=[3, -3, 2, 4], out_backprop=dy,
                                        strides=[1, 1, 1, 1], padding="VALID")


class _Holder(tf.keras.layers.Layer):
    def call(self, x):
        return x


class _Thing:
    pass


def test_a_layer_finds_its_sublayers_after_other_values_of_their_slot():
    outer = _Holder()
    outer.slot = _Thing()  # (its class is then skipped as holding no layer)
    assert outer._layers == []
    inner = tf.keras.layers.Dense(2)
    outer.slot = inner
    outer.more = [_Thing(), tf.keras.layers.Dense(3)]
    assert [type(x).__name__ for x in outer._layers] == ["Dense", "Dense"]
    inner.build((None, 4))
    assert [v.name for v in outer.trainable_weights] == ["kernel", "bias"]
    assert _Thing in held.LEAVES[tf.keras.layers.Layer]


def test_a_class_whose_metaclass_answers_isinstance_is_never_skipped():
    class Meta(type):
        def __instancecheck__(cls, obj):
            return getattr(obj, "counts", False)

    class Counted(metaclass=Meta):
        pass

    class Plain:
        pass

    outer = _Holder()
    outer.a, outer.b = Plain(), Plain()
    outer.b.counts = True
    assert outer._held(Counted) == [outer.b]
    outer.a.counts = True  # a value of a class seen not to match, matching now
    assert outer._held(Counted) == [outer.a, outer.b]
    assert held.by_class(tf.keras.layers.Layer)
    assert not held.by_class((tf.keras.layers.Layer, Counted))


def test_a_plain_tuple_is_passed_by_until_its_attribute_holds_another():
    outer = _Holder()
    outer.sizes = (3, 3)
    assert outer._layers == []
    assert id(outer.sizes) in held.PLAIN_TUPLES  # (skipped from now on)
    outer.hooks = (len, lambda: 0)
    assert outer._layers == []
    assert id(outer.hooks) not in held.PLAIN_TUPLES  # (not kept: closures)
    inner = tf.keras.layers.Dense(2)
    outer.sizes = (3, inner)  # another tuple: looked into
    assert outer._layers == [inner]
    object.__setattr__(outer, "sizes", (1, [inner]))  # (set around the tracking too)
    assert outer._layers == [inner]


def _names(weights):
    return [v.path for v in weights]


def test_trainable_weights_follow_the_layer_tree_as_it_changes():
    class Block(tf.keras.layers.Layer):
        def __init__(self, **kwargs):
            super().__init__(**kwargs)
            self.first = tf.keras.layers.Dense(2, name="first")
            self.second = tf.keras.layers.Dense(2, name="second")

        def call(self, x):
            return self.second(self.first(x))

    block = Block(name="block")
    block(tf.ones((1, 3)))
    assert _names(block.trainable_weights) == ["block/first/kernel", "block/first/bias",
                                                "block/second/kernel", "block/second/bias"]
    block.second.trainable = False  # a frozen sublayer: its weights leave
    assert _names(block.trainable_weights) == ["block/first/kernel", "block/first/bias"]
    assert _names(block.non_trainable_weights) == ["block/second/kernel",
                                                    "block/second/bias"]
    with block._unlocked_state():  # (as quantize adds state to a built layer)
        block.extra = [block.second]  # shared (frozen) and held twice: still left out
    assert _names(block.trainable_weights) == ["block/first/kernel", "block/first/bias"]
    block.second.trainable = True
    assert _names(block.trainable_weights) == ["block/first/kernel", "block/first/bias",
                                                "block/second/kernel", "block/second/bias"]
    block.first.bias.trainable = False  # one weight frozen (as LoRA freezes kernels)
    assert _names(block.trainable_weights) == ["block/first/kernel", "block/second/kernel",
                                                "block/second/bias"]
    block.first.bias.trainable = True
    late = tf.keras.layers.Dense(1, name="late")  # a sublayer gaining weights later
    with block._unlocked_state():
        block.extra.append(late)
    assert len(block.trainable_weights) == 4
    late.build((None, 2))
    assert _names(block.trainable_weights)[-2:] == ["late/kernel", "late/bias"]
    block.trainable = False
    assert block.trainable_weights == []


def test_trainable_weights_ask_a_sublayer_that_defines_its_own():
    class Picky(tf.keras.layers.Dense):
        @property
        def trainable_weights(self):
            return [self.bias]  # (its own rule: only the bias)

    outer = _Holder()
    outer.inner = Picky(2)
    outer.inner.build((None, 3))
    outer.other = tf.keras.layers.Dense(1)
    outer.other.build((None, 2))
    assert [v.name for v in outer.trainable_weights] == ["bias", "kernel", "bias"]
    assert outer.trainable_weights[0] is outer.inner.bias


def test_an_input_spec_changed_after_it_passed_an_input_checks_it_again():
    layer = _Holder()
    spec = layer.input_spec = tf.keras.layers.InputSpec(ndim=2, axes={-1: 3})
    x = tf.ones((2, 3))
    layer(x)
    layer(x)  # (passed as before: the spec reads the same)
    spec.axes[-1] = 4  # the dict changed in place
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 4"):
        layer(x)
    spec.axes[-1] = 3
    layer(x)
    spec.ndim = 3
    with pytest.raises(ValueError, match="expected ndim=3, found ndim=2"):
        layer(x)
    spec.ndim = None
    spec.shape = (None, 5)
    with pytest.raises(ValueError, match=r"expected shape=\(None, 5\)"):
        layer(x)
    spec.shape = None
    layer(tf.ones((4, 3)))
    with pytest.raises(ValueError, match="expected axis -1"):
        layer(tf.ones((4, 2)))


def test_a_layer_gives_masks_of_its_own_where_its_inputs_carry_none():
    class Firsts(_Holder):
        def compute_mask(self, inputs, mask=None):
            return tf.constant([True, False])

    assert Firsts()(tf.ones((2, 3)))._keras_mask.numpy().tolist() == [True, False]
    layer = _Holder()
    layer.supports_masking = True  # (Layer's compute_mask: the absent mask passed on)
    assert getattr(layer(tf.ones((2, 3))), "_keras_mask", None) is None
    layer.compute_mask = lambda inputs, mask=None: tf.constant([False, True])  # its own
    assert layer(tf.ones((2, 3)))._keras_mask.numpy().tolist() == [False, True]
    masked = tf.keras.layers.Masking()(tf.constant([[1.0], [0.0]]))
    assert layer(masked)._keras_mask.numpy().tolist() == [True, False]  # (its input's)


def test_a_list_of_tensors_passes_a_layer_call_as_nest_would_walk_it():
    class Seen(tf.keras.layers.Layer):
        def call(self, inputs):
            object.__setattr__(self, "got", inputs)  # (as given: not tracked)
            return inputs[0]

    layer = Seen()
    a, b = tf.ones((2, 1)), tf.zeros((2, 1))
    layer([a, b])
    assert type(layer.got) is list and layer.got[0] is a  # (a new list, as Keras 3's)
    layer((a, b))
    assert type(layer.got) is tuple
    layer([a, np.ones((2, 1), "float32")])  # (an array among them: converted)
    assert tf.is_tensor(layer.got[1])
    with pytest.raises(ValueError, match="Only input tensors may be passed as positional"):
        layer([a, 1.0], 2.0)
    mixed = Seen(dtype="mixed_float16")
    mixed([a, b])
    assert [t.dtype for t in mixed.got] == [tf.float16, tf.float16]
    masking = tf.keras.layers.Masking()
    first, second = masking(tf.constant([[[1.0], [0.0]]])), masking(tf.constant([[[0.0], [2.0]]]))
    out = tf.keras.layers.Add()([first, second])  # (the masks the inputs carry, merged)
    assert out._keras_mask.numpy().tolist() == [[True, True]]


def test_a_functional_node_with_keywords_replays_them():
    inp = tf.keras.Input((4,))
    key = tf.keras.Input((4,))
    mha = tf.keras.layers.MultiHeadAttention(num_heads=1, key_dim=2)
    x = tf.keras.layers.Reshape((2, 2))(inp)
    k = tf.keras.layers.Reshape((2, 2))(key)
    y = tf.keras.layers.BatchNormalization()(mha(x, value=k))  # (value=: a KerasTensor)
    model = tf.keras.Model([inp, key], y)
    ones, twos = np.ones((3, 4), "float32"), np.full((3, 4), 2.0, "float32")
    direct = tf.keras.layers.BatchNormalization.call(
        model.layers[-1], mha(tf.reshape(ones, (3, 2, 2)), value=tf.reshape(twos, (3, 2, 2))))
    np.testing.assert_allclose(model([ones, twos]).numpy(), direct.numpy(), rtol=1e-6)


def test_nest_leaves_and_mappings():
    Pair = collections.namedtuple("Pair", "a b")

    class Mapped(collections.abc.Mapping):
        def __init__(self, d):
            self.d = d

        def __getitem__(self, k):
            return self.d[k]

        def __iter__(self):
            return iter(self.d)

        def __len__(self):
            return len(self.d)

    t = tf.constant(1.0)
    for _ in range(2):  # (the second time from the kept answers)
        assert nest.flatten(t) == [t]
        assert nest.flatten("ab") == ["ab"] and nest.flatten(b"ab") == [b"ab"]
        assert nest.flatten(Pair(1, [2, 3])) == [1, 2, 3]
        assert nest.flatten(Mapped({"b": 2, "a": 1})) == [1, 2]
        assert not nest.is_nested(np.ones(2)) and nest.is_nested({})


def test_a_layer_call_passes_plain_and_tensor_keywords():
    class Scaled(tf.keras.layers.Layer):
        def call(self, x, factor=1.0, training=None, note=None):
            self.seen = (factor, training, note)
            return x * factor

    layer = Scaled()
    x = tf.ones((2,))
    assert layer(x, factor=2.0, training=True, note="n").numpy().tolist() == [2.0, 2.0]
    assert layer.seen == (2.0, True, "n")
    out = layer(x, factor=np.float32(3.0), note=np.array([1, 2]))
    assert out.numpy().tolist() == [3.0, 3.0] and isinstance(layer.seen[2], tf.Tensor)


def test_a_functional_model_passes_lists_and_keywords_of_tensors_to_its_layers():
    class Pair(tf.keras.layers.Layer):
        def call(self, pair, extra=None):
            assert type(pair) is tuple and type(extra) is list
            return pair[0] * 2.0 + pair[1] + extra[0]

    a, b = tf.keras.Input((3,)), tf.keras.Input((3,))
    added = tf.keras.layers.Add()([a, b])  # (a list, nested one level)
    out = Pair()((added, b), extra=[a])
    model = tf.keras.Model([a, b], [out, added])
    x, y = tf.constant([[1.0, 2.0, 3.0]]), tf.constant([[10.0, 20.0, 30.0]])
    got, summed = model([x, y])
    assert summed.numpy().tolist() == [[11.0, 22.0, 33.0]]
    assert got.numpy().tolist() == [[33.0, 66.0, 99.0]]


def test_masks_pass_through_a_functional_model_eagerly():
    inp = tf.keras.Input((4,), dtype="int32")
    emb = tf.keras.layers.Embedding(5, 2, mask_zero=True)(inp)
    out = tf.keras.layers.Dense(1)(emb)  # (Dense keeps its input's mask)
    model = tf.keras.Model(inp, out)
    y = model(tf.constant([[1, 2, 0, 0]]))
    assert y._keras_mask.numpy().tolist() == [[True, True, False, False]]
    t = tf.constant([1.0])
    assert not hasattr(t, "_keras_mask")
    t._keras_mask = None  # (set to None: present, and None)
    assert hasattr(t, "_keras_mask") and t._keras_mask is None


def test_gradient_sizes_of_another_rank_are_refused_as_before():
    with pytest.raises(_errors.InvalidArgumentError, match="filter_sizes must be "
                                                           "1-dimensional"):
        tf.raw_ops.Conv2DBackpropFilter(input=tf.ones((1, 5, 5, 2)), filter_sizes=3,
                                        out_backprop=tf.ones((1, 3, 3, 4)),
                                        strides=[1, 1, 1, 1], padding="VALID")
