"""The walks of sparse_binary_ops.py against their one-step-at-a-time references on random
operands: ordered ones (the vectorized merge), unordered ones (the walk), repeated rows and
sums the threshold drops, so both paths give TF's kernels' order. TF 2.21's own results are
compared in tests/ragged (golden_extra.py's sparse_binary section)."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import sparse_binary_ops as B
from eagerflow._src.ops import sparse_softmax as SM


def _operand(rng: np.random.Generator, ordered: bool, cols: int = 2) -> np.ndarray:
    rows = rng.integers(0, 3, size=(int(rng.integers(0, 9)), cols)).astype(np.int64)
    if ordered:
        rows = rows[np.lexsort(rows.T[::-1])]
    return rows


def _same(ours: tuple, ref: tuple) -> None:
    for x, y in zip(ours, ref):
        np.testing.assert_array_equal(np.asarray(x), np.asarray(y))


@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("seed", range(40))
def test_add_walk_matches_the_reference(ordered: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a, b = _operand(rng, ordered), _operand(rng, ordered)
    av = rng.integers(-3, 4, len(a)).astype(np.float64)
    bv = rng.integers(-3, 4, len(b)).astype(np.float64)
    shape = np.array([3, 3], np.int64)
    thresh = np.float64(rng.integers(0, 3))
    out = B._add_kernel(np, a, av, shape, b, bv, shape, thresh)
    _same(out, B._add_reference(a, av, shape, b, bv, shape, thresh))
    grads = rng.standard_normal(len(out[0]))
    _same(B._add_grad_kernel(np, grads, a, b, out[0]),
          B._add_grad_reference(grads, a, b, out[0]))


@pytest.mark.parametrize("seed", range(20))
def test_add_grad_walk_with_any_sum_rows(seed: int) -> None:
    """Sum rows the walk never emits stop the matching, as in TF's kernel."""
    rng = np.random.default_rng(seed)
    a, b, s = (_operand(rng, bool(rng.integers(0, 2))) for _ in range(3))
    grads = rng.standard_normal(len(s))
    _same(B._add_grad_kernel(np, grads, a, b, s), B._add_grad_reference(grads, a, b, s))


@pytest.mark.parametrize("fn", [B._larger, B._smaller])
@pytest.mark.parametrize("ordered", [True, False])
@pytest.mark.parametrize("seed", range(20))
def test_maximum_minimum_walk_matches_the_reference(fn, ordered: bool, seed: int) -> None:
    rng = np.random.default_rng(seed)
    a, b = _operand(rng, ordered), _operand(rng, ordered)
    av = rng.choice([-1.0, -0.0, 0.0, 2.0, np.nan], len(a)).astype(np.float32)
    bv = rng.choice([-1.0, -0.0, 0.0, 2.0, np.nan], len(b)).astype(np.float32)
    shape = np.array([3, 3], np.int64)
    kernel = B._minmax_kernel("SparseSparseMaximum", fn)
    ours = kernel(np, a, av, shape, b, bv, shape)
    ref = B._minmax_reference(fn)(a, av, shape, b, bv, shape)
    np.testing.assert_array_equal(ours[0], ref[0])
    # (-0 and 0 told apart: TF keeps the first operand's of two equal values)
    np.testing.assert_array_equal(np.signbit(ours[1]), np.signbit(ref[1]))
    np.testing.assert_array_equal(ours[1], ref[1])


def test_softmax_groups_in_row_major_order() -> None:
    idx = np.array([[2, 0], [0, 2], [1, 1], [0, 0], [2, 3]], np.int64)
    out = SM._softmax_kernel(np, idx, np.array([1.0, 2.0, 3.0, 4.0, -1.0]), np.array([3, 4]))
    np.testing.assert_allclose(out, SM._softmax_reference(idx, np.array([1.0, 2.0, 3.0, 4.0,
                                                                         -1.0]), None))
