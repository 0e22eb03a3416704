"""eigen_qr's sums taken by NumPy's accumulate or by whole-term adds (each term added in turn,
as Eigen's loops add them) give the bits of the same sums added one NumPy call a term: the
references below are those loops, as eigen_qr wrote them before. Whole QRs (reduced and
full, float and double, square and tall, one to 47 columns, past 128 rows where the sums go
in passes) of random matrices, rounded ones (zeros, ties), ones holding special values
(signed zeros, infinities, NaN, denormals, 1e+-30) and zero columns are compared with
eigen_qr running on the references. A NaN compares by NaN-ness alone: where two NaNs meet in
a sum, which one's sign NumPy keeps depends on its loop (vector or scalar, by the length of
a row), so the loops' own NaN signs are no defined result. TF's own bits are
test_rng10_golden.py's (qr_bits, initializers, layer kernels)."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import eigen_qr


def _squares_in_turn(c0, tail):
    sq = tail[:, 0] * tail[:, 0] if tail.shape[1] else np.zeros_like(c0)
    for i in range(1, tail.shape[1]):
        sq = sq + tail[:, i] * tail[:, i]
    return sq


def _householder(c0, tail):
    sq = _squares_in_turn(c0, tail)
    beta = np.sqrt(c0 * c0 + sq)
    beta = np.where(c0 >= 0, -beta, beta)
    ess = tail / (c0 - beta)[:, None]
    tau = (beta - c0) / beta
    none = sq <= np.finfo(c0.dtype).tiny
    return (np.where(none[:, None], 0, ess), np.where(none, c0, beta),
            np.where(none, 0, tau).astype(c0.dtype))


def _column_sums(b, v, stride, whole=False):
    rows = b.shape[1]
    step = rows if rows < 128 or whole else (16 if stride * b.itemsize < 32000 else 4)
    out = np.zeros((b.shape[0], b.shape[2]), b.dtype)
    for start in range(0, rows, step):
        acc = np.zeros_like(out)
        for j in range(start, min(start + step, rows)):
            acc = acc + b[:, j] * v[:, j, None]
        out = out + acc
    return out


def _packet_dots(b, v):
    cols, lanes = b.shape[2], 32 // b.itemsize
    prods = b * v[:, :, None]
    first = 0
    for group in (8, 4, 2):
        while first < cols - group + 1:
            first += group
    out = np.empty((b.shape[0], cols), b.dtype)
    out[:, :first] = _dot(prods[:, :, :first], lanes, lanes)
    out[:, first:] = _dot(prods[:, :, first:], lanes, lanes // 2)
    return out


def _dot(p, lanes, half):
    rows = p.shape[1]
    whole = rows // lanes * lanes
    out = _fold(_lane_sums(p[:, :whole], lanes))
    end = whole
    if half < lanes:
        end = whole + (rows - whole) // half * half
        out = out + _fold(_lane_sums(p[:, whole:end], half))
    for j in range(end, rows):
        out = out + p[:, j]
    return out


def _lane_sums(p, lanes):
    acc = np.zeros((p.shape[0], lanes, p.shape[2]), p.dtype)
    for start in range(0, p.shape[1], lanes):
        acc = acc + p[:, start:start + lanes]
    return acc


def _fold(acc):
    while acc.shape[1] > 1:
        h = acc.shape[1] // 2
        acc = acc[:, :h] + acc[:, h:]
    return acc[:, 0]


SHAPES = [(1, 1), (2, 1), (2, 2), (3, 3), (5, 3), (8, 8), (9, 9), (9, 4), (12, 11), (17, 16),
          (33, 17), (40, 1), (130, 5), (200, 47)]


def _matrices(shape: tuple, dtype: str, kind: int) -> np.ndarray:
    rng = np.random.default_rng(kind * 1000 + shape[0] * 50 + shape[1])
    a = rng.normal(size=(3,) + shape)
    if kind == 1:
        a = np.round(a)
    elif kind == 2:
        f = np.finfo(np.dtype(dtype))
        special = [0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, -np.nan, 1e-30, 1e30,
                   float(f.tiny) / 4]
        holes = rng.random(a.shape) < 0.2
        a[holes] = rng.choice(special, holes.sum())
    elif kind == 3:
        a[:, :, 0], a[0] = 0.0, -0.0
    with np.errstate(over="ignore"):
        return a.astype(dtype)


def _same(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return ((x == y) & (np.signbit(x) == np.signbit(y))) | (np.isnan(x) & np.isnan(y))


@pytest.mark.parametrize("dtype", ["float32", "float64"])
@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("loop_from", [0, 10 ** 9])  # (_in_turn: every sum by loop, none)
def test_sums_in_turn_give_the_loops_bits(dtype, shape, loop_from, monkeypatch):
    monkeypatch.setattr(eigen_qr, "_LOOP_FROM", loop_from)
    for kind in range(4):
        a = _matrices(shape, dtype, kind)
        for full in (False, True):
            with np.errstate(all="ignore"):
                got = eigen_qr.householder_qr(a, full)
                with monkeypatch.context() as m:
                    for name, f in (("_householder", _householder), ("_column_sums", _column_sums),
                                    ("_packet_dots", _packet_dots)):
                        m.setattr(eigen_qr, name, f)
                    want = eigen_qr.householder_qr(a, full)
            for g, w, what in zip(got, want, "QR"):
                assert g.dtype == w.dtype and g.shape == w.shape
                bad = np.flatnonzero(~_same(g, w).reshape(len(a), -1).all(axis=1))
                assert not bad.size, f"{what} of kind {kind}, full={full}: matrix {bad[0]} " \
                                     f"{a[bad[0]]}\n{g[bad[0]]}\nloops: {w[bad[0]]}"


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_in_turn_by_loop_gives_accumulates_bits(dtype, monkeypatch):
    # (-0 terms alone sum to +0 both ways; infinities, NaN, cancellations)
    rng = np.random.default_rng(7)
    values = [0.0, -0.0, 1.0, -1.0, 3.0, 1e-30, np.inf, -np.inf, np.nan, 2.0 ** 60]
    for k in (1, 2, 7):
        p = rng.choice(values, size=(5, k, 300)).astype(dtype)
        p[0] = -0.0
        monkeypatch.setattr(eigen_qr, "_LOOP_FROM", 10 ** 9)
        with np.errstate(all="ignore"):
            want = eigen_qr._in_turn(p)
            monkeypatch.setattr(eigen_qr, "_LOOP_FROM", 0)
            got = eigen_qr._in_turn(p)
        assert _same(got, want).all() and not np.signbit(got[0]).any()
