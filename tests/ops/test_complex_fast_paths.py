"""The complex kernels' fast paths (ops/complex_scalar.py, ops/complex_quotient.py) give
the bits of their array paths: a lone value or a few divided one at a time over Python
numbers (c_quotients), plain operands' quotients without their flushes (flush_of), the
NumPy call tried before its error state (_quick), a lone square root by csqrt alone, a lone
value's Rsqrt and Log1p over Python numbers, plain values' Rsqrt without its flushes,
Log1p's steps unflushed where none is denormal. Each is compared with the same kernel
whose fast paths are turned off, over every pair of special parts (signed zeros, +-1,
denormals, the least normal, the greatest finite, infinities, NaN, the edges of the plain
range) and seeded random values of wide exponents, as scalars and as arrays of 1 to 17
values (Rsqrt and Log1p up to 1,024); NaN parts compare by NaN-ness and sign."""

from __future__ import annotations

import numpy as np
import pytest

from eagerflow._src.ops import complex_quotient as cq
from eagerflow._src.ops import complex_scalar as cs

DTYPES = ("complex64", "complex128")


def _special_parts(dtype: str) -> list:
    f = np.finfo(np.dtype(dtype))
    tiny, big = float(f.tiny), float(f.max)
    edge = 2.0 ** (24 if dtype == "complex64" else 200)  # (complex_quotient._PLAIN's)
    return [0.0, -0.0, 1.0, -1.0, 0.75, -3.0, tiny, -tiny, tiny / 4, -float(f.smallest_subnormal),
            big, -big, np.inf, -np.inf, np.nan, -np.nan, edge, 1 / edge, edge * 2, 0.5 / edge,
            1e-30, 1e30]


def _values(dtype: str, n_random: int = 400) -> np.ndarray:
    parts = _special_parts(dtype)
    grid = [complex(a, b) for a in parts for b in parts]
    rng = np.random.default_rng(44)
    span = 40 if dtype == "complex64" else 300
    wide = lambda: rng.normal(size=n_random) * 10.0 ** rng.uniform(-span, span, n_random)  # noqa: E731
    with np.errstate(over="ignore"):
        return np.concatenate([np.array(grid), wide() + 1j * wide()]).astype(dtype)


def _turn_off(m: pytest.MonkeyPatch) -> None:
    """The kernels with their fast paths off: what they computed before them."""
    def off(*args, **kwargs):
        return None

    def quiet(f, *args):
        with np.errstate(all="ignore"):
            return f(*args)
    m.setattr(cs, "_quick", quiet)
    m.setattr(cs, "c_quotients", off)
    m.setattr(cq, "c_quotients", off)
    m.setattr(cq, "_PLAIN", {})
    m.setattr(cs, "_EIGHTH", {np.dtype(t): 0.0 for t in DTYPES})
    m.setattr(cs, "_FEW", 0)
    m.setattr(cs, "_rsqrt_one", off)
    m.setattr(cs, "_log1p_one", off)
    m.setattr(cs, "_any_denormal", lambda steps, tiny: True)  # (log1p: always its flushes)


def _bits(z: np.ndarray) -> np.ndarray:
    """The parts' bits, each NaN as the sign of a NaN (payloads are no result of ours)."""
    parts = np.stack([z.real, z.imag]).astype(np.float64)
    bits = parts.view(np.uint64).copy()
    bits[np.isnan(parts)] = np.signbit(parts[np.isnan(parts)])
    return bits


def _assert_same(got: np.ndarray, want: np.ndarray, what: str) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape, what
    bad = np.flatnonzero((_bits(got.reshape(-1)) != _bits(want.reshape(-1))).any(axis=0))
    assert not bad.size, f"{what}: {bad.size} differ, first {got.reshape(-1)[bad[:4]]} " \
                         f"(array path {want.reshape(-1)[bad[:4]]})"


UNARY = {"exp": cs.exp, "log": cs.log, "sqrt": cs.sqrt, "sigmoid": cs.sigmoid,
         "square": lambda z: cs.product(z, z), "reciprocal": cq.reciprocal, "rsqrt": cs.rsqrt,
         "log1p": cs.log1p}
BINARY = {"product": cs.product, "quotient": cq.quotient}


def _each(f, *columns):
    """f of each value alone, as 0-d arrays (one scalar at a time)."""
    return np.array([f(*(np.asarray(c[i]) for c in columns)) for i in range(len(columns[0]))])


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(UNARY))
def test_unary_scalars_take_the_array_paths_bits(dtype, name):
    z = _values(dtype)
    got = _each(UNARY[name], z)
    with pytest.MonkeyPatch.context() as m:
        _turn_off(m)
        want = _each(UNARY[name], z)
    _assert_same(got, want, f"{name}/{dtype}")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary_scalars_take_the_array_paths_bits(dtype, name):
    z = _values(dtype, 0)
    rng = np.random.default_rng(4)
    # (every special value by a spread of the others, and random pairs of wide exponents)
    x = np.concatenate([np.repeat(z, 24), _values(dtype)[len(z):]])
    y = np.concatenate([np.tile(z[rng.permutation(len(z))[:24]], len(z)),
                        _values(dtype)[len(z):][::-1]])
    got = _each(BINARY[name], x, y)
    with pytest.MonkeyPatch.context() as m:
        _turn_off(m)
        want = _each(BINARY[name], x, y)
    _assert_same(got, want, f"{name}/{dtype}")


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(UNARY) + sorted(BINARY))
def test_small_arrays_take_the_array_paths_bits(dtype, name):
    # (1 to 17 values: tails alone, whole packets and a tail, sigmoid's few and more; a
    # broadcast divisor too)
    z = _values(dtype)
    rng = np.random.default_rng(17)
    cases = []
    for _ in range(40):
        n = int(rng.integers(1, 18))
        cases.append((z[rng.integers(0, len(z), n)], z[rng.integers(0, len(z), n)]))
        cases.append((z[rng.integers(0, len(z), n)].reshape(n, 1), z[rng.integers(0, len(z))]))
    f = UNARY.get(name)
    run = (lambda x, y: f(x)) if f is not None else BINARY[name]
    got = [run(x, np.asarray(y)) for x, y in cases]
    with pytest.MonkeyPatch.context() as m:
        _turn_off(m)
        want = [run(x, np.asarray(y)) for x, y in cases]
    for i, (g, w) in enumerate(zip(got, want)):
        _assert_same(np.asarray(g), np.asarray(w), f"{name}/{dtype}/case {i}")


def _plain_values(dtype: str, n: int) -> np.ndarray:
    """Values whose parts are all zeros or within complex_quotient's plain range, its
    edges included: signed zeros, pure reals and imaginaries, every quadrant."""
    k = 24 if dtype == "complex64" else 200
    rng = np.random.default_rng(n)
    parts = rng.choice([-1.0, 1.0], (2, n)) * 2.0 ** rng.uniform(-k, k, (2, n))
    edges = np.array([0.0, -0.0, 2.0 ** -k, -(2.0 ** -k), 2.0 ** k, -(2.0 ** k), 1.0, -1.0])
    holes = rng.random((2, n)) < 0.2
    parts[holes] = rng.choice(edges, holes.sum())
    return (parts[0] + 1j * parts[1]).astype(dtype)


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", ["rsqrt", "log1p"])
@pytest.mark.parametrize("shape", [(1,), (5,), (16,), (3, 7), (1000,), (4, 4, 64)])
def test_arrays_take_the_flushed_steps_bits(dtype, name, shape):
    # (plain values: rsqrt without flushes, log1p's unflushed steps kept; then the same
    # with wide exponents and special values among them: a denormal step, the flushes)
    n = int(np.prod(shape))
    plain = _plain_values(dtype, n)
    if n > 1:
        plain[1] = 0  # (z = 0 among plain values: rsqrt's inf + NaN i)
    wide = np.random.default_rng(n).choice(_values(dtype), n)
    for z in (plain.reshape(shape), wide.reshape(shape)):
        got = UNARY[name](z)
        with pytest.MonkeyPatch.context() as m:
            _turn_off(m)
            want = UNARY[name](z)
        _assert_same(got, want, f"{name}/{dtype}/{shape}")
