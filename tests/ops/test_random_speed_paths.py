"""The fast paths of the random kernels give what their plain forms give.

Poisson draws (random_gamma.poisson_values) must be random_reference's draw of each
output, one at a time.

philox.blocks computes stretches of consecutive counters with the first two rounds' scalar
halves done once (where only the lowest 32-bit lane varies); random_dists computes long
draws stretch by stretch, side by side when the backend finds idle cores. Both must give
the generic Philox (blocks_at, and random_reference's plain-Python one) bit for bit,
across the lanes' carries and with any split into threads.
"""

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import eagerflow._src.backend.numpy as cpu
from eagerflow._src.ops import philox, random_binomial, random_dists, random_gamma
from eagerflow._src.ops import random_reference as ref

M64, M128 = philox.M64, philox.M128

# (key, counter, blocks, start): stretches inside one lane, across the carries out of
# the lowest lane, the low 64-bit word and the whole 128-bit counter, and longer than a pass
CASES = [(0, 0, 5, 0), (1, (1 << 32) - 3, 10, 0), (2, M64 - 2, 7, 0), (3, M128 - 1, 9, 0),
         (4, (5 << 64) | 0xFFFFFFFF_FFFFFF00, 70000, 0), (5, 0xFFFFFF00, 100000, 0),
         (6, 12345 << 96, 40000, 3), (M64, 7 << 64, 33000, (1 << 32) - 5),
         (0x0123456789ABCDEF, 0xFEDCBA9876543210 << 60, 1000, 2**40 - 17)]


@pytest.mark.parametrize("key,counter,n,start", CASES)
def test_blocks_equal_the_generic_rounds(key, counter, n, start):
    offsets = np.arange(start, start + n, dtype=np.uint64)
    want = philox._rounds(key, *philox._lanes(counter, offsets))  # (all lanes arrays)
    np.testing.assert_array_equal(philox.blocks(np, key, counter, n, start), want)
    np.testing.assert_array_equal(philox.blocks_at(np, key, counter, offsets), want)
    spread = offsets * np.uint64(64) + np.uint64(3)  # (truncated normals' offsets)
    np.testing.assert_array_equal(philox.blocks_at(np, key, counter, spread),
                                  philox._rounds(key, *philox._lanes(counter, spread)))


@pytest.mark.parametrize("key,counter,n,start", CASES[:4] + CASES[-2:])
def test_blocks_equal_the_plain_python_philox(key, counter, n, start):
    s = ref.Stream(key, (counter + start) & M128)
    want = [s.block() for _ in range(min(n, 6))]
    np.testing.assert_array_equal(philox.blocks(np, key, counter, min(n, 6), start), want)


@pytest.mark.parametrize("key,counter,n,start", CASES)
def test_one_block_on_python_ints_is_the_arrays_block(key, counter, n, start):
    c = (counter + start) & M128
    want = philox._rounds(key, *philox._lanes(c, np.zeros(1, np.uint64)))[0]
    got = philox.block(key, c)
    assert got == tuple(int(w) for w in want) and all(type(w) is int for w in got)


def _draws():
    key, counter = 0x9E3779B97F4A7C15, (3 << 64) | (M64 - 70000)  # (a carry inside)
    n = 300001
    out = []
    for dtype in (np.float16, np.float32, np.float64):
        out += [random_dists.uniform(np, key, counter, n, dtype),
                random_dists.normal(np, key, counter, n, dtype),
                random_dists.truncated_normal(np, key, counter, n, dtype)]
    return out


def test_draws_split_over_threads_are_the_serial_ones(monkeypatch):
    monkeypatch.setattr(cpu, "_side_by_side", lambda: False)
    serial = _draws()
    monkeypatch.setattr(cpu, "_side_by_side", lambda: True)
    monkeypatch.setattr(cpu._POOL, "size", 2)
    threaded = _draws()
    for a, b in zip(serial, threaded):
        assert a.dtype == b.dtype
        np.testing.assert_array_equal(a.view(np.uint8), b.view(np.uint8))


# -- Poisson draws: a stretch of outputs at a time, Knuth's products by rounds of blocks --

_RATES = st.one_of(st.floats(-20, 30), st.sampled_from(
    [0.0, -0.0, 9.999999, 10.0, 1e-300, 250.0, 1e6, np.inf, -np.inf, np.nan, -800.0]))


@settings(max_examples=25, deadline=None)
@given(rates=st.lists(_RATES, min_size=1, max_size=6), samples=st.integers(1, 9),
       key=st.integers(0, M64), counter=st.integers(0, M128), stretch=st.sampled_from([4, 64]))
def test_poisson_values_are_the_plain_draws(rates, samples, key, counter, stretch):
    rate = np.array(rates)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(random_gamma, "_POISSON_STRETCH", stretch)  # (several stretches)
        got = random_gamma.poisson_values(key, counter, rate, samples)
    want = [ref.poisson(key, counter, float(rate[i // samples]), i) for i in range(got.size)]
    np.testing.assert_array_equal(got, want)


def test_block_uniforms_are_uniform_pairs(monkeypatch):
    b = np.random.default_rng(3).integers(0, 1 << 32, (5, 7, 4), dtype=np.uint32)
    b[0, 0] = 0  # (zero: +0.0)
    b[0, 1] = 0xFFFFFFFF  # (the largest uniform, below 1)
    want = np.stack([random_dists.uniform_pairs(np, b[..., 2], b[..., 3]),
                     random_dists.uniform_pairs(np, b[..., 0], b[..., 1])], axis=-1)
    got = random_gamma.block_uniforms(b)
    np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))
    monkeypatch.setattr(random_gamma, "_LITTLE", False)  # (the other machines' form)
    np.testing.assert_array_equal(random_gamma.block_uniforms(b).view(np.uint64),
                                  want.view(np.uint64))


# -- Binomial draws: BTRS an attempt a block, inversion by rounds of blocks --

_COUNTS = st.one_of(st.floats(-5, 200), st.sampled_from(
    [0.0, 1.0, 7.5, 20.0, 20.5, 1e6, 1e12, np.nan]))  # (inf: the reference fails)
_PROBS = st.one_of(st.floats(-0.5, 1.5), st.sampled_from(
    [0.0, 1e-300, 1e-9, 0.05, 0.5, 0.5000001, 0.99, 1.0, np.nan]))


@settings(max_examples=30, deadline=None)
@example(params=[(5.0, 1e-320)], samples=1, key=0, counter=0, dtype=np.float64, stretch=3)
@given(params=st.lists(st.tuples(_COUNTS, _PROBS), min_size=1, max_size=6),
       samples=st.integers(1, 7), key=st.integers(0, M64), counter=st.integers(0, M128),
       dtype=st.sampled_from([np.float32, np.float64]), stretch=st.sampled_from([3, 64]))
def test_binomial_values_are_the_plain_draws(params, samples, key, counter, dtype, stretch):
    n = np.repeat(np.array([c for c, _ in params], dtype), samples)
    p = np.repeat(np.array([q for _, q in params], dtype), samples)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(random_binomial, "_STRETCH", stretch)  # (several stretches)
        got = random_binomial.binomial_values(key, counter, n, p)
    want = [ref.binomial(key, counter, n[i], p[i], i) for i in range(n.size)]
    np.testing.assert_array_equal(got, want)


# -- Gamma draws: every output's first attempt as whole arrays, then the lockstep loop --

_ALPHAS = st.one_of(st.floats(-3, 60), st.sampled_from(
    [1.0, 0.0, -0.0, 1e-300, 0.01, 0.3, 0.999, 1.000001, 2.5, 1e6, np.inf, -np.inf, np.nan]))


@settings(max_examples=40, deadline=None)
@given(alphas=st.lists(_ALPHAS, min_size=1, max_size=40), key=st.integers(0, M64),
       counter=st.integers(0, M128))
def test_gamma_first_attempts_at_once_are_the_lockstep_draws(alphas, key, counter):
    """Accepted or not (rejected attempts, v <= 0, small alphas' extra uniform, NaN),
    each output's draw and the streams the later attempts read are the loop's."""
    alpha = np.array(alphas)
    with np.errstate(all="ignore"):
        got = random_gamma.gamma_values(key, counter, alpha)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(random_gamma, "FIRST_ATTEMPT_AT_ONCE", False)
            want = random_gamma.gamma_values(key, counter, alpha)
    np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))


@pytest.mark.parametrize("alphas", [[0.01, 0.3], [0.01, 1.0, 2.5], [2.5], [0.05, -1.0, np.nan]])
def test_gamma_first_attempts_many_outputs(alphas):
    """Thousands of outputs: some v <= 0 (small alphas), rejections, outputs of alpha 1
    among them or not (the arrays taken whole or gathered)."""
    alpha = np.resize(np.array(alphas), 3000)
    with np.errstate(all="ignore"):
        got = random_gamma.gamma_values(3, 99, alpha)
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(random_gamma, "FIRST_ATTEMPT_AT_ONCE", False)
            want = random_gamma.gamma_values(3, 99, alpha)
    np.testing.assert_array_equal(got.view(np.uint64), want.view(np.uint64))


def test_gamma_draws_are_the_plain_draws():
    """A few outputs of each kind against random_reference's draw, one at a time."""
    alpha = np.array([2.5, 0.3, 1.0, 0.01, 50.0, 1.5, 0.9, 7.0] * 4)
    got = random_gamma.gamma_values(11, 1 << 70, alpha)
    want = [ref.gamma(11, 1 << 70, float(a), i) for i, a in enumerate(alpha)]
    np.testing.assert_allclose(got, want, rtol=1e-15)


def test_gamma_power_overflow_is_inf():
    """A tiny negative alpha's u ** (1 / alpha) overflows: C's +inf, as TF 2.21's (recorded;
    Python's math.pow raised OverflowError)."""
    import eagerflow as tf
    got = tf.random.stateless_gamma([2], seed=[1, 2], alpha=tf.constant([-1e-300, 1e-300],
                                                                       tf.float64),
                                    dtype=tf.float64).numpy()
    np.testing.assert_array_equal(got, [np.inf, 2.2250738585072014e-308])
    got = tf.random.stateless_gamma([3], seed=[1, 2], alpha=tf.constant([-1e-40, 1e-40, -0.5],
                                                                       tf.float32)).numpy()
    np.testing.assert_array_equal(got, np.array([np.inf, 1.1754944e-38, 14.637839], np.float32))


@pytest.mark.parametrize("key,counter,n,start", CASES)
def test_block_lanes_are_the_blocks_words(key, counter, n, start):
    for m in sorted({1, 9, min(n, philox._CHUNK), min(n + 5, 2 * philox._CHUNK)}):
        even, odd = philox.block_lanes(key, counter, m, start)
        b = philox.blocks(np, key, counter, m, start)
        np.testing.assert_array_equal(even, b[:, 0::2].T)
        np.testing.assert_array_equal(odd, b[:, 1::2].T)
        spread = np.arange(m, dtype=np.uint64) * np.uint64(64) + np.uint64(start % 64)
        even, odd = philox.lanes_at(key, counter, spread)  # (truncated normals' offsets)
        b = philox.blocks_at(np, key, counter, spread)
        np.testing.assert_array_equal(even, b[:, 0::2].T)
        np.testing.assert_array_equal(odd, b[:, 1::2].T)


@pytest.mark.parametrize("n", [1, 4, 65536, 65540, 65539, 300001])
@pytest.mark.parametrize("key,counter", [(0x9E3779B97F4A7C15, (3 << 64) | (M64 - 70000)),
                                         (5, 0xFFFFFFFF - 9000), (M64, M128 - 3)])
def test_draws_from_lanes_are_the_blocks_values(key, counter, n):
    # uniform and normal draws write each stretch's values from the rounds' lanes where
    # they go: the values of the blocks' words in order (block_uniforms/normals)
    for dtype, per_block in ((np.float32, 4), (np.float64, 2)):
        b = philox.blocks(np, key, counter, -(-n // per_block))
        for draw, of_blocks in ((random_dists.uniform, random_dists.block_uniforms),
                                (random_dists.normal, random_dists.block_normals)):
            want = of_blocks(np, b, dtype).reshape(-1)[:n]
            got = draw(np, key, counter, n, dtype)
            assert got.dtype == dtype and got.tobytes() == want.tobytes()
