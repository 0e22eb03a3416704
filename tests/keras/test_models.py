"""Models: subclassed, Sequential, functional (multi I/O, shared, nested), summary, tracking."""

import io
from contextlib import redirect_stdout

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.keras.trainer import Trainer

L = keras.layers


@pytest.fixture(autouse=True)
def _fresh_names():
    keras.backend.clear_session()


def summary_text(model, **kwargs):
    buf = io.StringIO()
    with redirect_stdout(buf):
        model.summary(**kwargs)
    return buf.getvalue()


def test_sequential_with_input_shape_summary_and_tracking():
    model = keras.Sequential([L.Dense(64, activation="relu", input_shape=(32,)),
                              L.Dense(10, activation="softmax")])
    assert isinstance(model, Trainer) and isinstance(model, keras.Model)
    # names, paths and the summary table: tests/keras/keras3 (golden from TF 2.21)
    assert model.built and [x.name for x in model.layers] == ["dense", "dense_1"]
    assert model.inputs[0].shape == (None, 32)
    assert model.output_shape == (None, 10)
    out = model(np.ones((2, 32)))
    np.testing.assert_allclose(out.numpy().sum(1), 1.0, rtol=1e-5)
    assert [v.path for v in model.trainable_variables] == [
        "sequential/dense/kernel", "sequential/dense/bias", "sequential/dense_1/kernel",
        "sequential/dense_1/bias"]
    assert "│ dense_1 (Dense)                 │ (None, 10)             │           650 │" in \
        summary_text(model)
    # Keras 3's children: the Functional the Sequential built, whose `_operations` are the
    # InputLayer then the layers (Keras 2's `layer-N` names still restore)
    children = model._trackable_children()
    assert list(children) == ["_functional"]
    ops = children["_functional"]._trackable_children()["_operations"]._trackable_children()
    assert [ops[k] for k in ("1", "2")] == model.layers
    assert model._checkpoint_aliases()["layer-1"] is model.layers[1]
    assert model.count_params() == 2762


def test_sequential_add_pop_and_errors():
    model = keras.Sequential()
    model.add(keras.Input(shape=(4,)))
    model.add(L.Dense(3))
    model.add(L.Dropout(0.5))
    model.add(L.Dense(2))
    assert [type(x).__name__ for x in model.layers] == ["Dense", "Dropout", "Dense"]
    assert model.output_shape == (None, 2)
    model.pop()
    assert model.output_shape == (None, 3) and len(model.layers) == 2
    assert model(np.ones((5, 4))).shape == (5, 3)
    with pytest.raises(ValueError, match="Only instances of `keras.Layer` can be added"):
        model.add(3)
    with pytest.raises(ValueError, match="unique names"):
        model.add(L.Dense(1, name=model.layers[0].name))
    empty = keras.Sequential()
    with pytest.raises(IndexError, match="list index out of range"):  # (Keras 3's)
        empty.pop()
    with pytest.raises(ValueError, match="Input 0 with name 'None' of layer"):
        keras.Sequential([L.Dense(2, input_shape=(3,)), L.Conv2D(2, 3)])


def test_sequential_built_lazily():
    model = keras.Sequential([L.Dense(3), L.Dense(2)])
    assert not model.built and model.weights == []  # Keras 3: no error before the build
    assert "0 (unbuilt)" in summary_text(model)
    model(np.ones((4, 5)))
    # Keras 3 builds with the first batch's full shape
    assert model.built and model.output_shape == (4, 2)
    assert [v.path for v in model.weights][0] == "sequential/dense/kernel"
    assert "│ dense_1 (Dense)                 │ (4, 2)                 │             8 │" in \
        summary_text(model)
    assert model(np.ones((7, 5))).shape == (7, 2)  # other batch sizes still run
    m2 = keras.Sequential([L.Dense(2)])
    m2.build((None, 3))
    assert m2.built and m2.count_params() == 8


def test_subclassing_sequential():
    class MyModel(keras.Sequential):
        def __init__(self):
            super().__init__([L.Conv2D(4, 3, activation="relu"), L.MaxPooling2D(),
                              L.Flatten(), L.Dense(3)])

    m = MyModel()
    assert m.name == "my_model"
    assert m(np.ones((2, 8, 8, 1))).shape == (2, 3)
    assert len(m.trainable_variables) == 4


def test_functional_multi_io_shared_layers_and_config():
    a = keras.Input(shape=(8,), name="a")
    b = keras.Input(shape=(4,), name="b")
    merged = L.concatenate([L.Dense(3)(a), L.Dense(3)(b)])
    shared = L.Dense(2, name="shared")
    o1 = shared(merged)
    o2 = shared(L.Dense(6)(b))
    model = keras.Model(inputs=[a, b], outputs=[o1, o2])
    assert type(model).__name__ == "Functional" and model.name == "functional"
    assert [x.name for x in model.layers] == ["a", "b", "dense", "dense_1", "concatenate",
                                              "dense_2", "shared"]
    # (Keras 3's models name their outputs only: no input_names, as TF 2.21's)
    assert not hasattr(model, "input_names") and model.output_names == ["shared", "shared"]
    xa, xb = np.ones((2, 8), "float32"), np.arange(8, dtype="float32").reshape(2, 4)
    y1, y2 = model([xa, xb])
    y1d, _ = model({"a": xa, "b": xb})
    np.testing.assert_allclose(y1.numpy(), y1d.numpy())
    np.testing.assert_allclose(y2.numpy(), shared(model.layers[5](xb)).numpy(), rtol=1e-6)
    assert len(model.trainable_variables) == 8  # the shared layer counts once
    clone = keras.Model.from_config(model.get_config())
    assert [x.name for x in clone.layers] == [x.name for x in model.layers]
    clone.set_weights(model.get_weights())
    for p, q in zip(clone([xa, xb]), model([xa, xb])):
        np.testing.assert_allclose(p.numpy(), q.numpy(), rtol=1e-6)
    text = summary_text(model)
    assert "Connected to" in text and "shared (Dense)" in text and "dense_2[0][0]" in text
    ops = model._trackable_children()["_operations"]._trackable_children()
    assert [ops[str(i)] for i in range(len(model.layers))] == model.layers
    assert model._checkpoint_aliases()["layer_with_weights-0"] is model.layers[2]


def test_nested_models_and_graph_errors():
    inner = keras.Sequential([L.Dense(4, input_shape=(3,)), L.ReLU()], name="inner")
    x = keras.Input((3,))
    y = L.Dense(1)(inner(x))
    outer = keras.Model(x, y)
    data = np.random.default_rng(0).standard_normal((5, 3)).astype("float32")
    np.testing.assert_allclose(outer(data).numpy(),
                               outer.layers[2](inner(data)).numpy(), rtol=1e-6)
    assert outer.get_layer("inner") is inner and outer.get_layer(index=1) is inner
    assert len(outer.trainable_weights) == 4
    with pytest.raises(ValueError, match="No such layer: nope"):
        outer.get_layer("nope")
    with pytest.raises(ValueError, match="only has 3 layers"):
        outer.get_layer(index=7)
    with pytest.raises(ValueError, match="Provide only a layer name or a layer index"):
        outer.get_layer("inner", 1)
    other = keras.Input((3,))
    z = L.Add()([L.Dense(3)(x), other])
    with pytest.raises(ValueError, match="Output with path `` is not connected to `inputs`"):
        keras.Model(x, z)
    with pytest.raises(ValueError,
                       match=r"Layer \"functional_1\" expects 1 named input\(s\) with keys "):
        outer([data, data])


def test_subclass_with_functional_init_and_build():
    class Wrapped(keras.Model):
        def __init__(self):
            x = keras.Input((2,))
            super().__init__(x, L.Dense(1)(x))
            self.note = "ok"

    w = Wrapped()
    assert w.note == "ok" and isinstance(w, Wrapped) and w(np.ones((3, 2))).shape == (3, 1)

    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.d = L.Dense(2)

        def call(self, x):
            return self.d(x)

    s = Sub()
    # Keras 3: the default build only marks the model built; its layers build when called
    with pytest.warns(UserWarning, match="does not have a `build\\(\\)` method implemented"):
        s.build((None, 5))
    assert s.built and not s.d.built
    assert s(np.ones((2, 5))).shape == (2, 2) and s.d.kernel.shape == (5, 2)
    with pytest.raises(NotImplementedError, match=r"Exception encountered when calling "
                                                  r"Model.call\(\)"):
        keras.Model()(np.ones((1, 1)))


def test_linear_model_with_variable_attributes():
    class Linear(keras.Model):
        def __init__(self):
            super().__init__()
            self.W = tf.Variable(5.0, name="weight")
            self.B = tf.Variable(10.0, name="bias")

        def call(self, inputs):
            return inputs * self.W + self.B

    m = Linear()
    # Keras 3 on TF 2.21: tf.Variables are checkpointed, but are not Keras weights
    assert m.trainable_variables == [] and m.weights == []
    assert float(m(tf.constant(2.0))) == 20.0
    with tf.GradientTape() as tape:
        loss = m(tf.constant(3.0))
    gw, gb = tape.gradient(loss, [m.W, m.B])
    assert float(gw) == 3.0 and float(gb) == 1.0
    assert m._trackable_children()["W"] is m.W


def test_clone_and_model_from_config():
    model = keras.Sequential([L.Dense(3, input_shape=(2,)), L.Dense(1)])
    clone = keras.models.clone_model(model)
    assert [type(x).__name__ for x in clone.layers] == ["Dense", "Dense"]
    assert clone.layers[0] is not model.layers[0]
    again = keras.models.model_from_json(model.to_json())
    assert again.output_shape == (None, 1)
    # (Keras 3 has no keras.models.model_from_config, nor keras.models.Functional)
    assert not hasattr(keras.models, "model_from_config")
    assert not hasattr(keras.models, "Functional")


def test_operators_on_keras_tensors_become_layers():
    x = keras.Input((3,))
    dense = L.Dense(2)
    y = -(dense(x) * 2.0 + 1.0)[:, :1]
    model = keras.Model(x, y)
    # Keras 3's operations (not layers), named as there
    assert [x.name for x in model._operations][2:] == ["multiply", "add", "get_item",
                                                       "negative"]
    assert len(model.layers) == 2
    data = np.random.default_rng(1).standard_normal((4, 3)).astype("float32")
    np.testing.assert_allclose(model(data).numpy(), -(dense(data).numpy() * 2 + 1)[:, :1],
                               rtol=1e-6)
    assert y.shape == (None, 1)


# recorded from Keras 3.15 (TF 2.21): round() of a KerasTensor is keras.ops.round, its
# Round operation keeping `decimals` (ndigits or 0) in its config; ints are left as they are
# for decimals above 0 and rounded through floatx below
@pytest.mark.parametrize("dtype, ndigits, expected", [
    ("int32", None, [[151, 155, 249]]), ("int32", 2, [[151, 155, 249]]),
    ("int32", -1, [[150, 160, 250]]), ("float32", None, [[1.0, 16.0, -2.0]]),
    ("float32", 2, [[1.2599999904632568, 15.5, -2.5]]), ("float32", -1, [[0.0, 20.0, -0.0]]),
])
def test_round_of_keras_tensor_is_keras_ops_round(dtype, ndigits, expected):
    x = keras.Input((3,), dtype=dtype)
    model = keras.Model(x, round(x) if ndigits is None else round(x, ndigits))
    data = np.array([[151, 155, 249]] if dtype == "int32" else [[1.255, 15.5, -2.5]], dtype)
    node = model.get_config()["layers"][1]
    assert (node["class_name"], node["config"]) == ("Round",
                                                    {"name": "round", "decimals": ndigits or 0})
    assert len(node["inbound_nodes"][0]["args"]) == 1  # (decimals is config, not an operand)
    for m in (model, keras.Model.from_config(model.get_config())):
        out = m(data)
        assert out.dtype == dtype and out.numpy().tolist() == expected


def test_subclass_passing_itself_to_model_init_gets_keras3s_error():
    # the TF 2 text generation tutorial's `super().__init__(self)`: Keras 3 (TF 2.21)
    # refuses it with this TypeError (the error's text must not need the half-built model)
    class MyModel(tf.keras.Model):
        def __init__(self):
            super().__init__(self)

    with pytest.raises(TypeError, match=r"^Layer.__init__\(\) takes 1 positional argument but "
                                        r"2 were given$"):
        MyModel()


@pytest.mark.parametrize("kwargs, message", [
    # recorded from TF 2.21 (Keras 3's standardize_shape)
    ({"shape": (None, -2)},
     "Cannot convert '(None, -2)' to a shape. Negative dimensions are not allowed."),
    ({"batch_shape": (-1,)},
     "Cannot convert '(-1,)' to a shape. Negative dimensions are not allowed."),
    ({"shape": (3,), "batch_size": -1},
     "Cannot convert '(-1, 3)' to a shape. Negative dimensions are not allowed."),
    ({"shape": (3.0,)},
     "Cannot convert '(3.0,)' to a shape. Found invalid dimension '3.0' of type "
     "'<class 'float'>'. "),
])
def test_input_refuses_negative_and_float_dimensions(kwargs, message):
    with pytest.raises(ValueError) as info:
        keras.Input(**kwargs)
    assert str(info.value) == message


def test_input_takes_numpy_integer_dimensions():
    assert keras.Input((np.int64(3), None)).shape == (None, 3, None)


def test_functional_refuses_non_keras_tensors_with_keras3s_message():
    # recorded from TF 2.21
    a = keras.Input((3,), name="a")
    out = keras.layers.Dense(2)(a)
    with pytest.raises(ValueError) as info:
        keras.Model(a, "x")
    assert str(info.value) == ("All `outputs` values must be KerasTensors. Received: outputs=x "
                               "including invalid value x of type <class 'str'>")
    with pytest.raises(ValueError) as info:
        keras.Model([a, 3], out)
    assert str(info.value).startswith(
        "All `inputs` values must be KerasTensors. Received: inputs=[<KerasTensor shape=(None, 3)")
    assert str(info.value).endswith(" including invalid value 3 of type <class 'int'>")
    with pytest.raises(ValueError) as info:
        keras.Model(a, {"o": out, "p": 1.5})
    assert str(info.value).endswith("including invalid value 1.5 of type <class 'float'>")


def test_built_sequential_given_two_tensors_warns_and_runs_on_the_first():
    # recorded from TF 2.21: Keras 3 hands a built Sequential's inputs to its Functional,
    # which warns about the structure, then zips the tensors with its one Input
    x = np.ones((4, 3), "float32")
    seq = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, kernel_initializer="ones")])
    with pytest.warns(UserWarning, match="The structure of `inputs` doesn't match the expected "
                                         "structure"):
        out = seq([x, 2 * x])
    np.testing.assert_array_equal(out.numpy(), np.full((4, 2), 3.0, "float32"))
    seq.compile(loss="mse", optimizer="sgd")
    with pytest.warns(UserWarning):
        history = seq.fit([x, x], np.zeros((4, 2)), verbose=0)
    assert list(history.history) == ["loss"]
