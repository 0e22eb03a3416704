"""tf.raw_ops' stateful generator ops on a GPU, checked on the strict stand-in.

TF's GPU kernels of StatefulUniform, StatefulUniformInt, StatefulUniformFullInt,
StatefulStandardNormalV2 and StatefulTruncatedNormal read the state variable's counter and
key on the device, draw there with Philox and move the counter on there (by 256 blocks a
value, as the CPU kernel does), so a draw from a GPU variable reads nothing back: here the
same, and the values are the CPU kernel's for the same state, bit for bit. The algorithm,
minval, maxval and a shape tensor are host inputs (TF's HostMemory ones)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.ops import philox

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
R = tf.raw_ops


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


def _variable(state, where):
    with tf.device(where):
        return tf.Variable(state, dtype=tf.int64)


def _on_gpu(x):
    """Whether a tensor or variable is GPU:0's, its array the device's."""
    return x.device == GPU0 and isinstance(x._arr, strict.StrictArray)


def _host_i32(value):
    """An int32 tensor of the host (Python numbers would be int64, the attr's default)."""
    with tf.device("/CPU:0"):
        return tf.constant(value, tf.int32)


DRAWS = {
    "uniform_f32": lambda h, a: R.StatefulUniform(resource=h, algorithm=a, shape=[3, 4]),
    "uniform_f64": lambda h, a: R.StatefulUniform(resource=h, algorithm=a, shape=[5],
                                                  dtype=tf.float64),
    "uniform_f16": lambda h, a: R.StatefulUniform(resource=h, algorithm=a, shape=[2, 3],
                                                  dtype=tf.float16),
    "uniform_bf16": lambda h, a: R.StatefulUniform(resource=h, algorithm=a, shape=[7],
                                                   dtype=tf.bfloat16),
    "normal_f32": lambda h, a: R.StatefulStandardNormalV2(resource=h, algorithm=a,
                                                          shape=[2, 3]),
    "normal_f64": lambda h, a: R.StatefulStandardNormalV2(resource=h, algorithm=a, shape=[5],
                                                          dtype=tf.float64),
    "normal_f16": lambda h, a: R.StatefulStandardNormalV2(resource=h, algorithm=a, shape=[7],
                                                          dtype=tf.float16),
    "truncated_f32": lambda h, a: R.StatefulTruncatedNormal(resource=h, algorithm=a,
                                                            shape=[9]),
    "truncated_f64": lambda h, a: R.StatefulTruncatedNormal(resource=h, algorithm=a,
                                                            shape=[5], dtype=tf.float64),
    "truncated_bf16": lambda h, a: R.StatefulTruncatedNormal(resource=h, algorithm=a,
                                                             shape=[2, 3], dtype=tf.bfloat16),
    "full_u64": lambda h, a: R.StatefulUniformFullInt(resource=h, algorithm=a, shape=[5],
                                                      dtype=tf.uint64),
    "full_i64": lambda h, a: R.StatefulUniformFullInt(resource=h, algorithm=a, shape=[3],
                                                      dtype=tf.int64),
    "full_u32": lambda h, a: R.StatefulUniformFullInt(resource=h, algorithm=a, shape=[2, 2],
                                                      dtype=tf.uint32),
    "full_i32": lambda h, a: R.StatefulUniformFullInt(resource=h, algorithm=a, shape=[5],
                                                      dtype=tf.int32),
    "int_i64": lambda h, a: R.StatefulUniformInt(resource=h, algorithm=a, shape=[3, 4],
                                                 minval=-3, maxval=100),
    "int_i64_wide": lambda h, a: R.StatefulUniformInt(resource=h, algorithm=a, shape=[4],
                                                      minval=-2**62, maxval=2**62),
    "int_i32": lambda h, a: R.StatefulUniformInt(resource=h, algorithm=a, shape=[5],
                                                 minval=_host_i32(-2**31),
                                                 maxval=_host_i32(2**31 - 1)),
    "empty": lambda h, a: R.StatefulUniform(resource=h, algorithm=a, shape=[0, 4]),
}
# (the second's counter wraps around both words, and its fourth word stays)
STATES = [(2002, 0, 7), (-3, -1, 9, 4)]


def _agree(name, got, want):
    """Bit for bit, but float64 normals: their Box-Muller takes the device's log, as TF's
    GPU kernel takes CUDA's (the host's is glibc's, as TF's CPU kernel), so now and then a
    value differs in its last place (float32 ones take glibc's log and sincos there too)."""
    if name.endswith("f64") and "normal" in name:
        np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=2**-51, atol=0)
    else:
        assert got.numpy().tobytes() == want.numpy().tobytes()


@pytest.mark.parametrize("state", STATES, ids=["plain", "wrapping"])
@pytest.mark.parametrize("alg", [1, 3], ids=["philox", "auto"])
@pytest.mark.parametrize("name", sorted(DRAWS))
def test_a_draw_from_a_gpu_variable_is_the_cpus_and_stays_on_the_device(name, alg, state):
    draw = DRAWS[name]
    cpu, gpu = _variable(list(state), "/CPU:0"), _variable(list(state), "/GPU:0")
    for _ in range(2):  # (the second draw starts from the state the first left)
        want, got = draw(cpu.handle, alg), draw(gpu.handle, alg)
        assert want.device == CPU0 and _on_gpu(got)
        assert (got.dtype, got.shape) == (want.dtype, want.shape)
        _agree(name, got, want)
        assert _on_gpu(gpu) and gpu.numpy().tolist() == cpu.numpy().tolist()


def test_the_state_moves_on_256_blocks_a_value_with_the_carry_on_the_device():
    v = _variable([-3, -1, 9, 4], "/GPU:0")
    R.StatefulUniformFullInt(resource=v.handle, algorithm=1, shape=[2], dtype=tf.int64)
    # (counter 2**128 - 3 + 512 wraps to 509: both words carry; the key and the rest stay)
    assert v.numpy().tolist() == [509, 0, 9, 4]
    R.StatefulUniform(resource=v.handle, algorithm=1, shape=[0])
    assert v.numpy().tolist() == [509, 0, 9, 4]  # (an empty draw leaves it)
    assert _on_gpu(v)


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_a_draw_reads_nothing_back(name):
    v = _variable([2002, 0, 7], "/GPU:0")
    DRAWS[name](v.handle, 1)
    with strict_streams.count_transfers() as n:
        out = DRAWS[name](v.handle, 1)
    assert n["to_host"] == 0 and _on_gpu(out) and _on_gpu(v)


def test_a_uniform_draw_copies_nothing_to_the_device():
    """Philox's kernel reads the key and counter from the state where it lives, and its
    multipliers and key schedule are constants of its C: nothing goes either way."""
    v = _variable([2002, 0, 7], "/GPU:0")
    with strict_streams.count_transfers() as n:
        R.StatefulUniform(resource=v.handle, algorithm=1, shape=[3, 4])
        R.StatefulUniformInt(resource=v.handle, algorithm=1, shape=[6], minval=0, maxval=9)
    assert (n["to_host"], n["to_device"]) == (0, 0)


@pytest.mark.parametrize("name, call", [
    ("uniform_f32", lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[70001])),
    ("normal_f64", lambda h: R.StatefulStandardNormalV2(resource=h, algorithm=1,
                                                        shape=[70001], dtype=tf.float64)),
    ("truncated_f32", lambda h: R.StatefulTruncatedNormal(resource=h, algorithm=1,
                                                          shape=[300001])),
    ("full_u64", lambda h: R.StatefulUniformFullInt(resource=h, algorithm=1, shape=[70001],
                                                    dtype=tf.uint64)),
])
def test_long_draws_computed_a_stretch_at_a_time_are_the_cpus(name, call):
    """Draws longer than a pass (philox's and the distributions' stretches), each stretch's
    counters offset from the device's counter."""
    state = [-5, 5, 11]  # (the low word 2**64 - 5: the blocks' counters carry into the high)
    cpu, gpu = _variable(state, "/CPU:0"), _variable(state, "/GPU:0")
    want, got = call(cpu.handle), call(gpu.handle)
    assert _on_gpu(got)
    _agree(name, got, want)
    assert gpu.numpy().tolist() == cpu.numpy().tolist()


def test_the_draw_runs_where_the_variable_lives_whatever_the_scope():
    """TF places an op taking a resource on the resource's device."""
    gpu, cpu = _variable([5, 0, 3], "/GPU:0"), _variable([5, 0, 3], "/CPU:0")
    with tf.device("/CPU:0"):
        on_gpu = R.StatefulStandardNormalV2(resource=gpu.handle, algorithm=1, shape=[4])
    on_cpu = R.StatefulStandardNormalV2(resource=cpu.handle, algorithm=1, shape=[4])
    assert _on_gpu(on_gpu) and _on_gpu(gpu)
    assert on_cpu.device == CPU0 and cpu.device == CPU0
    assert isinstance(cpu._arr, np.ndarray) and isinstance(on_cpu._arr, np.ndarray)
    assert on_gpu.numpy().tobytes() == on_cpu.numpy().tobytes()
    assert gpu.numpy().tolist() == cpu.numpy().tolist() == [5 + 4 * 256, 0, 3]


def test_a_shape_tensor_on_the_device_is_read_on_the_host_as_tf_s_host_memory_input():
    gpu, cpu = _variable([9, 0, 1], "/GPU:0"), _variable([9, 0, 1], "/CPU:0")
    shape = tf.constant([2, 3])
    assert _on_gpu(shape)
    with strict_streams.count_transfers() as n:
        got = R.StatefulUniform(resource=gpu.handle, algorithm=1, shape=shape)
    want = R.StatefulUniform(resource=cpu.handle, algorithm=1, shape=[2, 3])
    assert n["to_host"] == 1  # (the shape's read, no state's)
    assert _on_gpu(got) and got.numpy().tobytes() == want.numpy().tobytes()


def test_minval_and_maxval_on_the_device_are_each_read_back_once():
    """TF's GPU kernel takes them in host memory: a device's copies come to the host."""
    gpu, cpu = _variable([9, 0, 1], "/GPU:0"), _variable([9, 0, 1], "/CPU:0")
    lo, hi = tf.constant(-2**31, tf.int32), tf.constant(2**31 - 1, tf.int32)
    assert _on_gpu(lo) and _on_gpu(hi)
    with strict_streams.count_transfers() as n:
        got = R.StatefulUniformInt(resource=gpu.handle, algorithm=1, shape=[5], minval=lo,
                                   maxval=hi)
    want = R.StatefulUniformInt(resource=cpu.handle, algorithm=1, shape=[5],
                                minval=_host_i32(-2**31), maxval=_host_i32(2**31 - 1))
    assert n["to_host"] == 2 and got.dtype == tf.int32
    assert _on_gpu(got) and got.numpy().tolist() == want.numpy().tolist()


def test_traced_draws_stay_on_the_device_and_advance_the_state_as_the_cpus():
    def make(g):
        @tf.function
        def f():
            return (R.StatefulUniform(resource=g.handle, algorithm=1, shape=[3]),
                    R.StatefulTruncatedNormal(resource=g.handle, algorithm=1, shape=[2, 2],
                                              dtype=tf.float64),
                    R.StatefulUniformInt(resource=g.handle, algorithm=1, shape=[4],
                                         minval=0, maxval=10))
        return f

    gpu, cpu = _variable([3, 0, 9], "/GPU:0"), _variable([3, 0, 9], "/CPU:0")
    _traced_twice_agree(make, gpu, lambda: cpu)
    assert _on_gpu(gpu) and gpu.numpy().tolist() == cpu.numpy().tolist()


def _traced_twice_agree(make, gpu, make_cpu):
    """The second call of `make(gpu)`, a traced function of draws from a GPU state, reads
    nothing back and gives, on the device, the bits of the second call of the same
    function of the CPU's state (`make_cpu()`, made on CPU:0), which it returns."""
    f = make(gpu)
    f()
    with tf.device("/CPU:0"):
        cpu = make_cpu()
        g = make(cpu)
        g()
        want = g()
    with strict_streams.count_transfers() as n:
        got = f()
    assert n["to_host"] == 0
    for a, b in zip(got, want):
        assert _on_gpu(a) and a.numpy().tobytes() == b.numpy().tobytes()
    return cpu


def _error(f):
    with pytest.raises(tf.errors.OpError) as e:
        f()
    return type(e.value).__name__, e.value.message


def _on_the_gpu(error):
    """An error as the CPU's words it: a kernel's error names the device it ran on (GPU:0,
    the variable's); a refusal before placement (of an attr) names none."""
    name, message = error
    assert "device:CPU:0" not in message
    return name, message.replace("device:GPU:0", "device:CPU:0")


@pytest.mark.parametrize("call", [
    lambda h: R.StatefulUniform(resource=h, algorithm=2, shape=[2]),
    lambda h: R.StatefulUniform(resource=h, algorithm=0, shape=[2]),
    lambda h: R.StatefulUniform(resource=h, algorithm=[1], shape=[2]),
    lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[[2]]),
    lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[-2]),
    lambda h: R.StatefulUniform(resource=h, algorithm=1, shape=[2], dtype=tf.int32),
    lambda h: R.StatefulUniformFullInt(resource=h, algorithm=1, shape=[2], dtype=tf.float32),
    lambda h: R.StatefulUniformInt(resource=h, algorithm=2, shape=[0], minval=5, maxval=3),
    lambda h: R.StatefulUniformInt(resource=h, algorithm=1, shape=[-1], minval=[5], maxval=3),
    lambda h: R.StatefulTruncatedNormal(resource=h, algorithm=2, shape=[3]),
], ids=["threefry", "alg-0", "alg-shape", "shape-rank", "negative-dim", "int-uniform",
        "float-full-int", "empty-range", "minval-shape", "threefry-truncated"])
def test_errors_are_the_cpus_and_leave_the_state_on_the_device(call):
    gpu, cpu = _variable([2002, 0, 7], "/GPU:0"), _variable([2002, 0, 7], "/CPU:0")
    assert _on_the_gpu(_error(lambda: call(gpu.handle))) == _error(lambda: call(cpu.handle))
    assert _on_gpu(gpu) and gpu.numpy().tolist() == [2002, 0, 7]


@pytest.mark.parametrize("state, dtype, alg", [
    ([1, 2], tf.int64, 1), ([[1, 2, 3]], tf.int64, 7), (5, tf.int64, 1),
    ([1, 2, 3], tf.int32, 2)])
def test_state_variables_of_other_shapes_and_dtypes_are_refused_as_on_the_cpu(
        state, dtype, alg):
    def refusal(where):
        with tf.device(where):
            v = tf.Variable(state, dtype=dtype)
        return _error(lambda: R.StatefulUniform(resource=v.handle, algorithm=alg, shape=[2]))
    assert _on_the_gpu(refusal("/GPU:0")) == refusal("/CPU:0")


@pytest.mark.parametrize("key, counter", [
    (7, 2002), (2**64 - 1, 2**128 - 3), (0x0123456789ABCDEF, (2**64 - 2) | (5 << 64))])
def test_philox_reads_a_device_s_key_and_counter_as_the_host_s_ints(key, counter):
    """The device's key and (low, high) counter words give the blocks of the same ints,
    the counter's offsets carrying into its high word and wrapping at 2**128."""
    xp = strict.xp
    words = np.array([counter & (2**64 - 1), counter >> 64, key], np.uint64)
    on_device = xp.asarray(words)
    offsets = np.array([0, 1, 2, 3, 700, 2**40], np.uint64)
    got = philox.blocks_at(xp, on_device[2], on_device[:2], xp.asarray(offsets))
    want = philox.blocks_at(np, key, counter, offsets)
    np.testing.assert_array_equal(got.get(), want)
    np.testing.assert_array_equal(philox.blocks(xp, on_device[2], on_device[:2], 9, 3).get(),
                                  philox.blocks(np, key, counter, 9, 3))


# ---------------------------------------------------------------------------------------
# tf.random.Generator's methods on a GPU: as TF 2.21's, RngReadAndSkip on the state
# variable's device (alg and delta host inputs) gives a device key and counter, which the
# stateless V2 draws read there, so a draw reads nothing back (but StatelessRandomUniformIntV2's
# minval and maxval, made on the device and read on the host).
# ---------------------------------------------------------------------------------------

METHODS = {
    "normal_f32": lambda g: g.normal([2, 3]),
    "normal_f64": lambda g: g.normal([5], mean=2.0, stddev=3.0, dtype=tf.float64),
    "uniform_f32": lambda g: g.uniform([3, 4]),
    "uniform_f64": lambda g: g.uniform([5], minval=-1.0, maxval=4.0, dtype=tf.float64),
    "uniform_int": lambda g: g.uniform([4], minval=-3, maxval=100, dtype=tf.int64),
    "uniform_full_i32": lambda g: g.uniform([4], minval=None, dtype=tf.int32),
    "uniform_full_int": lambda g: g.uniform_full_int([5], dtype=tf.uint64),
    "truncated_f32": lambda g: g.truncated_normal([9]),
    "truncated_f64": lambda g: g.truncated_normal([2, 2], dtype=tf.float64),
    "empty": lambda g: g.normal([0, 3]),
}
# (a seed's state, and one whose counter wraps around both words)
SEEDS = [lambda: tf.random.Generator.from_seed(1),
         lambda: tf.random.Generator.from_state([-3, -1, 9], "philox")]


@pytest.mark.parametrize("make", SEEDS, ids=["seed", "wrapping"])
@pytest.mark.parametrize("name", sorted(METHODS))
def test_a_gpu_generator_draws_the_cpus_values_on_the_device(name, make):
    with tf.device("/CPU:0"):
        cpu = make()
    gpu = make()
    for _ in range(2):  # (the second draw starts from the state the first left)
        with tf.device("/CPU:0"):
            w = METHODS[name](cpu)
        got = METHODS[name](gpu)
        assert w.device == CPU0 and _on_gpu(got)
        assert (got.dtype, got.shape) == (w.dtype, w.shape)
        _agree(name, got, w)
        assert _on_gpu(gpu.state) and gpu.state.numpy().tolist() == cpu.state.numpy().tolist()


@pytest.mark.parametrize("name", sorted(METHODS))
def test_a_gpu_generator_s_draw_reads_nothing_back(name):
    g = tf.random.Generator.from_seed(1)
    METHODS[name](g)
    with strict_streams.count_transfers() as n:
        out = METHODS[name](g)
    # (an integer draw's minval and maxval are made in host memory, where its op reads
    # them: TF's HostMemory inputs)
    assert n["to_host"] == 0 and _on_gpu(out) and _on_gpu(g.state)


@pytest.mark.parametrize("delta", [0, 3, 2**56 + 5, 2**64 - 1])
def test_skip_advances_a_gpu_state_as_the_cpus_on_the_device(delta):
    """RngReadAndSkip's 128-bit sum on the device: delta * 256's high half and the low
    word's carry reach the counter's high word, wrapping at 2**128, as on the CPU."""
    with tf.device("/CPU:0"):
        cpu = tf.random.Generator.from_state([-3, -1, 9], "philox")
        want = cpu.skip(delta)
    gpu = tf.random.Generator.from_state([-3, -1, 9], "philox")
    with strict_streams.count_transfers() as n:
        got = gpu.skip(delta)
    assert n["to_host"] == 0 and _on_gpu(got) and _on_gpu(gpu.state)
    assert got.numpy().tolist() == want.numpy().tolist()
    assert gpu.state.numpy().tolist() == cpu.state.numpy().tolist()


def test_traced_generator_draws_stay_on_the_device_as_the_cpus():
    def make(g):
        @tf.function
        def f():
            return g.normal([3]), g.uniform([2], dtype=tf.float64), g.truncated_normal([4])
        return f

    gpu = tf.random.Generator.from_seed(5)
    cpu = _traced_twice_agree(make, gpu, lambda: tf.random.Generator.from_seed(5))
    assert _on_gpu(gpu.state) and gpu.state.numpy().tolist() == cpu.state.numpy().tolist()
