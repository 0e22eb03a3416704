"""tnp's array creation, shape manipulation, indexing and reductions, each a composition of
the registered ops (no kernel of its own) after NumPy's dtype rules (dtypes.py)."""

from __future__ import annotations

import builtins
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import shape as tf_shape
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.numpy_ops.dtypes import asarray, promote, result_type
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as m
from eagerflow._src.ops import math_base, tiling
from eagerflow._src.ops.eager_errors import passed_raw, raised_eagerly, slow_path
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.indexing import repeat as _repeat
from eagerflow._src.ops.linalg_diag import diag as _matrix_diag
from eagerflow._src.ops.linalg_eye import eye as _eye
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.misc_ops import broadcast_dynamic_shape
from eagerflow._src.ops.nd_indexing import tensor_scatter_nd_update
from eagerflow._src.ops.sequences import linspace as _linspace
from eagerflow._src.ops.sequences import range as _range
from eagerflow._src.ops.shaping import reverse
from eagerflow._src.ops.shaping import roll as _roll
from eagerflow._src.ops.stacking import stack as _stack

newaxis = None


def _float_type() -> dt.DType:
    return result_type(float)


def _shape(a: Tensor) -> list:
    return list(a.shape)


# -- creation -------------------------------------------------------------------------

def empty(shape: Any, dtype: Any = float) -> Tensor:
    """tnp.empty: zeros (tensors are always initialised)."""
    return zeros(shape, dtype)


def zeros(shape: Any, dtype: Any = float) -> Tensor:
    """tnp.zeros: tf.zeros of the shape as given, of NumPy's dtype for `dtype` (float64 for
    `float`; a false dtype is the default float type, as TF's)."""
    want = result_type(dtype) if dtype else _float_type()
    return A.zeros(shape, dtype=want)


def ones(shape: Any, dtype: Any = float) -> Tensor:
    """tnp.ones: tf.ones of the shape as given, of NumPy's dtype for a true `dtype` (TF's
    hands a false one to tf.ones as it is: its DType error)."""
    return A.ones(shape, dtype=result_type(dtype) if dtype else dtype)


def full(shape: Any, fill_value: Any, dtype: Any = None) -> Tensor:
    """tnp.full: `fill_value` (NumPy's dtype for it, or `dtype`) broadcast to `shape`, which
    TF converts (int32 preferred) to at least a vector first."""
    if not isinstance(shape, Tensor):
        shape = asarray(convert_to_tensor(shape, dtype_hint=dt.int32))
    shape = atleast_1d(shape)
    return tiling.broadcast_to(asarray(fill_value, dtype), shape)


def _like(a: Any, dtype: Any, fill: Any) -> Tensor:
    if isinstance(a, (list, tuple)):  # (TF's zeros_like/ones_like convert it plainly:
        convert_to_tensor(a)          # a list mixing bools and numbers is refused)
    a = asarray(a)
    want = result_type(dtype) if dtype else a.dtype
    if want is dt.string:  # (TF's zeros_like/ones_like: b'', or the conversion's TypeError)
        value = convert_to_tensor(b"" if fill == 0 else fill, want)
    else:
        value = asarray(fill, want)
    return tiling.broadcast_to(value, A.shape(a))


def zeros_like(a: Any, dtype: Any = None) -> Tensor:
    return _like(a, dtype, 0)


def ones_like(a: Any, dtype: Any = None) -> Tensor:
    return _like(a, dtype, 1)


def empty_like(a: Any, dtype: Any = None) -> Tensor:
    return _like(a, dtype, 0)


def full_like(a: Any, fill_value: Any, dtype: Any = None, order: str = "K",
              subok: bool = True, shape: Any = None) -> Tensor:
    """tnp.full_like: NumPy's `order` and `subok` are not supported (ValueError)."""
    if order != "K":
        raise ValueError("Non-standard orders are not supported.")
    if not subok:
        raise ValueError("subok being False is not supported.")
    if shape:
        raise ValueError("Overriding the shape is not supported.")
    a = asarray(a)
    # (TF's `dtype or a's`: a false dtype (0, "", False, a zero array) is a's, and an
    # array of more than one item NumPy's ValueError of its truth)
    want = result_type(dtype) if dtype else a.dtype
    return tiling.broadcast_to(asarray(fill_value, want), A.shape(a))


def eye(N: int, M: int | None = None, k: int = 0, dtype: Any = float) -> Tensor:  # noqa: N803
    """tnp.eye: ones on the `k`-th diagonal of an N x M matrix, in TF's steps: a dtype that
    is true read by result_type (None or "" is left to the ops, which refuse it), a false M
    (None, 0) taken as N, then int() of each size (Python's own errors)."""
    if dtype:
        dtype = result_type(dtype)
    if not M:
        M = N  # noqa: N806
    N, M, k = int(N), int(M), int(k)  # noqa: N806
    if k >= M or -k >= N:  # (tnp's zeros: a false dtype is the default float type)
        return zeros([N, M], dtype=dtype)
    if k == 0:
        return _eye(N, M, dtype=dtype)
    # (the k-th diagonal's length, as TF's matrix_diag wants it exactly)
    n = builtins.min(N, M)
    if k > 0:
        n = n - k if N >= M else M - k if N + k > M else n
    else:
        n = n + k if M >= N else N + k if M - k > N else n
    return _matrix_diag(A.ones([n], dtype=dtype), num_rows=N, num_cols=M, k=k)


def identity(n: int, dtype: Any = float) -> Tensor:
    return eye(n, n, dtype=dtype)  # (TF's: M given as n, whose truth eye asks)


def arange(start: Any, stop: Any = None, step: Any = 1, dtype: Any = None) -> Tensor:
    """tnp.arange: NumPy's dtype for the bounds (int64 for ints), or a true `dtype`."""
    if not step:
        raise ValueError("step must be non-zero.")
    if dtype:
        want = result_type(dtype)
    elif stop is None:
        want = result_type(start, step)
    else:
        want = result_type(start, step, stop)
    # (TF's early empty result: bounds in the wrong order, equal ones left to Range, which
    # refuses a bool bound)
    if stop is None:
        start, stop = 0, start
    if (step > 0 and start > stop) or (step < 0 and start < stop):
        return A.zeros([0], dtype=want)
    # (as TF's: a Range of the dtype its bounds infer, then cast; Python floats count in
    # float32, so 0.1 steps are float32's, and bools are Range's AssertionError)
    return cast(_range(start, stop, step), want)


def linspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True,
             retstep: bool = False, dtype: Any = float, axis: int = 0) -> Any:
    """tnp.linspace: computed in float (NumPy's dtype for the bounds), then cast."""
    if num < 0:
        raise ValueError(
            "Argument `num` (number of samples) must be a non-negative integer. "
            f"Received: num={num}")
    # As NumPy 2's: the bounds' float type (a float `1.0` joins them), whatever a true
    # `dtype` says; a false one casts nothing
    want = result_type(start * 1.0, stop * 1.0) if dtype else result_type(start, stop)
    if want is dt.bool:  # (bool tensors times 1.0 stay bool: TF's linspace works in that
        # dtype, and its first op, the bounds' Sub, refuses it)
        m.subtract(asarray(stop, want), asarray(start, want))
    work = want if want.is_floating or want.is_complex else _float_type()
    lo, hi = asarray(start, work), asarray(stop, work)
    nan = convert_to_tensor(np.nan)  # (TF's step of fewer points: a float32 NaN)
    if endpoint:
        out = _linspace(lo, hi, num, axis=axis)
        step = (hi - lo) / (num - 1) if num > 1 else nan
    else:
        step = (hi - lo) / num if num > 0 else nan
        out = _linspace(lo, hi, num + 1, axis=axis)
        out = A.split(out, [num, 1], axis=axis)[0]
    if dtype:
        out = cast(out, want)
    return (out, step) if retstep else out


def logspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True,
             base: float = 10.0, dtype: Any = None, axis: int = 0) -> Tensor:
    # (as NumPy 2's, and TF's: the bounds' float type, whatever `dtype` says)
    want = result_type(start * 1.0, stop * 1.0)
    work = want if want.is_floating or want.is_complex else _float_type()
    exps = linspace(start, stop, num, endpoint=endpoint, dtype=work, axis=axis)
    return cast(m.pow(asarray(base, work), exps), want)


def geomspace(start: Any, stop: Any, num: int = 50, endpoint: bool = True,
              dtype: Any = None, axis: int = 0) -> Tensor:
    # (a given dtype read as TF's as_dtype reads it: True is the enum 1, float32; not
    # tnp's result_type, which linspace and logspace use)
    want = dt.as_dtype(dtype) if dtype else result_type(start, stop, float)
    work = want if want.is_floating or want.is_complex else _float_type()
    if work.is_complex:  # (TF's sign flip, a real factor, times a complex bound: Mul's
        asarray(1.0, work.real_dtype) * asarray(start, work)  # refusal of the pair)
    # through base 10, as TF's: an integer result truncates 10**log10(8) = 7.99...
    lo, hi = log10_(asarray(start, work)), log10_(asarray(stop, work))
    # (as TF's: the points along a new first axis, moved to `axis` by moveaxis when it is
    # not 0, so that a false axis (None, [], ()) is moveaxis' no-op and another no int is
    # its len() TypeError)
    exps = linspace(lo, hi, num, endpoint=endpoint, dtype=work, axis=0)
    out = m.pow(asarray(10.0, work), exps)
    if axis != 0:
        out = moveaxis(out, 0, axis)
    return cast(out, want)


def log10_(x: Tensor) -> Tensor:
    return m.log(x) / asarray(np.log(10.0), x.dtype)


# -- shape manipulation ---------------------------------------------------------------

def reshape(a: Any, newshape: Any, order: str = "C") -> Tensor:
    """tnp.reshape: in row-major (C) or column-major (F) order."""
    if order not in {"C", "F"}:  # (a set, as TF's: a list or array is unhashable, its TypeError)
        raise ValueError(f"Unsupported order argument {order}")
    a = asarray(a)
    if isinstance(newshape, (int, np.integer)):
        newshape = [newshape]
    if order == "F":
        return A.transpose(A.reshape(A.transpose(a), list(newshape)[::-1]))
    return A.reshape(a, newshape)


def reshape_method(a: Any, *newshape: Any, **kwargs: Any) -> Tensor:
    """Tensor.reshape under numpy behavior: the shape as one argument or as several."""
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError(f"Unsupported arguments: {kwargs.keys()}")
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


def ravel(a: Any) -> Tensor:
    return A.reshape(asarray(a), [-1])


def flatten(a: Any, order: str = "C") -> Tensor:
    a = asarray(a)
    if order in ("C", "A", "K"):
        return A.reshape(a, [-1])
    if order == "F":
        return A.reshape(A.transpose(a), [-1])
    raise ValueError("order can only be C, A, K (all row major) or F (column major).")


def transpose(a: Any, axes: Any = None) -> Tensor:
    a = asarray(a)
    return A.transpose(a, perm=None if axes is None else asarray(axes))


def swapaxes(a: Any, axis1: int, axis2: int) -> Tensor:
    a = asarray(a)
    n = len(a.shape)
    if not (isinstance(axis1, int) and isinstance(axis2, int)):
        # TF's for axes other than two Python ints (tensors, NumPy or Python floats): a
        # negative one gains the rank by where(x < 0) (a bool axis is that comparison's
        # TypeError; a Python int its own sum), and the permutation is a scatter into
        # range(rank), which refuses an axis past it, or indices of no integer type
        r = A.rank(a)
        i, j = (_adjusted(x, r, n) for x in (axis1, axis2))
        return A.transpose(a, tensor_scatter_nd_update(_range(r), [[i], [j]], [j, i]))
    # as TF's assignments into a list of the rank's items, which take an index in [-n, n)
    # (so an axis in [-2n, -n) passes here and Transpose refuses its negative value)
    i, j = axis1 + n if axis1 < 0 else axis1, axis2 + n if axis2 < 0 else axis2
    if not (-n <= i < n and -n <= j < n):
        raise IndexError("list assignment index out of range")
    perm = list(range(n))
    perm[i], perm[j] = j, i
    return A.transpose(a, perm)


def _adjusted(x: Any, r: Tensor, n: int) -> Any:
    """swapaxes' axis `x` with the rank `r` (n, its value) added where negative, as TF's
    adjust_axes: a Python int by itself, anything else by where_v2(x < 0, x + n, x)."""
    if isinstance(x, int):
        return x + r if x < 0 else x
    return math_base.where(x < 0, x + np.int32(n) if not isinstance(x, Tensor) else x + r, x)


def moveaxis(a: Any, source: Any, destination: Any) -> Tensor:
    if not source and not destination:  # TF's: `a` as given, unconverted
        return a
    a = asarray(a)
    n = len(a.shape)
    src = (source,) if isinstance(source, int) else source
    dst = (destination,) if isinstance(destination, int) else destination
    # (TF's len() of each first: a scalar tensor's, a NumPy scalar's TypeError)
    if len(src) != len(dst):
        raise ValueError("The lengths of source and destination must equal")
    src, dst = list(src), list(dst)
    # as TF's: a negative axis gains the rank once and no axis is range-checked here, so
    # an axis past the rank (or any axis of a scalar) reaches Transpose, whose error names
    # the permutation's wrong length or value
    src = [s + n if s < 0 else s for s in src]
    dst = [d + n if d < 0 else d for d in dst]
    perm = [i for i in range(n) if i not in src]
    for d, s in sorted(zip(dst, src)):
        if d > len(perm):  # TF's own assert on the destination
            raise AssertionError()
        perm.insert(d, s)
    return A.transpose(a, perm)


def expand_dims(a: Any, axis: int) -> Tensor:
    return A.expand_dims(asarray(a), axis)


def squeeze(a: Any, axis: Any = None) -> Tensor:
    return A.squeeze(asarray(a), axis)


def atleast_1d(*arys: Any) -> Any:
    return _atleast(arys, 1)


def atleast_2d(*arys: Any) -> Any:
    return _atleast(arys, 2)


def atleast_3d(*arys: Any) -> Any:
    return _atleast(arys, 3)


def _atleast(arys: tuple, n: int) -> Any:
    out = []
    for x in arys:
        x = asarray(x)
        r = len(x.shape)
        if r < n:  # new axes in front, but for atleast_3d of a vector or a matrix (NumPy's)
            axes = [0, 2] if n == 3 and r == 1 else [2] if n == 3 and r == 2 else [0] * (n - r)
            for axis in axes:
                x = A.expand_dims(x, axis)
        out.append(x)
    return out[0] if len(out) == 1 else out


def concatenate(arys: Any, axis: int = 0) -> Tensor:
    if not isinstance(arys, (list, tuple)):  # (TF's: anything else, a tensor too, is one array)
        arys = [arys]
    if not arys:
        raise ValueError("Need at least one array to concatenate. Received empty input: "
                         f"arys={arys}")
    return A.concat(promote(*arys), axis)


def append(arr: Any, values: Any, axis: int | None = None) -> Tensor:
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], 0)
    return concatenate([arr, values], axis)


def stack(arrays: Any, axis: int = 0) -> Tensor:
    if isinstance(arrays, Tensor):  # its rows stacked: TF's is the tensor or its swapaxes
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    if isinstance(arrays, np.ndarray):  # (a NumPy array is a sequence of its rows to TF's)
        arrays = list(arrays)
    # (TF's tnp spreads `arrays` into its promotion, whatever they are: None or a bool is
    # Python's TypeError; none at all is tf.stack's, an empty float32 vector along axis 0)
    return _stack(promote(*arrays), axis)


def vstack(tup: Any) -> Tensor:
    return A.concat(promote(*[atleast_2d(x) for x in tup]), 0)  # (TF's: each alone first)


def hstack(tup: Any) -> Tensor:
    # (as TF's stacks: each value at least 1-d by itself, then their NumPy type, then one
    # ConcatV2, whose error for no values is TF's)
    arrs = promote(*[atleast_1d(x) for x in tup])
    return A.concat(arrs, 0 if len(arrs[0].shape) == 1 else 1)


def dstack(tup: Any) -> Tensor:
    return A.concat(promote(*[atleast_3d(x) for x in tup]), 2)


def _sizes(a: Tensor, boundaries: Any, axis: int) -> list:
    """np.split's boundaries as tf.split's sizes, as TF's tnp computes them: each the
    difference from the boundary before (in the boundaries' own type: an unsigned one
    wraps around and is never negative), refused below zero, and cut to what is left of
    the dimension; the rest of it last."""
    if axis >= len(a.shape):
        raise ValueError(f"axis {axis} is out of bound for shape {a.shape}")
    dim = a.shape[axis]
    sizes, used, prev = [], 0, 0
    for i, b in enumerate(boundaries):
        size = b - prev
        if size < 0:
            raise ValueError(f"The {i}-th boundary {b!s} is smaller than the previous boundary "
                             f"{prev!s}")
        size = min(size, max(0, dim - used))
        sizes.append(size)
        used += size
        prev = b
    return sizes + [max(0, dim - used)]


def split(ary: Any, indices_or_sections: Any, axis: int = 0) -> list:
    """tnp.split: `indices_or_sections` equal parts, or the parts between the indices."""
    ary = asarray(ary)
    if isinstance(indices_or_sections, int):
        return A.split(ary, indices_or_sections, axis)
    return A.split(ary, _sizes(ary, indices_or_sections, axis), axis)


def _split_on_axis(fixed: int) -> Any:
    # (TF's factory's name: Python's words for a bad call of vsplit/hsplit/dsplit name
    # its `_split_on_axis.<locals>.f`)
    def f(ary: Any, indices_or_sections: Any) -> list:
        a = asarray(ary)
        axis = 0 if fixed == 1 and len(a.shape) == 1 else fixed
        if isinstance(indices_or_sections, int):
            # TF's reads the argument's own shape: a Python list's or number's has none
            # (AttributeError), a scalar's has no such axis (IndexError)
            n = ary.shape[axis]
            if n is not None and n % indices_or_sections:
                raise ValueError("array split does not result in an equal division")
        return split(a, indices_or_sections, axis)
    return f


vsplit = _split_on_axis(0)
hsplit = _split_on_axis(1)
dsplit = _split_on_axis(2)


def tile(a: Any, reps: Any) -> Tensor:
    a = asarray(a)
    r = len(a.shape)
    if isinstance(reps, (list, tuple)) and all(type(v) is int and -2**31 <= v < 2**31
                                               for v in reps):
        reps = list(reps)
        n = len(reps)
        if n < r:
            reps = [1] * (r - n) + reps
    else:  # (TF's: reps as an int32 vector, a scalar its one item, a bool its int, a float
        # or an int past int32 cast, a nested list flattened)
        reps = A.reshape(asarray(reps, dt.int32), [-1])
        n = reps.shape[0]
        if n < r:
            reps = A.concat([A.ones([r - n], dt.int32), reps], 0)
    if n > r:
        a = A.reshape(a, [1] * (n - r) + _shape(a))
    return tiling.tile(a, reps)


def repeat(a: Any, repeats: Any, axis: int | None = None) -> Tensor:
    a = asarray(a)
    guess = _repeated_shape(a, repeats, axis)
    if axis is None:
        a, axis = A.reshape(a, [-1]), 0
    out = _repeat(a, asarray(repeats), axis)
    if guess is not None:  # (TF sets it on the result: a dim no int is its TypeError)
        tf_shape.TensorShape(guess)
    return out


def _repeated_shape(a: Tensor, repeats: Any, axis: int | None) -> list | None:
    """The result's dims as TF's tnp.repeat guesses them before repeating, from `repeats`
    as NumPy reads it (a scalar's: the repeats as given; an axis past a's dims is the
    guess's IndexError); None where a's shape is not known."""
    shape = a.shape.as_list() if a.shape.rank is not None else None
    if shape is None or None in shape:
        return None
    if not shape:
        return [repeats]
    counts = np.ravel(np.array(repeats))
    with np.errstate(all="ignore"):  # (inf and -inf repeats sum to NaN: refused after)
        n = counts.item() if counts.size == 1 else counts.sum()
    if axis is None:
        return [n * int(np.prod(shape)) if counts.size == 1 else n]
    if isinstance(axis, int) and not -len(shape) <= axis < len(shape):
        raise IndexError("list index out of range")  # (TF's item assignment's)
    shape[axis] = n * shape[axis] if counts.size == 1 else n
    return shape


def broadcast_to(array: Any, shape: Any) -> Tensor:  # noqa: A002
    return full(shape, array)


def broadcast_arrays(*args: Any, **kwargs: Any) -> list:
    if kwargs:
        raise ValueError(f"Received unsupported arguments {kwargs.keys()}")
    args = [asarray(x) for x in args]
    shape = _bshape(args)
    return [tiling.broadcast_to(x, shape) for x in args]


def _bshape(args: list) -> Any:
    """The operands' broadcast shape: a list where their shapes are known, else a tensor
    (BroadcastArgs while tracing)."""
    if all(x.shape.is_fully_defined() for x in args):
        try:
            return list(np.broadcast_shapes(*[tuple(x.shape.as_list()) for x in args]))
        except ValueError:
            pass  # shapes that don't broadcast: BroadcastArgs below refuses in TF's words
    out = A.shape(args[0], out_type=dt.int64)
    for x in args[1:]:
        out = broadcast_dynamic_shape(out, A.shape(x, out_type=dt.int64))
    return out


def flip(m: Any, axis: Any = None) -> Tensor:  # NumPy's parameter name
    a = asarray(m)
    if axis is None:
        return reverse(a, list(range(len(a.shape))))
    # (TF's one axis, the rank added where it is below 0 by Python's comparison: a list
    # is that comparison's TypeError, a tensor's its own; ReverseV2 checks the rest)
    n = len(a.shape)
    return reverse(a, [axis + n if axis < 0 else axis])


def flipud(m: Any) -> Tensor:
    return flip(m, 0)


def fliplr(m: Any) -> Tensor:
    return flip(m, 1)


def roll(a: Any, shift: Any, axis: Any = None) -> Tensor:
    a = asarray(a)
    if axis is None:
        # one axis (the flattened one) takes one shift: Roll's error (a ragged list shift
        # is its conversion's ValueError first, as in TF)
        if len(convert_to_tensor(shift).shape):
            e = raised_eagerly(InvalidArgumentError(
                None, None, "shift and axis must have the same size [Op:Roll]"))
            raise slow_path(e) if passed_raw(shift) else e
        return A.reshape(_roll(A.reshape(a, [-1]), shift, 0), A.shape(a))
    return _roll(a, shift, axis)


def rot90(m: Any, k: int = 1, axes: tuple = (0, 1)) -> Tensor:
    # as TF's: the axes gain the rank once if negative and are not range-checked here; a
    # quarter turn's permutation is a scatter of the two axes into range(rank), which
    # refuses an axis past the rank, and a half turn's flips are ReverseV2's to refuse
    r = len(asarray(m).shape)
    ax1, ax2 = [ax + r if ax < 0 else ax for ax in axes]
    k = k % 4  # (a new value, as TF's: `%=` would write into an array given, a bool one refuses)
    if k == 0:
        return m  # TF's: as given, unconverted
    if k == 2:
        return flip(flip(m, ax1), ax2)
    perm = tensor_scatter_nd_update(_range(r), [[ax1], [ax2]], [ax2, ax1])
    if k == 1:
        return transpose(flip(m, ax2), perm)
    return flip(transpose(m, perm), ax2)


# -- indexing -------------------------------------------------------------------------

def take(a: Any, indices: Any, axis: int | None = None, out: Any = None,
         mode: str = "clip") -> Tensor:
    """tnp.take: out-of-range indices clipped (the default) or wrapped."""
    if out is not None:
        raise ValueError("out argument is not supported in take.")
    if mode not in ("raise", "clip", "wrap"):
        raise ValueError(f"Invalid mode '{mode}' for take")
    a, indices = asarray(a), asarray(indices)
    if axis is None:
        a, axis = A.reshape(a, [-1]), 0
    n = A.shape(a, out_type=indices.dtype)[axis]
    if mode == "clip":
        indices = m.clip_by_value(indices, 0, n - 1)
    elif mode == "wrap":
        indices = m.floormod(indices, n)
    else:
        raise ValueError("The 'raise' mode to take is not supported.")
    return gather(a, indices, axis=axis)


def take_along_axis(arr: Any, indices: Any, axis: int | None) -> Tensor:
    arr, indices = asarray(arr), asarray(indices)
    if axis is None:
        return take_along_axis(ravel(arr), ravel(indices), 0)
    r = len(arr.shape)
    axis = axis + r if axis < 0 else axis
    _check_take_axis(arr, indices, axis)
    # the other axes broadcast against each other; the taken axis keeps each one's length
    sa, si = A.shape(arr, out_type=dt.int64), A.shape(indices, out_type=dt.int64)
    one = A.ones([1], dt.int64)
    both = broadcast_dynamic_shape(A.concat([sa[:axis], one, sa[axis + 1:]], 0),
                                   A.concat([si[:axis], one, si[axis + 1:]], 0))
    arr = tiling.broadcast_to(arr, A.concat([both[:axis], sa[axis:axis + 1], both[axis + 1:]], 0))
    indices = tiling.broadcast_to(indices, A.concat([both[:axis], si[axis:axis + 1],
                                                both[axis + 1:]], 0))
    perm = [i for i in range(r) if i != axis] + [axis]
    back = list(np.argsort(perm))
    moved = A.transpose(arr, perm)
    idx = A.transpose(cast(indices, dt.int64), perm)
    n = sa[axis]
    idx = math_base.where(m.less(idx, 0), idx + n, idx)
    return A.transpose(gather(moved, idx, batch_dims=r - 1, axis=r - 1), back)


def _check_take_axis(arr: Tensor, indices: Tensor, axis: int) -> None:
    """take_along_axis's failures in TF's order and words: both shapes read in the
    indices' dtype (Shape refuses one not int32/int64), then each shape's `axis` set by a
    scatter, which refuses an axis past either rank (any axis of a scalar)."""
    sa = A.shape(arr, out_type=indices.dtype)
    si = A.shape(indices, out_type=indices.dtype)
    one = np.ones([1], indices.dtype.as_numpy_dtype)
    for s in (sa, si):
        tensor_scatter_nd_update(s, [[axis]], one)


def where(condition: Any, x: Any = None, y: Any = None) -> Any:
    condition = asarray(condition, np.bool_)
    if x is None and y is None:
        return nonzero(condition)
    if x is not None and y is not None:
        x, y = promote(x, y)
        return math_base.where(condition, x, y)
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


def nonzero(a: Any) -> list:
    """The indices of the nonzero entries, one vector per axis (a list, as TF's)."""
    a = atleast_1d(a)
    where_ = math_base.where(cast(a, dt.bool))
    return [A.transpose(where_)[i] for i in range(len(a.shape))]

