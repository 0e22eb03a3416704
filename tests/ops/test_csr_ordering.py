"""SparseMatrixOrderingAMD against the permutations TF 2.21 gives (record_csr_ordering_golden.py):
Eigen's approximate minimum degree ordering, exactly; and SparseMatrixSparseCholesky of it."""

import json
import os

import numpy as np
import pytest

import eagerflow as tf
from tests.ops.csr_ordering_cases import grid, random_pattern, run_cases

with open(os.path.join(os.path.dirname(__file__), "csr_ordering_golden.json")) as f:
    GOLDEN = json.load(f)

RESULTS = run_cases(tf)


def _same(got, want) -> None:
    if isinstance(want, list) and len(want) == 2 and isinstance(want[0], str):
        assert isinstance(got, list) and got[0] == want[0], (got, want)
        assert want[1] in got[1], (got, want)
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-9, abs=1e-12)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), (got, want)
        for g, w in zip(got, want):
            _same(g, w)
    else:
        assert got == want


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_as_tf(name: str) -> None:
    _same(RESULTS[name], GOLDEN[name])


def test_golden_covers_the_cases() -> None:
    assert sorted(RESULTS) == sorted(GOLDEN)


def _fill(p: np.ndarray, perm: list) -> int:
    """Entries of the Cholesky factor of a symmetric pattern, ordered by perm."""
    a = p[np.ix_(perm, perm)].copy()
    for k in range(len(a)):
        below = np.nonzero(a[k + 1:, k])[0] + k + 1
        a[np.ix_(below, below)] = True
    return int(np.tril(a).sum())


@pytest.mark.parametrize("p", [grid((12, 12)), random_pattern(80, 0.04, 3)])
def test_ordering_is_a_permutation_that_reduces_fill(p) -> None:
    idx = np.argwhere(p)
    m = tf.raw_ops.DenseToCSRSparseMatrix(dense_input=p.astype(np.float64), indices=idx)
    perm = tf.raw_ops.SparseMatrixOrderingAMD(input=m).numpy()
    assert perm.dtype == np.int32 and sorted(perm.tolist()) == list(range(len(p)))
    assert _fill(p, perm.tolist()) < _fill(p, list(range(len(p))))
