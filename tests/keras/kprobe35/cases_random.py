"""kprobe35's snippets on keras.random's values with a SeedGenerator, an integer seed and
the global seed: each distribution's values and dtypes, a generator's state as calls
advance it, two generators of the same seed, shuffles and dropouts, and the seeded
random layers in training (see cases.py). The values come from Keras's own seeding over
TF's stateless kernels, so eagerflow must draw the same numbers."""

# ruff: noqa: E501 - one snippet call per line (a call expression is not split)

from tests.keras.kprobe35.prelude import _TRY

SNIPPETS: dict[str, str] = {}

SNIPPETS["random_seedgen_each_distribution"] = _TRY + """
R = keras.random
g = keras.random.SeedGenerator(42)
show("normal", lambda: R.normal((2, 3), seed=g))
show("normal_ms", lambda: R.normal((3,), mean=2.0, stddev=0.5, seed=g, dtype="float64"))
show("uniform", lambda: R.uniform((2, 3), seed=g))
show("uniform_range", lambda: R.uniform((3,), minval=-2, maxval=5, seed=g, dtype="float16"))
show("randint", lambda: R.randint((2, 4), 0, 10, seed=g))
show("randint_i64", lambda: R.randint((4,), -5, 5, seed=g, dtype="int64"))
show("truncated", lambda: R.truncated_normal((2, 3), seed=g))
show("categorical", lambda: R.categorical(np.log(np.array([[0.2, 0.8], [0.5, 0.5]], "float32")), 5, seed=g))
show("gamma", lambda: R.gamma((4,), alpha=2.0, seed=g))
show("binomial", lambda: R.binomial((4,), counts=10, probabilities=0.3, seed=g))
show("beta", lambda: R.beta((3,), alpha=2.0, beta=3.0, seed=g))
show("state", lambda: g.state)
"""

SNIPPETS["random_int_seed_and_global"] = _TRY + """
R = keras.random
show("normal_7", lambda: R.normal((3,), seed=7))
show("normal_7_again", lambda: R.normal((3,), seed=7))
show("uniform_7", lambda: R.uniform((3,), seed=7))
show("normal_none", lambda: R.normal((3,)))
show("normal_none_2", lambda: R.normal((3,)))
keras.utils.set_random_seed(5)
show("after_set", lambda: R.uniform((3,)))
show("randint_7", lambda: R.randint((5,), 0, 100, seed=7))
show("truncated_7", lambda: R.truncated_normal((3,), seed=7, stddev=2.0))
show("seed_tuple", lambda: R.normal((2,), seed=(1, 2)))
show("bad_seed", lambda: R.normal((2,), seed="abc"))
show("bad_dtype", lambda: R.normal((2,), seed=1, dtype="int32"))
"""

SNIPPETS["random_seedgen_state_advances"] = _TRY + """
R = keras.random
g1 = keras.random.SeedGenerator(3)
g2 = keras.random.SeedGenerator(3)
a = R.uniform((3,), seed=g1)
b = R.uniform((3,), seed=g2)
show("same_seed_same", lambda: bool(np.allclose(a, b)))
show("g1_state", lambda: g1.state)
show("next", lambda: g1.next())
show("g1_state2", lambda: g1.state)
show("after_next", lambda: R.uniform((3,), seed=g1))
show("g2_again", lambda: R.uniform((3,), seed=g2))
show("config", lambda: g1.get_config())
g3 = keras.random.SeedGenerator.from_config(g1.get_config())
show("from_config", lambda: R.uniform((3,), seed=g3))
show("gen_none_state_dtype", lambda: keras.backend.standardize_dtype(keras.random.SeedGenerator().state.dtype))
show("bad", lambda: keras.random.SeedGenerator(seed=1.5))
show("name", lambda: keras.random.SeedGenerator(4, name="my_gen").state.path)
"""

SNIPPETS["random_shuffle_dropout_values"] = _TRY + """
R = keras.random
g = keras.random.SeedGenerator(11)
x = np.arange(12, dtype="float32").reshape(4, 3)
show("shuffle", lambda: R.shuffle(x, seed=g))
show("shuffle_ax1", lambda: R.shuffle(x, axis=1, seed=g))
show("shuffle_int", lambda: R.shuffle(np.arange(6, dtype="int32"), seed=5))
show("dropout", lambda: R.dropout(x, 0.5, seed=g))
show("dropout_ns", lambda: R.dropout(x, 0.5, noise_shape=(4, 1), seed=g))
show("dropout_f16", lambda: R.dropout(x.astype("float16"), 0.25, seed=3))
show("dropout_bad", lambda: R.dropout(x, 1.5, seed=3))
"""

SNIPPETS["random_layers_seeded_training"] = _TRY + """
x = np.linspace(-1, 1, 24, dtype="float32").reshape(2, 3, 4)
for mk in [lambda: layers.Dropout(0.4, seed=9), lambda: layers.GaussianNoise(0.3, seed=9),
           lambda: layers.GaussianDropout(0.3, seed=9), lambda: layers.AlphaDropout(0.3, seed=9),
           lambda: layers.SpatialDropout1D(0.5, seed=9), lambda: layers.Dropout(0.5, noise_shape=(None, 1, 4), seed=9)]:
    l = mk()
    show(l.__class__.__name__ + "_1", lambda: l(x, training=True))
    show(l.__class__.__name__ + "_2", lambda: O.sum(l(x, training=True)))
    show(l.__class__.__name__ + "_inf", lambda: O.sum(l(x)))
"""
