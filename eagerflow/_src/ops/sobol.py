"""tf.math.sobol_sample: TF's SobolSample op, points of the Sobol low-discrepancy sequence.

Sits in the ops layer after the random families (it is deterministic, but tf.random's
users are its users); loads on first use (op_index.py). The direction numbers are Joe and
Kuo's published table for 21201 dimensions (sobol_directions.npz, written by
tests/ops/make_sobol_directions.py), the one TF uses: dimension 0 is van der Corput's
sequence, dimension j > 0 grows its direction numbers from the j-th primitive polynomial
by Bratley and Fox's recurrence. TF's kernel, as observed: point i is the XOR of the
direction numbers at the set bits of i's Gray code, for i = skip + 1 ... skip + num_results
(the all-zero point 0 is never returned), scaled by 2^-b where b is the bit length of
skip + num_results + 1; the values are then exact multiples of 2^-b, rounded once to
float32 (and negated at b = 31, TF's integer overflow).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

MAX_DIM = 21200  # the table's dimensions after the first: TF's limit
_TABLE: dict = {}


def _table() -> tuple:
    """(degree, polynomial, initial direction numbers m[j, k]) of dimensions 1 ... 21200,
    unpacked once from the bit columns the generator script wrote."""
    if not _TABLE:
        with np.load(Path(__file__).with_name("sobol_directions.npz")) as f:
            degree, bits = f["degree"].astype(np.int64), np.unpackbits(f["bits"])
        top = int(degree.max())
        poly = (np.int64(1) << degree) | 1  # the leading and constant coefficients
        m = np.zeros((len(degree), top), np.int64)
        m[:, 0] = 1
        pos = 0
        for i in range(top - 1):  # inner coefficient of x^(s-1-i)
            rows = degree - 1 > i
            n = int(rows.sum())
            poly[rows] |= bits[pos:pos + n].astype(np.int64) << (degree[rows] - 1 - i)
            pos += n
        for k in range(1, top):  # m_k >> 1, k bits each, most significant first
            rows = degree > k
            n = int(rows.sum())
            col = bits[pos:pos + n * k].reshape(n, k).astype(np.int64)
            m[rows, k] = (col @ (np.int64(1) << np.arange(k - 1, -1, -1)) << 1) | 1
            pos += n * k
        _TABLE["t"] = degree, poly, m
    return _TABLE["t"]


def directions(dim: int, nbits: int) -> np.ndarray:
    """The direction numbers v[j, k] (integers below 2^nbits) of dimensions 0 ... dim - 1."""
    v = np.zeros((dim, nbits), np.int64)
    v[0] = np.int64(1) << np.arange(nbits - 1, -1, -1)
    if dim == 1:
        return v
    degree, poly, m0 = (a[:dim - 1] for a in _table())
    m = np.zeros((dim - 1, max(nbits, m0.shape[1])), np.int64)
    m[:, :m0.shape[1]] = m0
    for s in np.unique(degree).tolist():  # the recurrence's length is the degree
        rows = np.nonzero(degree == s)[0]
        a = poly[rows]
        mm = m[rows]
        for k in range(s, nbits):
            new = mm[:, k - s] ^ (mm[:, k - s] << s)
            for i in range(1, s):
                new ^= ((a >> (s - i)) & 1) * (mm[:, k - i] << i)
            mm[:, k] = new
        m[rows] = mm
    v[1:] = m[:, :nbits] << np.arange(nbits - 1, -1, -1)
    return v


def _nbits(num_results: int, skip: int) -> int:
    """The bits of precision TF's kernel keeps (as observed: one more than the sequence's
    last index needs when that index is one short of a power of two)."""
    return (skip + num_results + 1).bit_length()


def _scale(nbits: int) -> float:
    # TF divides by 1 << nbits in 32-bit ints: at 31 bits that is -2^31, and every
    # coordinate comes out negated (observed for skip + num_results >= 2^30 - 1)
    return 2.0 ** -nbits if nbits < 31 else -(2.0 ** -nbits)


def _points(dim: int, num_results: int, skip: int, np_dtype: Any) -> np.ndarray:
    nbits = _nbits(num_results, skip)
    v = directions(dim, nbits)
    index = np.arange(skip + 1, skip + num_results + 1, dtype=np.int64)
    gray = index ^ (index >> 1)
    x = np.zeros((num_results, dim), np.int64)
    for k in range(nbits):  # XOR in the direction numbers of the Gray code's set bits
        on = ((gray >> k) & 1).astype(bool)
        x[on] ^= v[:, k]
    # x < 2^31: exact in a double, so the scaling rounds once, to the output's dtype
    return (x.astype(np.float64) * _scale(nbits)).astype(np_dtype)


# -- the op ------------------------------------------------------------------------------

def _infer(dim: Any, num_results: Any, skip: Any, dtype: dt.DType = dt.float32) -> list:
    # TypeError for a dtype that is not a DType (None included), as TF's raw op
    # (as TF's runtime: the attr's allowed values, then every input's dtype, then the
    # kernel's checks of their shapes)
    C.dtype_attr("SobolSample", dtype, allowed=frozenset({dt.float32, dt.float64}))
    for i, x in enumerate((dim, num_results, skip)):
        if x._dtype is not dt.int32:
            raise C.wrong_input_dtype("SobolSample", i, dt.int32, x._dtype)
    for name, x in (("dim", dim), ("num_results", num_results), ("skip", skip)):
        if x._shape is not None and len(x._shape) != 0:
            raise C.fail("SobolSample", f"{name} must be a scalar")
    return [((None, None), dtype)]


def _scalars(dim: Any, num_results: Any, skip: Any) -> tuple:
    d, n, s = (int(to_host(x)) for x in (dim, num_results, skip))
    if d < 1:
        raise C.fail("SobolSample", "dim must be at least one")
    if d > MAX_DIM:
        raise C.fail("SobolSample", f"dim must be at most {MAX_DIM}")
    if n < 1:
        raise C.fail("SobolSample", "num_results must be at least one")
    if s < 0:
        raise C.fail("SobolSample", "skip must be non-negative")
    if n + s >= 2 ** 31 - 1:
        raise C.fail("SobolSample", "num_results+skip must be less than 2147483647")
    return d, n, s


def _kernel(xp: Any, dim: Any, num_results: Any, skip: Any,
            dtype: dt.DType = dt.float32) -> Any:
    return xp.asarray(_points(*_scalars(dim, num_results, skip), dtype.as_numpy_dtype))


def _reference(dim: Any, num_results: Any, skip: Any, dtype: dt.DType = dt.float32) -> Any:
    """Point by point in Python integers: each point's coordinates from scratch (the
    recurrence per dimension, the XOR over the Gray code's bits), not the kernel's columns."""
    d, n, s = int(dim), int(num_results), int(skip)
    nbits = len(bin(s + n + 1)) - 2
    degree, poly, m0 = _table()
    vs = [[1 << (nbits - 1 - k) for k in range(nbits)]]
    for j in range(d - 1):
        deg, p = int(degree[j]), int(poly[j])
        m = [int(x) for x in m0[j, :deg]]
        while len(m) < nbits:
            k = len(m)
            new = m[k - deg] ^ (m[k - deg] << deg)
            for i in range(1, deg):
                if (p >> (deg - i)) & 1:
                    new ^= m[k - i] << i
            m.append(new)
        vs.append([m[k] << (nbits - 1 - k) for k in range(nbits)])
    rows = []
    for i in range(s + 1, s + n + 1):
        g = i ^ (i >> 1)
        row = []
        for v in vs:
            x = 0
            for k in range(nbits):
                if (g >> k) & 1:
                    x ^= v[k]
            row.append(x / (1 << nbits) * (-1 if nbits == 31 else 1))
        rows.append(row)
    return np.array(rows, np.float64).astype(dtype.as_numpy_dtype)


def _i32(*xs: int) -> tuple:
    return tuple(np.array(x, np.int32) for x in xs)


SOBOL_SAMPLE = register(OpDef(
    "SobolSample", _infer, _kernel, reference=_reference,
    samples=lambda: [
        Sample(_i32(3, 5, 0), {"dtype": dt.float32}, grad=False),
        Sample(_i32(1, 9, 4), {"dtype": dt.float64}, grad=False),
        Sample(_i32(40, 70, 1000), {"dtype": dt.float64}, grad=False),
        Sample(_i32(7, 3, 2 ** 31 - 10), {"dtype": dt.float32}, grad=False)],
    bad_samples=lambda: [
        BadSample(_i32(0, 2, 0), {}, InvalidArgumentError, "dim must be at least one"),
        BadSample(_i32(21201, 2, 0), {}, InvalidArgumentError, "dim must be at most 21200"),
        BadSample(_i32(2, 0, 0), {}, InvalidArgumentError, "num_results must be at least one"),
        BadSample(_i32(2, 2, -1), {}, InvalidArgumentError, "skip must be non-negative"),
        BadSample(_i32(2, 5, 2 ** 31 - 2), {}, InvalidArgumentError,
                  "num_results+skip must be less than 2147483647"),
        BadSample((np.array([2], np.int32), *_i32(2, 0)), {}, InvalidArgumentError,
                  "dim must be a scalar"),
        BadSample(_i32(2, 2, 0), {"dtype": dt.float16}, InvalidArgumentError,
                  "Value for attr 'dtype' of half is not in the list of allowed values")],
    host_inputs=(0, 1, 2), gpu=False,
))


@dispatch_binding
@eager_api("dim", "num_results", "skip")
def sobol_sample(dim: Any, num_results: Any, skip: Any = 0, dtype: Any = dt.float32,
                 name: str | None = None) -> Any:
    """Points skip + 1 ... skip + num_results of the `dim`-dimensional Sobol sequence, a
    [num_results, dim] tensor in [0, 1) (TF's direction numbers: the same values)."""
    # (the dtype attr first: TF's fallback, which an attr its fast path does not take sends
    # the call to, converts it before the inputs; None is the default)
    attrs = AV.wrapper_attrs("SobolSample", dtype=dtype)
    # Python values convert as the op's int32 inputs (2.0 is refused, as TF refuses it);
    # a list among them sends TF's wrapper down its slow path, which converts the tensors
    # too; else the op checks each tensor's dtype, in order, before its kernel the shapes
    wrapper_inputs.slow_typed_inputs(wrapper_inputs.passed_raw(dim, num_results, skip), *(
        (x, dt.int32) for x in (dim, num_results, skip)))
    args = tuple(x if isinstance(x, Tensor) else convert_to_tensor(x, dt.int32)
                 for x in (dim, num_results, skip))
    return bind(SOBOL_SAMPLE, args, attrs, name)
