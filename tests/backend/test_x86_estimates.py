"""The CPU's reciprocal and reciprocal square root estimates (backend/x86_estimates.py):
their accuracy (RCPPS and RSQRTPS promise a relative error of at most 1.5 * 2**-12),
their scaling by the exponent, the specials, and a few outputs read from the
instructions (Intel, the machine TF 2.21's values were recorded on)."""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from eagerflow._src.backend import x86_estimates
from eagerflow._src.backend.x86_estimates import rcp_estimate, rsqrt_estimate

F = np.float32
# (x, RCPPS(x), RSQRTPS(x)) as the instructions give them
READ = [(1.0, 0x3F7FF000, 0x3F7FF000), (1.5, 0x3F2AA000, 0x3F510000),
        (2.0, 0x3EFFF000, 0x3F34F800), (3.0, 0x3EAAA000, 0x3F13C800)]


def test_outputs_read_from_the_instructions():
    x = np.array([r[0] for r in READ], F)
    assert rcp_estimate(x).view(np.uint32).tolist() == [r[1] for r in READ]
    assert rsqrt_estimate(x).view(np.uint32).tolist() == [r[2] for r in READ]


@settings(max_examples=200, deadline=None)
@given(st.floats(min_value=2.0 ** -125, max_value=2.0 ** 125, width=32),
       st.integers(-60, 60))
def test_accuracy_and_scaling(x, k):
    x = np.array([x], F)
    r, s = rcp_estimate(x)[0], rsqrt_estimate(x)[0]
    assert abs(float(r) * float(x[0]) - 1) <= 1.5 * 2.0 ** -12
    assert abs(float(s) * np.sqrt(float(x[0])) - 1) <= 1.5 * 2.0 ** -12
    scaled = x.astype(np.float64) * 2.0 ** (2 * k)
    if 2.0 ** -125 < scaled[0] < 2.0 ** 125:
        scaled = scaled.astype(F)
        assert rcp_estimate(scaled)[0] == F(float(r) * 2.0 ** (-2 * k))
        assert rsqrt_estimate(scaled)[0] == F(float(s) * 2.0 ** -k)


def test_specials():
    x = np.array([0.0, -0.0, 1e-40, np.inf, -np.inf, np.nan, -1.0, 2.0 ** 127], F)
    r, s = rcp_estimate(x), rsqrt_estimate(x)
    assert r[:5].tolist() == [np.inf, -np.inf, np.inf, 0.0, -0.0] and np.isnan(r[5])
    assert r[6] < 0 and r[7] == 0
    assert s[:4].tolist() == [np.inf, -np.inf, np.inf, 0.0]
    assert np.isnan(s[4:7]).all()


def test_shapes_are_kept():
    assert rcp_estimate(np.float32(2.0)).shape == () == rsqrt_estimate(np.float32(2.0)).shape
    x = np.arange(1, 13, dtype=F).reshape(3, 4)[:, ::2]  # (not contiguous)
    assert rcp_estimate(x).shape == (3, 2) and rcp_estimate(x)[0, 1] == rcp_estimate(F(3))


def test_large_arrays_read_the_prefix_table_with_the_same_bits():
    """Past 4,096 values the estimates come from a table of every (sign, exponent, top
    significand bits) prefix: the same bits as the computation, NaN payloads included, in
    any shape (non-contiguous too)."""
    bits = np.random.default_rng(3).integers(0, 2 ** 32, 3 * 4096, dtype=np.uint64)
    bits = bits.astype(np.uint32)
    bits[:8] = [0, 0x80000000, 1, 0x7F800000, 0xFF800000, 0x7F800001, 0xFFC00123, 0x7F7FFFFF]
    x = bits.view(F).reshape(6, 2048)[:, ::1]
    for f in (rcp_estimate, rsqrt_estimate):
        with np.errstate(all="ignore"):
            whole = f(x).view(np.uint32)
            parts = np.concatenate([f(row) for row in x.reshape(-1, 512)]).view(np.uint32)
        assert whole.shape == x.shape and np.array_equal(whole.reshape(-1), parts)
        assert f(x[:, ::2]).shape == (6, 1024)


# (index, 12-bit entry) of the tables as read from the instructions (Intel): the 4,096
# read were all 1/m (1/sqrt(m)) at their interval's midpoint m rounded to 12 bits, which
# x86_estimates.py computes its tables by (checked entry by entry before the read tables
# were dropped)
RCP_READ = [(0, 0xFFE), (1, 0xFFA), (683, 0x7FE), (1024, 0x554), (2047, 0x001)]
RSQRT_READ = [(0, 0xFFE), (1, 0xFFA), (511, 0xA22), (1023, 0x6A1), (1024, 0x69F),
              (1025, 0x69C), (2047, 0x001)]


def test_tables_hold_entries_read_from_the_instructions():
    """RCPPS's table over the 2,048 intervals of [1, 2) (x's top 11 significand bits),
    RSQRTPS's over the 1,024 of [1, 2) then of [2, 4) (top 10 bits, exponent parity)."""
    assert x86_estimates._RCP.shape == (2048,) == x86_estimates._RSQRT.shape
    for table, read in ((x86_estimates._RCP, RCP_READ), (x86_estimates._RSQRT, RSQRT_READ)):
        assert [int(table[i] >> np.uint32(11)) for i, _ in read] == [e for _, e in read]
