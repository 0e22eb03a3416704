"""An eager training step and the same step under tf.function round alike on the CPU.

TF's gradient of a broadcasting op (x + bias, BatchNormalization's shift and scale) sums
the incoming gradient with its Sum kernel, eagerly and in a graph alike, so TF's eager and
traced steps agree bit for bit. eagerflow's eager gradient is its own op (SumToShapeOf)
and a traced one TF's graph form (Sum, Reshape): both must add in Sum's (Eigen's) order.
They did not (NumPy's order eagerly), and a ResNet-style step's gradients drifted apart
from the first step on (BatchNormalization layers' gradients by ~1e-5 relative; ResNet-50,
batch 2 at 64x64: losses 7.909 eagerly, 8.014 traced by the third step).
"""

from __future__ import annotations

import numpy as np
import pytest

import eagerflow as tf


def _bias_grads(x: tf.Tensor, bias: tf.Variable, dy: tf.Tensor) -> list:
    with tf.GradientTape() as tape:
        y = x + bias
    return tape.gradient(y, [bias], output_gradients=dy)


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64"])
@pytest.mark.parametrize("shape, bias_shape", [((2, 16, 16, 64), (64,)),
                                              ((4, 6, 6, 32), (1, 6, 1, 32)),
                                              ((300, 10), (10,))])
def test_eager_bias_gradient_is_the_traced_one_and_sums_as_sum(shape: tuple, bias_shape: tuple,
                                                                dtype: str) -> None:
    rng = np.random.default_rng(0)
    x = tf.constant(rng.normal(size=shape), dtype)
    dy = tf.constant(rng.normal(size=shape), dtype)
    bias = tf.Variable(tf.zeros(bias_shape, dtype))
    eager = _bias_grads(x, bias, dy)[0]
    traced = tf.function(_bias_grads)(x, bias, dy)[0]
    axes = [i for i in range(len(shape))
            if i < len(shape) - len(bias_shape) or bias_shape[i - len(shape)] == 1]
    summed = tf.reshape(tf.reduce_sum(dy, axes), bias_shape)  # TF's eager gradient
    assert eager.dtype == traced.dtype == tf.as_dtype(dtype)
    np.testing.assert_array_equal(eager.numpy(), traced.numpy())
    np.testing.assert_array_equal(eager.numpy(), summed.numpy())


def _block_model() -> tf.keras.Model:
    """A ResNet basic block (Conv2D, BatchNormalization, relu, the residual Add) between a
    stem convolution and a Dense head: ResNet-50's layers, small."""
    L = tf.keras.layers
    inputs = tf.keras.Input((8, 8, 3))
    x = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(8, 3, padding="same")(inputs)))
    y = L.Activation("relu")(L.BatchNormalization()(L.Conv2D(8, 3, padding="same")(x)))
    y = L.BatchNormalization()(L.Conv2D(8, 3, padding="same")(y))
    x = L.Activation("relu")(L.Add()([x, y]))
    return tf.keras.Model(inputs, L.Dense(10)(L.GlobalAveragePooling2D()(x)))


def _step(model: tf.keras.Model) -> object:
    """gpu.py's ResNet-50 step: SGD with momentum, sparse cross entropy; it returns the
    loss and the gradients."""
    optimizer = tf.keras.optimizers.SGD(0.01, momentum=0.9)
    loss_object = tf.keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def step(images: tf.Tensor, labels: tf.Tensor) -> tuple:
        with tf.GradientTape() as tape:
            loss = loss_object(labels, model(images, training=True))
        grads = tape.gradient(loss, model.trainable_variables)
        optimizer.apply_gradients(zip(grads, model.trainable_variables))
        return loss, grads

    return step


# (on the CPU, as the module says: TF's GPU graphs rewrite a step (grappler's remapper and
# layout passes, cuDNN's algorithms chosen per call), so its eager and traced steps there
# need not round alike)
@pytest.mark.usefixtures("cpu_kernels")
@pytest.mark.parametrize("policy", ["float32", "mixed_float16"])
def test_eager_and_traced_training_steps_agree_bit_for_bit(policy: str) -> None:
    tf.keras.mixed_precision.set_global_policy(policy)
    try:
        tf.keras.utils.set_random_seed(0)
        eager_model, traced_model = _block_model(), _block_model()
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
    traced_model.set_weights(eager_model.get_weights())
    eager_step, traced_step = _step(eager_model), tf.function(_step(traced_model))
    rng = np.random.default_rng(0)
    for _ in range(2):
        images = tf.constant(rng.normal(size=(4, 8, 8, 3)), "float32")
        labels = tf.constant(rng.integers(0, 10, size=(4,)), "int64")
        (eager_loss, eager_grads), (traced_loss, traced_grads) = \
            eager_step(images, labels), traced_step(images, labels)
        assert eager_loss.numpy() == traced_loss.numpy()
        for v, a, b in zip(eager_model.trainable_variables, eager_grads, traced_grads):
            np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=v.path)
        # the updated weights and the BatchNormalization layers' moving statistics
        for a, b in zip(eager_model.weights, traced_model.weights):
            np.testing.assert_array_equal(a.numpy(), b.numpy(), err_msg=a.path)
