"""tf.function's generated code on a GPU (graph/codegen.py's device path, through
graph/device_program.py), on the strict stand-in posing as one: ops placed when the code
is written as eager ops are placed at run time, copies between the host and the device
made once per call, results equal to the CPU's, and errors naming the failing node."""

import re

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import numpy as cpu_backend
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device as D
from eagerflow._src.graph import device_program as DP
from tests.function.graph_error_cases import CASES, raise_case


@pytest.fixture
def gpu():
    with D.standin_gpus(1):
        yield


def _program(fn, *args):
    fn(*args)
    cf = fn.get_concrete_function(*args)
    return cf._on_device[(D.current_device().canonical, False)]


def test_host_only_ops_run_on_the_cpu_inside_the_generated_step(gpu):
    @tf.function
    def f(x):
        y = tf.exp(x)
        s = tf.strings.as_string(y, precision=3)   # a string out: CPU:0
        n = tf.strings.to_number(s)                # a string in: CPU:0
        return y * n, s

    x = tf.constant([0.0, 1.0, 2.0])
    prog = _program(f, x)
    assert "with _oncpu():" in prog.source and "run_on" not in prog.source
    with strict_streams.count_transfers() as moved:
        prod, s = f(x)
    # y read back once for the strings, n copied over once for the product
    assert (moved["to_host"], moved["to_device"]) == (1, 1)
    assert prod.device.endswith("GPU:0") and s.device.endswith("CPU:0")
    with tf.device("/cpu:0"):
        want_prod, want_s = f(tf.constant([0.0, 1.0, 2.0]))
    np.testing.assert_allclose(prod.numpy(), want_prod.numpy(), rtol=1e-6)
    assert s.numpy().tolist() == want_s.numpy().tolist() == [b"1.000", b"2.718", b"7.389"]


def test_a_host_input_read_by_several_ops_is_copied_once(gpu):
    @tf.function
    def f(x, w):
        return tf.matmul(x, w) + tf.reduce_sum(x) + tf.transpose(x)

    with tf.device("/cpu:0"):
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
    w = tf.constant([[0.5, 0.0], [0.0, 2.0]])
    f(x, w)
    with strict_streams.count_transfers() as moved:
        got = f(x, w)
    assert (moved["to_host"], moved["to_device"]) == (0, 1)
    assert got.device.endswith("GPU:0")
    xs = np.array([[1.0, 2.0], [3.0, 4.0]])
    np.testing.assert_allclose(got.numpy(), xs @ [[0.5, 0.0], [0.0, 2.0]] + 10.0 + xs.T)


def test_constants_are_copied_when_the_code_is_made(gpu):
    @tf.function
    def f(x):
        return tf.matmul(x, tf.constant([[2.0, 0.0], [0.0, 3.0]])) * 2.0, tf.constant([7, 8])

    x = tf.constant([[1.0, 1.0], [1.0, 1.0]])
    f(x)
    with strict_streams.count_transfers() as moved:
        y, c = f(x)
    assert (moved["to_host"], moved["to_device"]) == (0, 0)
    np.testing.assert_allclose(y.numpy(), [[4.0, 6.0], [4.0, 6.0]])
    assert c.device.endswith("GPU:0") and c.numpy().tolist() == [7, 8]


def test_each_op_is_one_kernel_call_and_one_type_test(gpu):
    """What keeps the per-call cost down: no dispatch per op, only the kernel's call and
    a test that it returned the device's array (a scalar is made one)."""
    @tf.function
    def f(x):
        return tf.tanh(tf.matmul(x, x))

    prog = _program(f, tf.constant([[1.0, 2.0], [3.0, 4.0]]))
    body = [ln.strip() for ln in prog.source.splitlines()[2:-3]]
    assert [re.sub(r"\d+", "N", ln) for ln in body] == [
        "tN = _todev(aN)",
        "tN = _kN(_xp, tN, tN, transpose_a=_aN, transpose_b=_aN)",
        "if type(tN) is not _AT: tN = _res(tN)  # MatMul 'MatMul'",
        "tN = _kN(_xp, tN)",
        "if type(tN) is not _AT: tN = _res(tN)  # Tanh 'Tanh'",
    ]


def test_a_kernel_returning_a_scalar_gives_a_device_array(gpu):
    @tf.function
    def f(x):
        return tf.size(x), tf.rank(x)

    size, rank = f(tf.constant([[1.0, 2.0, 3.0]]))
    assert size.device.endswith("GPU:0") and int(size) == 3 and int(rank) == 2


# (cases failing on a GPU too: TF's GPU gather makes no index check, nor does eagerflow's)
@pytest.mark.parametrize("case", ["broadcast_at_run_time", "lambda_broadcast_at_run_time",
                                  "sparse_out_of_bounds"])
def test_errors_name_the_failing_node(gpu, case):
    cls, text = raise_case(tf, CASES[case])
    assert cls == "InvalidArgumentError", text
    head = "{{function_node __inference_<lambda>_" if case.startswith("lambda") else \
        "Graph execution error:\n\nDetected at node "
    assert text.startswith(head), text
    assert re.search(r"\n\t \[\[\{\{node \S+\}\}\]\] \[Op:__inference_\S+_\d+\]$", text), text


def test_a_fused_chains_refusal_is_its_first_failing_ops(gpu):
    # (one kernel broadcasts all the chain's operands; TF's Mul fails first, on its own two)
    program = _program(tf.function(lambda a, b: tf.exp(a * 2.0) * b + b),
                       tf.ones([2, 3]), tf.ones([2, 3]))
    assert program.groups, "the chain is not fused: the test tests nothing"
    cls, text = raise_case(tf, CASES["chain_broadcast_at_run_time"])
    assert cls == "InvalidArgumentError", text
    assert text.startswith("Graph execution error:\n\nDetected at node mul_1 "), text
    assert "\nIncompatible shapes: [2] vs. [2,3]\n\t [[{{node mul_1}}]]" in text, text


def test_a_workspace_past_the_memory_limit_is_tf_resource_exhausted(gpu):
    @tf.function
    def f(x, k):
        return tf.nn.conv2d(x, k, 1, "SAME")

    x, k = tf.ones([1, 8, 8, 4]), tf.ones([3, 3, 4, 2])
    np.testing.assert_allclose(f(x, k).numpy()[0, 3, 3], [36.0, 36.0])
    saved = list(cpu_backend.MEM_LIMIT)
    cpu_backend.MEM_LIMIT[:] = [1 << 10]
    try:
        with pytest.raises(tf.errors.ResourceExhaustedError) as e:
            f(x, k)
    finally:
        cpu_backend.MEM_LIMIT[:] = saved
    assert "OOM when allocating a temporary of Conv2D" in e.value.message
    assert re.search(r"\[\[\{\{node Conv2D\}\}\]\] \[Op:__inference_f_\d+\]$", e.value.message)


def test_a_function_run_on_the_host_reads_and_updates_the_gpus_variables(gpu):
    # (a tf.function called under tf.device("/CPU:0") is code for the host: a variable
    # made on the GPU is copied over where it is read, and stays on the GPU, as in TF)
    v = tf.Variable([3.0, 4.0])
    opt = tf.keras.optimizers.SGD(0.5)

    @tf.function
    def step(x):
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(x * v * v)
        opt.apply_gradients([(tape.gradient(loss, v), v)])
        return loss, v * 2.0

    with tf.device("/CPU:0"):
        x = tf.constant([1.0, 0.5])
        loss, doubled = step(x)
    assert loss.device.endswith("CPU:0") and doubled.device.endswith("CPU:0")
    assert v.device.endswith("GPU:0") and type(v._arr) is strict.StrictArray
    want = np.array([3.0, 4.0]) - 0.5 * 2 * np.array([1.0, 0.5]) * [3.0, 4.0]
    np.testing.assert_allclose(loss.numpy(), 9.0 + 8.0)
    np.testing.assert_allclose(doubled.numpy(), want * 2.0)
    np.testing.assert_allclose(v.numpy(), want)


def test_a_broadcast_gradient_over_ones_copies_nothing(gpu, monkeypatch):
    monkeypatch.setattr(DP, "CUDA_GRAPHS", [False])  # (the program's own launches counted)
    # a batch norm's (1, 1, 1, C) statistic times its (C,) scale: the scale's gradient sums
    # over axes of one value, which the generated code now reshapes instead of copying
    @tf.function
    def f(x, gamma):
        with tf.GradientTape() as tape:
            tape.watch(gamma)
            m = tf.reduce_mean(x, axis=[0, 1, 2], keepdims=True)
            y = tf.reduce_sum(tf.exp(m * gamma))
        return tape.gradient(y, gamma)

    rng = np.random.default_rng(3)
    x = tf.constant(rng.normal(size=(2, 3, 3, 4)).astype(np.float32))
    gamma = tf.constant(rng.normal(size=(4,)).astype(np.float32))
    prog = _program(f, x, gamma)
    assert "# Sum" not in prog.source, prog.source
    with strict.count_launches() as launches:
        got = f(x, gamma)
    with tf.device("/cpu:0"):
        want = f(x, gamma)
    assert launches["copy"] == 0, launches
    assert got.numpy().tobytes() == want.numpy().tobytes()
