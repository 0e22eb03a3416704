"""keras.optimizers.LossScaleOptimizer: dynamic loss scaling as Keras 3's (values recorded
from TF 2.21 / Keras 3.15: scale doubling after `dynamic_growth_steps` finite steps, a
skipped step and a halved scale on a non-finite gradient), eagerly, traced, in fit, and on
the stand-in GPU."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D

# (variable, dynamic_scale, step_counter, iterations) after each step, from Keras 3
KERAS = [([0.8, 1.6], 8.0, 1, 1), ([0.64, 1.28], 16.0, 0, 2),
         ([0.51199996, 1.0239999], 16.0, 1, 3), ([0.51199996, 1.0239999], 8.0, 0, 3)]


def _steps(step_fn=None):
    opt = tf.keras.optimizers.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1),
                                                 initial_scale=8.0, dynamic_growth_steps=2)
    v = tf.Variable([1.0, 2.0])

    def step():
        with tf.GradientTape() as tape:
            scaled = opt.scale_loss(tf.reduce_sum(v * v))
        opt.apply_gradients(zip(tape.gradient(scaled, [v]), [v]))

    step = step_fn(step) if step_fn else step
    seen = []
    for _ in range(3):
        step()
        seen.append((v.numpy(), float(opt.dynamic_scale.numpy()),
                     int(opt.step_counter.numpy()), int(opt.iterations.numpy())))
    opt.apply_gradients([(tf.constant([np.inf, 1.0]), v)])  # skipped, scale halved
    seen.append((v.numpy(), float(opt.dynamic_scale.numpy()), int(opt.step_counter.numpy()),
                 int(opt.iterations.numpy())))
    for (var, scale, counter, it), (kv, ks, kc, ki) in zip(seen, KERAS):
        np.testing.assert_allclose(var, kv, rtol=1e-6)
        assert (scale, counter, it) == (ks, kc, ki)
    return opt


def test_dynamic_scale_as_keras():
    opt = _steps()
    assert opt.get_config() == {"name": opt.name, "inner_optimizer": opt.get_config()[
        "inner_optimizer"], "initial_scale": 8.0, "dynamic_growth_steps": 2}
    again = tf.keras.optimizers.LossScaleOptimizer.from_config(opt.get_config())
    assert isinstance(again.inner_optimizer, tf.keras.optimizers.SGD)
    assert again.initial_scale == 8.0 and again.learning_rate.numpy() == pytest.approx(0.1)


def test_traced_step_keeps_the_branch():
    _steps(tf.function)


def test_on_the_standin_gpu():
    with D.standin_gpus(1):
        opt = _steps()
        assert opt.dynamic_scale.device.endswith("GPU:0")


def test_fit_scales_the_loss():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(32, 3)).astype("float32")
    y = x @ np.array([[1.0], [-2.0], [0.5]], "float32")
    model = tf.keras.Sequential([tf.keras.Input((3,)), tf.keras.layers.Dense(1)])
    opt = tf.keras.optimizers.LossScaleOptimizer(tf.keras.optimizers.SGD(0.1),
                                                 dynamic_growth_steps=2)
    model.compile(optimizer=opt, loss="mse")
    history = model.fit(x, y, batch_size=8, epochs=3, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert float(opt.dynamic_scale.numpy()) == 2.0 ** 15 * 2 ** 6  # 12 finite steps


def test_arguments_it_refuses():
    sgd = tf.keras.optimizers.SGD()
    with pytest.raises(ValueError, match="no longer supports `dynamic=False`"):
        tf.keras.optimizers.LossScaleOptimizer(sgd, dynamic=False)
    with pytest.raises(ValueError, match="does not support `clipnorm`"):
        tf.keras.optimizers.LossScaleOptimizer(sgd, clipnorm=1.0)
    with pytest.raises(ValueError, match="does not support arguments: `foo`"):
        tf.keras.optimizers.LossScaleOptimizer(sgd, foo=1)
