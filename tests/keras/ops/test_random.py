"""keras.random: SeedGenerator's state and how seeds are drawn (Keras 3's rules), and the
distributions of the draws (moments within a few standard errors over large samples)."""

import numpy as np
import pytest

import eagerflow as tf
from eagerflow import keras
from eagerflow._src.keras.ops import random as R

random = keras.random


def test_seed_generator_state_and_next():
    gen = random.SeedGenerator(42)
    assert gen.state.dtype == tf.int64 and not gen.state.trainable
    assert gen.state.name.startswith("seed_generator_state")
    np.testing.assert_array_equal(gen.next().numpy(), [42, 0])
    np.testing.assert_array_equal(gen.next().numpy(), [42, 1])
    np.testing.assert_array_equal(gen.state.numpy(), [42, 2])
    before = gen.state.numpy()
    np.testing.assert_array_equal(gen.next(ordered=False).numpy(), before)
    np.testing.assert_array_equal(gen.state.numpy(), (before + 1) * 5387 % 933199)


def test_seed_generator_names_configs_and_errors():
    a, b = random.SeedGenerator(1), random.SeedGenerator(1)
    assert a.name.startswith("seed_generator") and a.name != b.name
    assert a.get_config() == {"seed": 1, "name": a.name}
    c = random.SeedGenerator.from_config({"seed": 7, "name": "mine"})
    assert c.name == "mine" and c.state.numpy().tolist() == [7, 0]
    assert random.SeedGenerator().get_config()["seed"] is None
    with pytest.raises(ValueError, match="Argument `seed` must be an integer"):
        random.SeedGenerator(1.5)
    with pytest.raises(ValueError, match="Unrecognized keyword arguments"):
        random.SeedGenerator(1, colour="red")
    with pytest.raises(ValueError, match="must be either an integer or an instance of"):
        random.normal((2,), seed="x")


def test_int_seeds_repeat_generators_advance():
    np.testing.assert_array_equal(random.normal((4,), seed=3).numpy(),
                                  random.normal((4,), seed=3).numpy())
    gen = random.SeedGenerator(3)
    first, second = random.normal((4,), seed=gen), random.normal((4,), seed=gen)
    assert not np.array_equal(first.numpy(), second.numpy())
    # the generator's first draw uses the pair [3, 0], as the int seed 3 does
    np.testing.assert_array_equal(first.numpy(), random.normal((4,), seed=3).numpy())


def test_set_random_seed_drives_the_seedless_draws():
    keras.utils.set_random_seed(1234)
    a = [random.uniform((3,)).numpy() for _ in range(2)]
    keras.utils.set_random_seed(1234)
    b = [random.uniform((3,)).numpy() for _ in range(2)]
    np.testing.assert_array_equal(a[0], b[0])
    np.testing.assert_array_equal(a[1], b[1])
    assert not np.array_equal(a[0], a[1])
    assert R.global_seed_generator() is R.global_seed_generator()


def test_draws_inside_tf_function_follow_the_generator():
    gen = random.SeedGenerator(5)

    @tf.function
    def draw():
        return random.uniform((2,), seed=gen)

    x, y = draw(), draw()
    assert not np.array_equal(x.numpy(), y.numpy())
    np.testing.assert_array_equal(gen.state.numpy(), [5, 2])


N = 20000


def _close(sample, mean, var):
    """The sample mean within 5 standard errors, the variance within 10%."""
    sample = np.asarray(sample, np.float64).ravel()
    assert abs(sample.mean() - mean) < 5 * np.sqrt(var / sample.size) + 1e-9, sample.mean()
    assert abs(sample.var() - var) <= 0.1 * var + 1e-9, sample.var()


def test_normal_uniform_truncated_normal_randint():
    _close(random.normal((N,), mean=1.0, stddev=2.0, seed=1), 1.0, 4.0)
    u = random.uniform((N,), minval=-1.0, maxval=3.0, seed=2).numpy()
    assert u.min() >= -1 and u.max() < 3
    _close(u, 1.0, 16 / 12)
    t = random.truncated_normal((N,), stddev=2.0, seed=3).numpy()
    assert np.abs(t).max() <= 4.0
    _close(t, 0.0, 4.0 * 0.7737413)  # the variance of a normal truncated at 2 sigma
    r = random.randint((N,), 2, 7, seed=4).numpy()
    assert r.dtype == np.int32 and r.min() == 2 and r.max() == 6


def test_categorical_dropout_shuffle():
    logits = np.log(np.array([[0.1, 0.6, 0.3]], "float32"))
    c = random.categorical(logits, N, seed=5).numpy()
    assert c.dtype == np.int32
    np.testing.assert_allclose(np.bincount(c[0], minlength=3) / N, [0.1, 0.6, 0.3], atol=0.02)
    x = np.ones((N,), "float32")
    d = random.dropout(x, 0.25, seed=6).numpy()
    assert set(np.unique(d)) <= {0.0, np.float32(1 / 0.75)}
    assert abs((d == 0).mean() - 0.25) < 0.02
    d2 = random.dropout(np.ones((4, 3), "float32"), 0.5, noise_shape=(4, 1), seed=6).numpy()
    assert all(len(set(row)) == 1 for row in d2)  # one draw per row
    s = random.shuffle(np.arange(100), seed=7).numpy()
    assert sorted(s) == list(range(100)) and not np.array_equal(s, np.arange(100))
    with pytest.raises(ValueError, match="must be a floating point tensor"):
        random.dropout(np.ones(3, "int32"), 0.5, seed=1)


@pytest.mark.parametrize("alpha", [0.3, 1.0, 4.5])
def test_gamma_moments(alpha):
    _close(random.gamma((N,), alpha, dtype="float64", seed=8), alpha, alpha)


def test_beta_and_binomial_moments():
    a, b = 2.0, 5.0
    _close(random.beta((N,), a, b, seed=9), a / (a + b), a * b / ((a + b) ** 2 * (a + b + 1)))
    n, p = np.float32(3000.0), 0.2  # (more than one block of trials)
    draws = random.binomial((N // 4,), n, p, seed=10).numpy()
    _close(draws, n * p, n * p * (1 - p))
    small = random.binomial((N,), 5.0, 0.5, dtype="int32", seed=11).numpy()
    assert small.dtype == np.int32 and small.min() >= 0 and small.max() <= 5
