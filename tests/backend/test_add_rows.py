"""backend.add_at on the CPU for whole rows of at least ADD_ROWS_MIN_WIDTH values
(cpu.add_rows: the j-th rows of all segments added as one slice, each segment's last few
rows by an accumulate once few segments are left; its smallest total, ADD_ROWS_MIN_VALUES,
lowered here to reach small cases), against the definition: the rows added onto `out` one
at a time in their order. Each value's bits are the reference's (-0.0 and the infinities
included); a NaN stays a NaN at the same place (which of two NaNs meeting survives follows
NumPy's loop layout, not the order of the adds)."""

import ml_dtypes
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerflow._src import backend as B
from eagerflow._src.backend import numpy as cpu

_DTYPES = [np.float32, np.float64, np.float16, ml_dtypes.bfloat16, np.int32, np.complex64]
_UINTS = {2: np.uint16, 4: np.uint32, 8: np.uint64}


def _row_by_row(out, index, values):
    want = out.copy()
    with np.errstate(all="ignore"):
        for i, row in zip(index, values):
            want[i] += row
    return want


def _assert_same(got, want):
    if got.dtype.kind == "c":
        got, want = got.view(got.real.dtype), want.view(want.real.dtype)
    u = _UINTS[got.dtype.itemsize]
    if got.dtype.kind in "iu":
        np.testing.assert_array_equal(got, want)
        return
    nan = np.isnan(got.astype(np.float64))
    np.testing.assert_array_equal(nan, np.isnan(want.astype(np.float64)))
    np.testing.assert_array_equal(got.view(u)[~nan], want.view(u)[~nan])


def _values(rng, shape, dtype):
    v = (rng.standard_normal(shape) * 10).astype(dtype)
    if np.dtype(dtype).kind in "fV":
        r = rng.random(shape)
        v[r < 0.02] = np.nan
        v[(r >= 0.02) & (r < 0.04)] = np.inf
        v[(r >= 0.04) & (r < 0.06)] = -np.inf
        v[(r >= 0.06) & (r < 0.2)] = -0.0
    return v


@settings(max_examples=60, deadline=None)
@given(rows=st.integers(2, 600), segments=st.integers(1, 80),
       width=st.sampled_from([cpu.ADD_ROWS_MIN_WIDTH - 1, cpu.ADD_ROWS_MIN_WIDTH, 100]),
       dtype=st.sampled_from(_DTYPES), crowded=st.floats(0.0, 1.0),
       seed=st.integers(0, 2 ** 31), zero_start=st.booleans())
def test_rows_add_in_each_segments_order(rows, segments, width, dtype, crowded, seed,
                                         zero_start):
    rng = np.random.default_rng(seed)
    index = rng.integers(0, segments, rows)
    index[rng.random(rows) < crowded] = 0  # (one segment of many rows: the accumulate)
    values = _values(rng, (rows, width), dtype)
    out = np.zeros((segments, width), dtype) if zero_start else \
        _values(rng, (segments, width), dtype)
    want = _row_by_row(out, index, values)
    with pytest.MonkeyPatch.context() as mp, np.errstate(all="ignore"):
        mp.setattr(cpu, "ADD_ROWS_MIN_VALUES", 0)
        B.add_at(np, out, index, values)
    _assert_same(out, want)


def test_steps_and_the_crowded_segments_tail():
    """Many segments of a few rows (rank steps) beside three of hundreds (the tail), and
    rows of several axes."""
    rng = np.random.default_rng(7)
    index = np.concatenate([rng.integers(0, 200, 3000), np.repeat([3, 50, 199], 400)])
    rng.shuffle(index)
    values = _values(rng, (index.size, 4, 32), np.float32)
    out = np.zeros((200, 4, 32), np.float32)
    assert cpu.add_rows_fits(out, index, values)
    want = _row_by_row(out, index, values)
    with np.errstate(all="ignore"):
        B.add_at(np, out, index, values)
    _assert_same(out, want)


def test_what_add_rows_leaves_to_numpy(monkeypatch):
    out = np.zeros((4, 64), np.float32)
    rows = np.ones((3, 64), np.float32)
    assert not cpu.add_rows_fits(out, np.array([0, 1, 1]), rows)  # (too few values)
    monkeypatch.setattr(cpu, "ADD_ROWS_MIN_VALUES", 0)
    assert cpu.add_rows_fits(out, np.array([0, 1, 1]), rows)
    assert not cpu.add_rows_fits(out, np.array([0, -1, 1]), rows)  # (NumPy wraps a -1)
    assert not cpu.add_rows_fits(out, np.array([0, 1, 1]), rows.astype(np.float64))
    assert not cpu.add_rows_fits(out[:, :63], np.array([0, 1, 1]), rows[:, :63])
    assert not cpu.add_rows_fits(out, np.array([[0, 1, 1]]), rows[None])
    assert not cpu.add_rows_fits(out, np.array([0, 1, 1]), 1.0)
