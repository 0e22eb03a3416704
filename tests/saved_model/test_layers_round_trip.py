"""Every layer of the Keras layer harness, in a model saved with tf.saved_model.save and
loaded back: the served function computes what the model computes, and the restored
variables are the model's (names, trainability, values)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.train.graph_view import ObjectGraph
from tests.keras.harness_cases import CASES
from tests.keras.test_layer_harness import MERGE

L = keras.layers


def _model_and_data(cls, kwargs, shape, dtype="float32"):
    rng = np.random.default_rng(3)
    if dtype.startswith("int"):
        data = rng.integers(0, 10, size=shape).astype(dtype)
    else:
        data = rng.standard_normal(shape).astype(dtype)
    inp = keras.Input(shape[1:], dtype=dtype)
    model = keras.Model(inp, cls(**kwargs)(inp))
    return model, data


def _variables(root):
    """(path, variable) of every variable reachable from root, in the object graph's order."""
    g = ObjectGraph(root)
    return [(g.path_string(i), o) for i, o in enumerate(g.nodes)
            if hasattr(o, "assign") and hasattr(o, "_as_tensor")]


def _check_round_trip(model, data, tmp_path):
    want = model(data, training=False)
    tf.saved_model.save(model, tmp_path / "m")
    loaded = tf.saved_model.load(tmp_path / "m")
    got = loaded.signatures["serving_default"](**_feed(data))
    outs = list(got.values())
    flat = tf.nest.flatten(want)
    assert len(outs) == len(flat)
    for g, w in zip(outs, flat):
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-5, atol=1e-6)
    saved, restored = _variables(model), _variables(loaded)
    assert [p for p, _ in saved] == [p for p, _ in restored]
    for (_, a), (_, b) in zip(saved, restored):
        assert a.trainable == b.trainable and a.dtype == b.dtype
        np.testing.assert_array_equal(a.numpy(), b.numpy())
    assert sum(v.trainable for _, v in restored) == len(model.trainable_weights)


def _feed(data):
    if isinstance(data, list):
        return {"inputs" if i == 0 else f"inputs_{i}": d for i, d in enumerate(data)}
    return {"inputs": data}


def _ids():
    return [f"{c[0]}-{i}" for i, c in enumerate(CASES)]


@pytest.mark.parametrize("case", CASES, ids=_ids())
def test_harness_layer_round_trips_through_a_saved_model(case, tmp_path):
    name, kwargs, shape, _, _, _, extra = case
    cls = getattr(L, name)
    model, data = _model_and_data(cls, dict(kwargs), shape, extra.get("input_dtype", "float32"))
    _check_round_trip(model, data, tmp_path)


@pytest.mark.parametrize("cls,kwargs", MERGE, ids=[m[0].__name__ for m in MERGE])
def test_merge_layer_round_trips(cls, kwargs, tmp_path):
    rng = np.random.default_rng(0)
    data = [rng.standard_normal((2, 3)).astype("float32") for _ in range(2)]
    inputs = [keras.Input((3,)) for _ in range(2)]
    model = keras.Model(inputs, cls(**kwargs)(inputs))
    _check_round_trip(model, data, tmp_path)


@pytest.mark.parametrize("layer", [
    lambda: L.TimeDistributed(L.Dense(2)),
    lambda: L.Bidirectional(L.LSTM(2, return_sequences=True)),
    lambda: L.Bidirectional(L.GRU(2), merge_mode="sum"),
], ids=["TimeDistributed", "Bidirectional-LSTM", "Bidirectional-GRU"])
def test_wrapper_round_trips(layer, tmp_path):
    inp = keras.Input((3, 4))
    model = keras.Model(inp, layer()(inp))
    data = np.random.default_rng(1).standard_normal((2, 3, 4)).astype("float32")
    _check_round_trip(model, data, tmp_path)
