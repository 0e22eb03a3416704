"""An optimizer written as Keras 3's guide writes one (add_variable_from_reference,
add_variable, _get_variable_index, assign/assign_add) and a metric used statelessly, equal
to Keras 3.15.1 (custom_optimizer_golden.json, make_custom_optimizer_golden.py); the
optimizer's variables saved and restored with a model."""

import json
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from tests.keras.custom_optimizer_cases import make, run

keras = tf.keras
GOLDEN = json.loads(Path(__file__).with_name("custom_optimizer_golden.json").read_text())


def test_steps_variables_and_stateless_metric_equal_keras():
    got = run(keras, tf)
    np.testing.assert_allclose(got.pop("steps"), GOLDEN["steps"], rtol=1e-6)
    assert got == {k: v for k, v in GOLDEN.items() if k != "steps"}


def test_optimizer_variable_api_errors_and_options():
    opt = keras.optimizers.SGD()
    v = keras.Variable(np.zeros((2, 3), "float32"), name="w")
    ones = opt.add_variable((2,), initializer="ones", name="x")
    assert ones.path == f"{opt.name}/x" and ones.numpy().tolist() == [1.0, 1.0]
    assert not ones.trainable and opt.variables[-1] is ones
    m, s = opt.add_optimizer_variables([v], ["m", "s"], initializer=["zeros", "ones"])
    assert [x.path for x in m + s] == [f"{opt.name}/w_m", f"{opt.name}/w_s"]
    assert s[0].numpy().tolist() == [[1.0] * 3] * 2
    with pytest.raises(ValueError, match="stateless_apply is not supported with the "
                                         "TensorFlow backend"):
        opt.stateless_apply([], [], [])
    mean = keras.metrics.Mean()
    with pytest.raises(ValueError, match=r"Argument `metric_variables` must be a list of "
                                         r"tensors corresponding 1:1 to Mean\(\)\.variables"):
        mean.stateless_update_state([], 1.0)


def test_custom_optimizer_state_in_a_keras_file(tmp_path):
    opt_cls = make(keras)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2, name="d")])
    model.compile(opt_cls(), "mse")
    model.fit(np.ones((4, 3), "float32"), np.zeros((4, 2), "float32"), verbose=0)
    model.save(str(tmp_path / "m.keras"))
    loaded = keras.models.load_model(str(tmp_path / "m.keras"),
                                     custom_objects={"HeavyBall": opt_cls})
    # (a loaded model's variables lose the model's name from their paths, as in Keras)
    assert [v.path for v in loaded.optimizer.variables] == [
        "heavy_ball/iteration", "heavy_ball/learning_rate", "heavy_ball/d_kernel_velocity",
        "heavy_ball/d_bias_velocity", "heavy_ball/steps_seen"]
    for a, b in zip(loaded.optimizer.variables, model.optimizer.variables):
        np.testing.assert_array_equal(a.numpy(), b.numpy())
