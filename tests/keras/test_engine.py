"""The Keras engine: Layer (build, weights, losses, training, masks, config) and tracking."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras

L = keras.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    keras.backend.clear_session()


class Linear(L.Layer):
    def __init__(self, units=32, **kwargs):
        super().__init__(**kwargs)
        self.units = units

    def build(self, input_shape):
        self.w = self.add_weight(shape=(input_shape[-1], self.units),
                                 initializer="random_normal", trainable=True)
        self.b = self.add_weight(shape=(self.units,), initializer="random_normal",
                                 trainable=True)

    def call(self, inputs):
        return tf.matmul(inputs, self.w) + self.b


def test_lazy_build_and_weight_names():
    layer = Linear(4)
    assert layer.weights == [] and not layer.built
    y = layer(tf.ones((8, 16)))
    assert y.shape == (8, 4) and layer.built
    assert [tuple(w.shape) for w in layer.weights] == [(16, 4), (4,)]
    # Keras 3's names and paths (TF 2.21): unnamed weights are variable, variable_1, ...
    assert [w.name for w in layer.weights] == ["variable", "variable_1"]
    assert [w.path for w in layer.weights] == ["linear/variable", "linear/variable_1"]
    d = L.Dense(3)
    d(np.ones((2, 5)))
    assert [w.name for w in d.weights] == ["kernel", "bias"]
    assert [w.path for w in d.weights] == ["dense/kernel", "dense/bias"]
    assert isinstance(d.kernel, keras.Variable)
    assert list(d._trackable_children())[:2] == ["_kernel", "bias"]  # Keras 3's attributes
    assert L.Dense(1).name == "dense_1" and L.Dense(1, name="x").name == "x"
    assert L.Conv2D(1, 1).name == "conv2d" and L.GlobalAveragePooling2D().name == \
        "global_average_pooling2d"
    assert repr(d) == "<Dense name=dense, built=True>"


def test_add_weight_spellings_and_defaults():
    layer = L.Layer()
    v1 = layer.add_weight((2, 3), name="k")                 # Keras 3: shape first
    v2 = layer.add_weight((4,), "zeros", name="z")          # Keras 3: shape first
    v3 = layer.add_weight(name="i", shape=(2,), dtype="int32")
    v4 = layer.add_weight(name="nt", shape=(), trainable=False)
    assert v1.name == "k" and v1.path == "layer/k" and tuple(v1.shape) == (2, 3)
    limit = np.sqrt(6 / 5)  # glorot_uniform by default
    assert np.all(np.abs(v1.numpy()) <= limit)
    np.testing.assert_array_equal(v2.numpy(), 0)
    assert v3.dtype == tf.int32 and np.all(v3.numpy() == 0)
    assert layer.trainable_weights == [v1, v2, v3] and layer.non_trainable_weights == [v4]
    assert layer.weights == [v1, v2, v3, v4] and layer.variables == layer.weights
    # Keras 3.15 refuses Keras 2's name first, and more than shape, initializer, dtype
    with pytest.raises(ValueError, match=r"^`name` must be passed as a keyword argument\. "
                                         r"Received: add_weight\('k', \.\.\.\)\. Use: "
                                         r"add_weight\(shape=\.\.\., name='k'\)\.$"):
        layer.add_weight("k", (2, 3))
    with pytest.raises(TypeError, match="^add_weight\\(\\) takes at most 3 positional "
                                        "arguments but 4 were given\\.$"):
        layer.add_weight((2,), "zeros", "float32", True)
    with pytest.raises(ValueError, match="^`initializer` was passed both positionally and "
                                         "as a keyword argument\\.$"):
        layer.add_weight((2,), "zeros", initializer="ones")
    assert len(layer.weights) == 4
    with pytest.raises(ValueError, match="Unrecognized keyword arguments passed to Dense: "
                                         r"\{'foo': 1\}"):
        L.Dense(2, foo=1)


def test_losses_regularizers_and_add_loss():
    class WithLoss(L.Layer):
        def call(self, x):
            self.add_loss(tf.reduce_sum(x))
            return x

    layer = WithLoss()
    layer(tf.ones((2, 2)))
    layer(tf.ones((2, 2)))
    assert len(layer.losses) == 1 and float(layer.losses[0]) == 4.0  # reset at each call
    d = L.Dense(2, kernel_regularizer=keras.regularizers.l2(0.1),
                bias_regularizer="l1", activity_regularizer=keras.regularizers.L1(0.5))
    x = np.ones((4, 3), "float32")
    y = d(x)
    k, b = d.kernel.numpy(), d.bias.numpy()
    losses = [float(v) for v in d.losses]
    assert len(losses) == 3
    np.testing.assert_allclose(sorted(losses), sorted([
        0.5 * np.abs(y.numpy()).sum() / 4, 0.1 * (k ** 2).sum(), 0.01 * np.abs(b).sum()]),
        rtol=1e-5)
    d.kernel.assign(np.zeros_like(k))  # weight penalties follow the current values
    assert any(float(v) == 0.0 for v in d.losses)


def test_trainable_freezing_and_nested_weights():
    class Block(keras.Model):
        def __init__(self):
            super().__init__()
            self.d1 = L.Dense(2)
            self.items = [L.Dense(2), L.BatchNormalization()]
            self.table = {"a": L.Dense(1)}
            self.scale = tf.Variable(1.0, name="scale")

        def call(self, x, training=None):
            x = self.items[1](self.items[0](self.d1(x)), training=training)
            return self.table["a"](x) * self.scale

    m = Block()
    m(np.ones((3, 4)))
    assert [type(x).__name__ for x in m.layers] == ["Dense", "Dense", "BatchNormalization",
                                                     "Dense"]
    # (Keras 3 on TF 2.21: the tf.Variable `scale` is checkpointed but is not a weight)
    assert len(m.trainable_weights) == 2 + 2 + 2 + 2
    assert len(m.non_trainable_weights) == 2
    m.items[0].trainable = False
    assert len(m.trainable_weights) == 6 and len(m.non_trainable_weights) == 4
    m.trainable = False
    assert m.trainable_weights == [] and len(m.non_trainable_weights) == 10
    assert all(not x.trainable for x in m.layers)
    # Keras 3 on TF: attributes holding trackables are checkpoint children; lists and dicts
    # of layers are not (Keras's own tracker keeps them)
    assert list(m._trackable_children()) == ["d1", "scale"]


def test_training_propagates_and_call_default():
    seen = []

    class Probe(L.Layer):
        def call(self, x, training=None):
            seen.append(training)
            return x

    class Outer(keras.Model):
        def __init__(self):
            super().__init__()
            self.p = Probe()

        def call(self, x, training=True):
            return self.p(x)

    o = Outer()
    o(np.ones((1, 1)))
    o(np.ones((1, 1)), training=False)
    probe = Probe()
    probe(np.ones((1, 1)))
    probe(np.ones((1, 1)), training=True)
    # Keras 3 (TF 2.21 gives these): the first call of Outer builds its unbuilt Probe by
    # running `call` symbolically first, before Outer's own training applies (None)
    assert seen == [None, True, False, None, True]
    # training by position is refused, as any non-tensor positional argument (TF 2.21)
    with pytest.raises(ValueError, match=r"^Only input tensors may be passed as positional "
                       r"arguments\. The following argument value should be passed as a "
                       r"keyword argument: True \(of type <class 'bool'>\)$"):
        probe(np.ones((1, 1)), True)
    assert len(seen) == 5


def test_masks_flow_from_embedding_to_rnn():
    emb = L.Embedding(6, 3, mask_zero=True)
    rnn = L.SimpleRNN(2)
    ids = np.array([[3, 1, 0, 0], [2, 5, 4, 1]])
    out = rnn(emb(ids))
    explicit = rnn(emb(ids), mask=ids != 0)
    no_mask = rnn(emb.embeddings.numpy()[ids])  # plain array: no mask
    np.testing.assert_allclose(out.numpy(), explicit.numpy())
    assert not np.allclose(out.numpy()[0], no_mask.numpy()[0])
    inp = keras.Input((4,), dtype="int32")
    model = keras.Model(inp, L.SimpleRNN(2)(L.Embedding(6, 3, mask_zero=True)(inp)))
    model.layers[1].set_weights(emb.get_weights())
    model.layers[2].set_weights(rnn.get_weights())
    np.testing.assert_allclose(model(ids).numpy(), out.numpy(), rtol=1e-6)


def test_input_spec_messages():
    d = L.Dense(16)
    d(tf.ones((2, 16)))
    with pytest.raises(ValueError) as e:
        d(tf.ones((4, 8)))
    assert str(e.value) == ("Input 0 with name 'None' of layer 'dense' is incompatible with "
                            "the layer: expected axis -1 of input shape to have value 16, but "
                            "received input with shape (4, 8)")
    with pytest.raises(ValueError, match=r"expected min_ndim=2, found ndim=1. Full shape "
                                         r"received: \(4,\)"):
        L.Dense(2)(tf.ones((4,)))
    with pytest.raises(ValueError, match=r"layer 'conv2d_1' .*expected min_ndim=4, found ndim=3"):
        L.Conv2D(2, 3, name="conv2d_1")(tf.ones((4, 5, 6)))
    with pytest.raises(ValueError, match="expected ndim=3, found ndim=2"):
        L.LSTM(2)(tf.ones((4, 5)))
    x = keras.Input((7,))
    with pytest.raises(ValueError, match="expected axis -1 of input shape to have value 16, "
                                         r"but received input with shape \(None, 7\)"):
        d(x)


def test_config_round_trips():
    d = L.Dense(3, activation="relu", kernel_initializer=keras.initializers.HeNormal(seed=3),
                kernel_regularizer=keras.regularizers.l1_l2(0.1, 0.2), name="dd")
    cfg = d.get_config()
    assert cfg["name"] == "dd" and cfg["units"] == 3 and cfg["activation"] == "relu"
    assert cfg["kernel_initializer"] == {"module": "keras.initializers",
                                         "class_name": "HeNormal",
                                         "config": {"seed": 3, "input_axes": None,
                                                    "output_axes": None},
                                         "registered_name": None}
    assert cfg["kernel_regularizer"]["config"] == {"l1": 0.1, "l2": 0.2}
    d2 = L.Dense.from_config(cfg)
    assert d2.get_config() == cfg
    lin = Linear(5, name="lin")
    assert lin.get_config() == {"name": "lin", "units": 5, "trainable": True,
                                "dtype": {"module": "keras", "class_name": "DTypePolicy",
                                          "config": {"name": "float32"},
                                          "registered_name": None}}
    assert Linear.from_config(lin.get_config()).units == 5

    class Opaque(L.Layer):
        def __init__(self, fn, **kwargs):
            super().__init__(**kwargs)
            self.fn = fn

    with pytest.raises(NotImplementedError, match="non-serializable argument values"):
        Opaque(object()).get_config()
    # Keras 2's form (class name and config only) is refused, as Keras 3.15 refuses it
    # (keras3/cases_state.py foreign_framework_layers has its words); Keras 3's is read
    with pytest.raises(TypeError, match="Could not locate class 'Dropout'"):
        L.deserialize({"class_name": "Dropout", "config": {"rate": 0.2}})
    dropout = L.deserialize({"class_name": "Dropout", "config": {"rate": 0.2},
                             "module": "keras.layers"})
    assert isinstance(dropout, L.Dropout) and dropout.rate == 0.2
    with pytest.raises(TypeError, match="Could not locate class 'Nope'"):
        L.deserialize({"class_name": "Nope", "config": {}})


def test_weights_io_and_count_params():
    d = L.Dense(2)
    with pytest.raises(ValueError, match="isn't built"):
        d.count_params()
    d(np.ones((1, 3)))
    assert d.count_params() == 8
    w = d.get_weights()
    d.set_weights([np.ones((3, 2)), np.zeros(2)])
    np.testing.assert_array_equal(d.kernel.numpy(), 1)
    with pytest.raises(ValueError, match="expecting 2 weights"):
        d.set_weights(w[:1])
    with pytest.raises(ValueError, match=r"weight shape \(3, 2\) is not compatible with "
                                         r"provided weight shape \(2, 2\)"):
        d.set_weights([np.ones((2, 2)), np.zeros(2)])
    with pytest.raises(ValueError, match="Unrecognized keyword arguments passed to Dense"):
        L.Dense(2, weights=[np.ones((3, 2)), np.ones(2)])  # Keras 2's, gone in Keras 3


def test_numpy_inputs_are_cast_to_the_layer_dtype():
    d = L.Dense(2)
    y = d(np.ones((2, 3), dtype="float64"))
    assert y.dtype == tf.float32
    d64 = L.Dense(2, dtype="float64")
    assert d64(np.ones((2, 3))).dtype == tf.float64 and d64.kernel.dtype == tf.float64


def test_compute_output_shape_by_tracing_custom_layers():
    class Twice(L.Layer):
        def call(self, x):
            return tf.concat([x, x], axis=-1)

    # Keras 3: compute_output_shape is for layers to define; compute_output_spec traces
    with pytest.raises(NotImplementedError, match="Layer Twice does not have a "
                                                  "`compute_output_shape` method implemented"):
        Twice().compute_output_shape((None, 3))
    spec = Twice().compute_output_spec(keras.KerasTensor((None, 3)))
    assert spec.shape == (None, 6) and spec.dtype == "float32"
    assert Linear(7).compute_output_spec(keras.KerasTensor((2, 3))).shape == (2, 7)
    x = keras.Input((5,))
    y = Twice()(Linear(4)(x))
    assert y.shape == (None, 8) and y.dtype == "float32"
    assert repr(y) == ("<KerasTensor shape=(None, 8), dtype=float32, sparse=False, "
                       f"ragged=False, name={y.name}>")
    assert y._keras_history.layer.name == "twice_2"


def test_keras_tensors_have_no_value():
    # Keras 3's errors (TF 2.21)
    x = keras.Input((3,))
    with pytest.raises(ValueError, match="A KerasTensor is symbolic"):
        np.asarray(x)
    with pytest.raises(TypeError, match="cannot be used as a boolean"):
        bool(x)
    with pytest.raises(TypeError, match="object of type 'KerasTensor' has no len"):
        len(x)
    with pytest.raises(NotImplementedError, match="Iterating over a symbolic KerasTensor"):
        iter(x)
    assert not hasattr(x, "numpy")
    with pytest.raises(ValueError, match="A KerasTensor cannot be used as input to a "
                                         "TensorFlow function"):
        tf.nn.relu(x)
    with pytest.raises(ValueError, match="You must pass a `shape` argument."):
        keras.Input()


def test_keras_tensor_reshape_squeeze_and_ragged_attributes_as_keras():
    """Keras 3.15.1's results: the methods are keras.ops calls (nodes of a model)."""
    kt = keras.Input((2, 3))
    assert kt.reshape((-1,)).shape == (None,)
    assert keras.Input((1, 3)).squeeze().shape == (None, 3)
    assert keras.Input((1, 3)).squeeze(1).shape == (None, 3)
    model = keras.Model(kt, kt.reshape((-1, 6)))
    assert model(np.ones((4, 2, 3), "float32")).shape == (4, 6)
    ragged = keras.KerasTensor((2, 3), ragged=True, ragged_rank=1, row_splits_dtype="int32")
    assert (ragged.ragged_rank, ragged.row_splits_dtype) == (1, "int32")
    assert (kt.ragged_rank, kt.row_splits_dtype) == (None, None)


def test_input_spec_list_may_hold_none_for_unchecked_inputs():
    from eagerflow._src.keras.engine.input_spec import InputSpec, assert_input_compatibility

    specs = [None, InputSpec(ndim=2)]
    assert_input_compatibility(specs, [tf.ones((2,)), tf.ones((2, 3))], "pair")
    with pytest.raises(ValueError, match="Input 1 with name 'None' of layer 'pair' is "
                                         "incompatible with the layer: expected ndim=2"):
        assert_input_compatibility(specs, [tf.ones((2,)), tf.ones((3,))], "pair")


_POSITIONAL = ("Only input tensors may be passed as positional arguments. The following "
               "argument value should be passed as a keyword argument: {} (of type {})")


@pytest.mark.parametrize("make,value,bad", [
    (lambda: tf.keras.layers.Dense(2), 1.0, 1.0),
    (lambda: tf.keras.layers.Dense(2), [[1.0, 2.0]], 1.0),
    (lambda: tf.keras.layers.Add(), [[1.0, 2.0], [3.0, 4.0]], 1.0),
    (lambda: tf.keras.layers.Embedding(5, 2), 3, 3),
    (lambda: tf.keras.layers.Identity(), (1.0, 2.0), 1.0),
    (lambda: tf.keras.layers.Dense(2), "x", "x"),
    (lambda: tf.keras.Sequential([tf.keras.layers.Dense(2)]), [[1.0, 2.0, 3.0]], 1.0),
])
def test_python_values_passed_by_position_are_refused(make, value, bad):
    # TF 2.21 + Keras 3.15: the inputs too, where they come by position (arrays and
    # tensors are converted; a Functional model refuses them in its own words)
    with pytest.raises(ValueError) as e:
        make()(value)
    assert str(e.value) == _POSITIONAL.format(bad, type(bad))


def test_arrays_by_position_and_functional_models_in_their_own_words():
    assert tf.keras.layers.Dense(2)(np.ones((1, 2), "float32")).shape == (1, 2)
    assert tf.keras.layers.Add()([np.ones((1, 2)), np.ones((1, 2))]).shape == (1, 2)
    a = tf.keras.Input((3,), name="a")
    m = tf.keras.Model(a, tf.keras.layers.Dense(2)(a))
    with pytest.raises(ValueError, match=r"^Inputs to a layer should be tensors\. Got '1\.0' "
                                         r"\(of type <class 'float'>\) as input for layer "):
        m(1.0)


def test_an_input_only_sequential_builds_with_the_calls_shape():
    # TF 2.21 + Keras 3.15: its Input's free batch size against the call's is a refusal;
    # symbolic calls, a fixed batch size and a model given layers later run
    m = tf.keras.Sequential([tf.keras.Input((3,))])
    with pytest.raises(ValueError, match=r"^Sequential model 'sequential\w*' has already been "
                                         r"configured to use input shape \(None, 3\)\. You "
                                         r"cannot build it with input_shape \(2, 3\)$"):
        m(np.ones((2, 3), "float32"))
    assert tuple(tf.keras.Sequential([tf.keras.Input((3,))])(tf.keras.Input((3,))).shape) == \
        (None, 3)
    fixed = tf.keras.Sequential([tf.keras.Input((3,), batch_size=2)])
    assert fixed(np.ones((2, 3), "float32")).shape == (2, 3)
    grown = tf.keras.Sequential([tf.keras.Input((3,))])
    grown.add(tf.keras.layers.Dense(2))
    assert grown(np.ones((2, 3), "float32")).shape == (2, 2)


def test_add_weight_refuses_unknown_dims_and_aggregations_as_keras3():
    """Keras 3.15's messages (recorded from TF 2.21, kprobe17's add_weight program): a shape
    with None dims names the variable's path, and an unknown aggregation lists Keras's."""
    layer = L.Layer(name="w")
    with pytest.raises(ValueError, match=r"^Shapes used to initialize variables must be "
                                         r"fully-defined \(no `None` dimensions\)\. Received: "
                                         r"shape=\(None, 2\) for variable path='w/variable'$"):
        layer.add_weight(shape=(None, 2))
    with pytest.raises(ValueError, match=r"^Invalid value for argument `aggregation`\. "
                                         r"Expected one of `None`, `'none'`, `'mean'`, `'sum'`, "
                                         r"`'only_first_replica'`\. Received: aggregation=avg$"):
        layer.add_weight(shape=(2,), aggregation="avg")
