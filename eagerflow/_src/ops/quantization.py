"""tf.quantization: fake quantization (FakeQuantWithMinMax{Args,Vars,VarsPerChannel} and
their gradient ops), QuantizeV2 / Dequantize in the modes MIN_COMBINED, MIN_FIRST and
SCALED, QuantizeAndDequantizeV2/V3/V4 with V4's gradient op, and QuantizedConcat.

Each kernel follows the arithmetic of TF's CPU kernel, in its precision (float32 where TF
computes in float, the op's T for quantize-and-dequantize), so that results agree bit for
bit with TF (tests/ops/quantization_golden.json): fake quantization nudges its range so
that zero is exactly representable; QuantizeV2 widens a range narrower than
`ensure_minimum_range` and always holds zero; SCALED mode scales symmetrically about zero.
Quantized tensors (qint8, quint8, ...) hold their plain integers (core/dtypes.py). The
fake quantization ops run on a GPU too, as TF's do (the same expression over the device's
arrays, their min and max read where they live); the others run on the CPU.

Sits in the ops layer after nn_extras.py; `import eagerflow` loads it on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs, wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.elementwise import as_fixed_type
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_F32 = np.float32
_RNG = SampleRNG(1729)
_QTYPES = frozenset(dt.QUANTIZED_DTYPES)

_ROUND_AWAY, _ROUND_EVEN, _ROUND_UP = "HALF_AWAY_FROM_ZERO", "HALF_TO_EVEN", "HALF_UP"
_MODES = ("MIN_COMBINED", "MIN_FIRST", "SCALED")


def _round_away(x: np.ndarray, xp: Any = np) -> np.ndarray:
    """std::round: halves away from zero (exact: the fraction is taken without rounding);
    over `xp`, the array module of x."""
    a = xp.abs(x)
    f = xp.floor(a)
    return xp.copysign(f + (a - f >= 0.5), x).astype(x.dtype, copy=False)


def _round(x: np.ndarray, mode: str, xp: Any = np) -> np.ndarray:
    if mode == _ROUND_EVEN:
        return xp.rint(x)
    if mode == _ROUND_UP:
        return xp.floor(x + x.dtype.type(0.5))
    return _round_away(x, xp)


def _to_int(x: np.ndarray, storage: Any, nan: float = 0.0) -> np.ndarray:
    """A float array cast to `storage` as C++'s static_cast on x86 does through int32:
    truncated; values past the range give the most negative int32 (then wrapped to the
    width); NaN gives `nan` (TF's rounding paths leave 0 where its scalar loop meets it;
    MIN_FIRST's explicit int32 cast gives the most negative int32)."""
    t = np.trunc(x.astype(np.float64))
    fits = (t >= -2.0**31) & (t < 2.0**31)
    out = np.where(fits, t, -2.0**31)
    return np.where(np.isnan(t), nan, out).astype(np.int64).astype(np.int32).astype(storage)


def _limits(d: dt.DType) -> tuple:
    info = np.iinfo(d.storage_type)
    return int(info.min), int(info.max)


# ---------------------------------------------------------------------------------------
# Fake quantization.
# ---------------------------------------------------------------------------------------

def _nudge(lo: Any, hi: Any, num_bits: int, narrow_range: bool, xp: Any = np) -> tuple:
    """TF's nudged range: (nudged_min, nudged_max, scale), float32 (arrays per channel),
    shifted so that zero falls on a quantization step."""
    return _nudge_all(lo, hi, num_bits, narrow_range, xp)[:3]


def _nudge_all(lo: Any, hi: Any, num_bits: int, narrow_range: bool, xp: Any = np) -> tuple:
    """_nudge's range, scale, and the step shift (qmin - zero point) and inverse scale
    ((qmax - qmin) / (max - min), not 1 / scale) the output is computed with; over `xp`,
    where the range lives (an Args op's, given as numbers: NumPy's scalars)."""
    if isinstance(lo, float):  # (the attrs of the Args ops: computed on the host)
        return tuple(v[()] for v in _nudge_all(np.asarray(lo), np.asarray(hi), num_bits,
                                               narrow_range))
    qmin = _F32(1 if narrow_range else 0)
    qmax = _F32((1 << num_bits) - 1)
    lo, hi = xp.asarray(lo, _F32), xp.asarray(hi, _F32)
    with np.errstate(all="ignore"):
        scale = (hi - lo) / (qmax - qmin)
        zero = qmin - lo / scale
        # (TF holds the nudged zero point in a uint16; NaN there is 0 on x86)
        rounded = xp.where(xp.isnan(zero), _F32(0), _round_away(xp.nan_to_num(zero), xp))
        nzp = xp.where(zero < qmin, qmin, xp.where(zero > qmax, qmax, rounded)).astype(_F32)
        inv = ((qmax - qmin) / (hi - lo)).astype(_F32)
        return (qmin - nzp) * scale, (qmax - nzp) * scale, scale, qmin - nzp, inv


def _fake_quant(xp: Any, x: Any, lo: Any, hi: Any, num_bits: int, narrow_range: bool,
                divide: bool = False) -> Any:
    """TF's fake quantization of x, over its array module `xp` (on a GPU too: TF's GPU
    kernel is the same expression, its product and sum one fused multiply-add). `divide`:
    the steps are the shifted input divided by the scale, rounded to float32 (the kernel of
    one min and max as tensors, FakeQuantWithMinMaxVars), not times the inverse scale:
    their ties round apart (1.0 in [0, 2] by 8 bits: 127.49999 steps there, 127.5 here)."""
    nmin, nmax, scale, shift, inv = _nudge_all(lo, hi, num_bits, narrow_range, xp)
    with np.errstate(all="ignore"):
        clamped = xp.maximum(xp.minimum(x, nmax), nmin)
        if divide:
            steps = xp.floor(((clamped - nmin) / scale).astype(_F32) + _F32(0.5))
        else:  # (a fused multiply-add, as TF's compiled kernel: the product exact in double)
            steps = xp.floor(((clamped - nmin).astype(np.float64) * inv + 0.5).astype(_F32))
        # steps * scale + nudged_min, as TF's compiled kernel evaluates it: the step count
        # shifted by the zero point first (exact in float32), then one rounding
        return ((steps + shift) * scale).astype(_F32)


def _in_range(xp: Any, x: Any, lo: Any, hi: Any, num_bits: int, narrow_range: bool) -> tuple:
    nmin, nmax, _ = _nudge(lo, hi, num_bits, narrow_range, xp)
    return (x >= nmin) & (x <= nmax), x < nmin, x > nmax


def _check_bits(op: str, num_bits: int) -> None:
    AV.int_attr(op, num_bits, "num_bits")  # (its kernel reads an int32, as it is made)
    if not 2 <= num_bits <= 16:
        raise C.fail(op, "num_bits must be between 2 and 16, inclusive")


def _check_float32(op: str, *xs: Any) -> None:
    for i, x in enumerate(xs):
        if x._dtype is not dt.float32:
            raise C.wrong_input_dtype(op, i, dt.float32, x._dtype)


def _check_rank(op: str, t: Any, what: str, rank: int) -> None:
    if t._shape is not None and len(t._shape) != rank:
        raise C.fail(op, f"`{what}` must be rank {rank} but is rank {len(t._shape)}")


def _check_same_size(op: str, g: Any, x: Any) -> None:
    if g._shape is not None and x._shape is not None and g._shape != x._shape:
        raise C.fail(op, "gradient and input must be the same size")


def _args_infer(x: Any, min: float, max: float, num_bits: int,  # noqa: A002 (TF's names)
                narrow_range: bool, op: str = "FakeQuantWithMinMaxArgs") -> list:
    _check_float32(op, x)
    AV.int_attr(op, num_bits, "num_bits")
    if _state.graph is None:  # (traced, TF builds the kernel, which checks these, at run time)
        _check_range_attrs(op, min, max, num_bits)
    return [(x._shape, dt.float32)]


def _check_range_attrs(op: str, min: float, max: float, num_bits: int) -> None:  # noqa: A002
    """The checks of TF's FakeQuantWithMinMaxArgs(Gradient) kernel's constructor."""
    _check_bits(op, num_bits)
    if not min < max:
        raise C.fail(op, f"min has to be smaller than max, was: {min:g} >= {max:g}")


FAKE_QUANT_ARGS = register(OpDef(
    "FakeQuantWithMinMaxArgs", _args_infer,
    lambda xp, x, min, max, num_bits, narrow_range: _check_range_attrs(  # noqa: A006
        "FakeQuantWithMinMaxArgs", min, max, num_bits) or _fake_quant(
        xp, x, min, max, num_bits, narrow_range),
    grad=lambda n, g: [fake_quant_with_min_max_args_gradient(g, n.inputs[0], **n.attrs)],
    reference=lambda x, min, max, num_bits, narrow_range: _fake_quant_ref(  # noqa: A006
        x, min, max, num_bits, narrow_range),
    samples=lambda: [
        Sample((_RNG.uniform(-8, 8, (3, 5)).astype(_F32),),
               {"min": -6.0, "max": 6.0, "num_bits": 8, "narrow_range": False}, grad=False),
        Sample((_RNG.uniform(-1, 3, (7,)).astype(_F32),),
               {"min": -0.3, "max": 2.1, "num_bits": 4, "narrow_range": True}, grad=False)],
    bad_samples=lambda: [
        BadSample((np.ones(2, _F32),), {"min": 1.0, "max": 1.0, "num_bits": 8,
                                        "narrow_range": False}, InvalidArgumentError,
                  "min has to be smaller than max"),
        BadSample((np.ones(2, _F32),), {"min": 0.0, "max": 1.0, "num_bits": 17,
                                        "narrow_range": False}, InvalidArgumentError,
                  "num_bits must be between 2 and 16")],
    elementwise=True,
))


def _fake_quant_ref(x: np.ndarray, lo: Any, hi: Any, num_bits: int, narrow: bool,
                    divide: bool = False) -> Any:
    """Element by element in Python floats rounded to float32 after every operation
    (`divide`: _fake_quant's)."""
    f = _F32
    qmin, qmax = f(1 if narrow else 0), f((1 << num_bits) - 1)
    lo_a = np.broadcast_to(np.asarray(lo, f), x.shape[-1:] if np.ndim(lo) else ())
    hi_a = np.broadcast_to(np.asarray(hi, f), lo_a.shape)
    out = np.empty(x.shape, f)
    for idx in np.ndindex(*x.shape):
        c = idx[-1] if lo_a.ndim else ()
        lo_c, hi_c = f(lo_a[c]), f(hi_a[c])
        with np.errstate(all="ignore"):
            scale = f((hi_c - lo_c) / (qmax - qmin))
            z = f(qmin - f(lo_c / scale))
            if z < qmin:
                nz = qmin
            elif z > qmax:
                nz = qmax
            elif z != z:
                nz = f(0)
            else:
                nz = f(np.floor(z + 0.5) if z >= 0 else -np.floor(-z + 0.5))
            nmin, nmax = f((qmin - nz) * scale), f((qmax - nz) * scale)
            v = x[idx]
            v = v if not v > nmax else nmax
            v = v if not v < nmin else nmin
            inv = f(f(qmax - qmin) / f(hi_c - lo_c))
            step = f(np.floor(f(f(v - nmin) / scale) + f(0.5))) if divide else \
                f(np.floor(f(float(f(v - nmin)) * float(inv) + 0.5)))
            out[idx] = f(f(step + f(qmin - nz)) * scale)
    return out


def _args_grad_infer(g: Any, x: Any, min: float, max: float, num_bits: int,  # noqa: A002
                     narrow_range: bool) -> list:
    op = "FakeQuantWithMinMaxArgsGradient"
    _check_float32(op, g, x)
    C.same_shape(op, g, x)
    return _args_infer(x, min, max, num_bits, narrow_range, op)


FAKE_QUANT_ARGS_GRADIENT = register(OpDef(
    "FakeQuantWithMinMaxArgsGradient", _args_grad_infer,
    # (TF multiplies by the mask: a NaN gradient stays NaN, a negative one gives -0.0)
    lambda xp, g, x, min, max, num_bits, narrow_range: _check_range_attrs(  # noqa: A006
        "FakeQuantWithMinMaxArgsGradient", min, max, num_bits) or (
        g * _in_range(xp, x, min, max, num_bits, narrow_range)[0]).astype(_F32),
    reference=lambda g, x, min, max, num_bits, narrow_range: _vars_grad_ref(  # noqa: A006
        g, x, min, max, num_bits, narrow_range)[0],
    samples=lambda: [Sample((_RNG.uniform(-1, 1, (6,)).astype(_F32),
                             np.array([-7, -6.0235295, -1, 0, 5.9764705, 6], _F32)),
                            {"min": -6.0, "max": 6.0, "num_bits": 8, "narrow_range": False},
                            grad=False)],
))


def _vars_shape_fn(op: str, x: Any, lo: Any, hi: Any, rank: int) -> None:
    """TF's shape function of the FakeQuantWithMinMaxVars ops, in its words (a ValueError
    naming the node, graph/shape_errors.py): the range's ranks, then each channel count
    merged with the input's last dimension (the gradients' merge words it by shapes)."""
    if rank == 1 and x._shape == ():
        raise C.fail(op, "Shape must be at least rank 1 but is rank 0")
    for t in (lo, hi):
        if t._shape is not None and len(t._shape) != rank:
            raise C.fail(op, f"Shape must be rank {rank} but is rank {len(t._shape)}")
    depth = None if rank == 0 or not x._shape else x._shape[-1]
    for t in (lo, hi):
        n = None if depth is None or t._shape is None else t._shape[0]
        if n is not None and n != depth:
            raise C.fail(op, f"Dimension 0 in both shapes must be equal, but are {n} and "
                             f"{depth}. Shapes are [{n}] and [{depth}]." if "Gradient" in op
                         else f"Dimensions must be equal, but are {depth} and {n}")


def _vars_infer(x: Any, lo: Any, hi: Any, num_bits: int, narrow_range: bool,
                op: str = "FakeQuantWithMinMaxVars", rank: int = 0) -> list:
    _check_float32(op, x, lo, hi)
    if _state.graph is not None:  # (traced, its kernel checks num_bits when the graph runs)
        AV.int_attr(op, num_bits, "num_bits")
        _vars_shape_fn(op, x, lo, hi, rank)
        return [(x._shape, dt.float32)]
    _check_bits(op, num_bits)
    _check_rank(op, lo, "min", rank)
    _check_rank(op, hi, "max", rank)
    if rank == 1:
        if x._shape is not None and not x._shape:
            raise C.fail(op, "Shape must be at least rank 1 but is rank 0")
        depth = None if x._shape is None else x._shape[-1]
        for t, what in ((lo, "min"), (hi, "max")):
            if depth is not None and t._shape is not None and t._shape[0] not in (None, depth):
                raise C.fail(op, f"{what} has incorrect size, expected {depth} was "
                                 f"{t._shape[0]}")
    return [(x._shape, dt.float32)]


def _both_zero(xp: Any, lo: Any, hi: Any) -> Any:
    """Where (per channel) min and max are both 0: TF's Vars kernels then return zeros, and
    their gradients pass the whole gradient to the input (none to min and max)."""
    return (xp.asarray(lo) == 0) & (xp.asarray(hi) == 0)


def _vars_kernel(xp: Any, x: Any, lo: Any, hi: Any, num_bits: int, narrow_range: bool,
                 divide: bool = False, op: str = "FakeQuantWithMinMaxVarsPerChannel") -> Any:
    _check_bits(op, num_bits)  # (its kernel's constructor's, when a traced graph runs)
    out = _fake_quant(xp, x, lo, hi, num_bits, narrow_range, divide)
    return xp.where(_both_zero(xp, lo, hi), _F32(0), out).astype(_F32, copy=False)


FAKE_QUANT_VARS = register(OpDef(
    "FakeQuantWithMinMaxVars", _vars_infer,
    lambda xp, x, lo, hi, num_bits, narrow_range: _vars_kernel(
        xp, x, lo, hi, num_bits, narrow_range, divide=True, op="FakeQuantWithMinMaxVars"),
    grad=lambda n, g: list(fake_quant_with_min_max_vars_gradient(g, *n.inputs, **n.attrs)),
    reference=lambda x, lo, hi, num_bits, narrow_range: _fake_quant_ref(
        x, float(lo), float(hi), num_bits, narrow_range, divide=True),
    samples=lambda: [Sample((_RNG.uniform(-3, 3, (4, 3)).astype(_F32), np.array(-1.5, _F32),
                             np.array(2.0, _F32)), {"num_bits": 8, "narrow_range": False},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2, _F32), np.zeros(1, _F32), np.array(1.0, _F32)),
                                   {"num_bits": 8, "narrow_range": False}, InvalidArgumentError,
                                   "`min` must be rank 0 but is rank 1")],
))


def _vars_grad_infer(g: Any, x: Any, lo: Any, hi: Any, num_bits: int, narrow_range: bool,
                     op: str = "FakeQuantWithMinMaxVarsGradient", rank: int = 0) -> list:
    _check_float32(op, g, x, lo, hi)
    if _state.graph is None:
        _check_bits(op, num_bits)
    _check_same_size(op, g, x)
    _vars_infer(x, lo, hi, num_bits, narrow_range, op, rank)
    return [(x._shape, dt.float32), (lo._shape, dt.float32), (hi._shape, dt.float32)]


def _vars_grad_kernel(xp: Any, g: np.ndarray, x: np.ndarray, lo: Any, hi: Any, num_bits: int,
                      narrow_range: bool) -> tuple:
    _check_bits("FakeQuantWithMinMaxVars" + ("PerChannel" if lo.ndim else "") + "Gradient",
                num_bits)  # (its kernel's constructor's, when a traced graph runs)
    inside, below, above = _in_range(xp, x, lo, hi, num_bits, narrow_range)
    axes = tuple(range(x.ndim - lo.ndim))  # all but the channels
    # (TF multiplies by the masks, so NaN gradients spread as there; its sums overflow to
    # inf, or meet inf - inf, quietly)
    zero = _both_zero(xp, lo, hi)
    with np.errstate(all="ignore"):
        return (xp.where(zero, g, g * inside).astype(_F32),
                xp.where(zero, _F32(0), (g * below).sum(axis=axes, dtype=_F32)),
                xp.where(zero, _F32(0), (g * above).sum(axis=axes, dtype=_F32)))


def _vars_grad_ref(g: np.ndarray, x: np.ndarray, lo: Any, hi: Any, num_bits: int,
                   narrow_range: bool) -> tuple:
    """Masks from comparing each value with its own fake quantization's clamp."""
    per = np.ndim(lo) == 1
    gi, gl, gh = np.zeros_like(g), np.zeros(np.shape(lo), _F32), np.zeros(np.shape(hi), _F32)
    for idx in np.ndindex(*x.shape):
        c = idx[-1] if per else ()
        nmin, nmax, _ = _nudge(np.asarray(lo)[c], np.asarray(hi)[c], num_bits, narrow_range)
        v = x[idx]
        gi[idx] = g[idx] * _F32(nmin <= v <= nmax)
        gl[c] += g[idx] * _F32(v < nmin)
        gh[c] += g[idx] * _F32(v > nmax)
    return gi, gl, gh


FAKE_QUANT_VARS_GRADIENT = register(OpDef(
    "FakeQuantWithMinMaxVarsGradient", _vars_grad_infer, _vars_grad_kernel,
    reference=_vars_grad_ref, num_outputs=3,
    samples=lambda: [Sample((_RNG.uniform(-1, 1, (2, 4)).astype(_F32),
                             _RNG.uniform(-3, 3, (2, 4)).astype(_F32), np.array(-1.0, _F32),
                             np.array(1.5, _F32)), {"num_bits": 5, "narrow_range": True},
                            grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2, _F32), np.ones(3, _F32), np.array(0.0, _F32),
                                    np.array(1.0, _F32)), {"num_bits": 8,
                                                           "narrow_range": False},
                                   InvalidArgumentError,
                                   "gradient and input must be the same size")],
))

FAKE_QUANT_PER_CHANNEL = register(OpDef(
    "FakeQuantWithMinMaxVarsPerChannel",
    lambda x, lo, hi, num_bits, narrow_range: _vars_infer(
        x, lo, hi, num_bits, narrow_range, "FakeQuantWithMinMaxVarsPerChannel", 1),
    _vars_kernel,
    grad=lambda n, g: list(fake_quant_with_min_max_vars_per_channel_gradient(
        g, *n.inputs, **n.attrs)),
    reference=lambda x, lo, hi, num_bits, narrow_range: _fake_quant_ref(
        x, lo, hi, num_bits, narrow_range),
    samples=lambda: [Sample((_RNG.uniform(-3, 3, (2, 3, 4)).astype(_F32),
                             np.array([-1, 0, 0.3, -2], _F32), np.array([1, 3, 2, -0.5], _F32)),
                            {"num_bits": 8, "narrow_range": False}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones((2, 3), _F32), np.zeros(2, _F32), np.ones(3, _F32)),
                                   {"num_bits": 8, "narrow_range": False}, InvalidArgumentError,
                                   "min has incorrect size, expected 3 was 2")],
))

FAKE_QUANT_PER_CHANNEL_GRADIENT = register(OpDef(
    "FakeQuantWithMinMaxVarsPerChannelGradient",
    lambda g, x, lo, hi, num_bits, narrow_range: _vars_grad_infer(
        g, x, lo, hi, num_bits, narrow_range, "FakeQuantWithMinMaxVarsPerChannelGradient", 1),
    _vars_grad_kernel, reference=_vars_grad_ref, num_outputs=3,
    samples=lambda: [Sample((_RNG.uniform(-1, 1, (5, 3)).astype(_F32),
                             _RNG.uniform(-3, 3, (5, 3)).astype(_F32),
                             np.array([-1, 0, 0.5], _F32), np.array([1, 2, 1], _F32)),
                            {"num_bits": 4, "narrow_range": False}, grad=False)],
))


def _run_fake_quant(op: OpDef, inputs: tuple, name: str | None, **given: Any) -> Any:
    """Runs fake quantization op `op` as TF's wrapper does: its attrs `given` converted (an
    int past int64 held: AV.wrapper_attrs), then its `inputs` as float32 tensors (a Python
    value's conversion error first), then the held overflow, then the op."""
    held: list = []
    attrs = AV.wrapper_attrs(op.name, held, **given)
    # (on TF's fast path a tensor keeps its dtype, which the op refuses if not float32; its
    # slow path, a list among the inputs, converts it: a conversion's ValueError. The
    # range-by-attrs ops' wrappers always convert so)
    slow = (op.name.startswith("FakeQuantWithMinMaxArgs") or wrapper_inputs.passed_raw(*inputs)
            ) and _state.graph is None  # (traced: the graph builder's TypeError, ir.py's)
    x = tuple(as_fixed_type(v, dt.float32, slow=slow) for v in inputs)
    AV.raise_held(held)
    return bind(op, x, attrs, name)


def _f32(x: Any) -> Any:
    return convert_to_tensor(x, dt.float32)


@eager_api("inputs", "min:float", "max:float")
def fake_quant_with_min_max_args(inputs: Any, min: float = -6, max: float = 6,  # noqa: A002
                                 num_bits: int = 8, narrow_range: bool = False,
                                 name: str | None = None) -> Any:
    """Values clamped to [min, max] (nudged so that 0.0 is a step) and rounded to one of
    2**num_bits (less one with narrow_range) steps, as floats."""
    return _run_fake_quant(FAKE_QUANT_ARGS, (inputs,), name, min=min, max=max, num_bits=num_bits,
                            narrow_range=narrow_range)


@eager_api("gradients", "inputs", "min:float", "max:float")
def fake_quant_with_min_max_args_gradient(gradients: Any, inputs: Any, min: float = -6,  # noqa: A002
                                          max: float = 6, num_bits: int = 8,  # noqa: A002
                                          narrow_range: bool = False,
                                          name: str | None = None) -> Any:
    """`gradients` where `inputs` lies in the nudged range, zero elsewhere."""
    return _run_fake_quant(FAKE_QUANT_ARGS_GRADIENT, (gradients, inputs), name, min=min, max=max,
                            num_bits=num_bits, narrow_range=narrow_range)


@eager_api("inputs", "min", "max")
def fake_quant_with_min_max_vars(inputs: Any, min: Any, max: Any,  # noqa: A002
                                 num_bits: int = 8, narrow_range: bool = False,
                                 name: str | None = None) -> Any:
    """fake_quant_with_min_max_args with the range as scalar tensors (trainable)."""
    return _run_fake_quant(FAKE_QUANT_VARS, (inputs, min, max), name, num_bits=num_bits,
                            narrow_range=narrow_range)


@eager_api("gradients", "inputs", "min", "max")
def fake_quant_with_min_max_vars_gradient(gradients: Any, inputs: Any, min: Any,  # noqa: A002
                                          max: Any, num_bits: int = 8,  # noqa: A002
                                          narrow_range: bool = False,
                                          name: str | None = None) -> tuple:
    """(backprops_wrt_input, backprop_wrt_min, backprop_wrt_max): the gradients inside the
    nudged range, and the sums of those below and above it."""
    return _run_fake_quant(FAKE_QUANT_VARS_GRADIENT, (gradients, inputs, min, max), name,
                            num_bits=num_bits, narrow_range=narrow_range)


@eager_api("inputs", "min", "max")
def fake_quant_with_min_max_vars_per_channel(inputs: Any, min: Any, max: Any,  # noqa: A002
                                             num_bits: int = 8, narrow_range: bool = False,
                                             name: str | None = None) -> Any:
    """fake_quant_with_min_max_vars with one range per channel (the last axis)."""
    return _run_fake_quant(FAKE_QUANT_PER_CHANNEL, (inputs, min, max), name, num_bits=num_bits,
                            narrow_range=narrow_range)


@eager_api("gradients", "inputs", "min", "max")
def fake_quant_with_min_max_vars_per_channel_gradient(
        gradients: Any, inputs: Any, min: Any, max: Any, num_bits: int = 8,  # noqa: A002
        narrow_range: bool = False, name: str | None = None) -> tuple:
    """The per-channel fake quantization's gradients, min's and max's summed per channel."""
    return _run_fake_quant(FAKE_QUANT_PER_CHANNEL_GRADIENT, (gradients, inputs, min, max), name,
                            num_bits=num_bits, narrow_range=narrow_range)


# ---------------------------------------------------------------------------------------
# QuantizeV2 and Dequantize.
# ---------------------------------------------------------------------------------------

def _string_attr(op: str, what: str, value: Any, allowed: tuple) -> str:
    value = C.string_arg(value, what)
    if value not in allowed:
        words = ", ".join(f'"{a}"' for a in allowed)
        raise C.fail(op, f"Value for attr '{what}' of \"{value}\" is not in the list of "
                         f"allowed values: {words}\n\t; NodeDef: {{{{node {op}}}}}")
    return value


def _quantized_list(op: str, d: dt.DType, what: str) -> None:
    if d not in _QTYPES:
        raise C.fail(op, f"Value for attr '{what}' of {C.dtype_word(d)} is not in the list of "
                         f"allowed values: qint8, quint8, qint32, qint16, quint16\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")


def _slices(x_shape: tuple | None, axis: int) -> int | None:
    return 1 if axis < 0 else (None if x_shape is None else x_shape[axis])


def _quantize_infer(x: Any, lo: Any, hi: Any, T: dt.DType, mode: str,  # noqa: N803
                    round_mode: str, narrow_range: bool, axis: int,
                    ensure_minimum_range: float) -> list:
    op = "QuantizeV2"
    _string_attr(op, "mode", mode, _MODES)
    _string_attr(op, "round_mode", round_mode, (_ROUND_AWAY, _ROUND_EVEN))
    C.dtype_attr(op, T, "T")
    _quantized_list(op, T, "T")
    # (the wrapper's checks of the other attrs: an axis is taken by int(), as the kernel
    # takes it too)
    AV.bool_attr(narrow_range, "narrow_range")
    AV.float_attr(ensure_minimum_range, "ensure_minimum_range")
    axis = AV.make_int(axis, "axis")
    for i, t in enumerate((x, lo, hi)):
        if t._dtype is not dt.float32:
            raise C.wrong_input_dtype(op, i, dt.float32, t._dtype)
    if round_mode == _ROUND_EVEN and mode != "SCALED":
        raise C.fail(op, f"Round mode 'HALF_TO_EVEN' only supported for mode 'SCALED', but "
                         f"mode is '{mode}'.")
    rank = None if x._shape is None else len(x._shape)
    if axis >= 0 and rank is not None and not axis < rank:
        raise C.fail(op, f"Axis is on a zero-based index, so its value must always be less "
                         f"than number of input's dims, but given axis value was {axis} and "
                         f"input's dims was {rank}")
    n = _slices(x._shape, axis)
    for t, what in ((lo, "min_range"), (hi, "max_range")):
        if axis >= 0 and t._shape is not None and len(t._shape) != 1:
            raise C.fail(op, f"If axis is specified, {what} must be a 1-D tensor whose size "
                             f"matches the axis dimension of the input and output tensors, "
                             f"but {what} dims are {len(t._shape)}")
        size = None if t._shape is None or None in t._shape else int(np.prod(t._shape))
        if size is None or n is None or size == n:
            continue
        if axis < 0:
            raise C.fail(op, f"If axis is not specified, {what} must contain a single float "
                             f"element, but it contains {size} elements")
        raise C.fail(op, f"If axis is specified, {what} must be a 1-D tensor whose size "
                         f"matches the axis dimension of the input and output tensors, but "
                         f"{what} is a 1-D tensor of size {size} and input's axis dimension is "
                         f"of size {n}")
    if mode == "MIN_FIRST" and axis >= 0:
        raise UnimplementedError(None, None, "MIN_FIRST mode is not implemented for Quantize "
                                             "with axis != -1. [Op:QuantizeV2]")
    out_range = () if axis < 0 else (n,)
    return [(x._shape, T), (out_range, dt.float32), (out_range, dt.float32)]


def _along(v: np.ndarray, ndim: int, axis: int) -> np.ndarray:
    """Per-slice values shaped to broadcast along `axis` of an ndim-array."""
    if axis < 0:
        return v.reshape(())
    return v.reshape((-1,) + (1,) * (ndim - axis - 1))


def _std_min(a: Any, b: Any) -> Any:
    """std::min(a, b): b where b < a, else a (so NaN as b never wins, as a it stays)."""
    return np.where(b < a, b, a)


def _std_max(a: Any, b: Any) -> Any:
    """std::max(a, b): b where a < b, else a."""
    return np.where(a < b, b, a)


def _quantize_kernel(xp: Any, x: np.ndarray, lo: np.ndarray, hi: np.ndarray, T: dt.DType,  # noqa: N803
                     mode: str, round_mode: str, narrow_range: bool, axis: int,
                     ensure_minimum_range: float) -> tuple:
    axis = int(axis)  # (infer took it by int(): 2.5 is axis 2, as TF's wrapper reads it)
    lo = np.asarray(lo, _F32).reshape(-1)
    hi = np.asarray(hi, _F32).reshape(-1)
    if (lo > hi).any():
        raise C.fail("QuantizeV2", "input_max_range must be larger than input_min_range.")
    f = _F32
    with np.errstate(invalid="ignore"):  # (C++'s std::min and std::max: NaN never wins)
        min_range = _std_min(f(0), lo)
        eps = _std_max(f(1), _std_max(np.abs(lo), np.abs(hi))) * f(ensure_minimum_range)
        max_range = _std_max(f(0), _std_max(hi, min_range + eps))
    tmin, tmax = _limits(T)
    storage = T.storage_type
    with np.errstate(all="ignore"):
        if mode == "SCALED":
            lo_out = f(tmin + (1 if narrow_range else 0))
            hi_out = f(tmax)
            big = f(np.finfo(f).max)
            from_min = np.where(lo_out * min_range > 0, lo_out / min_range, big)
            from_max = np.where(hi_out * max_range > 0, hi_out / max_range, big)
            sf = np.minimum(from_min, from_max).astype(f)
            min_range, max_range = (lo_out / sf).astype(f), (hi_out / sf).astype(f)
            mn, mx, s = (_along(v, x.ndim, axis) for v in (min_range, max_range, sf))
            q = _round(np.maximum(np.minimum(x, mx), mn) * s, round_mode)
            out = _to_int(q, storage)
        elif mode == "MIN_COMBINED":
            mn, mx = (_along(v, x.ndim, axis) for v in (min_range, max_range))
            sf = ((f(tmax) - f(tmin)) / (mx - mn)).astype(f)
            shifted = (np.maximum(np.minimum(x, mx), mn) - mn) * sf
            if tmin < 0:
                half = f((f(tmax) - f(tmin) + f(1)) / f(2))
                out = _to_int(_round_away((shifted - half).astype(f)), storage)
            else:
                out = _to_int((shifted + f(0.5)).astype(f), storage)
        else:  # MIN_FIRST: TF's FloatToQuantizedStruct over the whole tensor
            rmin, rmax = f(min_range[0]), f(max_range[0])
            bits = 8 * np.dtype(storage).itemsize
            steps = float(1 << bits)
            scale = f(0.0 if rmax == rmin else (steps - 1.0) / (float(rmax) - float(rmin)))
            min_scaled = _round_away(np.asarray(f(rmin * scale)))
            lower, upper = max(f(tmin), f(-2.147483648e9)), min(f(tmax), f(2.147483520e9))
            q = _round_away((x * scale).astype(f)) - f(min_scaled - f(tmin))
            out = _to_int(np.minimum(np.maximum(q, lower), upper).astype(f), storage, -2.0**31)
    shape = () if axis < 0 else min_range.shape
    return out, min_range.reshape(shape), max_range.reshape(shape)


def _dequantize_ref(x: np.ndarray, lo: Any, hi: Any, mode: str, narrow_range: bool, axis: int,
                    dtype: dt.DType) -> np.ndarray:
    """Element by element in float32 scalars (one range: the samples' axis is -1)."""
    x = x.view(x.dtype[0]) if x.dtype.names else x
    f = _F32
    info = np.iinfo(x.dtype)
    tmin, tmax = f(int(info.min)), f(int(info.max))
    a, b = f(lo), f(hi)
    out = np.empty(x.shape, f)
    for idx in np.ndindex(*x.shape):
        v = f(x[idx])
        if mode == "MIN_COMBINED":
            half = f(f(tmax - tmin + f(1)) / f(2)) if tmin < 0 else f(0)
            out[idx] = f(f(v + half) * f(f(b - a) / f(tmax - tmin))) + a
        elif mode == "SCALED":
            s = f(b / tmax) if tmin == 0 else max(f(a / f(tmin + (1 if narrow_range else 0))),
                                                   f(b / tmax))
            out[idx] = f(v * s)
        else:
            steps = float(1 << (8 * x.dtype.itemsize))
            scale = f((float(b) - float(a)) / (steps - 1.0))
            r = a if a == b else f(f(np.floor(abs(f(a / scale)) + 0.5) * np.sign(a)) * scale)
            out[idx] = f(f(r - f(tmin * scale)) + f(v * scale))
    return out


def _quantize_ref(x: np.ndarray, lo: Any, hi: Any, T: dt.DType, mode: str,  # noqa: N803
                  round_mode: str, narrow_range: bool, axis: int,
                  ensure_minimum_range: float) -> tuple:
    """Slice by slice along the axis, each a one-range quantization of float32 scalars."""
    if axis >= 0:
        parts = [_quantize_ref(np.take(x, [i], axis), np.asarray(lo).reshape(-1)[i],
                               np.asarray(hi).reshape(-1)[i], T, mode, round_mode,
                               narrow_range, -1, ensure_minimum_range)
                 for i in range(x.shape[axis])]
        return (np.concatenate([p[0] for p in parts], axis),
                np.array([p[1] for p in parts], _F32), np.array([p[2] for p in parts], _F32))
    f = _F32
    lo_, hi_ = f(np.asarray(lo).reshape(-1)[0]), f(np.asarray(hi).reshape(-1)[0])
    mn = min(f(0), lo_)
    eps = f(max(f(1), max(abs(lo_), abs(hi_))) * f(ensure_minimum_range))
    mx = max(f(0), max(hi_, f(mn + eps)))
    info = np.iinfo(T.storage_type)
    out = np.empty(x.shape, T.storage_type)
    if mode == "SCALED":
        lo_out, hi_out = f(int(info.min) + (1 if narrow_range else 0)), f(int(info.max))
        big = f(np.finfo(f).max)
        sf = min(f(lo_out / mn) if lo_out * mn > 0 else big,
                 f(hi_out / mx) if hi_out * mx > 0 else big)
        mn, mx = f(lo_out / sf), f(hi_out / sf)
    for idx in np.ndindex(*x.shape):
        v = min(max(f(x[idx]), mn), mx) if x[idx] == x[idx] else f(np.nan)
        if mode == "SCALED":
            q = _round(np.asarray(f(v * sf)), round_mode)
        elif mode == "MIN_COMBINED":
            sf = f(f(f(int(info.max)) - f(int(info.min))) / f(mx - mn))
            t = f(f(v - mn) * sf)
            q = (_round_away(np.asarray(f(t - f(f(f(int(info.max)) - f(int(info.min)) + f(1))
                                                 / f(2)))))
                 if info.min < 0 else np.asarray(f(t + f(0.5))))
        else:
            steps = float(1 << (8 * np.dtype(T.storage_type).itemsize))
            scale = f(0.0 if mx == mn else (steps - 1.0) / (float(mx) - float(mn)))
            q = np.asarray(min(max(f(_round_away(np.asarray(f(f(x[idx]) * scale)))
                                     - f(_round_away(np.asarray(f(mn * scale))) -
                                         f(int(info.min)))),
                                   max(f(int(info.min)), f(-2.147483648e9))),
                               min(f(int(info.max)), f(2.147483520e9))))
        out[idx] = _to_int(np.asarray(q, f).reshape(1), T.storage_type,
                           -2.0**31 if mode == "MIN_FIRST" else 0.0)[0]
    return out, np.array(mn, f), np.array(mx, f)


def _concat_ref(*arrays: Any, concat_dim: int) -> tuple:
    """Each input dequantized and requantized value by value, in double."""
    n = len(arrays) // 3
    vals = [a.view(a.dtype[0]) if a.dtype.names else a for a in arrays[:n]]
    mins = [float(a) for a in arrays[n:2 * n]]
    maxes = [float(a) for a in arrays[2 * n:]]
    lo, hi = min(min(mins), 0.0), max(maxes)
    info = np.iinfo(vals[0].dtype)
    if info.min < 0:
        lo, hi = -max(abs(lo), abs(hi)), max(abs(lo), abs(hi))
    outs = []
    for v, a, b in zip(vals, mins, maxes):
        o = np.empty_like(v)
        for idx in np.ndindex(*v.shape):
            o[idx] = v[idx] if (a, b) == (lo, hi) else _from_float_q(
                _to_float_q(np.asarray(v[idx]), a, b), lo, hi, v.dtype)
        outs.append(o)
    return np.concatenate(outs, concat_dim), np.array(lo, _F32), np.array(hi, _F32)


QUANTIZE_V2 = register(OpDef(
    "QuantizeV2", _quantize_infer, _quantize_kernel, num_outputs=3, reference=_quantize_ref,
    samples=lambda: [Sample((_RNG.uniform(-3, 3, (2, 3)).astype(_F32), np.array(-1.0, _F32),
                             np.array(2.0, _F32)),
                            {"T": t, "mode": m, "round_mode": _ROUND_AWAY,
                             "narrow_range": False, "axis": -1, "ensure_minimum_range": 0.01},
                            grad=False)
                     for t in (dt.qint8, dt.quint8) for m in _MODES] + [
        Sample((_RNG.uniform(-3, 3, (2, 3)).astype(_F32), np.array([-1, 0, -2], _F32),
                np.array([2, 1, 0.5], _F32)),
               {"T": dt.qint8, "mode": "SCALED", "round_mode": _ROUND_EVEN, "narrow_range": True,
                "axis": 1, "ensure_minimum_range": 0.01}, grad=False)],
    bad_samples=lambda: [BadSample((np.ones(2, _F32), np.array(2.0, _F32), np.array(1.0, _F32)),
                                   {"T": dt.qint8, "mode": "MIN_COMBINED",
                                    "round_mode": _ROUND_AWAY, "narrow_range": False,
                                    "axis": -1, "ensure_minimum_range": 0.01},
                                   InvalidArgumentError,
                                   "input_max_range must be larger than input_min_range")],
    gpu=False,
))


def _dequantize_infer(x: Any, lo: Any, hi: Any, mode: str, narrow_range: bool, axis: int,
                      dtype: dt.DType) -> list:
    op = "Dequantize"
    _string_attr(op, "mode", mode, _MODES)
    _quantized_list(op, x._dtype, "T")
    C.dtype_attr(op, dtype, "dtype")  # (a DType at all: TypeError otherwise)
    if dtype not in (dt.float32, dt.bfloat16):
        raise C.fail(op, f"Value for attr 'dtype' of {C.dtype_word(dtype)} is not in the list "
                         f"of allowed values: bfloat16, float\n\t; NodeDef: {{{{node {op}}}}}")
    for i, t in ((1, lo), (2, hi)):
        if t._dtype is not dt.float32:
            raise C.wrong_input_dtype(op, i, dt.float32, t._dtype)
    rank = None if x._shape is None else len(x._shape)
    if axis >= 0 and rank is not None and not axis < rank:
        raise C.fail(op, f"Axis must be less than input dimension({rank}), got {axis}")
    n = _slices(x._shape, axis)
    for t, what in ((lo, "input_min_tensor"), (hi, "input_max_tensor")):
        size = None if t._shape is None or None in t._shape else int(np.prod(t._shape))
        if size is not None and n is not None and size != n:
            raise C.fail(op, f"{what} must have as many elements as input on the "
                             f"dequantization axis ({axis}), got {size}, expected {n}")
    if mode == "MIN_FIRST" and axis >= 0:
        raise UnimplementedError(None, None, "MIN_FIRST mode is not implemented for Dequantize "
                                             "with axis != -1. [Op:Dequantize]")
    return [(x._shape, dtype)]


def _dequantize_kernel(xp: Any, x: np.ndarray, lo: np.ndarray, hi: np.ndarray, mode: str,
                       narrow_range: bool, axis: int, dtype: dt.DType) -> np.ndarray:
    f = _F32
    tmin, tmax = int(np.iinfo(x.dtype).min), int(np.iinfo(x.dtype).max)
    lo = _along(np.asarray(lo, f).reshape(-1), x.ndim, axis)
    hi = _along(np.asarray(hi, f).reshape(-1), x.ndim, axis)
    xf = x.astype(f)
    with np.errstate(all="ignore"):
        if mode == "MIN_COMBINED":
            half = f((f(tmax) - f(tmin) + f(1)) / f(2)) if tmin < 0 else f(0)
            sf = ((hi - lo) / (f(tmax) - f(tmin))).astype(f)
            out = (xf + half) * sf + lo
        elif mode == "SCALED":
            lo_out = f(tmin + (1 if narrow_range else 0))
            if tmin == 0:
                sf = hi / f(tmax)
            else:
                with np.errstate(invalid="ignore"):  # (std::max: a NaN second never wins)
                    sf = _std_max(lo / lo_out, hi / f(tmax))
            out = xf * sf.astype(f)
        else:  # MIN_FIRST: TF's QuantizedToFloatStruct
            rmin, rmax = f(lo), f(hi)
            steps = float(1 << (8 * x.dtype.itemsize))
            scale = f((float(rmax) - float(rmin)) / (steps - 1.0))
            rounded = rmin if rmax == rmin else f(_round_away(np.asarray(f(rmin / scale))) * scale)
            out = (rounded - f(tmin) * scale) + xf * scale
    out = np.asarray(out, f)
    return out if dtype is dt.float32 else out.astype(dtype.storage_type)


def _q(values: Any, d: dt.DType) -> np.ndarray:
    """Sample data of a quantized dtype, in TF's record form (the suites read the dtype)."""
    return np.asarray(values, d.storage_type).view(d.as_numpy_dtype)


DEQUANTIZE = register(OpDef(
    "Dequantize", _dequantize_infer, _dequantize_kernel, gpu=False, reference=_dequantize_ref,
    samples=lambda: [Sample((_q([[-7, 0, 5], [100, -128, 127]], dt.qint8), np.array(-2.0, _F32),
                             np.array(3.0, _F32)),
                            {"mode": m, "narrow_range": False, "axis": -1, "dtype": dt.float32},
                            grad=False) for m in _MODES],
))


def python_axis(axis: Any, input: Any) -> Any:  # noqa: A002
    """The axis as TF's Python reads it before its quantization ops (quantize, dequantize,
    quantize_and_dequantize): None is -1, a negative axis taken modulo the rank, read
    unconverted from input.shape.ndims (a list has no shape, a NumPy array's tuple no
    ndims: Python's AttributeError)."""
    if axis is None:
        return -1
    if axis < 0:
        C.attr_read(input, "shape")
        C.attr_read(input.shape, "ndims")
        if input.shape.ndims is None:
            raise ValueError("input should have known rank to use negative axis.")
        axis %= input.shape.ndims
    return axis


@dispatch_binding
@eager_api("input", "min_range", "max_range")
def quantize(input: Any, min_range: Any, max_range: Any, T: Any,  # noqa: A002, N803
             mode: str = "MIN_COMBINED", round_mode: str = _ROUND_AWAY,
             name: str | None = None, narrow_range: bool = False, axis: Any = None,
             ensure_minimum_range: float = 0.01) -> tuple:
    """Floats quantized to `T` over [min_range, max_range]: (output, output_min,
    output_max), the range the integers stand for."""
    # (the attrs first, as its wrapper converts them: TF's fallback, which an attr its fast
    # path does not take sends the call to, converts them before the inputs)
    attrs = AV.wrapper_attrs("QuantizeV2", T=T, mode=mode, round_mode=round_mode,
                             narrow_range=narrow_range, axis=python_axis(axis, input),
                             ensure_minimum_range=ensure_minimum_range)
    return bind(QUANTIZE_V2, (convert_to_tensor(input, dtype_hint=dt.float32), _f32(min_range),
                              _f32(max_range)), attrs, name)


@dispatch_binding
@eager_api("input", "min_range", "max_range")
def dequantize(input: Any, min_range: Any, max_range: Any,  # noqa: A002
               mode: str = "MIN_COMBINED", name: str | None = None, axis: Any = None,
               narrow_range: bool = False, dtype: Any = dt.float32) -> Any:
    """A quantized tensor's values as floats over [min_range, max_range]."""
    # (the axis as TF's Python reads it, then the attrs as its generated wrapper converts
    # them, before the inputs, as quantize's)
    axis = python_axis(axis, input)
    if not (axis >= 0 or narrow_range):  # (TF's Python passes it to its op only then)
        narrow_range = None
    attrs = AV.wrapper_attrs("Dequantize", mode=mode, narrow_range=narrow_range, axis=axis,
                             dtype=dtype)
    return bind(DEQUANTIZE, (convert_to_tensor(input), _f32(min_range), _f32(max_range)),
                attrs, name)


# ---------------------------------------------------------------------------------------
# QuantizedConcat.
# ---------------------------------------------------------------------------------------

_CONCAT_KERNELS = (dt.qint32, dt.quint8)  # TF's CPU kernels (the op allows any T)


def _concat_infer(*inputs: Any, concat_dim: int) -> list:
    op = "QuantizedConcat"
    n = len(inputs) // 3
    values, mins, maxes = inputs[:n], inputs[n:2 * n], inputs[2 * n:]
    C.attr_at_least(op, "N", n, 2)
    d = values[0]._dtype
    if d not in _CONCAT_KERNELS or any(v._dtype is not d for v in values):
        raise C.no_kernel(op, f"N={n}, T={C.dt_enum(d)}", (dt.qint32, dt.quint8))
    for t in mins + maxes:
        if t._dtype is not dt.float32:
            raise C.wrong_input_dtype(op, n + 1, dt.float32, t._dtype)
    _check_one_each([t._shape for t in mins], [t._shape for t in maxes])
    shapes = [v._shape for v in values]
    if any(s is None for s in shapes):
        return [(None, d), ((), dt.float32), ((), dt.float32)]
    r = len(shapes[0])
    if not 0 <= concat_dim < r:
        raise C.fail(op, f"ConcatOp : Expected concatenating dimensions in the range [0, {r}), "
                         f"but got {concat_dim}")
    out = list(shapes[0])
    for i, s in enumerate(shapes[1:], 1):
        if len(s) != r:
            raise C.fail(op, f"ConcatOp : Ranks of all input tensors should match: shape[0] = "
                             f"{C.shape_str(shapes[0])} vs. shape[{i}] = {C.shape_str(s)}")
        for k in range(r):
            if k != concat_dim and s[k] != shapes[0][k] and None not in (s[k], shapes[0][k]):
                raise C.fail(op, f"ConcatOp : Dimensions of inputs should match: shape[0] = "
                                 f"{C.shape_str(shapes[0])} vs. shape[{i}] = {C.shape_str(s)}")
        out[concat_dim] = None if None in (out[concat_dim], s[concat_dim]) else \
            out[concat_dim] + s[concat_dim]
    return [(tuple(out), d), ((), dt.float32), ((), dt.float32)]


def _to_float_q(q: np.ndarray, lo: float, hi: float) -> np.ndarray:
    """TF's QuantizedToFloatStruct over a tensor (float32 throughout, as its Eigen path)."""
    f = _F32
    info = np.iinfo(q.dtype)
    steps = float(1 << (8 * q.dtype.itemsize))
    lo_, hi_ = f(lo), f(hi)
    scale = f((float(hi_) - float(lo_)) / (steps - 1.0))
    rounded = lo_ if hi_ == lo_ else f(_round_away(np.asarray(f(lo_ / scale))) * scale)
    return (f(rounded - f(int(info.min)) * scale) + q.astype(f) * scale).astype(f)


def _from_float_q(v: np.ndarray, lo: float, hi: float, storage: Any) -> np.ndarray:
    """TF's FloatToQuantizedStruct over a tensor: rounded in float32, clamped to the bounds
    an int32 holds, cast through int32."""
    f = _F32
    info = np.iinfo(storage)
    steps = float(1 << (8 * np.dtype(storage).itemsize))
    lo_, hi_ = f(lo), f(hi)
    scale = f(0.0 if hi_ == lo_ else (steps - 1.0) / (float(hi_) - float(lo_)))
    min_scaled = f(_round_away(np.asarray(f(lo_ * scale))))
    lower = max(f(int(info.min)), f(-2.147483648e9))
    upper = min(f(int(info.max)), f(2.147483520e9))
    with np.errstate(all="ignore"):
        q = _round_away((v * scale).astype(f)) - f(min_scaled - f(int(info.min)))
        return _to_int(np.minimum(np.maximum(q, lower), upper).astype(f), storage, -2.0**31)


def _check_one_each(mins: list, maxes: list) -> None:
    """Each range end a one-element tensor (of shapes known where None is not), as TF's
    kernel checks."""
    for name, shapes in (("input_mins", mins), ("input_maxes", maxes)):
        for i, s in enumerate(shapes):
            size = C.num_elements(s)
            if size is not None and size != 1:
                raise C.fail("QuantizedConcat", f"{name} each tensor's num elements must be 1, "
                                                f"given num elements {size} in index {i}")


def _concat_kernel(xp: Any, *arrays: Any, concat_dim: int) -> tuple:
    n = len(arrays) // 3
    values = arrays[:n]
    _check_one_each([a.shape for a in arrays[n:2 * n]], [a.shape for a in arrays[2 * n:]])
    mins = [float(np.asarray(a).reshape(-1)[0]) for a in arrays[n:2 * n]]
    maxes = [float(np.asarray(a).reshape(-1)[0]) for a in arrays[2 * n:]]
    lo, hi = min(min(mins), 0.0), max(maxes)
    storage = values[0].dtype
    if np.iinfo(storage).min < 0:  # signed: a range symmetric about zero
        big = max(abs(lo), abs(hi))
        lo, hi = -big, big
    lo, hi = float(_F32(lo)), float(_F32(hi))
    parts = [v if (a, b) == (lo, hi) else _from_float_q(_to_float_q(v, a, b), lo, hi, storage)
             for v, a, b in zip(values, mins, maxes)]
    return np.concatenate(parts, axis=concat_dim), np.array(lo, _F32), np.array(hi, _F32)


QUANTIZED_CONCAT = register(OpDef(
    "QuantizedConcat", _concat_infer, _concat_kernel, num_outputs=3, gpu=False,
    reference=_concat_ref, arity=lambda ins, attrs: {"N": len(ins) // 3},
    samples=lambda: [Sample((_q([[1, 200]], dt.quint8), _q([[30, 40]], dt.quint8),
                             np.array(-1.0, _F32), np.array(-1.0, _F32), np.array(1.0, _F32),
                             np.array(1.0, _F32)), {"concat_dim": 0}, grad=False)],
))


@eager_api("values[]", "input_mins[]", "input_maxes[]")
def quantized_concat(concat_dim: Any, values: Any, input_mins: Any, input_maxes: Any,
                     name: str | None = None) -> tuple:
    """Quantized tensors joined along concat_dim, each requantized to the range that holds
    them all: (output, output_min, output_max)."""
    for arg, v in (("values", values), ("input_mins", input_mins),
                   ("input_maxes", input_maxes)):  # (TF's generated wrapper's checks)
        if not isinstance(v, (list, tuple)):
            raise TypeError(f"Expected list for '{arg}' argument to 'quantized_concat' Op, "
                            f"not {v!r}.")
    values = [convert_to_tensor(v) for v in values]
    mins = [_f32(m) for m in input_mins]
    maxes = [_f32(m) for m in input_maxes]
    if not len(values) == len(mins) == len(maxes):
        # (TF's node takes N from `values`, and counts the inputs it was given against it)
        n, kind = len(values), C.dtype_word(values[0].dtype) if values else "T"
        expected = ", ".join(["int32"] + [kind] * n + ["float"] * (2 * n))
        raise InvalidArgumentError(
            None, None, f"NodeDef expected inputs '{expected}' do not match "
                        f"{1 + n + len(mins) + len(maxes)} inputs specified; "
                        f"{tf_op_defs.summary('QuantizedConcat')}; NodeDef: "
                        "{{node QuantizedConcat}} [Op:QuantizedConcat]")
    return bind(QUANTIZED_CONCAT, tuple(values) + tuple(mins) + tuple(maxes),
                {"concat_dim": AV.int_arg(concat_dim, "concat_dim")}, name)

