"""Keras 3.15: an Input given to a Sequential after other layers (in its list or by
`add()`) is an ordinary layer of it: the model stays unbuilt, lists it, and its build
(the first call) refuses it. Recorded from Keras 3.15.1."""

import io
from contextlib import redirect_stdout

import numpy as np
import pytest

import eagerflow as tf

keras = tf.keras

_REFUSAL = ("Layers added to a Sequential model should have a single positional argument, "
            "the input tensor. Layer InputLayer has no positional arguments.")


def _listed():
    return keras.Sequential([keras.layers.Dense(2), keras.Input((3,))])


def _added():
    m = keras.Sequential()
    m.add(keras.layers.Dense(2))
    m.add(keras.Input((3,)))
    return m


@pytest.mark.parametrize("make", [_listed, _added])
def test_input_after_layers_is_an_ordinary_layer(make):
    m = make()
    assert not m.built
    assert [type(x).__name__ for x in m.layers] == ["Dense", "InputLayer"]
    with pytest.raises(AttributeError, match=f"^Sequential model '{m.name}' has no defined "
                                             "inputs yet.$"):
        m.inputs  # noqa: B018


@pytest.mark.parametrize("make", [_listed, _added])
def test_summary_shows_the_dense_unbuilt_and_the_input(make):
    m = make()
    out = io.StringIO()
    with redirect_stdout(out):
        m.summary()
    rows = [r for r in out.getvalue().splitlines() if r.startswith("│")]
    dense, inp = m.layers
    assert [r.split("│")[1:4] for r in rows] == [
        [f" {dense.name} (Dense)".ljust(33), " ?".ljust(24), "0 (unbuilt) ".rjust(15)],
        [f" {inp.name} (InputLayer)".ljust(33), " (None, 3)".ljust(24), "0 ".rjust(15)]]
    assert "Total params: 0 (0.00 B)" in out.getvalue()


@pytest.mark.parametrize("make", [_listed, _added])
def test_calling_it_refuses_the_input_layer(make):
    m = make()
    with pytest.raises(ValueError) as e:
        m(np.zeros((1, 3), np.float32))
    assert str(e.value) == _REFUSAL


def test_the_build_takes_an_input_name_first():
    # (Keras 3.15: `dense_1`, `input_layer_2` after the listed model's call: its build
    # made an Input, named, before refusing)
    first = _listed()
    with pytest.raises(ValueError):
        first(np.zeros((1, 3), np.float32))
    second = _added()
    base = first.layers[1].name
    n = int(base.rsplit("_", 1)[1]) if base[-1].isdigit() else 0
    assert second.layers[1].name == f"input_layer_{n + 2}"
