"""eigen_sum's einsum path (blocks added in turn by np.einsum) gives the bits of the steps
it replaced, which still run where einsum may not (a NaN among the sums, or a NumPy
whose einsum adds otherwise): random values with NaNs of both signs, infinities, -0 and
empty tensors, whole and along axes, sums, norms and L2 losses, 1 to 4 threads."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import eigen_sum
from tests.ops import eigen_sum_reference as ref
from tests.ops.eigen_sum_cases import values

_SHAPES = ((0,), (3, 0), (9000,), (100000,), (1000000,), (24, 9001), (5, 20000),
           (1000, 1000), (300, 70), (7, 4, 3000), (64, 28, 28, 8))


def _inputs(shape: tuple, dtype: str, seed: int) -> list:
    """Plain values, then the same with specials scattered in."""
    rng = np.random.default_rng(seed)
    x = (rng.normal(size=shape) * 10.0 ** rng.integers(-4, 5, size=shape)).astype(dtype)
    specials = x.copy().reshape(-1)
    for v in (np.nan, -np.nan, np.inf, -np.inf, -0.0):
        specials[rng.integers(0, max(specials.size, 1), min(specials.size, 3))] = v
    zeros = np.full(shape, -0.0, dtype)
    return [x, specials.reshape(shape), zeros]


def _all_axes(ndim: int) -> list:
    return [tuple(range(ndim))] + [(i,) for i in range(ndim)] + \
        ([(0, ndim - 1)] if ndim > 2 else [])


def _reductions(x: np.ndarray, axes: tuple) -> list:
    return [eigen_sum.tf_sum(x, axes, False), eigen_sum.tf_sum_of_squares(x, axes, False),
            eigen_sum.tf_sum_of_squares(x, axes, False, True)]


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("threads", [1, 2, 4])
def test_einsum_path_as_the_steps(dtype: str, threads: int,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    assert eigen_sum._einsum_in_turn()  # (this NumPy's einsum adds in turn: the path runs)
    monkeypatch.setattr(eigen_sum, "intra_op_threads", lambda: threads)
    for i, shape in enumerate(_SHAPES):
        for x in _inputs(shape, dtype, i):
            for axes in _all_axes(x.ndim):
                with np.errstate(invalid="ignore", over="ignore"):
                    fast = _reductions(x, axes)
                    with monkeypatch.context() as m:
                        m.setattr(eigen_sum, "_einsum_in_turn", lambda: False)
                        steps = _reductions(x, axes)
                for a, b in zip(fast, steps):
                    assert a.dtype == b.dtype and a.shape == b.shape
                    assert a.tobytes() == b.tobytes(), (shape, axes, a, b)


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_einsum_path_as_reference(dtype: str) -> None:
    # Eigen's order spelled out one step at a time: long rows, a tree's leaves, shards
    x = values(250001, dtype, 7)
    for shards in (1, 2, 3):
        assert eigen_sum.sharded_sum(x, shards) == ref.full(x, shards)
    y = values(6 * 9001, dtype, 8)
    np.testing.assert_array_equal(eigen_sum.rows(y.reshape(6, 9001)),
                                  [ref.row(y, i * 9001, 9001) for i in range(6)])


def test_nan_sums_keep_the_steps_nan(monkeypatch: pytest.MonkeyPatch) -> None:
    # which NaN an einsum sum holds is the build's choice: such sums take the steps
    blocks = np.ones((4, 40, 32), np.float32)
    blocks[1, 3, 5] = np.nan
    assert eigen_sum._einsum_blocks(blocks) is None
    blocks[1, 3, 5] = 1
    np.testing.assert_array_equal(eigen_sum._einsum_blocks(blocks), np.full((4, 32), 40))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("n,rows", [(1000000, 2), (250001, 3), (1 << 20, 2), (77777, 1),
                                    (10 ** 7 // 4, 2)])
def test_leaves_equally_apart_as_views_give_the_gathers_bits(dtype: str, n: int,
                                                             rows: int) -> None:
    # a tree's leaves equally apart are summed from views of the tensor (no copy): the
    # same sums as the leaves gathered into one array, for every leaf
    x = values(n, dtype, n % 1000)
    size = n // rows
    (groups, _, _), _ = eigen_sum._rows_plan(0, size, rows, size, eigen_sum.lanes(dtype))
    for _, starts, progressions in groups:
        covered = sorted(i for a, b, q, _ in progressions for i in range(a, b, q))
        assert covered == list(range(starts.shape[1]))
        assert len(progressions) < starts.shape[1]  # (fewer einsum calls than leaves)
        views = eigen_sum._bodies_in_turn(x, starts, None, progressions)
        gathered = eigen_sum._bodies_in_turn(x, starts)
        assert views.tobytes() == gathered.tobytes()


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_trees_of_neighbours_added_by_halves_as_their_steps(dtype: str) -> None:
    # a tree adding neighbours level by level is added by halves of views: the bits of
    # its additions step by step (the gathers of _levels' program)
    p = eigen_sum.lanes(dtype)
    seen = set()
    for n, residue in ((500000, 0), (1 << 20, 0), (1 << 20, 3), (250001, 5), (77777, 1),
                       (5000000, 2), (9000, 0)):
        _, _, levels = eigen_sum._tree_levels(n, residue % p, p)
        seen.add(levels[3])
        leaves = values(7 * (len(levels[0]) + 1), dtype, n % 97)[:7 * (
            len(levels[0]) + 1)].reshape(7, -1)
        fast = eigen_sum._by_levels(leaves, levels)
        steps = eigen_sum._by_levels(leaves, levels[:3] + (False,))
        assert fast.tobytes() == steps.tobytes()
    assert seen == {True, False}
