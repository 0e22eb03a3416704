"""The eager fast paths of an op on a device and of the tape (ops/dispatch.py's
_bind_on_device and _device_outputs, autodiff/tape.py's _record and _backward) against
the general path they stand in for: inputs from another device, host numbers, list
inputs, ops of several outputs (some not differentiable), nested tapes, a tensor used
twice, IndexedSlices."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device


@pytest.fixture
def gpu():
    with device.standin_gpus(2):
        yield


def _on(name, value):
    with tf.device(name):
        return tf.constant(value)


def test_inputs_from_the_host_or_another_gpu_are_copied_to_the_op(gpu):
    a = _on("/CPU:0", [1.0, 2.0])
    b = _on("/GPU:1", [3.0, 4.0])
    c = _on("/GPU:0", [5.0, 6.0])
    with tf.device("/GPU:0"):
        for x, y in [(a, c), (c, a), (b, c), (c, b)]:
            with strict_streams.count_transfers() as moved:
                out = x + y
            assert out.device.endswith("GPU:0") and strict.BACKEND.holds(out._arr, 0)
            assert moved["to_device"] == (a is x or a is y)  # (GPU:1's a peer copy)
            np.testing.assert_allclose(out.numpy(), x.numpy() + y.numpy())
        s = tf.add_n([c, a, b])  # (a list of inputs)
    assert s.device.endswith("GPU:0")
    np.testing.assert_allclose(s.numpy(), [9.0, 12.0])


def test_a_host_number_is_a_scalar_argument_without_a_copy(gpu):
    x = _on("/GPU:0", [1.0, -2.0])
    x * 2.0
    with strict_streams.count_transfers() as moved:
        y = x * 2.0
        z = tf.maximum(x, 0.0)
    assert moved["to_device"] == 0 and moved["to_host"] == 0
    assert y.device.endswith("GPU:0") and y.dtype == tf.float32
    np.testing.assert_allclose(y.numpy(), [2.0, -4.0])
    np.testing.assert_allclose(z.numpy(), [1.0, 0.0])


def test_ops_of_several_outputs_on_the_device(gpu):
    x = _on("/GPU:0", [[3.0, 1.0, 2.0], [0.5, 4.0, 1.5]])
    parts = tf.split(x, 3, axis=1)
    assert [p.device[-5:] for p in parts] == ["GPU:0"] * 3
    np.testing.assert_allclose(tf.concat(parts, 1).numpy(), x.numpy())
    values, indices = tf.math.top_k(x, 2)
    assert values.dtype == tf.float32 and indices.dtype == tf.int32
    assert values.device.endswith("GPU:0") and indices.device.endswith("GPU:0")
    np.testing.assert_array_equal(indices.numpy(), [[0, 2], [1, 2]])
    # an input from the host: the general path, the same answer
    h = _on("/CPU:0", x.numpy())
    with tf.device("/GPU:0"):
        again = tf.math.top_k(h, 2)
    assert again[0].device.endswith("GPU:0")
    np.testing.assert_array_equal(again[1].numpy(), indices.numpy())


@pytest.mark.parametrize("where", ["/CPU:0", "/GPU:0"])
def test_a_multi_output_op_under_nested_tapes(where):
    with device.standin_gpus(1), tf.device(where):
        x = tf.constant([[3.0, 1.0, 2.0]])
        with tf.GradientTape() as outer:
            outer.watch(x)
            with tf.GradientTape() as inner:
                inner.watch(x)
                values, indices = tf.math.top_k(x * x, 2)
                y = tf.reduce_sum(values)
            g = inner.gradient(y, x)
            gg = tf.reduce_sum(g * g)
        np.testing.assert_allclose(g.numpy(), [[6.0, 0.0, 4.0]])
        np.testing.assert_allclose(outer.gradient(gg, x).numpy(), [[24.0, 0.0, 16.0]])


@pytest.mark.parametrize("where", ["/CPU:0", "/GPU:0"])
def test_gradients_of_a_tensor_used_twice_are_summed(where):
    with device.standin_gpus(1), tf.device(where):
        x = tf.constant([1.0, 2.0])
        v = tf.Variable([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = x + x  # (the gradient function hands one tensor to both inputs)
            rows = tf.gather(v, [0, 2]) + tf.gather(v, [2])
            z = tf.reduce_sum(y * y) + tf.reduce_sum(rows)
        np.testing.assert_allclose(tape.gradient(z, x).numpy(), [8.0, 16.0])
        gv = tape.gradient(z, v)
        assert isinstance(gv, tf.IndexedSlices)
        np.testing.assert_allclose(tf.convert_to_tensor(gv).numpy(),
                                   [[1.0, 1.0], [0.0, 0.0], [3.0, 3.0]])
        unconnected = tape.gradient(z, [tf.constant(1.0)],
                                    unconnected_gradients=tf.UnconnectedGradients.ZERO)
        assert float(unconnected[0]) == 0.0


# Two-input ops whose result's shape or dtype `infer` computes (a product, a broadcast, a
# comparison): binary()'s device path runs them itself with infer's answer, as the CPU's.
_INFERRED = [
    ("matmul", lambda a, b: tf.matmul(a, b), (2, 3), (3, 4)),
    ("@", lambda a, b: a @ b, (2, 3), (3, 4)),
    ("broadcast add", lambda a, b: a + b, (2, 3), (3,)),
    ("scalar times", lambda a, b: a * b, (2, 3), ()),
    ("less", lambda a, b: tf.less(a, b), (2, 3), (2, 1)),
]


@pytest.mark.parametrize("fn, sa, sb", [c[1:] for c in _INFERRED], ids=[c[0] for c in _INFERRED])
def test_inferred_binary_ops_run_in_their_device_path_as_on_the_host(gpu, monkeypatch, fn,
                                                                      sa, sb):
    from eagerflow._src.ops import dispatch

    rng = np.random.default_rng(0)
    a = rng.normal(size=sa).astype("float32")
    b = rng.normal(size=sb).astype("float32")
    host = fn(_on("/CPU:0", a), _on("/CPU:0", b))
    x, y = _on("/GPU:0", a), _on("/GPU:0", b)

    def general(*args, **kwargs):
        raise AssertionError("the general path ran")

    monkeypatch.setattr(dispatch, "_bind_on_device", general)
    with tf.device("/GPU:0"), strict_streams.count_transfers() as moved:
        out = fn(x, y)
    monkeypatch.undo()
    assert moved["to_device"] == 0 and moved["to_host"] == 0
    assert out.device.endswith("GPU:0") and strict.BACKEND.holds(out._arr, 0)
    assert out.dtype == host.dtype and out.shape == host.shape
    np.testing.assert_allclose(out.numpy(), host.numpy(), rtol=1e-6)
    # an operand from the host: the general path, the same answer
    with tf.device("/GPU:0"):
        again = fn(_on("/CPU:0", a), y)
    assert again.device.endswith("GPU:0")
    np.testing.assert_allclose(again.numpy(), host.numpy(), rtol=1e-6)


def test_a_device_product_under_a_tape_and_its_refusals(gpu):
    a = np.arange(6, dtype="float32").reshape(2, 3)
    b = np.arange(12, dtype="float32").reshape(3, 4) / 10
    with tf.device("/GPU:0"):
        x, y = tf.constant(a), tf.constant(b)
        with tf.GradientTape() as tape:
            tape.watch(x)
            loss = tf.reduce_sum(tf.matmul(x, y) * 2.0)
        np.testing.assert_allclose(tape.gradient(loss, x).numpy(),
                                   np.broadcast_to(2 * b.sum(1), (2, 3)), rtol=1e-6)
        # (infer's refusal, worded as the device's kernel: TF 2.21's message on a GPU)
        with pytest.raises(tf.errors.InvalidArgumentError, match=r"^\{\{function_node "
                           r"__wrapped__MatMul_device_/job:localhost/replica:0/task:0/device:"
                           r"GPU:0\}\} Matrix size-incompatible: In\[0\]: \[2,3\], In\[1\]: "
                           r"\[2,3\] \[Op:MatMul\] name: $"):
            tf.matmul(x, x)
        with pytest.raises(tf.errors.InvalidArgumentError, match="Incompatible shapes: "
                           r"\[2,3\] vs. \[3,4\] \[Op:AddV2\]"):
            x + y
