"""Random-stream cases run the same way under TensorFlow and eagerflow.

Each case is a function of the module `tf` (real TensorFlow or eagerflow) returning a list
of tensors or arrays. tf_random_golden.py runs them under TensorFlow 2.21 and writes
random_golden.json; test_random_golden.py runs them under eagerflow and compares the
bytes. `encode` is the one format both sides use: dtype, shape, and the raw little-endian
bytes (or, past 256 bytes, their SHA-256 and the first bytes).
"""

from __future__ import annotations

import hashlib

import numpy as np

SEEDS = (1234, 0, 7, 2**40 + 3, -5)
STATELESS_SEEDS = ((1, 2), (0, 0), (-1, 7), (2**31 - 1, -2**31), (123456789, 987654321))
SHAPES = ((), (1,), (3,), (5,), (2, 3), (4, 4, 3))
FLOATS = ("float16", "float32", "float64")


def encode(value) -> dict:
    a = np.asarray(value)
    if a.dtype.kind == "V" or a.dtype.name == "bfloat16":
        a = a.view(np.uint16)
        name = "bfloat16"
    else:
        name = a.dtype.name
    raw = np.ascontiguousarray(a).astype(a.dtype.newbyteorder("<")).tobytes()
    out = {"dtype": name, "shape": list(a.shape)}
    if len(raw) > 256:
        out.update(sha256=hashlib.sha256(raw).hexdigest(), head=raw[:64].hex())
    else:
        out["hex"] = raw.hex()
    return out


def _dt(tf, name):
    return getattr(tf, name)


# -- stateful ops: the seed rules -------------------------------------------------------

def global_seed_only(tf):
    out = []
    for s in SEEDS:
        tf.random.set_seed(s)
        out += [tf.random.normal([]), tf.random.uniform([5]), tf.random.normal([3, 2]),
                tf.random.truncated_normal([7]), tf.random.uniform([4], 0, 100, tf.int32)]
    return out


def global_seed_counter_restarts(tf):
    tf.random.set_seed(42)
    a = [tf.random.uniform([3]) for _ in range(3)]
    tf.random.set_seed(42)
    return a + [tf.random.uniform([3]) for _ in range(3)]


def op_seed_only(tf):
    tf.random.set_seed(None)
    # the same op seed continues one stream (TF's kernel cache); other ops have their own
    return [tf.random.uniform([4], seed=3), tf.random.uniform([4], seed=3),
            tf.random.uniform([2, 3], seed=3), tf.random.normal([4], seed=3),
            tf.random.uniform([4], seed=3, dtype=tf.float64), tf.random.uniform([4], seed=4)]


def global_and_op_seed(tf):
    out = []
    for s in (7, 2**33):
        tf.random.set_seed(s)
        out += [tf.random.uniform([4], seed=11), tf.random.normal([5], seed=11),
                tf.random.uniform([4], seed=11), tf.random.normal([2], seed=-3)]
    return out


def zero_seeds(tf):
    tf.random.set_seed(0)
    return [tf.random.uniform([3], seed=0), tf.random.uniform([3]), tf.random.normal([2])]


def float_dtypes_and_shapes(tf):
    tf.random.set_seed(99)
    out = []
    for name in FLOATS:
        for shape in SHAPES:
            out += [tf.random.uniform(shape, dtype=_dt(tf, name), seed=1),
                    tf.random.normal(shape, dtype=_dt(tf, name), seed=2),
                    tf.random.truncated_normal(shape, dtype=_dt(tf, name), seed=3)]
    return out


def scaled_draws(tf):
    tf.random.set_seed(5)
    return [tf.random.uniform([6], -3.0, 5.0), tf.random.uniform([6], 0, 7.5),
            tf.random.uniform([6], 2, 3, tf.float64), tf.random.normal([6], 10.0, 0.5),
            tf.random.normal([2], mean=[1.0, -1.0], stddev=2.0),
            tf.random.truncated_normal([6], -2.0, 3.0, tf.float64)]


def integers(tf):
    tf.random.set_seed(8)
    return [tf.random.uniform([9], -3, 4, tf.int32), tf.random.uniform([9], -2**31, 2**31 - 1,
                                                                        tf.int32),
            tf.random.uniform([7], 0, 10**12, tf.int64),
            tf.random.uniform([5], -2**62, 2**62, tf.int64)]


def large_draws(tf):
    tf.random.set_seed(3)
    return [tf.random.normal([100000]), tf.random.truncated_normal([100001]),
            tf.random.uniform([65537]), tf.random.normal([20001], dtype=tf.float64),
            tf.random.truncated_normal([20001], dtype=tf.float64)]


def long_draws(tf):
    """Draws long enough for several passes of the kernels (cache-sized stretches, threads),
    of odd sizes (a partial last block): stateful, stateless and tf.random.Generator
    normals, uniforms and truncated normals of three float types, the Generator from
    states whose counters carry out of their lowest 32 bits and their low 64 bits inside
    a draw, and an 8 x 224 x 224 x 3 batch."""
    tf.random.set_seed(11)
    out = [tf.random.normal([8, 224, 224, 3]), tf.random.truncated_normal([8, 224, 224, 3]),
           tf.random.uniform([8, 224, 224, 3]), tf.random.uniform([70001], dtype=tf.float16),
           tf.random.normal([3, 33335], seed=4), tf.random.truncated_normal([20003], seed=4,
                                                                           dtype=tf.float64)]
    for seed in ((1, 2), (-1, 7), (123456789, 987654321)):
        for name, n in (("float16", 40009), ("float32", 200003), ("float64", 70001)):
            d = _dt(tf, name)
            out += [tf.random.stateless_uniform([n], seed, dtype=d),
                    tf.random.stateless_normal([n], seed, dtype=d),
                    tf.random.stateless_truncated_normal([n], seed, dtype=d)]
    for state in ([2**32 - 5000, 0, 7], [-3000, 5, 7], [12345, 678, 2**40 + 9]):
        g = tf.random.Generator.from_state(state, alg="philox")
        out += [g.normal([100003]), g.uniform([70001]), g.truncated_normal([65539]),
                g.normal([30001], dtype=tf.float64), g.uniform([3, 11113], dtype=tf.float64),
                g.state.read_value()]
    g = tf.random.Generator.from_seed(99)
    out += [g.normal([8, 224, 224, 3]), g.uniform([8, 224, 224, 3]),
            g.truncated_normal([8, 224, 224, 3])]
    return out


def shuffle_and_categorical(tf):
    tf.random.set_seed(11)
    x = tf.reshape(tf.range(24), [8, 3])
    logits = tf.math.log([[0.1, 0.2, 0.7], [0.5, 0.25, 0.25]])
    return [tf.random.shuffle(tf.range(10)), tf.random.shuffle(x), tf.random.shuffle(x),
            tf.random.shuffle(tf.range(1000)), tf.random.categorical(logits, 7),
            tf.random.categorical(logits, 5, dtype=tf.int32),
            tf.random.categorical([[1.0, float("-inf"), 2.0, float("nan")]], 9),
            tf.random.categorical(tf.zeros([3, 50]), 33)]


# -- inside tf.function -----------------------------------------------------------------

def in_function(tf):
    tf.random.set_seed(1234)

    @tf.function
    def f(x):
        return tf.random.normal([]) + x, tf.random.uniform([3]), tf.random.uniform([2], seed=5), \
            tf.random.uniform([2], seed=5)

    out = list(f(0.0)) + list(f(0.0))
    out += list(f(1.0))  # a new trace: new kernels, its streams start over
    tf.random.set_seed(1234)
    out += list(f(0.0))  # set_seed starts every stream over

    @tf.function
    def g():
        return tf.random.normal([2]), tf.random.truncated_normal([3], seed=1)

    return out + list(g()) + list(g())


def in_function_control_flow(tf):
    tf.random.set_seed(77)

    @tf.function
    def f(flag):
        a = tf.random.uniform([2])
        if flag:
            b = tf.random.normal([2])
        else:
            b = tf.random.uniform([2])
        return a, b

    return list(f(tf.constant(True))) + list(f(tf.constant(False)))


# -- stateless ops ----------------------------------------------------------------------

def stateless_floats(tf):
    out = []
    for seed in STATELESS_SEEDS:
        for name in FLOATS:
            d = _dt(tf, name)
            out += [tf.random.stateless_uniform([5], seed, dtype=d),
                    tf.random.stateless_normal([5], seed, dtype=d),
                    tf.random.stateless_truncated_normal([9], seed, dtype=d)]
        out += [tf.random.stateless_uniform([3], tf.constant(seed, tf.int64), -1.0, 2.0),
                tf.random.stateless_normal([2, 2], seed, 3.0, 0.1, alg="philox"),
                tf.random.stateless_uniform([4], seed, alg="auto_select")]
    return out


def stateless_integers(tf):
    out = []
    for seed in STATELESS_SEEDS:
        out += [tf.random.stateless_uniform([6], seed, 0, 10, tf.int32),
                tf.random.stateless_uniform([6], seed, -2**40, 2**40, tf.int64),
                tf.random.stateless_uniform([5], seed, None, None, tf.int32),
                tf.random.stateless_uniform([5], seed, None, None, tf.int64),
                tf.random.stateless_uniform([5], seed, None, None, tf.uint32),
                tf.random.stateless_uniform([5], seed, None, None, tf.uint64)]
    return out


def stateless_categorical_and_shuffle(tf):
    out = []
    for seed in STATELESS_SEEDS[:3]:
        out += [tf.random.stateless_categorical([[0.0, 1.0, 2.0], [1.0, 1.0, 1.0]], 6, seed),
                tf.random.stateless_categorical(tf.math.log([[0.3, 0.7]]), 9, seed,
                                                dtype=tf.int32),
                tf.random.experimental.stateless_shuffle(tf.range(12), seed),
                tf.random.experimental.stateless_shuffle(tf.reshape(tf.range(12), [4, 3]), seed)]
    return out


def seed_utilities(tf):
    out = []
    for seed in STATELESS_SEEDS[:3]:
        out += [tf.random.split(seed), tf.random.split(seed, 4),
                tf.random.split(tf.constant(seed, tf.int64), 3), tf.random.fold_in(seed, 5),
                tf.random.fold_in(tf.constant(seed, tf.int64), 5),
                tf.random.fold_in(seed, tf.constant(2**40, tf.int64))]
    return out


def index_shuffle(tf):
    out = []
    for seed in ((1, 2), (7, -3), (2**30, 5)):
        for top in (0, 1, 9, 100, 65535, 65536, 70000, 2**33 + 17):
            d = tf.int64 if top > 2**31 else tf.int32
            idx = tf.range(min(top + 1, 12), dtype=d)
            out.append(tf.random.experimental.index_shuffle(idx, seed, tf.constant(top, d)))
        out.append(tf.random.experimental.index_shuffle(tf.constant(3, tf.int64),
                                                        tf.constant(seed, tf.int64),
                                                        tf.constant(10, tf.int64)))
    return out


# -- tf.random.Generator ----------------------------------------------------------------

def generator_draws(tf):
    out = []
    for seed in (1234, 0, 2**64 + 3, -3, [1, 2], 2**63 + 5):
        g = tf.random.Generator.from_seed(seed)
        out += [g.state.read_value(), g.normal([3]), g.uniform([5]),
                g.uniform([3], dtype=tf.float64), g.uniform([4], 2, 9, tf.int32),
                g.truncated_normal([5]), g.uniform_full_int([2], tf.int64),
                g.uniform_full_int([3]), g.uniform([3], None, None, tf.int32),
                g.normal([2], 5.0, 2.0, tf.float64), g.state.read_value()]
    return out


def generator_state_ops(tf):
    g = tf.random.Generator.from_seed(7)
    out = [g.make_seeds(2)]
    children = g.split(3)
    out += [c.state.read_value() for c in children] + [c.normal([2]) for c in children]
    out += [g.skip(10), g.state.read_value(), g.normal([2])]
    g.reset_from_seed(9)
    out += [g.state.read_value(), g.uniform([2])]
    g.reset([5, 6, 7])
    out += [g.uniform([2])]
    g.reset_from_key_counter(11, [3, 4])
    out += [g.state.read_value(), g.normal([3])]
    h = tf.random.Generator.from_key_counter(5, [1, 2], "philox")
    out += [h.state.read_value(), h.normal([2]), tf.random.Generator(copy_from=h).normal([2])]
    out += [tf.random.create_rng_state(1234, "philox"), tf.random.create_rng_state([1, 2], 1),
            tf.random.create_rng_state(2**70 + 5, "philox")]
    return out


def generator_in_function(tf):
    g = tf.random.Generator.from_seed(31)

    @tf.function
    def f():
        return g.normal([2]), g.uniform([3], 0, 5, tf.int64)

    return list(f()) + list(f()) + [g.state.read_value(), g.normal([2])]


# -- gamma and Poisson -----------------------------------------------------------------

def gamma_and_poisson(tf):
    tf.random.set_seed(21)
    out = [tf.random.gamma([5], [0.3, 1.0, 2.5, 40.0]), tf.random.gamma([3, 2], 0.7, 2.0),
           tf.random.gamma([4], [1.0, 3.0], dtype=tf.float64),
           tf.random.gamma([2], 5.0, beta=[1.0, 4.0], dtype=tf.float16),
           tf.random.poisson([6], [0.2, 4.0, 9.9, 10.0, 55.0]),
           tf.random.poisson([3], [1.5, 250.0], dtype=tf.int64),
           tf.random.poisson([4], tf.constant([0.5, 30.0], tf.float64), dtype=tf.float64)]
    for seed in STATELESS_SEEDS[:3]:
        out += [tf.random.stateless_gamma([4, 3], seed, [0.4, 1.0, 7.0]),
                tf.random.stateless_gamma([5], seed, 2.0, beta=3.0, dtype=tf.float64),
                tf.random.stateless_poisson([3, 4], seed, [0.5, 9.0, 12.0, 600.0]),
                tf.random.stateless_poisson([5], seed, 3.3, dtype=tf.float32)]
    return out


def stateless_gamma_dynamic_shape(tf):
    """stateless_gamma in a function whose shape is known only when it runs (a batch's
    size: what keras.random.beta draws for MixUp in a dataset map), with and without a
    beta, alpha broadcast to the shape first; the same draws as eager ones."""
    def draws(x):
        n = tf.shape(x)[:1]
        alpha = tf.broadcast_to(tf.constant(0.8), n)
        return [tf.random.stateless_gamma(n, [3, 4], alpha),
                tf.random.stateless_gamma(tf.concat([n, [2]], 0), [5, 6], [1.5, 9.0]),
                tf.random.stateless_gamma(n, [7, 8], 2.0, beta=0.5)]
    f = tf.function(draws, input_signature=[tf.TensorSpec([None], tf.float32)])
    return f(tf.zeros([5])) + draws(tf.zeros([5]))


def binomial(tf):
    """Inversion below count * p = 10, BTRS above, p > 1/2 by its failures, edge
    probabilities and counts, each parameter dtype, broadcasting, sample-major layout."""
    out = []
    counts = [0.0, -2.0, 1.0, 3.5, 9.0, 15.0, 40.0, 200.0, 1e5, 1e9]
    probs = [0.5, 0.3, 1.0, 0.9, 0.05, 0.7, 0.25, 0.51, 0.999, 0.45]
    for seed in STATELESS_SEEDS[:3]:
        for d in (tf.float16, tf.float32, tf.float64):
            c = tf.constant(counts[:8] if d == tf.float16 else counts, d)
            p = tf.constant(probs[:8] if d == tf.float16 else probs, d)
            out.append(tf.random.stateless_binomial([3, c.shape[0]], seed, c, p))
        out += [tf.random.stateless_binomial([4, 2, 3], seed, [[5.0], [60.0]], [0.2, 0.5, 0.8],
                                             output_dtype=tf.float32),
                tf.random.stateless_binomial([50], seed, 12.0, 0.4, output_dtype=tf.int64),
                tf.random.stateless_binomial([2], seed, [1.0, 0.0], [-0.5, 0.0])]
    return out


def stateless_v1_raw_ops(tf):
    """tf.raw_ops' first stateless ops, seeded directly (int32 and int64 seeds), and the
    seed's key, counter and algorithm."""
    r, out = tf.raw_ops, []
    for seed in STATELESS_SEEDS:
        for sd in (tf.int32, tf.int64):
            s = tf.constant(seed, sd)
            out += list(r.StatelessRandomGetKeyCounterAlg(seed=s))
            for d in (tf.float16, tf.bfloat16, tf.float32, tf.float64):
                out += [r.StatelessRandomUniform(shape=[5], seed=s, dtype=d),
                        r.StatelessRandomNormal(shape=[2, 3], seed=s, dtype=d),
                        r.StatelessTruncatedNormal(shape=[7], seed=s, dtype=d)]
            for d in (tf.int32, tf.int64, tf.uint32, tf.uint64):
                out.append(r.StatelessRandomUniformFullInt(shape=[4], seed=s, dtype=d))
            out += [r.StatelessRandomUniformInt(shape=[6], seed=s, minval=-3, maxval=100),
                    r.StatelessRandomUniformInt(shape=[3], seed=s,
                                                minval=tf.constant(-2**62, tf.int64),
                                                maxval=tf.constant(2**62, tf.int64)),
                    r.StatelessRandomGammaV2(shape=[3, 2], seed=s,
                                             alpha=tf.constant([0.5, 3.0], tf.float32)),
                    r.StatelessRandomGammaV2(shape=[4], seed=s,
                                             alpha=tf.constant(1.5, tf.float64))]
    return out + [r.StatelessRandomGetAlg(), r.StatelessRandomNormal(shape=[0, 3], seed=[1, 2]),
                  r.StatelessRandomUniform(shape=[1000], seed=[4, 5])]


def parameterized_truncated_normal(tf):
    """ParameterizedTruncatedNormal (stateful): each sampling method, scalar parameters
    (batches of 100), vectors along the first dimension, each dtype, and the stream each
    call leaves for the next. On CPU:0, whose kernel TF's numbers are: its GPU kernel lays
    its draws out otherwise (tests/backend/test_random_rejection_on_device.py)."""
    with tf.device("/CPU:0"):
        return _parameterized_truncated_normal(tf)


def _parameterized_truncated_normal(tf):
    r, out = tf.raw_ops, []
    for i, d in enumerate((tf.float16, tf.float32, tf.float64)):
        def c(v):
            return tf.constant(v, d)
        for k, (shape, params) in enumerate([
                ([6], (0.0, 1.0, -1.0, 2.0)), ([4, 30], (0.0, 1.0, -2.0, 2.0)),
                ([250], (1.0, 2.0, -5.0, 5.0)),
                ([3, 4], ([0.0, 1.0, 2.0], 1.0, [-3.0, 0.5, 2.5], [3.0, 0.9, 9.0])),
                ([2, 5], ([0.0], [1.0, 0.5], [1.0, -0.2], [1.2, 0.1])),
                ([5], (0.0, 1.0, 3.0, np.inf)), ([2, 0], (0.0, 1.0, -1.0, 1.0))]):
            for _ in range(2):
                out.append(r.ParameterizedTruncatedNormal(
                    shape=shape, means=c(params[0]), stdevs=c(params[1]),
                    minvals=c(params[2]), maxvals=c(params[3]), seed=10 * i + k, seed2=5))
    return out


def _state_now(g):
    """A copy of a Generator's state. (A read still held while TF's StatefulRandomBinomial
    runs shares the variable's buffer: the op then advances the read, not the variable.)"""
    return np.array(g.state.numpy())


def generator_binomial(tf):
    """Generator.binomial (TF's StatefulRandomBinomial): draws from the state, and the
    state TF leaves after each (its own reservation, an empty draw's included)."""
    out = []
    counts = [0.0, 1.0, 3.5, 9.0, 15.0, 40.0, 200.0, 1e5]
    probs = [0.5, 1.0, 0.9, 0.05, 0.7, 0.25, 0.51, 0.45]
    for seed in (5, 1234, 2**64 + 3, [1, 2, -3]):
        g = tf.random.Generator.from_seed(seed)
        for d in (tf.float16, tf.float32, tf.float64):
            out += [g.binomial([3, 8], tf.constant(counts, d), tf.constant(probs, d)),
                    _state_now(g)]
        out += [g.binomial([4, 2, 3], [[5.0], [60.0]], [0.2, 0.5, 0.8], dtype=tf.float32),
                g.binomial([50], 12.0, 0.4, dtype=tf.int64), g.binomial([], 7.0, 0.3),
                g.binomial([0, 2], [5.0, 20.0], 0.5), _state_now(g),
                g.binomial([2, 0], tf.zeros([0]), 0.5), _state_now(g),
                g.binomial([2, 2], [2.0, 30.0], [-0.5, 0.0], dtype=tf.float64),
                g.binomial([5, 2], [np.inf, 1e5], [0.45, 0.95], dtype=tf.float32),
                _state_now(g), g.normal([2])]
    g = tf.random.Generator.from_seed(77)

    @tf.function
    def f():
        return g.binomial([3], 10.0, 0.3), g.binomial([2, 2], [8.0, 90.0], 0.6)

    return out + list(f()) + list(f()) + [_state_now(g)]


def stateful_raw_ops(tf):
    """tf.raw_ops' stateful generator ops on a Generator's state variable: the V2 draws
    at its key and counter, and the state each leaves (256 blocks per value; a wrapped
    counter; an empty draw; auto-select; a traced call's)."""
    r, out = tf.raw_ops, []
    for seed in (5, 1234, 2**64 + 3, [1, 2, -3], [-3, -1, 9]):
        g = tf.random.Generator.from_seed(seed) if isinstance(seed, int) else \
            tf.random.Generator.from_state(seed, "philox")
        h = g.state.handle
        for alg in (1, 3):
            for d in (tf.float16, tf.bfloat16, tf.float32, tf.float64):
                out += [r.StatefulUniform(resource=h, algorithm=alg, shape=[5], dtype=d),
                        _state_now(g),
                        r.StatefulStandardNormalV2(resource=h, algorithm=alg, shape=[2, 3],
                                                   dtype=d),
                        r.StatefulTruncatedNormal(resource=h, algorithm=alg, shape=[7],
                                                  dtype=d), _state_now(g)]
            for d in (tf.int32, tf.int64, tf.uint32, tf.uint64):
                out += [r.StatefulUniformFullInt(resource=h, algorithm=alg, shape=[4], dtype=d),
                        _state_now(g)]
            out += [r.StatefulUniformInt(resource=h, algorithm=alg, shape=[6], minval=-3,
                                         maxval=100),
                    r.StatefulUniformInt(resource=h, algorithm=alg,
                                         shape=tf.constant([3], tf.int32),
                                         minval=tf.constant(-2**62, tf.int64),
                                         maxval=tf.constant(2**62, tf.int64)),
                    r.StatefulUniform(resource=h, algorithm=alg, shape=[0, 4]), _state_now(g)]
    g = tf.random.Generator.from_seed(77)

    @tf.function
    def f():
        return (tf.raw_ops.StatefulUniform(resource=g.state.handle, algorithm=1, shape=[3]),
                tf.raw_ops.StatefulUniformInt(resource=g.state.handle, algorithm=1, shape=[2],
                                              minval=0, maxval=10))

    return out + list(f()) + list(f()) + [_state_now(g), g.normal([2])]


# -- tf.data ----------------------------------------------------------------------------

def _elements(ds):
    return np.array([np.asarray(x) for x in ds])


def dataset_shuffle(tf):
    ds = tf.data.Dataset.range(10).shuffle(4, seed=42)
    out = [_elements(ds), _elements(ds)]  # each iteration reshuffles
    fixed = tf.data.Dataset.range(10).shuffle(4, seed=42, reshuffle_each_iteration=False)
    out += [_elements(fixed), _elements(fixed)]
    out += [_elements(tf.data.Dataset.range(7).shuffle(3, seed=42).repeat(3)),
            _elements(tf.data.Dataset.range(6).repeat(2).shuffle(3, seed=42)),
            _elements(tf.data.Dataset.range(5).shuffle(100, seed=1)),
            _elements(tf.data.Dataset.range(5).shuffle(1, seed=1)),
            _elements(tf.data.Dataset.from_tensor_slices(np.arange(40.0).reshape(20, 2))
                      .shuffle(7, seed=3)),
            _elements(tf.data.Dataset.range(24).shuffle(10, seed=8).batch(4)),
            _elements(tf.data.Dataset.range(10000).shuffle(1000, seed=9))]
    tf.random.set_seed(5)  # global seed only: op seeds from its sequence
    out += [_elements(tf.data.Dataset.range(10).shuffle(4)),
            _elements(tf.data.Dataset.range(10).shuffle(4))]
    return out


def dataset_random(tf):
    ds = tf.data.Dataset.random(seed=42).take(5)
    again = tf.data.Dataset.random(seed=42, rerandomize_each_iteration=True).take(5)
    return [_elements(ds), _elements(ds), _elements(again), _elements(again)]


CASES = {f.__name__: f for f in (
    global_seed_only, global_seed_counter_restarts, op_seed_only, global_and_op_seed,
    zero_seeds, float_dtypes_and_shapes, scaled_draws, integers, large_draws, long_draws,
    shuffle_and_categorical, in_function, in_function_control_flow, stateless_floats,
    stateless_integers, stateless_categorical_and_shuffle, seed_utilities, index_shuffle,
    generator_draws, generator_state_ops, generator_in_function, gamma_and_poisson,
    stateless_gamma_dynamic_shape, binomial, stateless_v1_raw_ops,
    generator_binomial, stateful_raw_ops, parameterized_truncated_normal, dataset_shuffle,
    dataset_random)}


def run(tf, name) -> list:
    tf.random.set_seed(None)  # each case starts without a global seed
    return [encode(v) for v in CASES[name](tf)]
