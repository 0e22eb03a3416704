"""eigen_lu.eigen_small_solve's two ways through the same steps (TF's PartialPivLU and
substitutions): a few matrices one at a time over Python numbers, a batch a step at a time
over NumPy arrays. Both give the same bits and the same pivot checks on random matrices and
on matrices of special values (signed zeros, denormals, infinities, NaN, singular ones, ties
of pivots), float32 and float64, every size taken one at a time (one panel of unknowns: 16
float, 8 double rows), one to three right-hand sides and the identity (the inverses'). A NaN
compares by NaN-ness alone: the array steps' own NaN signs depend on the batch's layout
(where both factors of a product are NaN, NumPy's vector loops keep the first one's, its
scalar loops, run over short rows, the second's), so a matrix's NaN signs differ between a
batch and itself alone there too. TF's own bits are test_small_solve_golden.py's and
test_rng10_golden.py's."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import eigen_lu

# (one matrix at a time is taken up to one panel of unknowns)
SIZES = [(d, n) for d in ("float32", "float64")
         for n in range(1, eigen_lu._PANEL[np.dtype(d)] + 1)]


def _matrices(dtype: str, n: int, count: int) -> np.ndarray:
    rng = np.random.default_rng(n)
    f = np.finfo(np.dtype(dtype))
    special = np.array([0.0, -0.0, 1.0, -1.0, 2.0, float(f.tiny) / 4, -float(f.tiny) / 2,
                        float(f.tiny), float(f.max), np.inf, -np.inf, np.nan, -np.nan, 1e-30,
                        3e30])
    m = rng.normal(size=(count, n, n)) * 10.0 ** rng.integers(-3, 4, (count, n, n))
    # (a quarter of the matrices hold special values, some in most of their places)
    holes = (rng.random((count, n, n)) < np.where(np.arange(count) % 4 == 0, 0.6, 0.0)
             [:, None, None])
    m[holes] = rng.choice(special, holes.sum())
    m[1::7] = np.round(m[1::7])  # (ties of pivots, singular matrices)
    m[2::9, :, 0] = m[2::9, :1, 0]  # (equal moduli down the first column)
    with np.errstate(over="ignore"):
        return m.astype(dtype)


def _bits(v: np.ndarray) -> np.ndarray:
    v = v.astype(np.float64)
    bits = v.view(np.uint64).copy()
    bits[np.isnan(v)] = 1  # (see above)
    return bits


def _both(a: np.ndarray, b: np.ndarray, monkeypatch: pytest.MonkeyPatch) -> tuple:
    one = eigen_lu._solves_one_at_a_time(a, b)
    with monkeypatch.context() as m:
        m.setattr(eigen_lu, "_BATCH_STEP", -1)  # (no batch is cheap enough alone)
        batch = eigen_lu.eigen_small_solve(a, b)
    return one, batch


@pytest.mark.parametrize("dtype, n", SIZES)
def test_one_at_a_time_gives_the_batch_steps_bits(dtype, n, monkeypatch):
    a = _matrices(dtype, n, 64)
    rng = np.random.default_rng(100 + n)
    eye = np.broadcast_to(np.eye(n, dtype=dtype), a.shape)
    for b in (rng.normal(size=(64, n, 1)).astype(dtype),
              _matrices(dtype, n, 64)[:, :, :min(n, 3)], eye):
        (x1, ok1), (x2, ok2) = _both(a, b, monkeypatch)
        assert x1.dtype == x2.dtype == np.dtype(dtype) and x1.shape == x2.shape == b.shape
        np.testing.assert_array_equal(ok1, ok2)
        bad = np.flatnonzero((_bits(x1) != _bits(x2)).reshape(len(a), -1).any(axis=1))
        assert not bad.size, f"{bad.size} matrices differ, first {a[bad[0]]}: {x1[bad[0]]} " \
                             f"(batch steps {x2[bad[0]]})"


def test_either_way_is_taken_by_its_cost(monkeypatch):
    # (a lone 8 x 8 inverse and 12 x 12 solve go one matrix at a time; many 2 x 2 solves,
    # six 3 x 3 ones, a lone 12 x 12 inverse and 16 x 16 solve as a batch: the faster way
    # measured, perf47)
    calls = []
    real = eigen_lu._solves_one_at_a_time
    monkeypatch.setattr(eigen_lu, "_solves_one_at_a_time",
                        lambda a, b: calls.append(a.shape) or real(a, b))
    for n, count, rhs in ((8, 1, 8), (12, 1, 1), (2, 64, 1), (3, 6, 1), (12, 1, 12),
                          (16, 1, 1)):
        a = np.ones((count, n, n), np.float32) + np.eye(n, dtype="f")
        eigen_lu.eigen_small_solve(a, np.ones((count, n, rhs), np.float32))
    assert calls == [(1, 8, 8), (1, 12, 12)]


def _exact_bits(v: np.ndarray) -> np.ndarray:
    return v.astype(np.float64).view(np.uint64)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n", [1, 2, 3, 5, 8, 9, 12, 16])
def test_finite_steps_give_the_pivot_rules_bits(dtype, n, monkeypatch):
    # _lu_finite (argmax pivots, the lower substitution inside the LU within a panel) gives
    # _lu_columns' bits, NaN signs too, on random, singular (rounded: ties, zero pivots)
    # and special matrices (inf, NaN, denormals), alone and as a batch; a matrix it can't
    # take goes back to _lu_columns
    monkeypatch.setattr(eigen_lu, "_BATCH_STEP", -1)  # (the array steps, even alone)
    a = _matrices(dtype, n, 32)
    rng = np.random.default_rng(200 + n)
    finite = np.isfinite(a).all(axis=(1, 2))
    taken = []
    real = eigen_lu._lu_finite
    monkeypatch.setattr(eigen_lu, "_lu_finite",
                        lambda *args: taken.append(r := real(*args)) or r)
    for b in (rng.normal(size=(32, n, 2)).astype(dtype), _matrices(dtype, n, 32)[:, :, :1],
              np.broadcast_to(np.eye(n, dtype=dtype), a.shape)):
        for batch in [slice(None), np.flatnonzero(finite)] + [[i] for i in range(32)]:
            x, ok = eigen_lu.eigen_small_solve(a[batch], b[batch])
            with monkeypatch.context() as m:
                m.setattr(eigen_lu, "_lu_finite", lambda *args: None)
                x0, ok0 = eigen_lu.eigen_small_solve(a[batch], b[batch])
            np.testing.assert_array_equal(ok, ok0)
            np.testing.assert_array_equal(_exact_bits(x), _exact_bits(x0))
    assert any(t is not None for t in taken) and any(t is None for t in taken)


def test_empty_and_singular_inverses_and_solves_keep_their_answers():
    import eagerflow as tf

    assert tf.linalg.inv(tf.zeros((0, 3, 3))).shape == (0, 3, 3)
    assert tf.linalg.inv(tf.zeros((2, 0, 0), tf.float64)).shape == (2, 0, 0)
    assert tf.linalg.solve(tf.eye(3, batch_shape=[2]), tf.zeros((2, 3, 0))).shape == (2, 3, 0)
    for f in (lambda m: tf.linalg.inv(m), lambda m: tf.linalg.solve(m, tf.ones((4, 1)))):
        with pytest.raises(tf.errors.InvalidArgumentError, match="not invertible"):
            f(tf.constant([[1.0, 2, 0, 0], [2, 4, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]]))


@pytest.mark.parametrize("dtype, n", SIZES)
def test_one_right_hand_side_as_each_column_of_two(dtype, n):
    # one right-hand side takes its own substitution (numbers, not rows of them): the same
    # operations as each column of several (a NaN by NaN-ness: its sign over Python floats
    # varied with the tests run before, the former steps' too)
    a = _matrices(dtype, n, 32)
    b = _matrices(dtype, n + 1, 32)[:, :n, :1]
    one, ok = eigen_lu._solves_one_at_a_time(a, b)
    two, ok2 = eigen_lu._solves_one_at_a_time(a, np.concatenate([b, b[::-1]], axis=-1))
    np.testing.assert_array_equal(_bits(one), _bits(two[..., :1]))
    np.testing.assert_array_equal(ok, ok2)
