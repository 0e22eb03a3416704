"""tf.function's calls replayed as CUDA graphs (graph/device_program.py's GraphReplay), on
the strict stand-in's emulation of CuPy's capture: replays equal the ordinary path's
results call after call, a program the backend refuses to capture (cuBLAS, a host
transfer) or that cannot be captured (host ops, state, control flow) runs as it is,
and new shapes and reassigned variables are captured anew."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.core import device as D
from eagerflow._src.graph import device_program as DP


@pytest.fixture
def gpu():
    DP.CUDA_GRAPHS[0] = True
    try:
        with D.standin_gpus(1):
            yield
    finally:
        DP.CUDA_GRAPHS[0] = False


def _replay(fn, *args):
    cf = fn.get_concrete_function(*args)
    return cf._on_device[(D.current_device().canonical, False)].replay


def _elementwise(x, y):
    z = tf.nn.relu(x * 2.0 + y)
    return tf.reduce_sum(tf.tanh(z) - y, axis=0), tf.transpose(z) * 0.5


def _reference(fn, *arrays):
    with tf.device("/cpu:0"):
        return [t.numpy() for t in fn(*[tf.constant(a) for a in arrays])]


def test_replays_equal_the_ordinary_path_call_after_call(gpu):
    f = tf.function(_elementwise)
    rng = np.random.default_rng(0)
    for k in range(5):
        x, y = rng.normal(size=(3, 4)).astype(np.float32), rng.normal(size=(4,)).astype(
            np.float32)
        got = f(tf.constant(x), tf.constant(y))
        for a, b in zip(got, _reference(_elementwise, x, y)):
            assert a.device.endswith("GPU:0")
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-6)
    r = _replay(f, tf.constant(x), tf.constant(y))
    # run once, captured and launched on the second call, replayed on the other three
    assert r.refused is None and (r.captures, r.launches) == (1, 4)


def test_outputs_are_copies_a_later_replay_leaves_alone(gpu):
    f = tf.function(lambda x: x * 3.0)
    outs = [f(tf.constant([float(k)])) for k in range(4)]
    assert [o.numpy().tolist() for o in outs] == [[0.0], [3.0], [6.0], [9.0]]


def test_a_new_shape_is_captured_anew(gpu):
    f = tf.function(_elementwise, input_signature=[tf.TensorSpec([None, 3]),
                                                   tf.TensorSpec([3])])
    shapes = [(2, 3), (2, 3), (5, 3), (5, 3), (2, 3), (5, 3)]
    for rows, cols in shapes:
        x = np.arange(rows * cols, dtype=np.float32).reshape(rows, cols) / 7.0
        y = np.linspace(-1, 1, cols).astype(np.float32)
        got = f(tf.constant(x), tf.constant(y))
        for a, b in zip(got, _reference(_elementwise, x, y)):
            np.testing.assert_allclose(a.numpy(), b, rtol=1e-6)
    r = _replay(f, tf.constant(x), tf.constant(y))
    assert (r.captures, r.launches, len(r.graphs)) == (2, 4, 2)  # one program, two graphs


def test_a_refused_capture_falls_back_for_good(gpu):
    @tf.function
    def f(x, w):
        return tf.tanh(tf.matmul(x, w))  # cuBLAS: CuPy 14 refuses it while capturing

    x, w = tf.constant([[1.0, 2.0]]), tf.constant([[0.5], [0.25]])
    for _ in range(4):
        np.testing.assert_allclose(f(x, w).numpy(), np.tanh([[1.0]]), rtol=1e-6)
    r = _replay(f, x, w)
    assert r.refused == ("NotImplementedError: calling cuBLAS API during stream capture "
                         "is currently unsupported")
    assert (r.captures, r.launches) == (0, 0)

    @tf.function
    def g(i, j):
        return tf.matmul(i, j) + 1  # integers: CuPy's own kernel, captured
    i = tf.constant([[1, 2], [3, 4]])
    for _ in range(3):
        assert g(i, i).numpy().tolist() == [[8, 11], [16, 23]]
    assert _replay(g, i, i).launches == 2


def test_programs_with_host_work_state_or_control_flow_are_not_captured(gpu):
    cases = {
        "AsString runs on the host": lambda x: tf.strings.as_string(x),
        "RandomUniform is stateful": lambda x: x + tf.random.uniform([2]),
        "While runs sub-graphs": lambda x: tf.while_loop(lambda v: tf.reduce_sum(v) < 10.0,
                                                         lambda v: (v * 2.0,), [x])[0],
    }
    x = tf.constant([1.0, 2.0])
    for why, fn in cases.items():
        f = tf.function(fn)
        for _ in range(3):
            f(x)
        r = _replay(f, x)
        assert r.refused is not None and r.refused.endswith(why.split(" ", 1)[1]), r.refused
        assert r.captures == 0


def test_an_input_on_the_host_runs_the_ordinary_path(gpu):
    f = tf.function(lambda x: x + 1.0)
    with tf.device("/cpu:0"):
        x = tf.constant([1.0])
    for _ in range(3):
        assert f(x).numpy().tolist() == [2.0]
    assert _replay(f, x).captures == 0 and _replay(f, x).refused is None


def test_variables_read_are_checked_and_captured_anew_when_assigned(gpu):
    v = tf.Variable([1.0, 2.0])
    f = tf.function(lambda x: x * v)
    x = tf.constant([3.0, 4.0])
    assert f(x).numpy().tolist() == [3.0, 8.0]
    assert f(x).numpy().tolist() == [3.0, 8.0]   # captured
    assert f(x).numpy().tolist() == [3.0, 8.0]   # replayed
    v.assign([10.0, 20.0])                       # a new array: the graph read the old one
    assert f(x).numpy().tolist() == [30.0, 80.0]
    assert f(x).numpy().tolist() == [30.0, 80.0]
    r = _replay(f, x)
    assert (r.captures, r.launches, r.recaptures) == (2, 4, 1)
    for k in range(DP.MAX_RECAPTURES):
        v.assign([float(k), 1.0])
        assert f(x).numpy().tolist() == [3.0 * k, 4.0]
    assert r.refused == "the variables it reads are assigned between calls"


def test_switched_off_by_default():
    assert DP.CUDA_GRAPHS == [False]  # (EAGERFLOW_CUDA_GRAPHS unset in the test run)
    with D.standin_gpus(1):
        f = tf.function(lambda x: x + 1.0)
        x = tf.constant([1.0])
        f(x)
        assert _replay(f, x) is None
