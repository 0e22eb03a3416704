"""Philox's device kernel (philox.cuda_source, random_cuda.py): the device's words and
draws are the CPU path's bit for bit, and a draw is one launch.

On the strict stand-in the kernel's CUDA C runs in backend/strict_cuda.py (its operators
checked against a C compiler in test_standin_c_bitwise.py); with
EAGERFLOW_REGISTRY_ON=gpu (tests/gpu_target.py) the same tests but the launch count run
on CuPy's GPU:0, where NVRTC compiles the C. The CPU path is NumPy's, and the words are
also checked against random_reference.py's plain-Python Philox."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict
from eagerflow._src.core import device as D
from eagerflow._src.ops import philox, random_reference
from tests.gpu_target import ON_GPU

pytestmark = pytest.mark.usefixtures("on_gpu")


@pytest.fixture
def xp():
    """The GPU's array module (the stand-in's, or CuPy's)."""
    return D.default_device().xp

M64, M128 = 2**64 - 1, 2**128 - 1
# (key, counter): plain, a key's high bits set, the lowest lane about to carry, the low
# 64-bit word about to carry into the high one, the whole counter about to wrap
STREAMS = [(0, 0), (0xFEDCBA9876543210, 5 << 64), (7, 2**32 - 2),
           (0x1234, (3 << 64) | (M64 - 2)), (M64, M128 - 1)]


def _reference(key, counter, n, start=0):
    s = random_reference.Stream(key, counter + start)
    return np.array([s.block() for _ in range(n)], np.uint32).reshape(n, 4)


@pytest.mark.parametrize("key, counter", STREAMS)
@pytest.mark.parametrize("n, start", [(1, 0), (3, 5), (37, 2**32 - 9), (0, 0)])
def test_device_blocks_are_the_cpus_and_the_references(xp, key, counter, n, start):
    got = philox.blocks(xp, key, counter, n, start)
    assert type(got) is not np.ndarray and got.dtype == np.uint32
    want = philox.blocks(np, key, counter, n, start)
    assert got.get().tobytes() == want.tobytes()
    assert want.tobytes() == _reference(key, counter, n, start).tobytes()


@pytest.mark.parametrize("key, counter", STREAMS)
def test_device_blocks_at_offsets_and_state_on_the_device(xp, key, counter):
    offsets = np.array([0, 9, 3, 2**33 + 1, M64, 1], np.uint64)
    want = philox.blocks_at(np, key, counter, offsets)
    got = philox.blocks_at(xp, key, counter, xp.asarray(offsets))
    assert got.get().tobytes() == want.tobytes()
    # a stateful op's state read where it lives: a 0-d key, a (low, high) counter
    dkey = xp.asarray(np.uint64(key))
    dctr = xp.asarray(np.array([counter & M64, counter >> 64], np.uint64))
    assert philox.blocks_at(xp, dkey, dctr, xp.asarray(offsets)).get().tobytes() == \
        want.tobytes()
    assert philox.blocks(xp, dkey, dctr, 11, 4).get().tobytes() == \
        philox.blocks(np, key, counter, 11, 4).tobytes()


SHAPES = [[0], [1], [3], [5], [7, 3], [33], [2, 0, 4]]
DRAWS = {
    "uniform": lambda shape, dt: tf.random.stateless_uniform(shape, [5, -3], dtype=dt),
    "uniform_range": lambda shape, dt: tf.random.stateless_uniform(shape, [1, 2], -2, 3,
                                                                   dtype=dt),
    "normal": lambda shape, dt: tf.random.stateless_normal(shape, [9, 2**31 - 1], dtype=dt),
    "truncated": lambda shape, dt: tf.random.stateless_truncated_normal(shape, [4, 4],
                                                                        dtype=dt),
}
# (float64 normals: the device's log is not the C library's: a last bit may differ, as
# it did before the kernel; their words are checked bit for bit above)
_ULP_ONLY = {("normal", tf.float64), ("truncated", tf.float64)}


@pytest.mark.parametrize("name", sorted(DRAWS))
@pytest.mark.parametrize("dtype", [tf.float32, tf.float64, tf.float16, tf.bfloat16])
@pytest.mark.parametrize("shape", SHAPES)
def test_stateless_draws_are_the_cpus_bit_for_bit(name, dtype, shape):
    got = DRAWS[name](shape, dtype)
    assert "GPU" in got.device and type(got._arr) is not np.ndarray
    with tf.device("/CPU:0"):
        want = DRAWS[name](shape, dtype)
    assert got.dtype == want.dtype and got.shape == want.shape
    if (name, dtype) in _ULP_ONLY:
        np.testing.assert_array_max_ulp(got.numpy(), want.numpy(), 1)
    else:
        assert got.numpy().tobytes() == want.numpy().tobytes()


@pytest.mark.parametrize("dtype", [tf.int32, tf.int64, tf.uint32, tf.uint64])
def test_stateless_integers_are_the_cpus(dtype):
    bounds = (None, None) if dtype in (tf.uint32, tf.uint64) else (-7, 1000)
    got = tf.random.stateless_uniform([13], [3, 8], *bounds, dtype=dtype)
    with tf.device("/CPU:0"):
        want = tf.random.stateless_uniform([13], [3, 8], *bounds, dtype=dtype)
    assert got.numpy().tolist() == want.numpy().tolist()


def _generator_draws(device):
    with tf.device(device):
        g = tf.random.Generator.from_seed(1234)
        return [g.normal([5, 3]), g.uniform([7]), g.truncated_normal([6]),
                g.uniform([9], 0, 100, tf.int64), g.normal([2], dtype=tf.float16),
                g.uniform([3], dtype=tf.float64), g.uniform_full_int([5], tf.uint32)]


def test_a_generators_draws_are_the_cpus():
    got, want = _generator_draws("/GPU:0"), _generator_draws("/CPU:0")
    for a, b in zip(got, want):
        assert "GPU" in a.device
        assert a.dtype == b.dtype and a.numpy().tobytes() == b.numpy().tobytes()


def _launches(fn):
    fn()  # (tables go to the device on a first draw)
    with strict.count_launches() as n:
        fn()
    return n


@pytest.mark.skipif(ON_GPU, reason="the stand-in counts launches")
def test_a_draw_is_one_launch(xp):
    assert _launches(lambda: philox.blocks(xp, 3, 4, 1000)) == {"kernel": 1, "total": 1}
    assert _launches(lambda: philox.blocks_at(xp, 3, 4, xp.asarray(
        np.arange(9, dtype=np.uint64)))) == {"kernel": 1, "total": 1}
    key, counter = tf.raw_ops.StatelessRandomGetKeyCounter(seed=[1, 2])
    for op, dtype in [(tf.raw_ops.StatelessRandomUniformV2, tf.float32),
                      (tf.raw_ops.StatelessRandomUniformV2, tf.float64),
                      (tf.raw_ops.StatelessRandomNormalV2, tf.float32)]:
        assert _launches(lambda: op(shape=[32, 128], key=key, counter=counter, alg=1,
                                    dtype=dtype)) == {"kernel": 1, "total": 1}
    assert _launches(lambda: tf.random.uniform([31])) == {"kernel": 1, "total": 1}
    # (the wrappers' mean and standard deviation, or range: TF's own ops after the draw)
    assert _launches(lambda: tf.random.normal([32, 128])) == \
        {"kernel": 1, "elementwise": 2, "total": 3}
    x = tf.ones([32, 128])
    assert _launches(lambda: tf.nn.dropout(x, 0.5))["total"] <= 4


def _carrying_generator(device):
    """A Generator whose counter's low word carries on its next draws."""
    with tf.device(device):
        g = tf.random.Generator.from_state([-300, 5, 77], "philox")
        draws = [g.normal([3]), g.uniform([5]), g.normal([4], dtype=tf.float64)]
        return draws, g.state.numpy()


def test_a_generators_counter_carries_as_the_cpus():
    (got, got_state), (want, want_state) = (_carrying_generator("/GPU:0"),
                                            _carrying_generator("/CPU:0"))
    assert got_state.tolist() == want_state.tolist()
    assert want_state[1] == 6  # (the low word carried into the high one)
    for a, b in zip(got, want):
        assert a.numpy().tobytes() == b.numpy().tobytes()


@pytest.mark.skipif(ON_GPU, reason="the stand-in counts launches")
def test_a_generators_state_moves_in_one_launch(xp):
    g = tf.random.Generator.from_seed(5)
    # (RngReadAndSkip's old key and counter and the new state; then the variable's write)
    assert _launches(lambda: g.skip(3)) == {"kernel": 1, "copy": 1, "total": 2}


@pytest.mark.skipif(ON_GPU, reason="the stand-in counts launches")
def test_a_stateful_ops_draw_and_state_move_are_two_launches(xp):
    v = tf.Variable([1, 2, 3], dtype=tf.int64)
    for op in (tf.raw_ops.StatefulUniform, tf.raw_ops.StatefulStandardNormalV2):
        # (the draw's kernel, the state's move, then the variable's write)
        assert _launches(lambda: op(resource=v.handle, algorithm=1, shape=[32, 128])) == \
            {"kernel": 2, "copy": 1, "total": 3}
