"""tf.lite.TFLiteConverter: float Keras models, tf.functions and SavedModels lowered to
TFLite builtins. Every converted model's outputs equal the eagerflow model's, run by
eagerflow's interpreter and (interop, when TF's interpreter is at hand) by TF 2.21's; the
MLP lowers to the same operators TF's converter emits for it (bias and relu fused)."""

from __future__ import annotations

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.lite import model as lite_model
from eagerflow._src.lite import schema as S
from eagerflow._src.lite.converter import ConverterError
from tests.tf_reference import HAVE_TF_PYTHON, TF_ENV, TF_PYTHON

HERE = os.path.dirname(os.path.abspath(__file__))
k = tf.keras


def mlp():
    return k.Sequential([k.Input((8,)), k.layers.Dense(16, activation="relu"),
                         k.layers.Dense(12, activation="tanh"),
                         k.layers.Dense(4, activation="softmax")])


def cnn():  # the guide's CNN, smaller
    return k.Sequential([
        k.Input((16, 16, 1)), k.layers.Conv2D(8, 3, activation="relu"), k.layers.MaxPooling2D(),
        k.layers.Conv2D(16, 3, activation="relu"), k.layers.Flatten(), k.layers.Dense(10)])


def dwpool():
    inp = k.Input((12, 12, 3))
    x = k.layers.ZeroPadding2D(1)(inp)
    x = k.layers.DepthwiseConv2D(3, padding="same", depth_multiplier=2, activation="relu6")(x)
    x = k.layers.AveragePooling2D(2)(x)
    y = k.layers.Conv2D(4, 1, strides=2, padding="same", activation="sigmoid")(x)
    z = k.layers.MaxPooling2D(3, strides=2, padding="same")(x)
    x = k.layers.Concatenate()([y, z])
    x = k.layers.GlobalAveragePooling2D()(x)
    x = k.layers.Dense(3, activation="sigmoid")(x)
    return k.Model(inp, x)


MODELS = {"mlp": mlp, "cnn": cnn, "dwpool": dwpool}


def run_ours(content: bytes, feeds: list) -> list:
    it = tf.lite.Interpreter(model_content=content)
    for d, x in zip(it.get_input_details(), feeds):
        it.resize_tensor_input(d["index"], x.shape)
    it.allocate_tensors()
    for d, x in zip(it.get_input_details(), feeds):
        it.set_tensor(d["index"], x)
    it.invoke()
    return [it.get_tensor(d["index"]) for d in it.get_output_details()]


def run_tf(tmp_path, content: bytes, feeds: dict) -> dict:
    model = tmp_path / "m.tflite"
    model.write_bytes(content)
    np.savez(tmp_path / "in.npz", **feeds)
    proc = subprocess.run([TF_PYTHON, os.path.join(HERE, "tf_run_tflite.py"), str(model),
                           str(tmp_path / "in.npz"), str(tmp_path / "out.npz")],
                          capture_output=True, text=True, env=TF_ENV, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = dict(np.load(tmp_path / "out.npz"))
    out["meta"] = json.loads(str(out["meta"]))
    return out


def convert(name: str, seed: int = 0):
    tf.keras.utils.set_random_seed(seed)
    m = MODELS[name]()
    return m, tf.lite.TFLiteConverter.from_keras_model(m).convert()


@pytest.mark.parametrize("name", sorted(MODELS))
def test_keras_model_converts_and_runs(name):
    m, content = convert(name)
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3,) + tuple(m.inputs[0].shape[1:])).astype(np.float32)
    want = m(x).numpy()
    (got,) = run_ours(content, [x])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    it = tf.lite.Interpreter(model_content=content)
    d = it.get_input_details()[0]
    assert d["shape"].tolist() == [1] + list(m.inputs[0].shape[1:])
    assert d["shape_signature"].tolist() == [-1] + list(m.inputs[0].shape[1:])
    sig = it.get_signature_list()["serving_default"]
    assert sig["outputs"] == ["output_0"] and len(sig["inputs"]) == 1
    assert d["name"] == f"serving_default_{sig['inputs'][0]}:0"


def test_mlp_lowers_to_tfs_operators():
    """TF's converter, on the same MLP (tests/lite/fixtures/mlp.tflite): FULLY_CONNECTED
    with relu fused, FULLY_CONNECTED, TANH, FULLY_CONNECTED, SOFTMAX; biases folded in."""
    _, content = convert("mlp")
    ours = lite_model.parse(content).subgraphs[0]
    with open(os.path.join(HERE, "fixtures", "mlp.tflite"), "rb") as f:
        theirs = lite_model.parse(f.read()).subgraphs[0]

    def ops(g):
        return [(o.code, o.options.get("fused_activation_function")) for o in g.operators]
    assert ops(ours) == ops(theirs)
    assert [o.inputs[2] >= 0 for o in ours.operators if o.code == S.FULLY_CONNECTED] == \
        [True] * 3
    assert [ours.tensors[o.inputs[1]].shape for o in ours.operators
            if o.code == S.FULLY_CONNECTED] == [(16, 8), (12, 16), (4, 12)]


def test_cnn_weights_in_tflite_layouts():
    m, content = convert("cnn")
    g = lite_model.parse(content).subgraphs[0]
    convs = [o for o in g.operators if o.code == S.CONV_2D]
    assert [o.options["fused_activation_function"] for o in convs] == [S.ACT_RELU] * 2
    w = g.tensors[convs[0].inputs[1]].data
    np.testing.assert_array_equal(w, np.transpose(m.layers[0].kernel.numpy(), (3, 0, 1, 2)))
    np.testing.assert_array_equal(g.tensors[convs[0].inputs[2]].data,
                                  m.layers[0].bias.numpy())


def misc_function():
    w = tf.constant(np.random.default_rng(5).standard_normal((6, 5)).astype(np.float32))

    @tf.function(input_signature=[tf.TensorSpec([2, 3, 6], tf.float32, name="a"),
                                  tf.TensorSpec([2, 6, 4], tf.float32, name="b")])
    def f(a, b):
        m = tf.matmul(a, b)
        t = tf.transpose(m, [0, 2, 1])
        s = t[:, 1:, ::2]
        p = tf.pad(s, [[0, 0], [1, 0], [0, 1]])
        q = tf.reshape(p, [2, -1])
        r = tf.nn.relu6(q * 2.0 - 1.0) / 3.0 + tf.tanh(q)
        c = tf.concat([r, tf.sigmoid(q)], axis=1)
        d = tf.reduce_mean(a, axis=1) @ w
        e = tf.stack([d[:, 0], d[:, -1]], axis=1)
        return {"out": tf.nn.relu(c), "proj": d, "ends": e}
    return f.get_concrete_function()


def misc_feeds():
    rng = np.random.default_rng(2)
    return [rng.standard_normal((2, 3, 6)).astype(np.float32),
            rng.standard_normal((2, 6, 4)).astype(np.float32)]


def test_concrete_function_converts():
    f = misc_function()
    content = tf.lite.TFLiteConverter.from_concrete_functions([f]).convert()
    it = tf.lite.Interpreter(model_content=content)
    assert it.get_signature_list() == {}  # as TF's, without a trackable_obj
    assert [d["name"] for d in it.get_input_details()] == ["a", "b"]
    a, b = misc_feeds()
    want = f(tf.constant(a), tf.constant(b))
    got = run_ours(content, [a, b])
    for g, key in zip(got, sorted(want)):
        np.testing.assert_allclose(g, want[key].numpy(), rtol=1e-5, atol=1e-6)
    module = tf.Module()
    content = tf.lite.TFLiteConverter.from_concrete_functions([f], module).convert()
    sig = tf.lite.Interpreter(model_content=content).get_signature_list()
    assert sig == {"serving_default": {"inputs": ["a", "b"], "outputs": ["ends", "out", "proj"]}}


def test_saved_model_converts(tmp_path):
    tf.keras.utils.set_random_seed(3)
    m = mlp()

    class Wrap(tf.Module):
        def __init__(self):
            super().__init__()
            self.m = m

        @tf.function(input_signature=[tf.TensorSpec([None, 8], tf.float32, name="x")])
        def serve(self, x):
            return {"probs": self.m(x)}

    w = Wrap()
    tf.saved_model.save(w, str(tmp_path / "sm"), signatures={"serving_default": w.serve})
    content = tf.lite.TFLiteConverter.from_saved_model(str(tmp_path / "sm")).convert()
    it = tf.lite.Interpreter(model_content=content)
    assert it.get_signature_list() == {"serving_default": {"inputs": ["x"],
                                                           "outputs": ["probs"]}}
    x = np.random.default_rng(4).standard_normal((5, 8)).astype(np.float32)
    out = it.get_signature_runner()(x=x)
    np.testing.assert_allclose(out["probs"], m(x).numpy(), rtol=1e-5, atol=1e-6)
    with pytest.raises(ValueError, match="Invalid signature key 'nope'"):
        tf.lite.TFLiteConverter.from_saved_model(str(tmp_path / "sm"), ["nope"])


def test_unsupported_conversions_raise_converter_error():
    _, _ = convert("mlp")
    conv = tf.lite.TFLiteConverter.from_keras_model(mlp())
    conv.optimizations = [tf.lite.Optimize.DEFAULT]
    with pytest.raises(ConverterError, match="not supported"):
        conv.convert()
    conv = tf.lite.TFLiteConverter.from_keras_model(mlp())
    conv.target_spec.supported_ops = {tf.lite.OpsSet.SELECT_TF_OPS}
    with pytest.raises(ConverterError, match="TFLITE_BUILTINS only"):
        conv.convert()

    @tf.function(input_signature=[tf.TensorSpec([3], tf.float32)])
    def f(x):
        return tf.math.lgamma(x)
    with pytest.raises(ConverterError, match="Lgamma"):
        tf.lite.TFLiteConverter.from_concrete_functions([f.get_concrete_function()]).convert()
    with pytest.raises(ValueError, match="ConcreteFunction"):
        tf.lite.TFLiteConverter.from_concrete_functions([f])


@pytest.mark.skipif(not HAVE_TF_PYTHON, reason="needs TensorFlow's interpreter")
def test_tf_interpreter_runs_our_models(tmp_path):
    for name in sorted(MODELS):
        m, content = convert(name)
        x = np.random.default_rng(6).standard_normal(
            (2,) + tuple(m.inputs[0].shape[1:])).astype(np.float32)
        it = tf.lite.Interpreter(model_content=content)
        key = it.get_signature_list()["serving_default"]["inputs"][0]
        out = run_tf(tmp_path, content, {key: x})
        assert out["meta"]["signatures"] == it.get_signature_list()
        np.testing.assert_allclose(out["output_0"], m(x).numpy(), rtol=1e-5, atol=1e-6)
    f = misc_function()
    content = tf.lite.TFLiteConverter.from_concrete_functions([f]).convert()
    a, b = misc_feeds()
    out = run_tf(tmp_path, content, {"in0": a, "in1": b})
    want = f(tf.constant(a), tf.constant(b))
    for i, key in enumerate(sorted(want)):
        np.testing.assert_allclose(out[f"out{i}"], want[key].numpy(), rtol=1e-5, atol=1e-6)
