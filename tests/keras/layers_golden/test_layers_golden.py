"""eagerflow's Keras layers against what real Keras 3.15 (TensorFlow 2.21) computed for the
same cases (golden.json, written by record_golden.py from cases.py): outputs and gradients
with the same weights, weights' paths and shapes, get_config in Keras 3's form, build config,
compute_output_shape and the errors raised; plus get_config/from_config round trips."""

import json
import os
import re
import sys

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras

sys.path.insert(0, os.path.dirname(__file__))
import cases as C  # noqa: E402

with open(os.path.join(os.path.dirname(__file__), "golden.json")) as _f:
    _ALL = json.load(_f)
GOLDEN = _ALL["cases"]

# float32 outputs of short compositions: a few ulps of the largest value
RTOL, ATOL = 2e-5, 2e-6


def _close(got, want, what, atol=ATOL):
    if want is None:
        assert got is None, what
        return
    assert got is not None, what
    assert got["shape"] == want["shape"], what
    assert got["dtype"] == want["dtype"], what
    np.testing.assert_allclose(np.array(got["values"], np.float64),
                               np.array(want["values"], np.float64), rtol=RTOL, atol=atol,
                               err_msg=what)


def _message(text):
    """An error message less what eagerflow does not reproduce: TF's function-node prefix
    and a set's order."""
    text = re.sub(r"\{\{function_node [^}]*\}\} ", "", text)
    # a set of names prints in the process's string-hash order
    text = re.sub(r"\{('[^{}]*')\}", lambda m: str(sorted(m.group(1).split(", "))), text)
    return text


@pytest.mark.parametrize("case", C.CASES, ids=lambda c: c["id"])
def test_layer_matches_keras(case):
    want = GOLDEN[case["id"]]
    keras.backend.clear_session()
    got = C.run(tf, keras, case)
    if case.get("cpu_error"):
        # TF's CPU kernels refuse channels_first transposed convolutions; eagerflow computes
        # them (checked against its channels_last result in test_channels_first_transposed)
        assert want["error"] in ("InvalidArgumentError", "UnimplementedError")
        assert "error" not in got, got
        return
    if "error" in want:
        assert got.get("error") == want["error"], got
        if case.get("message", True):  # (else Keras's message comes from deep inside)
            assert _message(got["message"]) == _message(want["message"])
        else:
            assert "output_size" in got["message"], got
        return
    assert "error" not in got, got
    assert got["weights"] == want["weights"]
    if not case["cls"].startswith("model:"):  # (a functional config lists Keras's mask
        assert got["config"] == want["config"]  # ops as nodes: README's keras3 row)
    assert got["build_config"] == want["build_config"]
    assert got["output_shape"] == want["output_shape"]
    for i, (g, w) in enumerate(zip(got["initial"], want["initial"])):
        # the initializers' draws after set_random_seed are TF's (orthogonal kernels bit
        # for bit since their QR takes TF's steps; STFT kernels and spectral
        # normalization's vectors to rounding)
        np.testing.assert_allclose(g["values"], w["values"], rtol=0, atol=2e-6,
                                   err_msg=f"initial weight {i}")
    assert len(got["out"]) == len(want["out"])
    for i, (g, w) in enumerate(zip(got["out"], want["out"])):
        _close(g, w, f"output {i}", case.get("atol", ATOL))
    for i, (g, w) in enumerate(zip(got.get("grad", []), want.get("grad", []))):
        _close(g, w, f"gradient {i}", case.get("grad_atol", ATOL))
    if "losses" in want:
        np.testing.assert_allclose(got["losses"], want["losses"], rtol=1e-5)


# a RandomShear factor given as one number f is kept as (-f, f), which its own from_config
# refuses (a factor below 0), in Keras 3.15 as here; MaxNumBoundingBoxes's config leaves
# out fill_value, in Keras 3.15 as here (a clone pads with -1)
@pytest.mark.parametrize("case", [c for c in C.CASES if "error" not in GOLDEN[c["id"]]
                                  and not c["cls"].startswith("model:")
                                  and c["cls"] != "RandomShear"
                                  and not (c["cls"] == "MaxNumBoundingBoxes"
                                           and "fill_value" in c["kwargs"])],
                         ids=lambda c: c["id"])
def test_config_round_trip(case):
    """from_config(get_config()) gives the same config; build_from_config the same weights;
    with the original's weights, the clone computes the same outputs."""
    layer = C.make(keras, case)
    args = [C._structure(tf, a) for a in case["args"]]
    kwargs = {k: C._structure(tf, v) for k, v in case["call"].items()}
    kwargs.pop("training", None)
    if hasattr(layer, "generator"):  # a random image layer: its deterministic inference
        kwargs["training"] = False
    out = layer(*args, **kwargs)
    config = layer.get_config()
    clone = type(layer).from_config(dict(config))  # (a wrapper's takes "layer" out of it)
    assert repr(clone.get_config()) == repr(config)
    clone.build_from_config(layer.get_build_config())
    want = [(w.path.replace(layer.name, clone.name, 1), w.shape) for w in layer.weights]
    if isinstance(layer, keras.layers.Wrapper):  # the wrapped layer was built when read
        want = [(p.removeprefix(clone.name + "/") if p.count("/") > 1 else p, s)
                for p, s in want]   # (from its config, as in Keras: outside the wrapper)
    assert [(w.path, w.shape) for w in clone.weights] == want
    clone.set_weights(layer.get_weights())
    for a, b in zip(C._flat(clone(*args, **kwargs)), C._flat(out)):
        np.testing.assert_allclose(np.asarray(a), np.asarray(b), rtol=1e-6, atol=1e-7)
    restored = keras.layers.deserialize(keras.layers.serialize(layer))
    assert type(restored) is type(layer) and repr(restored.get_config()) == repr(config)


@pytest.mark.parametrize("case", [c for c in C.CASES if c.get("cpu_error")
                                  and c["cls"] != "STFTSpectrogram"],  # (test_image_layers)
                         ids=lambda c: c["id"])
def test_channels_first_transposed(case):
    """A channels_first layer gives its channels_last twin's outputs, transposed."""
    first = C.make(keras, case)
    last = C.make(keras, {**case, "kwargs": {**case["kwargs"], "data_format": "channels_last"}})
    x = case["args"][0]
    channels = 2 if "LSTM" in case["cls"] else 1  # (after the time axis)
    to_last = [i for i in range(x.ndim) if i != channels] + [channels]
    want = C._flat(last(np.transpose(x, to_last)))[0]
    first(x)
    first.set_weights(last.get_weights())
    got = C._flat(first(x))[0]
    np.testing.assert_allclose(np.transpose(np.asarray(got), to_last), np.asarray(want),
                               rtol=1e-5, atol=1e-6)


def test_transposed_convolutions_traced_with_unknown_batch():
    """In a tf.function whose batch size is unknown, the transposed convolutions' output
    shapes are graph values (tf.nn.conv1d_transpose takes a shape tensor); values and
    gradients equal the eager ones."""
    model = C.transposed_convolutions(keras)
    x = tf.constant(C.data((3, 5, 4)))

    def loss_and_grads(inputs):
        with tf.GradientTape() as tape:
            tape.watch(inputs)
            loss = tf.reduce_sum(tf.square(model(inputs)))
        return loss, tape.gradient(loss, [inputs] + model.trainable_weights)

    traced = tf.function(loss_and_grads, input_signature=[tf.TensorSpec([None, 5, 4])])
    want, got = loss_and_grads(x), traced(x)
    np.testing.assert_allclose(got[0].numpy(), want[0].numpy(), rtol=1e-5)
    for g, w in zip(got[1], want[1]):
        np.testing.assert_allclose(g.numpy(), w.numpy(), rtol=1e-4, atol=1e-6)


def test_stateful_conv_lstm_carries_its_states():
    """A stateful ConvLSTM2D run over a sequence in two halves gives what one run over the
    whole gives; reset_states() zeroes the states."""
    x = C.data((2, 4, 5, 4, 2))
    whole = keras.layers.ConvLSTM2D(2, 2, return_sequences=True)
    stateful = keras.layers.ConvLSTM2D(2, 2, return_sequences=True, stateful=True)
    want = whole(x)
    stateful(x[:, :2])
    stateful.set_weights(whole.get_weights())
    stateful.reset_states()
    got = tf.concat([stateful(x[:, :2]), stateful(x[:, 2:])], axis=1)
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5, atol=1e-6)
    assert [tuple(v.shape) for v in stateful.states] == [(2, 4, 3, 2)] * 2
    stateful.reset_states()
    assert not np.any(stateful.states[0].numpy())


@pytest.mark.parametrize("name", C.SUMMARIES)
def test_summary_matches_keras(name, monkeypatch):
    """model.summary() of models of the newer layers prints what Keras 3.15 prints."""
    monkeypatch.setenv("COLUMNS", "80")
    assert C.summary(keras, name) == _ALL["summaries"][name]
