"""tf.random: seed semantics, distributions, dtypes, shapes, errors, Generator, stateless."""

import math

import numpy as np
import pytest

import eagerflow as tf
from eagerflow._src.ops.random import get_seed


@pytest.fixture(autouse=True)
def _no_global_seed():
    tf.random.set_seed(None)
    yield
    tf.random.set_seed(None)


def _v(t):
    return np.asarray(t)


# -- seeds ------------------------------------------------------------------------------

def test_get_seed_rules():
    assert get_seed(None) == (None, None)
    assert get_seed(5) == (87654321, 5)
    tf.random.set_seed(3)
    a, b = get_seed(None), get_seed(None)
    assert a[0] == b[0] == 3 and a[1] != b[1]
    assert get_seed(7) == (3, 7)
    tf.random.set_seed(3)
    assert get_seed(None) == a  # the op-seed sequence restarts
    tf.random.set_seed(0)
    assert get_seed(0) == (0, 2**31 - 1)  # (0, 0) is reserved for nondeterminism
    tf.random.set_seed(-5)
    assert get_seed(-3) == ((-5) % (2**31 - 1), (-3) % (2**31 - 1))


def test_no_seeds_is_nondeterministic():
    a, b = tf.random.uniform([50]), tf.random.uniform([50])
    assert not np.array_equal(_v(a), _v(b))


def test_global_seed_gives_repeatable_sequence():
    tf.random.set_seed(1234)
    first = [_v(tf.random.uniform([4])), _v(tf.random.normal([4]))]
    tf.random.set_seed(1234)
    again = [_v(tf.random.uniform([4])), _v(tf.random.normal([4]))]
    for x, y in zip(first, again):
        np.testing.assert_array_equal(x, y)
    assert not np.array_equal(first[0], _v(tf.random.uniform([4])))


def test_op_seed_stream_continues_and_restarts_on_set_seed():
    a1, a2 = _v(tf.random.uniform([3], seed=1)), _v(tf.random.uniform([3], seed=1))
    assert not np.array_equal(a1, a2)  # the op's stream moves on
    tf.random.set_seed(None)
    np.testing.assert_array_equal(_v(tf.random.uniform([3], seed=1)), a1)
    tf.random.set_seed(7)
    b1 = _v(tf.random.uniform([3], seed=1))
    assert not np.array_equal(a1, b1)  # a different global seed, a different stream
    tf.random.set_seed(7)
    np.testing.assert_array_equal(_v(tf.random.uniform([3], seed=1)), b1)


def test_set_seed_takes_what_random_random_takes():
    # TF keeps 1.5 as given (random.Random(1.5) draws the op seeds); what neither hash()
    # nor int(np.array(...)) takes is refused (test_seed_kinds.py: TF's outcomes)
    tf.random.set_seed(1.5)
    tf.random.set_seed(np.int64(4))
    tf.random.set_seed(tf.constant(4))
    with pytest.raises(TypeError, match="not 'complex'"):
        tf.random.set_seed(1 + 2j)


# -- distributions ----------------------------------------------------------------------

def test_uniform_float_distribution_and_range():
    x = _v(tf.random.uniform([20000], seed=3))
    assert x.dtype == np.float32 and x.min() >= 0 and x.max() < 1
    assert abs(x.mean() - 0.5) < 0.01 and abs(x.var() - 1 / 12) < 0.005
    y = _v(tf.random.uniform([20000], -3.0, 5.0, dtype=tf.float64, seed=3))
    assert y.dtype == np.float64 and y.min() >= -3 and y.max() < 5
    assert abs(y.mean() - 1.0) < 0.1


@pytest.mark.parametrize("dtype", [tf.float16, tf.float32, tf.float64])
def test_uniform_stays_below_one_for_every_float_dtype(dtype):
    x = _v(tf.random.uniform([5000], dtype=dtype, seed=9))
    assert x.dtype == dtype.as_numpy_dtype and x.max() < 1 and x.min() >= 0


def test_uniform_int():
    x = _v(tf.random.uniform([10000], -3, 4, dtype=tf.int32, seed=1))
    assert x.dtype == np.int32
    assert set(np.unique(x)) == set(range(-3, 4))
    counts = np.bincount(x + 3)
    assert counts.min() > 1200  # about 1429 each
    big = _v(tf.random.uniform([100], 0, 10**12, dtype=tf.int64, seed=1))
    assert big.dtype == np.int64 and big.min() >= 0 and big.max() < 10**12 and big.max() > 2**32


def test_normal_and_truncated_normal_moments():
    x = _v(tf.random.normal([40000], mean=2.0, stddev=3.0, seed=5))
    assert x.dtype == np.float32
    assert abs(x.mean() - 2.0) < 0.06 and abs(x.std() - 3.0) < 0.06
    t = _v(tf.random.truncated_normal([40000], mean=1.0, stddev=2.0, dtype=tf.float64, seed=5))
    assert t.dtype == np.float64
    assert t.min() >= 1.0 - 4.0 and t.max() <= 1.0 + 4.0
    # the standard normal truncated to (-2, 2) has standard deviation ~0.8796
    assert abs(t.std() / 2.0 - 0.8796) < 0.01 and abs(t.mean() - 1.0) < 0.03


def test_normal_broadcasts_mean_and_checks_shapes():
    x = tf.random.normal([2], mean=[10.0, -10.0], stddev=0.01, seed=1)
    assert np.allclose(_v(x), [10, -10], atol=0.1)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Incompatible shapes"):
        tf.random.normal([2], mean=[1.0, 2.0, 3.0])


def test_shuffle_permutes_rows():
    v = tf.reshape(tf.range(20), [10, 2])
    s = _v(tf.random.shuffle(v, seed=4))
    assert s.dtype == np.int32
    assert sorted(map(tuple, s.tolist())) == sorted(map(tuple, _v(v).tolist()))
    assert not np.array_equal(s, _v(v))
    assert int(tf.random.shuffle(3)) == 3


def test_categorical_frequencies():
    logits = tf.math.log([[0.1, 0.2, 0.7], [1.0, 0.0, 0.0]])
    s = _v(tf.random.categorical(logits, 6000, seed=2))
    assert s.shape == (2, 6000) and s.dtype == np.int64
    freq = np.bincount(s[0], minlength=3) / 6000
    assert np.allclose(freq, [0.1, 0.2, 0.7], atol=0.03)
    assert (s[1] == 0).all()  # -inf logits are never drawn
    s32 = tf.random.categorical([[1.0, 2.0]], 3, dtype=tf.int32)
    assert s32.dtype == tf.int32 and s32.shape == (1, 3)


# -- errors -----------------------------------------------------------------------------

def test_random_errors_match_tf():
    with pytest.raises(ValueError, match="Must specify maxval for integer dtype tf.int32"):
        tf.random.uniform([2], dtype=tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError, match=r"Need minval < maxval, got 5 >= 5 "
                                                             r"\[Op:RandomUniformInt\]"):
        tf.random.uniform([2], 5, 5, dtype=tf.int32)
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Dimension -2 must be >= 0 \[Op:RandomUniform\]"):
        tf.random.uniform([-2])
    with pytest.raises(ValueError, match="Accepted dtypes are"):
        tf.random.uniform([2], dtype=tf.int8, maxval=3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="shape must be a vector"):
        tf.random.uniform(3)
    with pytest.raises(tf.errors.InvalidArgumentError, match="allowed values: int32, int64"):
        tf.random.uniform([2.5])
    with pytest.raises(TypeError, match="Cannot convert 0.0 to EagerTensor of dtype int32"):
        tf.random.normal([2], dtype=tf.int32)
    with pytest.raises(tf.errors.ResourceExhaustedError, match="OOM when allocating"):
        tf.random.uniform([10**12])
    with pytest.raises(tf.errors.InvalidArgumentError, match="logits should be a matrix"):
        tf.random.categorical([1.0, 2.0], 3)
    with pytest.raises(ValueError, match=r"Accepted dtypes are \(tf.int32, tf.int64\)"):
        tf.random.categorical([[1.0, 2.0]], 3, dtype=tf.float32)
    with pytest.raises(tf.errors.NotFoundError):
        tf.random.categorical([[1, 2]], 3)


def test_shapes_accept_tensors_and_tensorshapes():
    assert tf.random.uniform(tf.constant([2, 3])).shape == (2, 3)
    assert tf.random.normal(tf.TensorShape([4])).shape == (4,)
    assert tf.random.uniform([]).shape == ()
    assert tf.random.uniform([0, 3]).shape == (0, 3)


# -- stateless --------------------------------------------------------------------------

def test_stateless_ops_depend_only_on_seed():
    a = _v(tf.random.stateless_uniform([5], seed=[1, 2]))
    np.testing.assert_array_equal(a, _v(tf.random.stateless_uniform([5], seed=[1, 2])))
    assert not np.array_equal(a, _v(tf.random.stateless_uniform([5], seed=[1, 3])))
    n = _v(tf.random.stateless_normal([3, 3], seed=tf.constant([4, 4], tf.int64)))
    np.testing.assert_array_equal(n, _v(tf.random.stateless_normal([3, 3], seed=[4, 4])))
    t = _v(tf.random.stateless_truncated_normal([1000], seed=[1, 1]))
    assert np.abs(t).max() < 2
    i = _v(tf.random.stateless_uniform([100], seed=[1, 2], minval=0, maxval=5, dtype=tf.int32))
    assert i.dtype == np.int32 and i.min() >= 0 and i.max() < 5
    c = tf.random.stateless_categorical([[1.0, 2.0]], 3, seed=[1, 2])
    assert c.shape == (1, 3) and c.dtype == tf.int64


def test_stateless_errors():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"seed must have shape \[2\], not \[3\]"):
        tf.random.stateless_uniform([2], seed=[1, 2, 3])
    with pytest.raises(ValueError, match="must be both None or not None"):
        tf.random.stateless_uniform([2], seed=[1, 2], dtype=tf.int32)


# -- Generator --------------------------------------------------------------------------

def test_generator_from_seed_is_reproducible_and_advances():
    g1, g2 = tf.random.Generator.from_seed(1), tf.random.Generator.from_seed(1)
    a, b = _v(g1.normal([3])), _v(g2.normal([3]))
    np.testing.assert_array_equal(a, b)
    assert not np.array_equal(a, _v(g1.normal([3])))
    assert g1.state.dtype == tf.int64 and g1.state.shape == (3,)
    assert g1.state.name == "StateVar:0" and not g1.state.trainable
    assert g1.algorithm == tf.random.Algorithm.PHILOX.value  # an int, as in TF


def test_generator_draws():
    g = tf.random.Generator.from_seed(42)
    u = _v(g.uniform([1000], minval=2.0, maxval=3.0))
    assert u.dtype == np.float32 and u.min() >= 2 and u.max() < 3
    i = _v(g.uniform([1000], maxval=5, minval=0, dtype=tf.int64))
    assert i.dtype == np.int64 and set(np.unique(i)) == set(range(5))
    t = _v(g.truncated_normal([1000], stddev=0.5))
    assert np.abs(t).max() <= 1.0
    with pytest.raises(ValueError, match="must be both `None` or both non-`None`"):
        g.uniform([2], dtype=tf.int32)
    seeds = g.make_seeds(3)
    assert seeds.shape == (2, 3) and seeds.dtype == tf.int64
    children = g.split(2)
    x, y = _v(children[0].normal([4])), _v(children[1].normal([4]))
    assert not np.array_equal(x, y)


def test_generator_reset_and_copy():
    g = tf.random.Generator.from_seed(5)
    first = _v(g.uniform([3]))
    g.reset_from_seed(5)
    np.testing.assert_array_equal(_v(g.uniform([3])), first)
    h = tf.random.Generator(copy_from=g)
    np.testing.assert_array_equal(_v(h.uniform([3])), _v(g.uniform([3])))
    assert "_state_var" in g._trackable_children()
    assert isinstance(tf.random.get_global_generator(), tf.random.Generator)


def test_generator_threefry_and_non_deterministic_state():
    # TF 2.21 on CPU keeps a ThreeFry state but refuses to draw from it (XLA only)
    g = tf.random.Generator.from_seed(1, alg="threefry")
    assert g.algorithm == tf.random.Algorithm.THREEFRY.value
    np.testing.assert_array_equal(_v(g.state), [1, 0])
    with pytest.raises(tf.errors.UnimplementedError,
                       match="Non-XLA devices don't support the ThreeFry algorithm"):
        g.normal([3])
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"counter must be a vector with length at least 2; got shape: \[1\]"):
        tf.random.stateless_normal([3], [1, 2], alg="threefry")
    a = tf.random.Generator.from_non_deterministic_state()
    b = tf.random.Generator.from_non_deterministic_state()
    assert a.state.shape == (3,) and a.algorithm == tf.random.Algorithm.PHILOX.value
    assert not np.array_equal(_v(a.state), _v(b.state))
    assert not np.array_equal(_v(a.normal([4])), _v(b.normal([4])))
    c = tf.random.Generator.from_non_deterministic_state(alg="threefry")
    assert c.state.shape == (2,) and c.algorithm == tf.random.Algorithm.THREEFRY.value


def test_generator_normal_matches_box_muller_moments():
    g = tf.random.Generator.from_seed(8)
    x = _v(g.normal([30000], dtype=tf.float64))
    assert abs(x.mean()) < 0.03 and abs(x.std() - 1) < 0.03
    # fraction within one standard deviation
    assert abs(np.mean(np.abs(x) < 1) - math.erf(1 / math.sqrt(2))) < 0.01


def test_a_tf1_graph_ignores_the_eager_global_seed():
    # TF 2.21: a new tf.Graph's seed is its own (None: DEFAULT_GRAPH_SEED with an op seed),
    # whatever tf.random.set_seed set eagerly; set_seed while it is the default sets it
    v1 = tf.compat.v1

    def draw(seed=None):
        with tf.Graph().as_default():
            if seed is not None:
                tf.random.set_seed(seed)
            x = v1.random_uniform_initializer(seed=3)([2])
            with v1.Session() as s:
                return s.run(x)

    tf.random.set_seed(5)
    try:
        np.testing.assert_allclose(draw(), [0.3869294, 0.36002624], rtol=1e-6)
        np.testing.assert_allclose(draw(5), [0.2886784, 0.6889242], rtol=1e-6)
    finally:
        tf.random.set_seed(None)


def test_stateless_alg_given_as_a_tensor():
    # recorded from TF 2.21: TF compares `alg` with its ids in Python, so one value is
    # its id, several values NumPy's ambiguous truth, an unknown id named as a tensor's
    assert tf.random.stateless_uniform([2], [1, 2], alg=tf.constant(1)).numpy().tolist() \
        == pytest.approx([0.8440604, 0.19204533])
    assert tf.random.fold_in([1, 2], 3, alg=tf.constant(3)).numpy().tolist() == \
        [1105988140, 3]
    with pytest.raises(ValueError, match="The truth value of an array with more than one"):
        tf.random.fold_in([1, 2], 3, alg=tf.constant([1, 2]))
    with pytest.raises(ValueError, match="got unsupported value 7. Supported values are "
                                         "Algorithm.PHILOX for the Philox algorithm"):
        tf.random.stateless_uniform([2], [1, 2], alg=tf.constant(7))
