"""How many times a training step copies between the host and a GPU (each read of device
data waits for the device): counted on the strict stand-in, which counts every copy where
CuPy makes one. Shapes, sizes and Python numbers stay on the host (TF's HostMemory
inputs), so a step reads back only what its checks must see."""

import importlib.util
from pathlib import Path

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict_streams
from eagerflow._src.core import device


@pytest.fixture
def gpu():
    with device.standin_gpus(1):
        yield


def _benchmark_guide():
    """benchmarks/guide.py: the eager guide's CNN and its train step (Adam, from logits)."""
    spec = importlib.util.spec_from_file_location(
        "benchmark_guide", Path(__file__).resolve().parents[2] / "benchmarks" / "guide.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


GUIDE = _benchmark_guide()


def _resnet(tf, side=8):
    """Two residual blocks as ResNet-50 has them (conv, batch norm, relu, a projection
    shortcut, zero padding, max pooling)."""
    layers = tf.keras.layers
    x = inp = tf.keras.Input((side, side, 3))
    x = layers.ZeroPadding2D(1)(x)
    x = layers.Conv2D(8, 3, strides=2)(x)
    x = layers.MaxPooling2D(2, strides=1, padding="same")(x)
    for filters in (8, 16):
        short = layers.BatchNormalization()(layers.Conv2D(filters, 1)(x))
        y = layers.Conv2D(filters, 3, padding="same")(x)
        y = layers.Activation("relu")(layers.BatchNormalization()(y))
        y = layers.BatchNormalization()(layers.Conv2D(filters, 1)(y))
        x = layers.Activation("relu")(layers.Add()([short, y]))
    return tf.keras.Model(inp, layers.Dense(10)(layers.GlobalAveragePooling2D()(x)))


def _transfers(step, images, labels):
    step(images, labels)  # first calls build the variables and slots
    step(images, labels)
    with strict_streams.count_transfers(where=True) as n:
        loss = step(images, labels)
    assert np.isfinite(loss.numpy())
    return n


def _data(side, channels):
    rng = np.random.default_rng(0)
    return (tf.constant(rng.normal(size=(4, side, side, channels)).astype("float32")),
            tf.constant(rng.integers(0, 10, size=(4,))))


# Nothing is read back or copied in any more (the labels' range checks went with TF's
# GPU kernel's NaN rows; the loss's divisor and the step count's 1 stay host numbers or
# a tensor made once, where each was a copy onto the device every step).
@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "tf.function"])
def test_a_cnn_training_step_copies_nothing_between_host_and_device(gpu, compiled):
    step = GUIDE.guide_train_step(tf, GUIDE.guide_model(tf, (12, 12, 1)))
    step = tf.function(step) if compiled else step
    n = _transfers(step, *_data(12, 1))
    sites = {k: v for k, v in n.items() if isinstance(k, tuple)}
    assert n["to_host"] == 0 and n["to_device"] == 0, sites


@pytest.mark.parametrize("policy", ["mixed_float16", "mixed_bfloat16"])
def test_a_mixed_precision_training_step_copies_nothing_either(gpu, policy):
    # (a mean's gradient divided by its count, a Python number in the half type: a host
    # scalar, where it was a copy onto the device every step)
    pytest.importorskip("ml_dtypes")
    tf.keras.mixed_precision.set_global_policy(policy)
    try:
        step = GUIDE.guide_train_step(tf, GUIDE.guide_model(tf, (12, 12, 1)))
        n = _transfers(step, *_data(12, 1))
    finally:
        tf.keras.mixed_precision.set_global_policy("float32")
    sites = {k: v for k, v in n.items() if isinstance(k, tuple)}
    assert n["to_host"] == 0 and n["to_device"] == 0, sites


def test_a_resnet_training_step_reads_back_at_most_its_checks(gpu):
    # (was 529 reads and 805 copies in a ResNet-50 step: a convolution gradient's sizes
    # went to the GPU and were read back number by number, and every Python number was
    # copied to the GPU)
    n = _transfers(GUIDE.guide_train_step(tf, _resnet(tf)), *_data(8, 3))
    sites = {k: v for k, v in n.items() if isinstance(k, tuple)}
    assert n["to_host"] == 0, sites
    assert n["to_device"] <= 1, sites  # (ZeroPadding2D's pad value)


def test_python_numbers_are_kernel_arguments_not_copies(gpu):
    x = tf.constant([1.0, 2.0])
    with strict_streams.count_transfers() as n:
        y = (x * 2.0 + 1) - tf.maximum(x, 0.5) * -1
    assert (n["to_host"], n["to_device"]) == (0, 0)
    assert "GPU:0" in y.device and y.numpy().tolist() == [4.0, 7.0]


def test_a_kernel_that_takes_scalars_takes_two_host_numbers(gpu):
    """DivNoNan's device kernel takes a host number as a scalar argument (a Keras loss's
    divisor: OpDef.scalar_args); with both operands host numbers (a metric's total and
    count kept on the host) one is copied over, so that an array types the kernel."""
    from eagerflow._src.core.tensor import host_scalar

    def number(v):
        return host_scalar(np.asarray(v, np.float32), tf.float32)

    x = tf.constant([1.0, -2.0])
    with strict_streams.count_transfers() as n:
        y = tf.math.divide_no_nan(x, number(4.0))
    assert (n["to_host"], n["to_device"]) == (0, 0) and y.numpy().tolist() == [0.25, -0.5]
    with strict_streams.count_transfers() as n:
        q, z = tf.math.divide_no_nan(number(3.0), number(2.0)), \
            tf.math.divide_no_nan(number(3.0), number(0.0))
    assert n["to_device"] == 2 and q.device.endswith("GPU:0")
    assert (q.numpy(), z.numpy()) == (1.5, 0.0)


def test_shapes_known_only_when_a_step_runs_stay_on_the_host(gpu):
    """A function traced for any batch size reads its shapes when it runs: Shape, Size and
    BroadcastGradientArgs on the host, their values passed as the reductions' axes and the
    reshapes' shapes where they are (TF's HostMemory inputs), with no copy of the tensors
    they measure and no copy of the shapes there and back (their int32 arithmetic runs on
    the host, as TF's GPU kernels for int32 keep it in host memory)."""
    w = tf.Variable(np.ones((3, 1), np.float32))

    @tf.function(input_signature=[tf.TensorSpec((None, 3)), tf.TensorSpec((None, 1))])
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(tf.matmul(x, w) - y))
        g = tape.gradient(loss, w)
        w.assign_sub(0.1 * g)
        return loss

    x, y = tf.constant(np.ones((4, 3), np.float32)), tf.constant(np.ones((4, 1), np.float32))
    step(x, y)
    with strict_streams.count_transfers(where=True) as n:
        step(x, y)
    # (the mean's count of elements, made on the host, goes to the device once: a copy to
    # the device waits for nothing there)
    assert n["to_host"] == 0 and n["to_device"] <= 1, n


def test_a_keras_lstm_fit_reads_back_only_its_logs(gpu):
    """Keras `fit` traces its step for any batch size: an LSTM's step reads no shape back."""
    model = tf.keras.Sequential([tf.keras.Input((5, 3)), tf.keras.layers.LSTM(4),
                                 tf.keras.layers.Dense(1)])
    model.compile("sgd", "mse")
    x, y = np.ones((8, 5, 3), np.float32), np.ones((8, 1), np.float32)
    model.fit(x, y, epochs=1, verbose=0)
    with strict_streams.count_transfers(where=True) as n:
        model.fit(x, y, epochs=1, verbose=0, batch_size=8)
    # (its logs, a stitch's and a gather's checks; it was 165 reads before shapes stayed)
    assert n["to_host"] <= 12, n


def test_a_dropout_step_reads_its_seed_back_once(gpu):
    """A Dropout draw's seed is read on the host (TF's stateless kernels take it in host
    memory): its Philox key and counter are made there and read there, not made on the
    device and read back."""
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(4),
                                 tf.keras.layers.Dropout(0.5), tf.keras.layers.Dense(1)])
    opt = tf.keras.optimizers.SGD(0.1)

    @tf.function
    def step(x, y):
        with tf.GradientTape() as tape:
            loss = tf.reduce_mean(tf.square(model(x, training=True) - y))
        grads = tape.gradient(loss, model.trainable_variables)
        opt.apply_gradients(zip(grads, model.trainable_variables))
        return loss

    n = _transfers(step, tf.ones([8, 4]), tf.ones([8, 1]))
    assert n["to_host"] <= 1, n  # (the seed)
