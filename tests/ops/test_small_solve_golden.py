"""MatrixSolve and MatrixInverse against TF 2.21's CPU kernels (small_solve_golden.npz,
record_small_solve_golden.py): bit for bit at every size TF factors unblocked (Eigen's
PartialPivLU up to 16 rows; its triangular solves' panels of 16 float / 8 double unknowns
with GEBP products between them: AVX without FMA), singular and near-singular matrices and
TF's error for them included; the other sizes and the complex types (LAPACK's steps) to
their precision. Where a TensorFlow interpreter is installed, a live test records the golden
again and checks it is current."""

from __future__ import annotations

import json
import os
import subprocess

import numpy as np
import pytest

import eagerflow as tf
from tests.golden_io import as_recorded
from tests.ops import small_solve_cases as C
from tests.tf_reference import TF_ENV, TF_PYTHON

HERE = os.path.dirname(__file__)
GOLDEN = dict(np.load(os.path.join(HERE, "small_solve_golden.npz")))
ERRORS = json.loads(str(GOLDEN.pop("errors")))
CASES = C.inputs()
# TF's unblocked sizes: its exact bits (measured: 17 rows differ)
EXACT = {"float32": 16, "float64": 16}
RTOL = {"float32": 2e-3, "complex64": 2e-3, "float64": 1e-9, "complex128": 1e-9}


def _exact(case: tuple) -> bool:
    a = case[1]
    return a.shape[-1] <= EXACT.get(a.dtype.name, 0)


def _got(case: tuple) -> object:
    with tf.device("/CPU:0"):  # (the golden holds TF's CPU kernels' numbers)
        got = C.run(tf, case)
    return [got[0], as_recorded(got[1])] if isinstance(got, list) else got


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if _exact(c)])
def test_unblocked_sizes_match_tf_bit_for_bit(name):
    got = _got(CASES[name])
    if name in ERRORS:
        assert got == ERRORS[name]
        return
    want = GOLDEN[name]
    assert not isinstance(got, list), got
    assert got.dtype == want.dtype and got.shape == want.shape
    assert np.array_equal(got.view(np.uint8), want.view(np.uint8)), \
        f"{np.count_nonzero(got != want)} of {got.size} values differ"


@pytest.mark.parametrize("name", [n for n, c in CASES.items() if not _exact(c)
                                  and "singular" not in n and "near" not in n])
def test_other_sizes_match_tf_to_their_precision(name):
    got, want = _got(CASES[name]), GOLDEN[name]
    assert not isinstance(got, list), got
    assert got.dtype == want.dtype and got.shape == want.shape
    np.testing.assert_allclose(got, want, rtol=RTOL[want.dtype.name],
                               atol=RTOL[want.dtype.name] * np.abs(want).max())


@pytest.mark.skipif(not os.path.exists(TF_PYTHON), reason="TensorFlow is not installed")
def test_golden_is_current(tmp_path):
    out = tmp_path / "live.npz"
    r = subprocess.run([TF_PYTHON, os.path.join(HERE, "record_small_solve_golden.py"),
                        str(out)], env=TF_ENV, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    live = dict(np.load(out))
    assert json.loads(str(live.pop("errors"))) == ERRORS
    assert sorted(live) == sorted(GOLDEN)
    for name, want in GOLDEN.items():
        assert np.array_equal(live[name].view(np.uint8), want.view(np.uint8)), name
