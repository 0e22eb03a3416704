"""tf.signal: FFTs over the innermost 1-3 axes or any axes, real FFTs, windows, framing and
the STFT.

Sits in the ops layer. FFT/IFFT (1-3D) are OpDefs over complex tensors; their gradients
follow TF's convention for complex inputs (dL/dRe + i dL/dIm): the gradient of an FFT is
the inverse FFT times the number of points, and the reverse for IFFT. rfft and irfft are
composites (a complex FFT of the zero-imaginary signal, and the inverse FFT of the
Hermitian extension), so their gradients follow from those ops. References are direct
DFT sums.
"""

from __future__ import annotations

import math as _pymath
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.device import current_device
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.array import concat, expand_dims, ones, shape, transpose
from eagerflow._src.ops.array import range as range_
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, raised_eagerly
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math import cos, less, maximum
from eagerflow._src.ops.math_base import _t, cast, conj, real, where, zeros_like
from eagerflow._src.ops.misc_ops import COMPLEX_OF
from eagerflow._src.ops.misc_ops import complex as complex_
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.shape_queries import rank as rank_of
from eagerflow._src.ops.shaping import reverse, roll

_rng = SampleRNG(71)


def _points(shape: tuple, k: int) -> int:
    n = 1
    for d in shape[-k:]:
        n *= d
    return n


def _fft_infer(op: str, k: int) -> Callable:
    def infer(x: Any) -> list:
        C.check_dtype(op, x, C.COMPLEX, "Tcomplex")
        if x._shape is not None and len(x._shape) < k:
            raise C.fail(op, f"Input must have rank of at least {k} but got: "
                             f"{C.shape_str(x._shape)}")
        return [(x._shape, x._dtype)]
    return infer


def _dft_ref(k: int, inverse: bool) -> Callable:
    def ref(x: np.ndarray) -> np.ndarray:
        out = x.astype(np.complex128)
        for axis in range(x.ndim - k, x.ndim):
            n = x.shape[axis]
            j = np.arange(n)
            sign = 1.0 if inverse else -1.0
            mat = np.array([[complex(_pymath.cos(2 * _pymath.pi * a * b / n),
                                     sign * _pymath.sin(2 * _pymath.pi * a * b / n))
                             for b in j] for a in j])
            out = np.moveaxis(np.tensordot(out, mat.T, axes=([axis], [0])), -1, axis)
            if inverse:
                out = out / n
        return out.astype(x.dtype)
    return ref


def _make_fft(name: str, k: int, inverse: bool) -> OpDef:
    fn_name = "ifftn" if inverse else "fftn"

    def kernel(xp: Any, x: Any) -> Any:
        if x.size == 0:
            return x.copy()
        with np.errstate(all="ignore"):  # inf/nan propagate silently, as in TF
            out = getattr(xp.fft, fn_name)(x, axes=tuple(range(x.ndim - k, x.ndim)))
            return out.astype(x.dtype, copy=False)

    def grad(n: Any, g: Any) -> list:
        pts = _points(n.inputs[0]._shape, k)
        partner = _FFTS[(k, not inverse)]
        out = bind(partner, (g,), {})
        return [out * cast(pts, g._dtype) if not inverse else out / cast(pts, g._dtype)]

    shape = (2,) + (3,) * (k - 1) + (4,) if k > 1 else (2, 5)

    def samples() -> list:
        x = _rng.uniform(-1, 1, size=shape) + 1j * _rng.uniform(-1, 1, size=shape)
        return [Sample((x,), grad=False), Sample((x.astype(np.complex64),), grad=False)]

    def bad_samples() -> list:
        bad = [BadSample((np.ones(shape),), {}, InvalidArgumentError, "Tcomplex")]
        if k > 1:
            bad.append(BadSample((np.ones((3,) * (k - 1), np.complex64),), {},
                                 InvalidArgumentError, f"rank of at least {k}"))
        return bad

    return register(OpDef(
        name, _fft_infer(name, k), kernel, grad=grad, reference=_dft_ref(k, inverse),
        # complex outputs: the gradient is checked in tests/ops/test_signal_ops.py
        samples=samples, bad_samples=bad_samples))


_FFTS: dict = {}
for _k, _names in ((1, ("FFT", "IFFT")), (2, ("FFT2D", "IFFT2D")), (3, ("FFT3D", "IFFT3D"))):
    _FFTS[(_k, False)] = _make_fft(_names[0], _k, False)
    _FFTS[(_k, True)] = _make_fft(_names[1], _k, True)


def _fft_fn(k: int, inverse: bool) -> Callable:
    op = _FFTS[(k, inverse)]

    @eager_api("input")  # (TF's generated wrapper: a list takes its slow path)
    def f(input: Any, name: str | None = None) -> Any:  # noqa: A002
        return bind(op, (wrapper_inputs.op_input(op.name, input),), {}, name)
    f.__name__ = op.name.lower()
    return f


fft, ifft = _fft_fn(1, False), _fft_fn(1, True)
fft2d, ifft2d = _fft_fn(2, False), _fft_fn(2, True)
fft3d, ifft3d = _fft_fn(3, False), _fft_fn(3, True)
_FFT_FNS = {(1, False): fft, (1, True): ifft, (2, False): fft2d, (2, True): ifft2d,
            (3, False): fft3d, (3, True): ifft3d}



def _fit_last(x: Any, n: int) -> Any:
    """x cropped or zero-padded to n entries along the last axis."""
    have = x._shape[-1]
    if have == n:
        return x
    if have > n:
        return x[..., :n]
    return pad(x, [[0, 0]] * (len(x._shape) - 1) + [[0, n - have]])


def _real_fft_lengths(op: str, fft_length: Any, k: int) -> list | None:
    """The fft_length of TF's real FFT op `op` of rank k, checked as TF checks it: its
    wrapper converts it to int32 and reads it as a shape (a scalar is not iterable, a
    dimension below -1 is refused, -1 is unknown), then its op wants k non-negative
    lengths."""
    if fft_length is None:
        return None
    v = convert_to_tensor(fft_length, dt.int32)._numpy()
    if v.ndim == 0:
        raise TypeError("'numpy.int32' object is not iterable")
    vals = [int(d) for d in v.reshape(-1)]
    below = [d for d in vals if d < -1]
    if below and v.ndim == 1:
        raise ValueError(f"Dimension {below[0]} must be >= 0")
    if v.shape != (k,):
        raise raised_eagerly(C.fail(op, f"fft_length must have shape [{k}]"), "")
    for i, d in enumerate(vals):
        if d < 0:
            raise raised_eagerly(C.fail(op, f"fft_length[{i}] must >= 0, but got: {d}"), "")
    return vals


def _length(op: str, fft_length: Any, default: int) -> int:
    lengths = _real_fft_lengths(op, fft_length, 1)
    return default if lengths is None else lengths[0]


def _at_least_1d(x: Any, what: str) -> None:
    x.shape.with_rank_at_least(1)  # (TF's check: "Shape () must have rank at least 1")
    if x._shape is None or x._shape[-1] is None:
        raise ValueError(f"{what} needs a tensor of rank >= 1 with a known last dimension, "
                         f"got shape {x.shape}")


def _real_in(x: Any, op: str) -> Any:
    x = _t(x)
    if x._dtype not in COMPLEX_OF:
        raise C.fail(op, f"Value for attr 'Treal' of {C.dtype_word(x._dtype)} is not in the list "
                         f"of allowed values: float, double")
    return x


def _rfft_in(x: Any) -> Any:
    """tf.signal.rfft*'s input: converted preferring float32, and refused unless float32 or
    float64 with TF's ValueError (showing the tensor)."""
    # anything but a tensor prefers float32, NumPy arrays too (TF 2.21: an int32, int64,
    # bool or float64 array gives a complex64 result)
    x = _t(x) if isinstance(x, Tensor) else convert_to_tensor(x, dtype_hint=dt.float32)
    if x._dtype not in (dt.float32, dt.float64):
        raise ValueError(f"RFFT requires tf.float32 or tf.float64 inputs, got: {x!s}")
    return x


def _irfft_in(x: Any, k: int) -> Any:
    """tf.signal.irfft*'s input: converted preferring complex64, of rank k at least, and
    refused unless complex64 or complex128 with TF's ValueError (showing the tensor)."""
    x = _t(x) if isinstance(x, Tensor) else convert_to_tensor(x, dtype_hint=dt.complex64)
    if x._shape is not None and len(x._shape) < k:
        raise ValueError(f"Shape {x.shape} must have rank at least {k}")
    if not x._dtype.is_complex:
        raise ValueError(f"IRFFT requires tf.complex64 or tf.complex128 inputs, got: {x!s}")
    return x


def _empty_unpadded(op: str, x: Any, lengths: list, inverse: bool) -> None:
    """TF's wrappers pad no input holding an empty dimension (_maybe_pad_for_rfft), so its
    kernel's check of each inner dimension meets it: one holding values but fewer than
    the transform's (the last's half plus one, inverting) is refused."""
    if x._shape is None or 0 not in x._shape:
        return
    k, rank = len(lengths), len(x._shape)
    for i, n in enumerate(lengths):
        need = n // 2 + 1 if inverse and i == k - 1 else n
        got = x._shape[rank - k + i]
        if got is not None and 0 < got < need:
            raise raised_eagerly(C.fail(op, f"Input dimension {rank - k + i} must have "
                                            f"length of at least {need} but got: {got}"), "")


def rfft(input_tensor: Any, fft_length: Any = None, name: str | None = None) -> Any:
    """The n // 2 + 1 non-negative-frequency terms of the FFT of a real signal."""
    return _rfft(input_tensor, fft_length, True)


def _rfft(input_tensor: Any, fft_length: Any, whole: bool) -> Any:
    """rfft; `whole`: the call is TF's RFFT op's (its kernel's checks), not one axis of
    an N-D transform's."""
    x = _rfft_in(input_tensor)
    _at_least_1d(x, "rfft")
    n = _length("RFFT", fft_length, x._shape[-1])
    if whole:
        _empty_unpadded("RFFT", x, [n], False)
    x = _fit_last(x, n)
    return fft(complex_(x, zeros_like(x)))[..., :n // 2 + 1]


def irfft(input_tensor: Any, fft_length: Any = None, name: str | None = None) -> Any:
    """The real signal of length n whose rfft is `input_tensor` (a Hermitian extension)."""
    return _irfft(input_tensor, fft_length, True)


def _irfft(input_tensor: Any, fft_length: Any, whole: bool) -> Any:
    x = _irfft_in(input_tensor, 1)
    _at_least_1d(x, "irfft")
    n = _length("IRFFT", fft_length, 2 * (x._shape[-1] - 1))
    if whole:
        _empty_unpadded("IRFFT", x, [n], True)
    half = _fit_last(x, n // 2 + 1)
    mirror = conj(reverse(half[..., 1:(n + 1) // 2], [-1]))
    # (n entries: the extension's length but where n is 0, whose half is one term)
    return real(ifft(concat([half, mirror], axis=-1)))[..., :n]


# ---------------------------------------------------------------------------------------
# Multi-dimensional real FFTs and FFTs over any axes: one-dimensional transforms applied
# axis by axis (the DFT is separable), each axis cropped or zero-padded to its length first.
# ---------------------------------------------------------------------------------------

def _along(x: Any, axis: int, fn: Callable) -> Any:
    """fn (which acts on the last axis) applied along `axis`."""
    last = len(x._shape) - 1
    if axis == last:
        return fn(x)
    perm = list(range(last + 1))
    perm[axis], perm[last] = last, axis
    return transpose(fn(transpose(x, perm)), perm)


def _fit(x: Any, axis: int, n: int) -> Any:
    return _along(x, axis, lambda v: _fit_last(v, n))


def _transform_axes(x: Any, axes: list, inverse: bool) -> Any:
    k = len(axes)
    if k and k <= 3 and axes == list(range(len(x._shape) - k, len(x._shape))):
        return _FFT_FNS[(k, inverse)](x)  # the trailing axes: one FFT op
    one = ifft if inverse else fft
    for a in axes:
        x = _along(x, a, one)
    return x


def _axes_and_lengths(x: Any, axes: Any, fft_length: Any, op: str, inverse_real: bool) -> tuple:
    rank = len(x._shape)
    axes = list(range(rank)) if axes is None else [int(a) for a in np.atleast_1d(
        convert_to_tensor(axes, dt.int32)._numpy())]
    if any(not -rank <= a < rank for a in axes):
        raise C.fail(op, f"axes {axes} out of range for a tensor of rank {rank}")
    axes = [a % rank for a in axes]
    if len(set(axes)) != len(axes):
        raise C.fail(op, f"axes {axes} must be distinct")
    if fft_length is None:
        lengths = [x._shape[a] for a in axes]
        if inverse_real and lengths:
            lengths[-1] = max(0, 2 * (lengths[-1] - 1))
    else:
        lengths = [int(v) for v in np.atleast_1d(convert_to_tensor(fft_length,
                                                                    dt.int32)._numpy())]
        if len(lengths) != len(axes) or any(v < 0 for v in lengths):
            raise C.fail(op, f"fft_length must have shape [{len(axes)}] and non-negative "
                             f"entries, got {lengths}")
    return axes, lengths


def _nd_input(input_tensor: Any, axes: Any, fft_length: Any, op: str, kind: str) -> Any:
    """The input of an N-D FFT (`kind`: "c" complex, "r" real, "ir" inverse real), checked
    in the order of TF's wrappers: the axes converted to int32, the input converted (and
    a real FFT's dtype refused), its rank against the axes (and an inverse real FFT's
    dtype refused), fft_length converted to int32, then the op's own dtype check; and,
    on a CPU, TF 2.21's lack of any kernel for the op."""
    if axes is None:  # (TF's default axes: the range of len(input_tensor.shape), unconverted)
        C.attr_read(input_tensor, "shape")
    axes_t = None if axes is None else convert_to_tensor(axes, dt.int32)
    if axes_t is not None and not axes_t._shape:  # (TF's fft rank: axes.shape[0])
        raise IndexError("tuple index out of range")
    if kind == "r":
        x = _rfft_in(input_tensor)
    else:
        x = _t(input_tensor) if isinstance(input_tensor, Tensor) else \
            convert_to_tensor(input_tensor, dtype_hint=dt.complex64)
    k = len(x._shape) if axes_t is None else \
        (axes_t._shape[0] if len(axes_t._shape) == 1 else 1)
    if len(x._shape) < k:
        raise ValueError(f"Shape {x.shape} must have rank at least {k}")
    if kind == "ir" and not x._dtype.is_complex:
        raise ValueError(f"IRFFT requires tf.complex64 or tf.complex128 inputs, got: {x!s}")
    if kind == "ir" and fft_length is None and not x._shape:
        # (TF infers the lengths from the input's dims, the last one doubled: it has none)
        raise IndexError("list index out of range")
    if fft_length is not None:
        convert_to_tensor(fft_length, dt.int32)
    if kind == "c":
        C.check_dtype(op, x, C.COMPLEX, "Tcomplex")
    if current_device().device_type == "CPU":  # TF registers these ops for GPUs only
        cplx = COMPLEX_OF[x._dtype] if kind == "r" else x._dtype
        attrs = f"Tcomplex={C.dt_enum(cplx)}"
        if kind != "c":
            attrs += f", Treal={C.dt_enum(cplx.real_dtype)}"
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                        f"{op}[{attrs}]\nAll kernels registered for op {op}:"
                                        f"\n  <no registered kernels>\n [Op:{op}] name: ")
    return x


def _wrapper_lengths(op: str, x: Any, fft_length: Any) -> Any:
    """TF's wrapper's fft_length: the one given, as int32; else the input's whole shape
    (an inverse real FFT's last dim n as 2 * (n - 1), at least 0)."""
    if fft_length is not None:
        return convert_to_tensor(fft_length, dt.int32)
    dims = list(x._shape)
    if op == "IRFFTND" and dims:
        dims[-1] = max(0, 2 * (dims[-1] - 1))
    return convert_to_tensor(np.array(dims, np.int32))


def _wrapper_padded(op: str, x: Any, lengths: Any) -> Any:
    """TF's _maybe_pad_for_rfft: the input's innermost dims, paired with the lengths,
    zero-padded up to them (an inverse real FFT's last to half plus one); an input with
    an empty dim passes as it is. (Lengths of another rank are left to the kernel.)"""
    if 0 in x._shape or len(lengths._shape) != 1 or not lengths._shape[0]:
        return x
    want, rank = [int(v) for v in lengths._numpy()], len(x._shape)
    if op == "IRFFTND":
        want[-1] = want[-1] // 2 + 1
    inner = x._shape[max(rank - len(want), 0):]
    pads = [[0, max(w - h, 0)] for w, h in zip(want, inner)]
    if not any(p for _, p in pads):
        return x
    return pad(x, [[0, 0]] * max(rank - len(want), 0) + pads)


def _wrapper_scaled(op: str, x: Any, lengths: Any, norm: Any) -> Any:
    """TF's wrapper's norm: "forward" divides a forward transform's input by the
    lengths' product (an inverse's multiplies), "ortho" by its square root; any other
    word leaves it as it is."""
    if norm not in ("forward", "ortho"):
        return x
    n = np.prod(lengths._numpy().astype(np.int32), dtype=np.int32)  # (int32, as TF's)
    scale = cast(convert_to_tensor(float(n if norm == "forward" else np.sqrt(n))), x._dtype)
    return x * scale if op.startswith("I") else x / scale


def _signal_nd(op: str, x: Any, fft_length: Any, axes: Any, norm: Any, out: dt.DType) -> Any:
    """tf.signal's N-D FFT of `x` (checked and converted by _nd_input) on a GPU, TF's only
    device for it, as TF's wrapper runs it: the default axes all of the input's, the
    default lengths, the padding, the norm's scaling, then TF's op itself (_nd_on_gpu:
    its kernel's checks and the transform)."""
    axes = np.arange(len(x._shape), dtype=np.int32) if axes is None else axes
    lengths = _wrapper_lengths(op, x, fft_length)
    x = _wrapper_scaled(op, _wrapper_padded(op, x, lengths), lengths, norm)
    return _nd_on_gpu(op, x, lengths, axes, out)


def _complex_fftn(inverse: bool) -> Callable:
    op = "IFFTND" if inverse else "FFTND"

    def f(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
          name: str | None = None) -> Any:
        x = _nd_input(input_tensor, axes, fft_length, op, "c")
        return _signal_nd(op, x, fft_length, axes, norm, x._dtype)
    f.__name__ = f.__qualname__ = op.lower()
    return f


def _rfft_axes(x: Any, axes: list, lengths: list) -> Any:
    """The real FFT along axes[-1] (n // 2 + 1 terms), then complex FFTs along the rest."""
    for a, n in zip(axes[:-1], lengths[:-1]):
        x = _fit(x, a, n)
    x = _along(x, axes[-1], lambda v: _rfft(v, [lengths[-1]], False))
    return _transform_axes(x, axes[:-1], False)


def _irfft_axes(x: Any, axes: list, lengths: list) -> Any:
    for a, n in zip(axes[:-1], lengths[:-1]):
        x = _fit(x, a, n)
    x = _transform_axes(x, axes[:-1], True)
    return _along(x, axes[-1], lambda v: _irfft(v, [lengths[-1]], False))


def rfftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
           name: str | None = None) -> Any:
    """The real FFT over `axes` (all by default), halved along the last of them."""
    x = _nd_input(input_tensor, axes, fft_length, "RFFTND", "r")
    return _signal_nd("RFFTND", x, fft_length, axes, norm, COMPLEX_OF[x._dtype])


_RFFTND_REAL = frozenset((dt.float32, dt.float64))


def rfftnd_op(input: Any, fft_length: Any, axes: Any,  # noqa: A002
              Tcomplex: Any = dt.complex64, name: str | None = None) -> Any:  # noqa: N803
    """tf.rfftnd: TF's RFFTND op itself (tf.signal.rfftnd is the transform with defaults).
    TF 2.21 registers no CPU kernel for it: on the CPU it is refused as TF refuses it,
    after its attrs Treal and Tcomplex; on another device it is the transform."""
    tc = AV.wrapper_attrs("RFFTND", Tcomplex=Tcomplex)["Tcomplex"]
    x = _t(input)
    C.check_dtype("RFFTND", x, _RFFTND_REAL, "Treal")
    C.dtype_attr("RFFTND", tc, "Tcomplex", C.COMPLEX)
    if current_device().device_type == "CPU":
        raise NotFoundError(None, None, f"Could not find device for node: {{{{node RFFTND}}}} = "
                                        f"RFFTND[Tcomplex={C.dt_enum(tc)}, Treal="
                                        f"{C.dt_enum(x._dtype)}]\nAll kernels registered for "
                                        f"op RFFTND:\n  <no registered kernels>\n [Op:RFFTND]")
    return _nd_on_gpu("RFFTND", x, fft_length, axes, tc)


def irfftnd(input_tensor: Any, fft_length: Any = None, axes: Any = None, norm: Any = None,
            name: str | None = None) -> Any:
    """The real signal whose rfftnd over `axes` is `input_tensor`."""
    x = _nd_input(input_tensor, axes, fft_length, "IRFFTND", "ir")
    return _signal_nd("IRFFTND", x, fft_length, axes, norm, x._dtype.real_dtype)


def _real_fft_k(k: int, inverse: bool) -> Callable:
    op = f"{'IRFFT' if inverse else 'RFFT'}{k}D"

    def f(input_tensor: Any, fft_length: Any = None, name: str | None = None) -> Any:
        x = _irfft_in(input_tensor, k) if inverse else _rfft_in(input_tensor)
        if x._shape is None or len(x._shape) < k:
            raise ValueError(f"Shape {x.shape} must have rank at least {k}")
        _real_fft_lengths(op, fft_length, k)
        rank = len(x._shape)
        axes, lengths = _axes_and_lengths(x, list(range(rank - k, rank)), fft_length, op,
                                          inverse)
        _empty_unpadded(op, x, lengths, inverse)
        return (_irfft_axes if inverse else _rfft_axes)(x, axes, lengths)
    f.__name__ = f.__qualname__ = op.lower()
    return f


fftnd, ifftnd = _complex_fftn(False), _complex_fftn(True)


# ---------------------------------------------------------------------------------------
# tf.fftnd, tf.ifftnd, tf.irfftnd: TF's raw ops, fft_length and axes required. TF 2.21
# registers no CPU kernel for them: on the CPU, past their inputs' checks, they raise its
# NotFoundError (as rfftnd_op); elsewhere they are the transforms.
# ---------------------------------------------------------------------------------------

def _nd_no_kernel(op: str, x: Any, fft_length: Any, axes: Any, attrs: str) -> NotFoundError:
    for v in (fft_length, axes):  # (Python values are converted as the int32 inputs, as
        if not isinstance(v, Tensor):  # TF's fast path converts every input first)
            convert_to_tensor(v, dt.int32)
    C.check_dtype(op, x, C.COMPLEX, "Tcomplex")
    return NotFoundError(None, None, f"Could not find device for node: {{{{node {op}}}}} = "
                                     f"{op}[{attrs}]\nAll kernels registered for op {op}:\n"
                                     f"  <no registered kernels>\n [Op:{op}]")


def _vector_check(op: str, t: Any) -> None:
    """TF's kernel reads the axes as a vector unchecked: CHECK-fails (aborting TF's
    process) on another rank; refused here with the CHECK's words."""
    if len(t._shape) != 1:
        raise C.fail(op, f"Check failed: NDIMS == dims() (1 vs. {len(t._shape)})Asking for "
                         f"tensor of 1 dimensions from a tensor of {len(t._shape)} dimensions")


def _nd_axes(op: str, x: Any, axes: Any) -> list:
    """The axes checks of TF's GPU kernel (FFTNBase), in its order: they must end at the
    last axis, each after the one before (a negative one counted from the end)."""
    rank, k = len(x._shape), (axes._shape[0] if axes._shape else None)
    if k is not None and rank < k:  # (a scalar's length is no dimension TF reads soundly)
        raise C.fail(op, f"Input must have rank of at least {k} but got: "
                         f"{C.shape_str(x._shape)}")
    _vector_check(op, axes)
    out = []
    for a in (int(v) for v in axes._numpy()):
        out.append(a + rank if a < 0 else a)
        if len(out) > 1 and out[-2] + 1 != out[-1]:
            raise C.fail(op, "axes must be successive and ascending.")
    if not out:  # (TF reads the last of none, past its vector: refused by its rank check)
        raise C.fail(op, "Only 1D, 2D and 3D FFTs supported.")
    if out[-1] != rank - 1:
        raise C.fail(op, "The last axis to perform transform on must be -1.")
    return out


def _nd_lengths(op: str, x: Any, fft_length: Any, k: int, kind: str) -> list:
    """fft_length's checks in TF's GPU kernel: a vector of k non-negative lengths, and a
    real FFT's input at least as long as each (half the last plus one, inverting), or
    empty (the kernel neither pads nor crops it: the wrapper pads)."""
    got = fft_length._shape[0] if fft_length._shape else 0  # (a scalar: TF reads its
    if len(fft_length._shape) != 1 or got != k:              # first dim past its rank)
        raise C.fail(op, f"fft_length must have shape [{k}], but got: {got}.")
    lengths, rank = [int(v) for v in fft_length._numpy()], len(x._shape)
    for i, n in enumerate(lengths):
        if n < 0:
            raise C.fail(op, f"fft_length[{i}] must >= 0, but got: {n}")
        need, have = (n // 2 + 1 if kind == "ir" and i == k - 1 else n), x._shape[rank - k + i]
        if kind != "c" and have != 0 and have < need:
            raise C.fail(op, f"Input dimension {rank - k + i} must have length of at least "
                             f"{need} but got: {have}")
    return lengths


def _nd_types(op: str, x: Any, out: dt.DType) -> None:
    """TF's GPU kernel's check that a real FFT's input and output precisions agree (its
    Treal and Tcomplex are two attrs), after its shape checks."""
    cplx, real_ = (out, x._dtype) if op == "RFFTND" else (x._dtype, out)
    if op != "FFTND" and op != "IFFTND" and COMPLEX_OF[real_] != cplx:
        what = "forward" if op == "RFFTND" else "backward"
        raise C.fail(op, f"Wrong types for {what} real FFT: in={C.dtype_word(x._dtype)} "
                         f"out={C.dtype_word(out)}")


def _nd_on_gpu(op: str, x: Any, fft_length: Any, axes: Any, out: dt.DType) -> Any:
    """A raw N-D FFT on a GPU, TF's only kernels for it, answering `out`: its inputs
    checked as FFTNBase checks them (the Python wrapper's checks, tf.signal's, are not
    the op's), then transformed."""
    kind = {"RFFTND": "r", "IRFFTND": "ir"}.get(op, "c")
    fft_length, axes = (convert_to_tensor(v, dt.int32) for v in (fft_length, axes))
    ax = _nd_axes(op, x, axes)
    lengths = _nd_lengths(op, x, fft_length, len(ax), kind)
    _nd_types(op, x, out)
    if 0 not in x._shape and len(ax) > 3:  # (TF's kernel passes an empty input through)
        raise C.fail(op, "Only 1D, 2D and 3D FFTs supported.")
    if kind == "r":
        return _rfft_axes(x, ax, lengths)
    if kind == "ir":
        return _irfft_axes(x, ax, lengths)
    for a, n in zip(ax, lengths):
        x = _fit(x, a, n)
    return _transform_axes(x, ax, op == "IFFTND")


def _raw_complex_nd(op: str) -> Callable:
    def f(input: Any, fft_length: Any, axes: Any, name: str | None = None) -> Any:  # noqa: A002
        # (a value not a tensor converts as Tcomplex's default, complex64, where it can)
        x = input if isinstance(input, Tensor) else \
            convert_to_tensor(input, dtype_hint=dt.complex64)
        if current_device().device_type == "CPU":
            raise _nd_no_kernel(op, x, fft_length, axes, f"Tcomplex={C.dt_enum(x._dtype)}")
        fft_length, axes = (convert_to_tensor(v, dt.int32) for v in (fft_length, axes))
        C.check_dtype(op, x, C.COMPLEX, "Tcomplex")
        return _nd_on_gpu(op, x, fft_length, axes, x._dtype)
    f.__name__ = f.__qualname__ = op.lower()
    return f


raw_fftnd, raw_ifftnd = _raw_complex_nd("FFTND"), _raw_complex_nd("IFFTND")


def raw_irfftnd(input: Any, fft_length: Any, axes: Any, Treal: Any = dt.float32,  # noqa: A002,N803
                name: str | None = None) -> Any:
    """tf.irfftnd, TF's IRFFTND op."""
    treal = AV.wrapper_attrs("IRFFTND", Treal=Treal)["Treal"]
    x = _t(input)
    C.check_dtype("IRFFTND", x, C.COMPLEX, "Tcomplex")
    C.dtype_attr("IRFFTND", treal, "Treal", frozenset((dt.float32, dt.float64)))
    if current_device().device_type == "CPU":
        raise _nd_no_kernel("IRFFTND", x, fft_length, axes,
                            f"Tcomplex={C.dt_enum(x._dtype)}, Treal={C.dt_enum(treal)}")
    return _nd_on_gpu("IRFFTND", x, fft_length, axes, treal)


rfft2d, irfft2d = _real_fft_k(2, False), _real_fft_k(2, True)
rfft3d, irfft3d = _real_fft_k(3, False), _real_fft_k(3, True)


def enclosing_power_of_two(n: Any) -> int:
    """stft's default fft_length as TF's Python computes it: 2 ** ceil(log(n) / log(2)) in
    float64, then int() (so 2**29 gives 2**30, as TF's rounding does; an infinite length is
    int()'s OverflowError, a negative or NaN one its ValueError, raised here in its words)."""
    if np.iscomplexobj(n):
        n = int(n)  # (as before: Python's refusal of a complex size)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = 2 ** np.ceil(np.log(np.asarray(n, np.float64)) / np.log(2.0))
    if np.isnan(p):
        raise ValueError("cannot convert float NaN to integer")
    if np.isinf(p):
        raise OverflowError("cannot convert float infinity to integer")
    return int(p)


@dispatch_binding
def fftshift(x: Any, axes: Any = None, name: str | None = None) -> Any:
    """Moves the zero-frequency term to the centre."""
    return _shift(x, axes, 1)


@dispatch_binding
def ifftshift(x: Any, axes: Any = None, name: str | None = None) -> Any:
    """Undoes fftshift."""
    return _shift(x, axes, -1)


_ROLL_FLOAT_AXIS = (
    "Value for attr 'Taxis' of float is not in the list of allowed values: int32, int64\n\t; "
    "NodeDef: {{node Roll}}; Op<name=Roll; signature=input:T, shift:Tshift, axis:Taxis -> "
    "output:T; attr=T:type; attr=Tshift:type,allowed=[DT_INT32, DT_INT64]; attr=Taxis:type,"
    "allowed=[DT_INT32, DT_INT64]> [Op:Roll]")


def _shift(x: Any, axes: Any, direction: int) -> Any:
    """A roll by half of each of `axes`' sizes, computed as TF computes it: a tensor of
    axes has the rank added to its negative entries (Less and AddV2 check its dtype) and
    gathers the sizes (GatherV2 checks its range)."""
    x = _t(x)
    if axes is None:
        axes = list(range(len(x._shape)))
        if not axes:  # (TF rolls a scalar by two empty lists: float32 tensors Roll refuses)
            raise InvalidArgumentError(None, None, _ROLL_FLOAT_AXIS)
        half = shape(x) // 2
    elif isinstance(axes, int):
        half = shape(x)[axes] // 2
    else:
        axes = where(less(axes, 0), axes + rank_of(x), axes)
        half = gather(shape(x), axes) // 2
    return roll(x, half if direction > 0 else -half, axes)


# ---------------------------------------------------------------------------------------
# Windows, framing and the short-time Fourier transform.
# ---------------------------------------------------------------------------------------

def window_length_arg(value: Any, name: str | None = None) -> Any:
    """A window's length as TF's windows take it: converted to int32 (a tensor of another
    dtype is its ValueError, prefixed by `name` where TF names the conversion), a scalar."""
    n = convert_to_tensor(value, dtype=dt.int32, name=name)
    if n._shape is not None and len(n._shape) != 0:
        raise ValueError(f"Shape {n.shape} must have rank 0")
    return n


def _raised_cosine(window_length: Any, periodic: bool, dtype: Any, a: float, b: float) -> Any:
    C.attr_read(dtype, "is_floating")  # (TF reads it unconverted: a name or NumPy type lacks it)
    d = dt.as_dtype(dtype)
    if not d.is_floating:
        raise ValueError(f"dtype must be a floating point type. Found {d}")
    window_length = window_length_arg(window_length, "window_length")
    if _runtime(window_length):  # TF's formula on the run-time length
        n = window_length
        even = 1 - n % 2
        denom = cast(n + (even if periodic else 0) - 1, d)
        return a - b * cos(range_(n, dtype=d) * (2.0 * _pymath.pi) / denom)
    n = int(C.known(window_length))
    if n != 1:  # (TF converts `periodic` to a bool tensor past a window of one, a scalar)
        periodic = convert_to_tensor(periodic, dt.bool)
        periodic.shape.assert_has_rank(0)
        periodic = bool(periodic)
    if n < 0:  # (TF's Range of the window's positions refuses it)
        range_(n)
    if n <= 1:
        return ones([n], dtype=d)
    denom = n - 1 + (1 if periodic and n % 2 == 0 else 0)  # TF: periodic only changes even n
    k = range_(n, dtype=d)
    # in `d`, in TF's order: (2 pi) * k / denom
    return a - b * cos(convert_to_tensor(2.0 * _pymath.pi, dtype=d) * k /
                       convert_to_tensor(float(denom), dtype=d))


@dispatch_binding
def hann_window(window_length: Any, periodic: bool = True, dtype: Any = dt.float32,
                name: str | None = None) -> Any:
    return _raised_cosine(window_length, periodic, dtype, 0.5, 0.5)


@dispatch_binding
def hamming_window(window_length: Any, periodic: bool = True, dtype: Any = dt.float32,
                   name: str | None = None) -> Any:
    return _raised_cosine(window_length, periodic, dtype, 0.54, 0.46)


def scalar_args(*values: Any) -> None:
    """TF's check that each of `values` (sizes and steps, converted as TF converts them) is
    a scalar: "Shape (2,) must have rank 0"."""
    for v in values:
        t = v if isinstance(v, Tensor) else convert_to_tensor(v)
        if t._shape is not None and t._shape:
            raise ValueError(f"Shape {t.shape} must have rank 0")


@dispatch_binding
@eager_api()
def frame(signal: Any, frame_length: Any, frame_step: Any, pad_end: bool = False,
          pad_value: Any = 0, axis: int = -1, name: str | None = None) -> Any:
    """Overlapping frames of `frame_length` every `frame_step` samples along `axis`."""
    x = _t(signal)
    rank = len(x._shape)
    if rank < 1:
        raise ValueError(f"Shape {x.shape} must have rank at least 1")
    scalar_args(frame_length, frame_step, axis)
    axis = AV.int_arg(axis, "axis")
    if not -rank <= axis < rank:  # (TF's shape inference indexes the shape with it)
        raise IndexError("list index out of range")
    ax = axis % rank
    if _runtime(frame_length) or _runtime(frame_step):
        return _runtime_frame(x, frame_length, frame_step, pad_end, pad_value, ax)
    _mixed_frame_dtypes(frame_length, frame_step, pad_end)
    length, step = AV.int_arg(frame_length, "frame_length"), AV.int_arg(frame_step, "frame_step")
    if step == 0:  # TF's frame count divides by the step
        raise InvalidArgumentError(None, None, "Integer division by zero [Op:FloorDiv]")
    if not (-2**31 <= length < 2**31 and -2**31 <= step < 2**31):
        raise ValueError(f"frame_length and frame_step must be int32 values, got "
                         f"{frame_length} and {frame_step}")
    n = x._shape[ax]
    if n is None:  # (traced with the axis unknown: the frame count is the graph's)
        return _runtime_frame(x, length, step, pad_end, pad_value, ax)
    if pad_end:
        scalar_args(convert_to_tensor(pad_value, x._dtype))  # (TF's check: one value)
        frames = -(-n // step)
        need = max((frames - 1) * step + length - n, 0)
        pads = [[0, 0]] * rank
        pads[ax] = [0, need]
        x = pad(x, pads, constant_values=pad_value)
    else:
        frames = max(0, 1 + (n - length) // step)
    # (TF's frames are ranges of whole subframes of gcd(length, step) samples: a negative
    # frame count or length is its Range's error, in that order; a zero length, none)
    for count in (frames, length // (_pymath.gcd(length, step) or 1)):
        if count < 0:
            raise InvalidArgumentError(None, None, f"Requires start <= limit when delta > 0: "
                                                   f"0/{count} [Op:Range]")
    idx = range_(frames)[:, None] * step + range_(length)[None, :]
    return gather(x, idx, axis=ax)


def _mixed_frame_dtypes(frame_length: Any, frame_step: Any, pad_end: bool) -> None:
    """TF's frame count of a length and a step of two dtypes (a float length): its
    (samples - length) // step is a FloorDiv of the two, which refuses them; two floats
    reach the gcd of its subframes, which wants integers."""
    length, step = convert_to_tensor(frame_length), convert_to_tensor(frame_step)
    if not pad_end and length._dtype is not step._dtype:
        if _state.graph is not None:  # (a graph's op is refused as it is built)
            raise TypeError(f"Input 'y' of 'FloorDiv' Op has type {step._dtype.name} that does "
                            f"not match type {length._dtype.name} of argument 'x'.")
        raise raised_eagerly(C.wrong_input_dtype("FloorDiv", 1, length._dtype, step._dtype),
                             "")
    if not pad_end and not length._dtype.is_integer:  # (then its gcd of the two refuses)
        raise ValueError(f"a must be an integer type. Got: {length._dtype!s}")


def _runtime(v: Any) -> bool:
    """Whether `v` is a graph tensor whose value is known only when the graph runs."""
    return C.is_graph_tensor(v) and isinstance(C.known(v), Tensor)


def _runtime_frame(x: Any, frame_length: Any, frame_step: Any, pad_end: bool,
                   pad_value: Any, ax: int) -> Any:
    """frame() of a length or step known when the graph runs: the frame count and the
    gathered positions computed by the graph (their dims unknown while tracing, as TF's)."""
    length, step = (cast(v, dt.int32) if C.is_graph_tensor(v) else
                    convert_to_tensor(AV.int_arg(v, w), dtype=dt.int32)
                    for v, w in ((frame_length, "frame_length"), (frame_step, "frame_step")))
    n = x._shape[ax] if x._shape[ax] is not None else shape(x)[ax]
    if pad_end:
        frames = -(-n // step)
        need = maximum((frames - 1) * step + length - n, 0)
        pads = [[0, 0]] * len(x._shape)
        pads[ax] = [0, need]
        x = pad(x, pads, constant_values=pad_value)
    else:
        frames = maximum(1 + (n - length) // step, 0)
    idx = expand_dims(range_(frames) * step, 1) + expand_dims(range_(length), 0)
    return gather(x, idx, axis=ax)


@dispatch_binding
def stft(signals: Any, frame_length: int, frame_step: int, fft_length: Any = None,
         window_fn: Callable | None = hann_window, pad_end: bool = False,
         name: str | None = None) -> Any:
    """rfft of windowed frames: [..., frames, fft_length // 2 + 1]."""
    # as TF: the ranks first; the dtype is checked by the window, then the real FFT
    x = _t(signals)
    if x._shape is not None and not x._shape:
        raise ValueError(f"Shape {x.shape} must have rank at least 1")
    scalar_args(frame_length, frame_step)
    if fft_length is None:
        fft_length = enclosing_power_of_two(C.known(frame_length))
    frames = frame(x, frame_length, frame_step, pad_end=pad_end)
    if window_fn is not None:
        frames = frames * window_fn(frame_length, dtype=frames._dtype)
    return rfft(frames, [int(fft_length)])
