"""SavedModels written by real TensorFlow 2.21 / Keras 3, loaded without TensorFlow.

tests/saved_model/golden/make_golden.py wrote them (and golden.npz: the inputs and
TensorFlow's outputs); tests/saved_model/test_interop_tf.py checks the same models live.
"""

import shutil
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf

GOLDEN = Path(__file__).resolve().parent / "golden"


@pytest.fixture(scope="module")
def golden():
    with np.load(GOLDEN / "golden.npz") as f:
        return dict(f)


def test_module_functions_signatures_and_asset(golden, tmp_path):
    # a copy elsewhere: the asset's path must follow the directory
    shutil.copytree(GOLDEN / "tf_module", tmp_path / "m")
    m = tf.saved_model.load(tmp_path / "m")
    x = golden["module_x"]
    np.testing.assert_allclose(m.predict(x)["y"].numpy(), golden["module_predict"], rtol=1e-6)
    np.testing.assert_allclose(m.signatures["predict"](x=x)["y"].numpy(),
                               golden["module_predict"], rtol=1e-6)
    values = tf.constant(golden["module_values"])
    np.testing.assert_allclose(m.loop(values).numpy(), golden["module_loop"])
    out = m.signatures["loop"](values=values)
    np.testing.assert_allclose(out["output_0"].numpy(), golden["module_loop"])
    assert m.read_vocab().numpy() == golden["module_vocab"].item()
    assert str(tmp_path / "m" / "assets" / "vocab.txt") in m.vocab.asset_path.numpy().decode()
    assert sorted(m.signatures) == ["loop", "predict"]
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(m.loop(values))
    assert tape.gradient(y, m.v).numpy() == pytest.approx(4.0)  # 1 + 3 through the loop


def test_functional_model_with_batch_norm(golden):
    m = tf.saved_model.load(GOLDEN / "tf_func_bn")
    sig = m.signatures["serving_default"]
    assert sig.structured_input_signature == (
        (), {"inputs": tf.TensorSpec([None, 8], tf.float32, "inputs")})
    out = sig(inputs=golden["func_bn_x"])
    np.testing.assert_allclose(out["output_0"].numpy(), golden["func_bn_y"], rtol=1e-5,
                               atol=1e-6)
    # Keras 3's object graph: layers and their variables, the optimizer's
    assert [v.shape for v in (m._operations[1]._kernel, m._operations[1].bias)] == \
        [(8, 16), (16,)]
    assert m._operations[2].moving_variance.trainable is False


def test_exported_cnn_and_fine_tuning(golden):
    m = tf.saved_model.load(GOLDEN / "tf_cnn_export")
    x = golden["cnn_x"]
    np.testing.assert_allclose(m.serve(x).numpy(), golden["cnn_y"], rtol=1e-5, atol=1e-6)
    key = next(iter(m.signatures["serving_default"].structured_input_signature[1]))
    np.testing.assert_allclose(m.signatures["serving_default"](**{key: x})["output_0"].numpy(),
                               golden["cnn_y"], rtol=1e-5, atol=1e-6)
    variables = list(m.trainable_variables)
    assert [tuple(v.shape) for v in variables] == [(3, 3, 1, 4), (4,), (100, 10), (10,)]
    opt = tf.keras.optimizers.SGD(0.1)
    losses = []
    for _ in range(3):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(m.serve(x)))
        opt.apply_gradients(zip(tape.gradient(loss, variables), variables))
        losses.append(float(loss))
    assert losses[2] < losses[0]


def test_generator_state_draws_tensorflows_numbers(golden):
    m = tf.saved_model.load(GOLDEN / "tf_generator")
    np.testing.assert_allclose(m.draw(2.0).numpy(), golden["generator_draws"][0], rtol=1e-6)
    np.testing.assert_allclose(m.draw(1.0).numpy(), golden["generator_draws"][1], rtol=1e-6)
    np.testing.assert_array_equal(m.g._state_var.numpy(), golden["generator_state"])
