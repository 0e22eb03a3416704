"""complex_scalar's textbook product (Mul, Square, SquaredDifference, MulNoNan of complex:
TF's x86 build multiplies without FMA, so (ac - bd) + (ad + bc)i with each product and sum
rounded) against an independent reference: each value's parts multiplied and summed one
at a time as NumPy scalars of the part dtype. Over seeded random shapes, like and
broadcast, 0-d operands, empty ones, and sizes past complex_scalar._SLICE (its sliced
way); parts of wide exponents, signed zeros, infinities and NaN. Zeros compare by sign,
NaN by NaN-ness; product() agrees wherever the textbook result is finite (elsewhere it is
C's product with its recovery of infinities, tested by fuzz48's goldens)."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import complex_scalar as cs

DTYPES = ("complex64", "complex128")
_PART = {"complex64": np.float32, "complex128": np.float64}
# (x's shape, y's shape): like, broadcast both ways, 0-d, empty, past _SLICE
SHAPES = [((5,), (5,)), ((2, 3), (3,)), ((4, 1), (1, 3)), ((), ()), ((7,), ()), ((), (2, 2)),
          ((0,), (0,)), ((0, 3), (3,)), ((3, 7000), (3, 7000)), ((20000,), ()), ((), (17000,)),
          ((130, 140), (140,)), ((2, 1, 3), (4, 1)), ((200, 1), (1, 100)), ((1, 9000), (3, 1)),
          ((140,), (130, 140)), ((3, 1, 6000), (2, 1))]


def _operand(rng: np.random.Generator, shape: tuple, dtype: str) -> np.ndarray:
    part = _PART[dtype]
    f = np.finfo(part)
    special = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, float(f.max), -float(f.tiny) / 4,
                        float(f.tiny), 1.0, -1.0], part)
    span = 40 if dtype == "complex64" else 300

    def parts() -> np.ndarray:
        with np.errstate(over="ignore"):
            v = np.asarray(rng.normal(size=shape) * 10.0 ** rng.uniform(-span, span, shape),
                           part)
        odd = np.asarray(rng.random(shape) < 0.15)
        v[odd] = rng.choice(special, size=int(np.count_nonzero(odd)))
        return v

    out = np.empty(shape, dtype)
    out.real, out.imag = parts(), parts()
    return out


def _reference(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Each value's (ac - bd) + (ad + bc)i over NumPy scalars of the part dtype."""
    xs, ys = np.broadcast_arrays(x, y)
    out = np.empty(xs.shape, x.dtype)
    with np.errstate(all="ignore"):
        for i in np.ndindex(xs.shape):
            a, b, c, d = xs[i].real, xs[i].imag, ys[i].real, ys[i].imag
            out[i] = complex(a * c - b * d, a * d + b * c)
    return out


def _same(got: np.ndarray, want: np.ndarray, where: np.ndarray | None = None) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape
    g, w = (np.stack([v.real, v.imag]) for v in (got, want))
    if where is not None:
        g, w = g[:, where], w[:, where]
    nan = np.isnan(w)
    assert np.array_equal(np.isnan(g), nan)
    assert np.array_equal(g[~nan], w[~nan])
    assert np.array_equal(np.signbit(g[~nan]), np.signbit(w[~nan]))


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("shapes", SHAPES, ids=str)
def test_textbook_is_the_rounded_steps(dtype, shapes):
    rng = np.random.default_rng([SHAPES.index(shapes), DTYPES.index(dtype)])
    x, y = (_operand(rng, s, dtype) for s in shapes)
    want = _reference(x, y)
    _same(np.asarray(cs._textbook(x, y)), want)
    finite = np.isfinite(want)
    _same(np.asarray(cs.product(x, y)), want, finite)


@pytest.mark.parametrize("dtype", DTYPES)
def test_square_of_a_strided_operand(dtype):
    rng = np.random.default_rng(48)
    x = _operand(rng, (40000,), dtype)[::2]  # (not contiguous: reshape copies)
    _same(np.asarray(cs._textbook(x, x)), _reference(x, x))


@pytest.mark.parametrize("n", [6, 20000])
def test_unlike_dtypes_multiply_in_the_wider(n):
    rng = np.random.default_rng(n)
    x, y = _operand(rng, (n,), "complex64"), _operand(rng, (n,), "complex128")
    want = _reference(x.astype("complex128"), y)  # (complex64 to complex128 is exact)
    _same(np.asarray(cs._textbook(x, y)), want)
    _same(np.asarray(cs._textbook(y[:1].reshape(()), x)), _reference(y[:1].reshape(()), x))


@pytest.mark.parametrize("shapes", [((9,), (9,)), ((3, 4), (4,)), ((20000,), ())], ids=str)
def test_a_raising_error_state_gives_the_same_bits(shapes):
    rng = np.random.default_rng(7)
    x, y = (_operand(rng, s, "complex64") for s in shapes)  # (overflows and NaN among them)
    with np.errstate(all="raise"):
        got = np.asarray(cs._textbook(x, y))
    _same(got, _reference(x, y))
