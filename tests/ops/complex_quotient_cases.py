"""The operands of test_complex_quotient.py, built alike by the recorder (in TF's
interpreter) and the test: special parts (signed zeros, infinities, NaN, 1e+-30, parts
below the normal range) combined into divisors, a few numerators over all of them, and
seeded random quotients of wide exponents."""

import numpy as np

DTYPES = ("complex64", "complex128")
_PARTS = (0.0, -0.0, 1.0, -1.0, 3.0, 1e-30, 1e30, np.inf, -np.inf, np.nan, 2.5, -7.0)
_NUMERATORS = (1 + 0j, -2.5 + 7j, complex(-0.0, 0.0), complex(0.0, -0.0), complex(np.inf, 1),
               complex(1e-30, -1e30), complex(np.nan, 0), 3 - 3j)


def operands(dtype: str) -> tuple:
    """(numerators, divisors) of one dtype, elementwise pairs."""
    grid, (rx, ry) = _grid(dtype), _random()
    x = np.repeat(np.array(_NUMERATORS), len(grid))
    y = np.tile(grid, len(_NUMERATORS))
    return (np.concatenate([x, rx]).astype(dtype), np.concatenate([y, ry]).astype(dtype))


def divisors(dtype: str) -> np.ndarray:
    """The operands of the reciprocals: the special divisors and the random ones."""
    return np.concatenate([_grid(dtype), _random()[1]]).astype(dtype)


def _grid(dtype: str) -> np.ndarray:
    tiny = float(np.finfo(np.dtype(dtype)).tiny)  # (of its parts' float type)
    parts = _PARTS + (tiny / 4, -tiny / 3)  # (denormals: TF reads them as zeros)
    return np.array([complex(a, b) for a in parts for b in parts])


def _random() -> tuple:
    rng = np.random.default_rng(20)
    n = 200
    wide = lambda: rng.normal(size=n) * 10.0 ** rng.integers(-25, 25, n)  # noqa: E731
    return wide() + 1j * wide(), wide() + 1j * wide()


def tails(dtype: str) -> list:
    """(numerators, divisors) of 1 to 9 random values, and a (2, 3) / (2, 1) broadcast:
    outputs whose last values are no whole AVX packet, which TF divides one at a time."""
    rx, ry = (v.astype(dtype) for v in _random())
    pairs = [(rx[:n], ry[:n]) for n in range(1, 10)]
    return pairs + [(rx[:6].reshape(2, 3), ry[:2].reshape(2, 1))]
