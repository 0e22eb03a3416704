"""tf.random's stateless draws on a GPU, checked on the strict stand-in.

TF's GPU kernel of StatelessRandomGetKeyCounter keeps the seed, key and counter in host
memory, and the V2 draws take the algorithm (and an integer draw's minval and maxval) in
host memory too: a seed given as Python numbers is never on the device, and the draw
copies only what the device computes with. Here the same: the seed, its key and counter,
the algorithm and the integer bounds are made on the host, so a draw reads nothing back,
and its values are the CPU's, bit for bit. A kernel's constant tables (glibc's logf and
sincosf, which the normal draws compute with) go to the device once, not every draw."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.backend import strict, strict_streams

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"


pytestmark = pytest.mark.usefixtures("standin_gpu")  # (tests/backend/conftest.py)


DRAWS = {
    "uniform_f32": lambda s: tf.random.stateless_uniform([3, 4], s),
    "uniform_f64": lambda s: tf.random.stateless_uniform([5], s, -2.0, 3.0, tf.float64),
    "uniform_i32": lambda s: tf.random.stateless_uniform([6], s, -5, 9, tf.int32),
    "uniform_i64": lambda s: tf.random.stateless_uniform([6], s, -2**40, 2**40, tf.int64),
    "uniform_full": lambda s: tf.random.stateless_uniform([4], s, None, None, tf.uint32),
    "normal_f32": lambda s: tf.random.stateless_normal([2, 5], s),
    "truncated_f32": lambda s: tf.random.stateless_truncated_normal([7], s),
}
# (the copies to the device a draw makes: a float draw's minval and maxval, which its
# arithmetic reads there, as TF copies them; philox's key and counter go as the kernel's
# scalar arguments, no copy)
COPIES = {"uniform_f32": 2, "uniform_f64": 2, "normal_f32": 2, "truncated_f32": 2}


@pytest.mark.parametrize("name", sorted(DRAWS))
def test_a_draw_reads_nothing_back_and_is_the_cpus(name):
    seed = [7, 11]
    DRAWS[name](seed)  # (a kernel's tables go to the device on its first draw)
    with strict_streams.count_transfers() as n:
        got = DRAWS[name](seed)
    assert n["to_host"] == 0 and n["to_device"] == COPIES.get(name, 0)
    assert got.device == GPU0 and isinstance(got._arr, strict.StrictArray)
    with tf.device("/CPU:0"):
        want = DRAWS[name](seed)
    assert got.dtype == want.dtype
    assert got.numpy().tobytes() == want.numpy().tobytes()


def test_a_seed_on_the_device_is_read_back_once_as_tfs_host_memory_input():
    seed = tf.constant([3, 4], tf.int64)
    assert seed.device == GPU0
    with strict_streams.count_transfers() as n:
        got = tf.random.stateless_uniform([4], seed, 0, 10, tf.int64)
    assert n["to_host"] == 1
    with tf.device("/CPU:0"):
        want = tf.random.stateless_uniform([4], [3, 4], 0, 10, tf.int64)
    assert got.numpy().tolist() == want.numpy().tolist()


def test_bounds_on_the_device_are_read_back_and_give_the_cpus_values():
    lo, hi = tf.constant(-3, tf.int32), tf.constant(40, tf.int32)
    with strict_streams.count_transfers() as n:
        got = tf.random.stateless_uniform([5], [1, 2], lo, hi, tf.int32)
    assert n["to_host"] == 2 and got.device == GPU0
    with tf.device("/CPU:0"):
        want = tf.random.stateless_uniform([5], [1, 2], -3, 40, tf.int32)
    assert got.numpy().tolist() == want.numpy().tolist()


def test_an_empty_range_raises_tfs_error_on_the_device():
    with pytest.raises(tf.errors.InvalidArgumentError, match="Need minval < maxval, got 5 >= 5"):
        tf.random.stateless_uniform([2], [1, 2], 5, 5, tf.int32)


def test_a_seed_of_the_wrong_shape_raises_tfs_error_on_the_device():
    with pytest.raises(tf.errors.InvalidArgumentError, match="seed must have shape"):
        tf.random.stateless_uniform([2], [1, 2, 3])


def test_traced_draws_stay_on_the_device_and_are_the_eager_ones():
    f = tf.function(lambda s: tf.random.stateless_uniform([3], s, 0, 100, tf.int32))
    seed = np.array([5, 6], np.int64)
    got = f(seed)
    assert got.device == GPU0
    assert got.numpy().tolist() == tf.random.stateless_uniform([3], [5, 6], 0, 100,
                                                               tf.int32).numpy().tolist()


def test_a_kernels_table_goes_to_each_device_once():
    from eagerflow._src.backend import table

    host = np.arange(4, dtype=np.float32)
    xp = strict.xp
    first = table(xp, host)
    with strict_streams.count_transfers() as n:
        again = table(xp, host)
    assert again is first and n["to_device"] == 0
    assert table(np, host) is host
    np.testing.assert_array_equal(first.get(), host)


V1 = {
    "uniform": lambda: tf.raw_ops.StatelessRandomUniform(shape=[4], seed=[3, 4]),
    "normal": lambda: tf.raw_ops.StatelessRandomNormal(shape=[4], seed=[3, 4]),
    "int": lambda: tf.raw_ops.StatelessRandomUniformInt(shape=[4], seed=[3, 4], minval=-2,
                                                        maxval=7),
    "full_int": lambda: tf.raw_ops.StatelessRandomUniformFullInt(shape=[4], seed=[3, 4],
                                                                 dtype=tf.int64),
}


@pytest.mark.parametrize("name", sorted(V1))
def test_the_v1_draws_take_their_seed_and_bounds_in_host_memory(name):
    """TF's GPU kernels of the seeded V1 ops take the seed (and an integer draw's bounds)
    in host memory: tf.raw_ops makes Python values for them there, so nothing is read
    back."""
    V1[name]()
    with strict_streams.count_transfers() as n:
        got = V1[name]()
    assert n["to_host"] == 0 and got.device == GPU0
    with tf.device("/CPU:0"):
        want = V1[name]()
    assert got.numpy().tobytes() == want.numpy().tobytes()
