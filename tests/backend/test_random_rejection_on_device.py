"""TF's GPU kernels of StatelessRandomGammaV3 and ParameterizedTruncatedNormal, checked on
the strict stand-in (ops/random_gpu.py).

Gamma: TF's GPU kernel lays its draws on the stream as its CPU kernel does (output i from
block 256 i, the same buffers, float64), so a GPU's draws are the CPU kernel's up to the
last bits of the device's log/log1p/pow. The accept/reject decisions are the same.

ParameterizedTruncatedNormal: TF's GPU kernel has its own layout. Thread t of
1024 * min(ceil(n / 1024), SMs) starts its first output 2000 t blocks in and moves on
2000 * threads - 3 * used blocks per output. It uses a randn threshold of 1.7 and
1000 candidates, and gives NaN where the CPU raises. So a GPU's draws are not the CPU's:
they are checked against `_gpu_reference`, TF's GPU kernel written here one output at a
time in plain Python.

A call reads one number back per 4 attempts (then 4, 8, 16, ... more) until no output is
drawing; for the truncated normal, once per pass of TF's threads over the outputs."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import eagerflow as tf
from eagerflow._src import backend as B
from eagerflow._src.backend import strict, strict_streams
from eagerflow._src.core import device
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.random import clear_kernel_cache

GPU0 = "/job:localhost/replica:0/task:0/device:GPU:0"
CPU0 = "/job:localhost/replica:0/task:0/device:CPU:0"
R = tf.raw_ops


@pytest.fixture(autouse=True)
def gpu():
    with device.standin_gpus(1):
        clear_kernel_cache()
        yield


def _on_gpu(x):
    return x.device == GPU0 and isinstance(x._arr, strict.StrictArray)


def _same_draws(got, want, dtype):
    """NaN where NaN, and the values within the last bits of the device's libm."""
    got, want = np.asarray(got, np.float64), np.asarray(want, np.float64)
    assert np.array_equal(np.isnan(got), np.isnan(want))
    rtol = {np.float16: 2**-10, np.float32: 2**-22, np.float64: 2**-48}[np.dtype(dtype).type]
    np.testing.assert_allclose(got, want, rtol=rtol, atol=0)


# ---------------------------------------------------------------------------------------
# StatelessRandomGammaV3
# ---------------------------------------------------------------------------------------

def _gamma(shape, alpha, seed=(1, 2), where="/GPU:0"):
    with tf.device(where):
        key, counter = R.StatelessRandomGetKeyCounter(seed=list(seed))
        return R.StatelessRandomGammaV3(shape=shape, key=key, counter=counter, alg=1,
                                        alpha=tf.constant(alpha))


def _attempts(key, counter, alpha, i):
    """How many times output i of alpha goes round TF's loop (plain Python)."""
    if alpha == 1:
        return 0
    r = ref._Draws(key, counter, i)
    d = alpha + (2 / 3 if alpha < 1 else -1 / 3)
    c = 1 / (3 * math.sqrt(d)) if d > 0 else math.nan
    n = 0
    while True:
        n += 1
        x = r.normal()
        v = 1 + c * x
        if v <= 0:
            continue
        v = v * v * v
        u = r.uniform()
        with np.errstate(all="ignore"):
            log_v = np.log(v)
        if u < 1 - 0.0331 * x ** 4 or (u > 0 and math.log(u) < 0.5 * x * x + d * (
                1 - v + log_v)):
            return n


def _reads(most_attempts):
    """The reads of a call whose slowest output takes `most_attempts`: one after 4
    attempts, then after as many again (8, 16, ...; 64 at most between reads)."""
    reads, run = 1, 4
    while run < most_attempts:
        run += min(run, 64)
        reads += 1
    return reads


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
def test_gamma_draws_on_the_device_are_the_cpu_kernels(dtype):
    alpha = np.array([0.3, 1.0, 2.5, 40.0, 1e-3, 0.999, 1.001, 7.0], dtype)
    got = _gamma([60, 8], alpha)
    want = _gamma([60, 8], alpha, where="/CPU:0")
    assert _on_gpu(got) and want.device == CPU0
    assert (got.dtype, got.shape) == (want.dtype, want.shape)
    _same_draws(got.numpy(), want.numpy(), dtype)


def test_gamma_draws_match_a_plain_python_reference():
    alpha = np.array([0.5, 1.0, 3.0])
    key, counter = R.StatelessRandomGetKeyCounter(seed=[7, 8])
    k, c = int(key.numpy()[0]), int(counter.numpy()[0]) | (int(counter.numpy()[1]) << 64)
    got = R.StatelessRandomGammaV3(shape=[4, 3], key=key, counter=counter, alg=1,
                                   alpha=tf.constant(alpha)).numpy()
    # (output (sample s, alpha j) is the kernel's output j * samples + s)
    want = [[ref.gamma(k, c, a, j * 4 + s) for j, a in enumerate(alpha)] for s in range(4)]
    _same_draws(got, want, np.float64)


def test_tf_s_answers_at_the_edges_of_alpha():
    """alpha == 1 an exponential, 0 gives 0, inf gives inf, a NaN or an alpha below -2/3
    NaN, one in (-2/3, 0) a finite draw: the CPU kernel's (TF's) answers."""
    alpha = np.array([1.0, 0.0, np.inf, np.nan, -1.0, -0.5, -2 / 3])
    got = _gamma([5, 7], alpha).numpy()
    want = _gamma([5, 7], alpha, where="/CPU:0").numpy()
    _same_draws(got, want, np.float64)
    assert (got[:, 1] == 0).all() and np.isinf(got[:, 2]).all()
    assert np.isnan(got[:, 3:5]).all() and np.isfinite(got[:, 5]).all()


def test_a_gamma_draw_reads_one_number_back():
    alpha = tf.constant(np.array([0.3, 1.0, 2.5, 40.0]))
    key, counter = R.StatelessRandomGetKeyCounter(seed=[1, 2])
    k, c = int(key.numpy()[0]), int(counter.numpy()[0]) | (int(counter.numpy()[1]) << 64)
    most = max(_attempts(k, c, a, i) for i, a in enumerate(np.repeat(alpha.numpy(), 50)))
    assert most <= 4
    R.StatelessRandomGammaV3(shape=[50, 4], key=key, counter=counter, alg=1, alpha=alpha)
    with strict_streams.count_transfers() as n:
        out = R.StatelessRandomGammaV3(shape=[50, 4], key=key, counter=counter, alg=1,
                                       alpha=alpha)
    assert n["to_host"] == 1 and _on_gpu(out)


def test_outputs_that_draw_longer_read_again():
    """alpha -0.66 rejects nearly half its attempts (1 + c x <= 0): some output goes
    round more than 4 times, 8 times, ..."""
    alpha = np.full(40, -0.66)
    key, counter = R.StatelessRandomGetKeyCounter(seed=[9, 4])
    k, c = int(key.numpy()[0]), int(counter.numpy()[0]) | (int(counter.numpy()[1]) << 64)
    most = max(_attempts(k, c, -0.66, i) for i in range(40))
    assert most > 8
    a = tf.constant(alpha)
    with strict_streams.count_transfers() as n:
        got = R.StatelessRandomGammaV3(shape=[40], key=key, counter=counter, alg=1, alpha=a)
    assert n["to_host"] == _reads(most) >= 3
    want = _gamma([40], alpha, seed=(9, 4), where="/CPU:0")
    _same_draws(got.numpy(), want.numpy(), np.float64)


def test_a_generator_s_key_and_counter_are_read_on_the_device():
    """A key and counter on the device (a GPU Generator's) are not read back."""
    key, counter = R.StatelessRandomGetKeyCounter(seed=[5, 6])
    want = R.StatelessRandomGammaV3(shape=[3, 2], key=key, counter=counter, alg=1,
                                    alpha=tf.constant([0.5, 4.0]))
    key, counter = tf.identity(key), tf.identity(counter)
    assert _on_gpu(key) and _on_gpu(counter)
    with strict_streams.count_transfers() as n:
        got = R.StatelessRandomGammaV3(shape=[3, 2], key=key, counter=counter, alg=1,
                                       alpha=tf.constant([0.5, 4.0]))
    assert n["to_host"] == 1  # (the loop's one read)
    assert got.numpy().tobytes() == want.numpy().tobytes()


def test_the_seeded_version_runs_on_the_gpu_too():
    """StatelessRandomGammaV2 (a seed, in host memory) is TF's same GPU kernel."""
    alpha = tf.constant(np.array([0.5, 1.0, 6.0], np.float32))
    got = R.StatelessRandomGammaV2(shape=[4, 3], seed=[3, 9], alpha=alpha)
    with tf.device("/CPU:0"):
        want = R.StatelessRandomGammaV2(shape=[4, 3], seed=[3, 9], alpha=alpha)
    assert _on_gpu(got) and want.device == CPU0
    _same_draws(got.numpy(), want.numpy(), np.float32)
    with strict_streams.count_transfers() as n:
        R.StatelessRandomGammaV2(shape=[4, 3], seed=[3, 9], alpha=alpha)
    assert n["to_host"] == 1  # (the seed made on the host, as TF's wrapper makes it)


def test_stateless_gamma_runs_on_the_gpu():
    got = tf.random.stateless_gamma([6, 2], [4, 5], alpha=[0.7, 3.0], beta=[1.0, 2.0])
    with tf.device("/CPU:0"):
        want = tf.random.stateless_gamma([6, 2], [4, 5], alpha=[0.7, 3.0], beta=[1.0, 2.0])
    assert _on_gpu(got)
    _same_draws(got.numpy(), want.numpy(), np.float32)


def test_a_traced_gamma_draw_is_the_eager_one():
    f = tf.function(lambda a: tf.random.stateless_gamma([5, 3], [1, 1], alpha=a))
    a = tf.constant([0.2, 1.0, 9.0])
    got = f(a)
    assert _on_gpu(got)
    assert got.numpy().tobytes() == tf.random.stateless_gamma([5, 3], [1, 1], a).numpy().tobytes()


def test_bfloat16_is_refused_on_the_gpu_as_by_tf_s_op():
    """TF registers a bfloat16 GPU kernel, but its op allows half, float and double."""
    key, counter = R.StatelessRandomGetKeyCounter(seed=[1, 2])
    with pytest.raises(tf.errors.InvalidArgumentError, match="Value for attr 'dtype' of "
                       "bfloat16 is not in the list of allowed values: half, float, double"):
        R.StatelessRandomGammaV3(shape=[2], key=key, counter=counter, alg=1,
                                 alpha=tf.constant([1.0, 2.0], tf.bfloat16))


def test_an_empty_gamma_draw_reads_nothing():
    key, counter = R.StatelessRandomGetKeyCounter(seed=[1, 2])
    alpha = tf.constant([1.0, 2.0])
    with strict_streams.count_transfers() as n:
        out = R.StatelessRandomGammaV3(shape=[0, 2], key=key, counter=counter, alg=1,
                                       alpha=alpha)
    assert out.shape == (0, 2) and _on_gpu(out) and n["to_host"] == 0


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(1, 3), max_size=2), st.lists(st.integers(0, 4), max_size=2),
       st.integers(0, 2**31 - 1), st.sampled_from([np.float16, np.float32, np.float64]))
def test_gamma_draws_of_any_shape_are_the_cpus(alpha_shape, samples, seed, dtype):
    rng = np.random.default_rng(seed)
    alpha = rng.choice([0.1, 0.6, 1.0, 2.0, 15.0], size=alpha_shape).astype(dtype)
    shape = samples + alpha_shape
    got = _gamma(shape, alpha, seed=(seed, 1))
    want = _gamma(shape, alpha, seed=(seed, 1), where="/CPU:0")
    assert _on_gpu(got) and got.shape == want.shape
    _same_draws(got.numpy(), want.numpy(), dtype)


# ---------------------------------------------------------------------------------------
# ParameterizedTruncatedNormal
# ---------------------------------------------------------------------------------------

class _Blocks:
    """A stream's blocks from `start` on, as the dtype's normals and uniforms."""

    def __init__(self, key, counter, start, T):
        self.s, self.T, self.used = ref.Stream(key, counter + start), T, 0

    def block(self):
        self.used += 1
        return self.s.block()

    def normals(self):
        b, T = self.block(), self.T
        if T is np.float64:
            return ref._box_muller(ref.double(b[0], b[1]), ref.double(b[2], b[3]))
        pairs = ref._box_muller_f32(ref.float_bits(b[0], 23), ref.float_bits(b[1], 23)) + \
            ref._box_muller_f32(ref.float_bits(b[2], 23), ref.float_bits(b[3], 23))
        return [T(np.float32(z)) for z in pairs]

    def uniforms(self):
        b, T = self.block(), self.T
        if T is np.float64:
            return [ref.double(b[0], b[1]), ref.double(b[2], b[3])]
        return [T(ref.float_bits(w, 10 if T is np.float16 else 23)) for w in b]


def _one_output(blocks, mean, std, lo, hi, T):
    """One output of TF's GPU kernel (its value; `blocks` counts the blocks it used)."""
    flip = np.isinf(lo) or hi < mean
    lo, hi, sd = (hi, lo, -std) if flip else (lo, hi, std)
    a, b = (lo - mean) / sd, (hi - mean) / sd
    if not (std > 0 and a < b and (np.isfinite(a) or np.isfinite(b))):
        return np.nan
    root = np.sqrt(a * a + T(4))
    cutoff = T(2) * np.exp(T(0.5) + (a * (a - root)) / T(4)) / (a + root)
    tried = 0
    if (a < -T(1.7) and b >= 0) or (b > T(1.7) and a <= 0):
        while True:
            for z in blocks.normals():
                if a <= z <= b:
                    return z * sd + mean
                tried += 1
                if tried == 1000:
                    return np.nan
    if b - a < cutoff:
        plus = T(0) if a < 0 else a * a
        while True:
            zs = [r * (b - a) + a for r in blocks.uniforms()]
            for z, u in zip(zs, blocks.uniforms()):
                if u <= np.exp((plus - z * z) / T(2)):
                    return z * sd + mean
                tried += 1
                if tried == 1000:
                    return np.nan
    rate = (a + np.sqrt(a * a + T(4))) / T(2)
    while True:
        r = blocks.uniforms()
        for i in range(0, len(r), 2):
            z = -np.log(r[i]) / rate + a
            x = rate - z if a < rate else a - rate
            if r[i + 1] <= np.exp(-x * x / T(2)) and z < b:
                return z * sd + mean
            tried += 1
            if tried == 1000:
                return np.nan


def _gpu_reference(key, counter, params, n, per_batch, dtype, sms, used=None):
    """TF's GPU kernel in plain Python: each of its threads in turn, each of a thread's
    outputs in turn (batch k // per_batch's parameters: entry b, or the one entry).
    `used`: a list to append each output's count of blocks to."""
    T = np.dtype(dtype).type
    cols = [np.asarray(p, dtype).reshape(-1) for p in params]
    threads = 1024 * min(-(-n // 1024), sms)
    out = np.empty(n, dtype)
    with np.errstate(all="ignore"):
        for t in range(min(threads, n)):
            start = 2000 * t
            for k in range(t, n, threads):
                blocks = _Blocks(key, counter, start, T)
                p = [c[0] if c.size == 1 else c[k // per_batch] for c in cols]
                out[k] = _one_output(blocks, *p, T)
                start += 2000 * threads - 3 * blocks.used
                if used is not None:
                    used.append(blocks.used)
    return out


def _ptn(shape, params, dtype, seed=3, seed2=5, where="/GPU:0"):
    with tf.device(where):
        c = [tf.constant(np.asarray(p, dtype)) for p in params]
        return R.ParameterizedTruncatedNormal(shape=shape, means=c[0], stdevs=c[1],
                                              minvals=c[2], maxvals=c[3], seed=seed,
                                              seed2=seed2)


def _check(shape, params, dtype, sms=None):
    """The GPU's first draw of a fresh stream against the reference; returns it."""
    clear_kernel_cache()
    got = _ptn(shape, params, dtype)
    assert _on_gpu(got) and got.dtype.as_numpy_dtype == dtype and got.shape == tuple(shape)
    n = math.prod(shape)
    # (TF's scalar parameters: means and stddevs may be of one entry)
    scalar = all(np.ndim(p) == 0 or (i < 2 and np.shape(p) == (1,))
                 for i, p in enumerate(params))
    per_batch = 100 if scalar else math.prod(shape[1:])
    sms = sms or B.multiprocessors(strict.xp)
    want = _gpu_reference(3, 5 << 64, params, n, per_batch, dtype, sms)
    _same_draws(got.numpy().reshape(-1), want, dtype)
    return got.numpy()


DTYPES = [np.float16, np.float32, np.float64]
METHODS = {  # (mean, stddev, minval, maxval)
    "randn": (0.0, 1.0, -2.0, 2.0),
    "randn_upper": (1.0, 2.0, 0.5, 9.0),
    "uniform": (0.0, 1.0, -0.5, 0.5),
    "uniform_in_a_tail": (0.0, 1.0, 2.0, 2.3),
    "exponential": (0.0, 1.0, 3.0, np.inf),
    "exponential_bounded": (0.0, 1.0, 2.0, 4.0),
    "lower_tail": (1.0, 1.0, -np.inf, -2.0),
    "above_the_mean_flipped": (5.0, 2.0, -1.0, 1.0),
    "upper_infinite_randn": (0.0, 1.0, -1.0, np.inf),
    # (1.5 sds each side: the CPU's randn method, the GPU's uniform one)
    "between_the_thresholds": (0.0, 1.0, -1.5, 1.5),
    # (an exponential proposal often past 2.5: about 40% rejected)
    "exponential_narrow": (0.0, 1.0, 2.0, 2.5),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(METHODS))
def test_each_method_draws_as_tf_s_gpu_kernel(name, dtype):
    vals = _check([3, 7], METHODS[name], dtype)
    lo, hi = METHODS[name][2:]
    assert np.all((vals >= min(lo, hi)) & (vals <= max(lo, hi)))


@pytest.mark.parametrize("dtype", DTYPES)
def test_parameters_per_batch(dtype):
    params = ([0.0, 1.0, 2.0, -1.0], [1.0, 0.5, 2.0, 1.0], [-3.0, 0.9, 4.0, -np.inf],
              [3.0, 1.1, np.inf, -1.5])
    _check([4, 5], params, dtype)


@pytest.mark.parametrize("dtype", DTYPES)
def test_invalid_parameters_give_nan_where_the_cpu_raises(dtype):
    """TF's GPU kernel writes NaN (no error) for stddev <= 0, an empty interval (minval >=
    maxval) or both bounds infinite, and uses no block for them."""
    params = ([0.0, 0.0, 0.0, 0.0, 0.0], [1.0, 0.0, 1.0, 1.0, -1.0],
              [-1.0, -1.0, 2.0, -np.inf, -1.0], [1.0, 1.0, 1.0, np.inf, 1.0])
    vals = _check([5, 3], params, dtype)
    assert np.isfinite(vals[0]).all() and np.isnan(vals[1:]).all()
    with pytest.raises(tf.errors.InvalidArgumentError, match="Invalid parameters"):
        _ptn([5, 3], params, dtype, where="/CPU:0")


def test_the_gpu_s_draws_are_not_the_cpu_s():
    """Same stream, other layout: the CPU's batch after batch, the GPU's 2000 blocks an
    output apart (the first value alike: both start on block 0 with its first normal)."""
    got = _check([2, 6], METHODS["randn"], np.float32)
    clear_kernel_cache()
    want = _ptn([2, 6], METHODS["randn"], np.float32, where="/CPU:0").numpy()
    assert got[0, 0] == want[0, 0] and not np.array_equal(got, want)


def test_threads_that_take_several_outputs_skip_by_what_they_used(monkeypatch):
    """Past 1024 * SMs outputs, each thread takes several: posing as a GPU of 1 SM, 2500
    outputs are three passes of 1024 threads, each pass one read."""
    backend = B.of(strict.xp)
    monkeypatch.setattr(backend, "sm_counts", {0: 1})
    _ptn([1], METHODS["randn"], np.float32)  # (tf.raw_ops' first call)
    clear_kernel_cache()
    params = ([0.0, 1.0], 1.0, [-0.4, 1.5], [0.6, np.inf])
    with strict_streams.count_transfers() as n:
        _ptn([2, 1250], params, np.float32)
    assert n["to_host"] == 3
    _check([2, 1250], params, np.float32, sms=1)


def test_outputs_that_take_more_steps_read_again():
    """float64's exponential method tries one candidate a block: some of 400 outputs take
    more than 4 steps (a second read) or 8 (a third), which go on alone."""
    _ptn([1], METHODS["exponential_narrow"], np.float64)  # (tf.raw_ops' first call)
    clear_kernel_cache()
    with strict_streams.count_transfers() as n:
        got = _ptn([400], METHODS["exponential_narrow"], np.float64)
    used = []
    want = _gpu_reference(3, 5 << 64, METHODS["exponential_narrow"], 400, 100, np.float64,
                          B.multiprocessors(strict.xp), used)
    _same_draws(got.numpy(), want, np.float64)
    assert max(used) > 4 and n["to_host"] == _reads(max(used))


def test_an_output_that_rejects_1000_candidates_is_nan():
    """In half, 300 sds out the exponential's rate overflows to inf: a candidate passes
    only with a uniform of 0 (1 in 1024), so most outputs reject 1000 candidates (500
    blocks) and are NaN, as TF's GPU kernel leaves them; the reads stop there."""
    params = (0.0, 1.0, 300.0, 400.0)
    _ptn([1], params, np.float16)  # (tf.raw_ops' first call loads and places its tables)
    clear_kernel_cache()
    with strict_streams.count_transfers() as n:
        got = _ptn([20], params, np.float16)
    got = got.numpy()
    used = []
    want = _gpu_reference(3, 5 << 64, params, 20, 100, np.float16,
                          B.multiprocessors(strict.xp), used)
    _same_draws(got, want, np.float16)
    assert np.isnan(got).sum() > 5 and (got[~np.isnan(got)] == 300).all()
    assert max(used) == 500 and n["to_host"] == _reads(500) - 1  # (none at the limit)


def test_a_call_reads_one_number_back():
    c = [tf.constant(v) for v in (0.0, 1.0, -2.0, 2.0)]

    def draw():
        return R.ParameterizedTruncatedNormal(shape=[30, 10], means=c[0], stdevs=c[1],
                                              minvals=c[2], maxvals=c[3], seed=1, seed2=2)
    draw()
    with strict_streams.count_transfers() as n:
        out = draw()
    assert n["to_host"] == 1 and _on_gpu(out)


def test_the_stream_moves_on_as_on_the_cpu():
    """Each call reserves what the CPU's does (the op's shared code): the second call's
    draws start where TF's second call starts."""
    clear_kernel_cache()
    _ptn([4, 30], METHODS["uniform"], np.float64)
    second = _ptn([4, 30], METHODS["uniform"], np.float64).numpy().reshape(-1)
    reserved = 2 * 2000 * (100 + 3) // 4  # (2 batches of 100: scalar parameters)
    want = _gpu_reference(3, (5 << 64) + reserved, METHODS["uniform"], 120, 100,
                          np.float64, B.multiprocessors(strict.xp))
    _same_draws(second, want, np.float64)


def test_shape_errors_are_tf_s_on_the_gpu():
    with pytest.raises(tf.errors.InvalidArgumentError,
                       match=r"Input means should have length 1 or shape\[0\], got shape: "
                             r"\[2\]"):
        _ptn([3], ([0.0, 1.0], 1.0, -1.0, 1.0), np.float32)


def test_an_empty_draw_reads_nothing():
    with strict_streams.count_transfers() as n:
        out = _ptn([2, 0], METHODS["randn"], np.float32)
    assert out.shape == (2, 0) and _on_gpu(out) and n["to_host"] == 0


@settings(max_examples=20, deadline=None)
@given(st.integers(1, 4), st.lists(st.integers(0, 4), max_size=2),
       st.sampled_from(sorted(METHODS)), st.sampled_from(DTYPES), st.booleans())
def test_draws_of_any_shape_follow_tf_s_gpu_layout(batches, rest, name, dtype, vector):
    mean, std, lo, hi = METHODS[name]
    params = ([mean] * batches, std, [lo] * batches, hi) if vector else METHODS[name]
    _check([batches] + rest, params, dtype)
