"""MatrixBandPart (tf.linalg.band_part): the band of each innermost matrix, zeros outside
it; its bounds are attrs, or inputs known when a graph runs.
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec, check_runtime_arg, needs_runtime
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.math_base import _t, cast
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(3)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


# MatrixBandPart's CPU kernels, in the order TF 2.21's NotFoundError lists them, and XLA's
_BAND_KERNELS = (dt.bool, dt.complex128, dt.complex64, dt.float64, dt.float32, dt.bfloat16,
                 dt.float16, dt.int32, dt.int8, dt.uint8, dt.int16, dt.uint16, dt.uint32,
                 dt.int64, dt.uint64)
_BAND_XLA = f"Tindex in [DT_INT32, DT_INT64]; T in [{C.XLA_TYPES}]"


def _band_no_kernel(d: dt.DType, index: dt.DType) -> Exception:
    """TF's NotFoundError for a MatrixBandPart of `d` (no CPU kernel) whose bounds are of
    `index` (its Tindex)."""
    return C.no_kernel("MatrixBandPart", f"T={C.dt_enum(d)}, Tindex={C.dt_enum(index)}",
                       _BAND_KERNELS, others=(("XLA_CPU_JIT", _BAND_XLA),))


def _band_infer(x: Any, *dyn: Any, num_lower: int | None, num_upper: int | None) -> list:
    """`num_lower`/`num_upper` None: inputs known when the graph runs (lower first)."""
    runtime = tuple(name for name, v in (("num_lower", num_lower), ("num_upper", num_upper))
                    if v is None)
    C.input_count("MatrixBandPart", ("input",) + runtime, (x,) + dyn)
    if x._dtype not in _BAND_KERNELS and _state.graph is None and \
            all(t._dtype in (dt.int32, dt.int64) for t in dyn):
        # (eagerly TF finds no CPU kernel for a string, a quantized or a variant matrix,
        # before it reads the shape)
        raise _band_no_kernel(x._dtype, dyn[0]._dtype if dyn else dt.int64)
    for t in dyn:
        check_runtime_arg("MatrixBandPart", (t,), "num_lower and num_upper", 0)
    if x._shape is not None and len(x._shape) < 2:
        raise C.fail("MatrixBandPart", f"input must be at least 2-dim, received shape: "
                                       f"{C.shape_str(x._shape)}")
    rows, cols = (None, None) if x._shape is None else x._shape[-2:]
    for what, bound, size, of in (("num_lower", num_lower, rows, "rows"),
                                  ("num_upper", num_upper, cols, "columns")):
        if isinstance(bound, tuple):  # (a raw op's constant tensor of several values)
            raise C.fail("MatrixBandPart", f"{what} must be scalar, got shape "
                                           f"{C.shape_str(np.shape(bound))}")
        if size is not None and bound is not None and bound > size:
            raise C.fail("MatrixBandPart", f"{what} must be negative or less or equal to "
                                           f"number of {of} ({size}) got: {bound}")
    return [(x._shape, x._dtype)]


def _band_ref(x: np.ndarray, num_lower: int, num_upper: int) -> np.ndarray:
    return np.array(
        [[x[..., i, j] if (num_lower < 0 or i - j <= num_lower) and
          (num_upper < 0 or j - i <= num_upper) else np.zeros_like(x[..., i, j])
          for j in range(x.shape[-1])] for i in range(x.shape[-2])]).transpose(
        list(range(2, x.ndim)) + [0, 1])


def _band_mask(xp: Any, rows: int, cols: int, lo: int, hi: int) -> Any:
    i = xp.arange(rows)[:, None]
    j = xp.arange(cols)[None, :]
    return ((lo < 0) | (i - j <= lo)) & ((hi < 0) | (j - i <= hi))


def _band_kernel(xp: Any, x: Any, *dyn: Any, num_lower: int | None,
                 num_upper: int | None) -> Any:
    if dyn:  # the run-time bounds, checked as static ones are
        it = iter(dyn)
        num_lower = int(to_host(next(it))) if num_lower is None else num_lower
        num_upper = int(to_host(next(it))) if num_upper is None else num_upper
        _band_infer(Spec(x), num_lower=num_lower, num_upper=num_upper)
    return xp.where(_band_mask(xp, x.shape[-2], x.shape[-1], num_lower, num_upper), x,
                    xp.zeros((), x.dtype))


MATRIX_BAND_PART = register(OpDef(
    "MatrixBandPart", _band_infer, _band_kernel,
    host_inputs=(1, 2),  # (bounds given when it runs: TF's HostMemory num_lower/num_upper)
    grad=lambda n, g: [bind(MATRIX_BAND_PART, (g,) + n.inputs[1:], dict(n.attrs))] +
    [None] * (len(n.inputs) - 1),
    reference=lambda x, *dyn, num_lower, num_upper: _band_ref(
        x, int(dyn[0]) if num_lower is None else num_lower,
        int(dyn[-1]) if num_upper is None else num_upper),
    samples=lambda: [Sample((_f64(4, 4),), {"num_lower": 1, "num_upper": 0}),
                     # bounds known when the graph runs
                     Sample((_f64(3, 4), np.int64(1), np.int64(-1)),
                            {"num_lower": None, "num_upper": None}, grad_inputs=(0,)),
                     Sample((_f64(2, 3, 5),), {"num_lower": -1, "num_upper": 2}),
                     Sample((_f64(3, 3),), {"num_lower": 0, "num_upper": -1})],
    bad_samples=lambda: [
        BadSample((np.ones((3, 3)),), {"num_lower": 5, "num_upper": -1},
                  InvalidArgumentError, "num_lower must be negative or less or equal "
                                        "to number of rows (3) got: 5"),
        BadSample((np.ones(3),), {"num_lower": 0, "num_upper": -1},
                  InvalidArgumentError, "input must be at least 2-dim")],
))


@eager_api("input", "num_lower", "num_upper")
def band_part(input: Any, num_lower: Any, num_upper: Any, name: str | None = None) -> Any:  # noqa: A002
    if _state.graph is None and (isinstance(num_lower, (np.generic, np.ndarray)) or
                                 isinstance(num_upper, (np.generic, np.ndarray))):
        # NumPy bounds are cast to the Tindex, as TF converts them (1.7 is 1, "1" is 1)
        d = next((v._dtype for v in (num_lower, num_upper) if isinstance(v, Tensor)),
                 dt.int64)
        num_lower, num_upper = (convert_to_tensor(v, dtype=d)
                                if isinstance(v, (np.generic, np.ndarray)) else v
                                for v in (num_lower, num_upper))
    if _state.graph is None and _t(input)._dtype not in _BAND_KERNELS:
        # (the node TF finds no kernel for names its Tindex: a bound tensor's dtype, else
        # int64 on its wrapper's fast path, int32 on its slow path (a list's), which
        # converts Python ints on their own)
        index = next((v._dtype for v in (num_lower, num_upper) if isinstance(v, Tensor)),
                     dt.int32 if wrapper_inputs.passed_raw(input) else dt.int64)
        if index in (dt.int32, dt.int64):  # (another is the attr's refusal, checked first)
            raise _band_no_kernel(_t(input)._dtype, index)
    if type(num_lower) is EagerTensor or type(num_upper) is EagerTensor:
        _check_band_tensors(_t(input), num_lower, num_upper)
    attrs, dyn = {}, []
    for v, w in ((num_lower, "num_lower"), (num_upper, "num_upper")):
        if _state.graph is not None and needs_runtime(v):  # TF's input: read when it runs
            attrs[w] = None
            dyn.append(cast(v, dt.int64) if v.dtype is not dt.int64 else v)
        else:
            attrs[w] = _band_bound(v, w)
    return bind(MATRIX_BAND_PART, (_t(input),) + tuple(dyn), attrs, name)


def _band_bound(v: Any, what: str) -> int:
    """A bound given as a Python or NumPy number, as TF converts it to the op's Tindex
    (int64 by default): a bool as its int (True is 1), a float its TypeError."""
    if isinstance(v, bool):
        return int(v)
    if v is None or hasattr(v, "_dtype"):
        return AV.int_arg(v, what)
    try:
        return operator.index(v)
    except TypeError:
        raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype int64") from None


def _check_band_tensors(x: Any, num_lower: Any, num_upper: Any) -> None:
    """Eager bounds as TF's MatrixBandPart takes them: their type Tindex (a tensor's, the
    numbers converted to it), num_upper's num_lower's, then the kernel's checks."""
    op = "MatrixBandPart"
    d = next((v._dtype for v in (num_lower, num_upper) if isinstance(v, Tensor)), dt.int64)
    bounds = [v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=d)
              for v in (num_lower, num_upper)]
    if bounds[0]._dtype not in C.INDEX:
        raise C.not_supported(op, bounds[0]._dtype, C.INDEX, "Tindex")
    if bounds[1]._dtype is not bounds[0]._dtype:
        raise C.wrong_input_dtype(op, 2, bounds[0]._dtype, bounds[1]._dtype)
    if x._shape is not None and len(x._shape) < 2:
        raise C.fail(op, f"input must be at least 2-dim, received shape: "
                         f"{C.shape_str(x._shape)}")
    for b, w in zip(bounds, ("num_lower", "num_upper")):
        if b._shape:
            raise C.fail(op, f"{w} must be scalar, got shape {C.shape_str(b._shape)}")
