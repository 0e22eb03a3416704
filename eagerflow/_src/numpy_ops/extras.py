"""The rest of tnp's functions: matrix helpers, differences, NaN-skipping reductions,
predicates and integer arithmetic, each composed of the registered ops."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import FailedPreconditionError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.numpy_ops import array_ops as AO
from eagerflow._src.numpy_ops import math_ops as M
from eagerflow._src.numpy_ops.dtypes import array, asarray, promote, result_type
from eagerflow._src.ops import array as A
from eagerflow._src.ops import linalg as L
from eagerflow._src.ops import math as m
from eagerflow._src.ops import misc_ops as MO
from eagerflow._src.ops.debugging import Assert
from eagerflow._src.ops.eager_errors import raised_eagerly
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.linalg_band_part import band_part
from eagerflow._src.ops.math_base import cast, identity, ones_like, where, zeros_like
from eagerflow._src.ops.padding import pad as _pad
from eagerflow._src.ops.reduce import reduce_all
from eagerflow._src.ops.reduce import size as _size
from eagerflow._src.ops.sequences import range as _range
from eagerflow._src.ops.tiling import broadcast_to


def shape(a: Any) -> Any:
    return asarray(a).shape


def ndim(a: Any) -> int:
    return len(asarray(a).shape)


def size(x: Any, axis: int | None = None) -> Any:
    """TF's: a Python number's size is the int 1; a known shape's its NumPy int64 product
    (an empty shape's 1, not NumPy's float 1.0 of an empty list); else the Size op's."""
    if axis is not None:
        raise NotImplementedError(
            "axis argument is not supported in the current `np.size` implementation")
    if isinstance(x, (int, float, np.int32, np.int64, np.float32)):  # (TF's list)
        return 1
    shape = asarray(x).shape
    if shape.is_fully_defined():
        return np.prod(shape.as_list(), dtype=int)
    return _size(asarray(x))


def isscalar(num: Any) -> bool:
    return ndim(num) == 0


def copy(a: Any) -> Tensor:
    return identity(asarray(a))


def asanyarray(a: Any, dtype: Any = None) -> Tensor:
    return asarray(a, dtype)


def ascontiguousarray(a: Any, dtype: Any = None) -> Tensor:
    return AO.atleast_1d(asarray(a, dtype))


def diag(v: Any, k: int = 0) -> Tensor:
    """tnp.diag: the k-th diagonal of a matrix, or the matrix with `v` on it."""
    v = asarray(v)
    r = len(v.shape)
    if r == 1:
        if v.shape[0] == 0:  # (TF's: a zero matrix of |k| rows, k as given)
            return A.zeros([abs(k), abs(k)], dtype=v.dtype)
        return L.diag(v, k=k)  # (MatrixDiagV3 sizes the matrix from k as int32: wrapped)
    if r == 2:
        rows, cols = v.shape
        if rows is not None and cols is not None and (k <= -rows or cols <= k):
            # (TF's: a k past the matrix takes the diagonal of an empty one instead)
            return L.diag_part(A.zeros([0, 0], v.dtype))
        return L.diag_part(v, k=k)
    if r > 2:
        raise ValueError(f"Shape {tuple(v.shape)} must have rank at most 2")
    # (a scalar passes TF's static rank check and fails its Assert of a rank 1 or 2)
    Assert(False, [A.rank(v)])
    raise AssertionError("unreachable: the Assert above refuses a scalar")


def diagonal(a: Any, offset: int = 0, axis1: int = 0, axis2: int = 1) -> Tensor:
    return M.diagonal(a, offset, axis1, axis2)


def diagflat(v: Any, k: int = 0) -> Tensor:
    return diag(AO.ravel(v), k)


def diag_indices(n: int, ndim: int = 2) -> tuple:
    if n < 0:
        raise ValueError(f"n argument to diag_indices must be nonnegative, got {n}")
    if ndim < 0:
        raise ValueError(f"ndim argument to diag_indices must be nonnegative, got {ndim}")
    return (_range(n),) * ndim  # tf.range's: int32 of an int n, as TF's


def tri(N: int, M: int | None = None, k: int = 0, dtype: Any = None) -> Tensor:  # noqa: N803
    """Ones at and below diagonal k, made as TF's: tf.ones of shape [N, M] cut by a band
    (so a size that is no integer is tf.ones' TypeError, a huge one its Fill's OOM)."""
    M = N if M is None else M  # noqa: N806
    want = result_type(dtype if dtype is not None else float)
    if k < 0:  # the complement of the upper band that starts -k - 1 rows below
        lower = -k - 1
        if lower > N:
            return A.zeros([N, M], want)
        upper = band_part(A.ones([N, M], dt.bool), lower, -1)
        return cast(m.logical_not(upper), want)
    ones = A.ones([N, M], want)
    return ones if k > M else band_part(ones, -1, k)


def _lower_mask(n: Any, m_: Any, k: int) -> Tensor:
    """tri(n, m_, k) as a bool mask of sizes that may be tensors (a traced input's)."""
    rows = A.expand_dims(_range(n, dtype=dt.int64), 1)
    cols = A.expand_dims(_range(m_, dtype=dt.int64), 0)
    return m.less_equal(cols, rows + k)


def tril(m: Any, k: int = 0) -> Tensor:  # NumPy's parameter name
    a = asarray(m)
    if len(a.shape) < 2:
        raise ValueError("Argument to tril must have rank at least 2")
    keep = _lower_mask(_dim(a, -2), _dim(a, -1), k)
    return where(keep, a, _zero(a))


def triu(m: Any, k: int = 0) -> Tensor:
    a = asarray(m)
    if len(a.shape) < 2:
        raise ValueError("Argument to triu must have rank at least 2")
    keep = _lower_mask(_dim(a, -2), _dim(a, -1), k - 1)
    return where(keep, _zero(a), a)


def _zero(a: Tensor) -> Tensor:
    """TF's tril/triu fill: the constant 0 of a's dtype (a bool's or string's: the
    conversion's TypeError)."""
    return broadcast_to(convert_to_tensor(0, a.dtype), A.shape(a))


def _dim(a: Tensor, i: int) -> Any:
    """Axis i's size: an int where known, else a scalar tensor (while tracing)."""
    d = a.shape[i]
    return d if d is not None else A.shape(a, out_type=dt.int64)[i]


def pad(array: Any, pad_width: Any, mode: str, **kwargs: Any) -> Tensor:  # noqa: A002
    """tnp.pad: constant, reflect and symmetric modes, named in lower case. As TF's, the
    mode is compared before anything is converted (a tensor mode is its comparison's
    TypeError, one not a str the message's concatenation's), and pad_width is tf.pad's:
    an int32 matrix of a (before, after) row per axis, no NumPy broadcasting of it."""
    constant_values = kwargs.get("constant_values", 0)
    if not (mode == "constant" or mode == "reflect" or mode == "symmetric"):
        raise ValueError("Unsupported padding mode: " + mode)
    a = asarray(array)
    return _pad(a, asarray(pad_width, dt.int32), mode.upper(), constant_values=constant_values)


def meshgrid(*xi: Any, **kwargs: Any) -> list:
    sparse, indexing = kwargs.get("sparse", False), kwargs.get("indexing", "xy")
    if sparse:
        raise ValueError("Function `meshgrid` does not support returning sparse arrays yet. "
                         f"Received: sparse={sparse}")
    if kwargs.get("copy", True) is not True:
        raise ValueError("Function `meshgrid` only supports copy=True. "
                         f"Received: copy={kwargs['copy']}")
    xs = [AO.ravel(x) for x in xi]
    n = len(xs)
    out = []
    for i, x in enumerate(xs):
        j = 1 - i if indexing == "xy" and n > 1 and i < 2 else i  # "xy" swaps the first two
        s = [1] * n
        s[j] = -1
        out.append(A.reshape(x, s))
    # (TF's tf.meshgrid of the arrays: each times ones of the first's dtype by the operator,
    # so a bool first makes every output bool, and mixed numbers are Mul's refusal)
    if not out:  # (TF's meshgrid of nothing: no grids)
        return []
    full = ones_like(AO.broadcast_arrays(*out)[0])
    return [x * full for x in out]


def cross(a: Any, b: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1,
          axis: int | None = None) -> Tensor:
    a, b = promote(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a, b = _axis_to_last(a, axisa), _axis_to_last(b, axisb)
    two = a.shape[-1] == 2 and b.shape[-1] == 2
    a, b = (pad(x, [[0, 0]] * (len(x.shape) - 1) + [[0, 1]], "constant")
            if x.shape[-1] == 2 else x for x in (a, b))
    if tuple(a.shape) != tuple(b.shape):
        # TF broadcasts the padded operands to one shape first: BroadcastArgs refuses
        # shapes that do not broadcast, naming them whole; a last dimension of 1 is then
        # 3 (or 2) long, and the result's rank is the broadcast one
        shape = MO.broadcast_dynamic_shape(A.shape(a), A.shape(b))
        a, b = broadcast_to(a, shape), broadcast_to(b, shape)
    if a.shape[-1] != 3 or b.shape[-1] != 3:  # TF's Cross kernel refuses other lengths
        raise raised_eagerly(FailedPreconditionError(
            None, None, "Cross-products are only defined for 3-element vectors. [Op:Cross]"))
    a0, a1, a2 = (a[..., i] for i in range(3))
    b0, b1, b2 = (b[..., i] for i in range(3))
    r = len(a.shape)
    axisc = axisc + r if axisc < 0 else axisc  # (before the 2-vector case, as TF's)
    if two:  # NumPy's cross of 2-vectors is the z component alone
        return a0 * b1 - a1 * b0
    c = AO.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], -1)
    return _last_to_axis(c, axisc)


def _last_to_axis(c: Tensor, axis: Any) -> Tensor:
    """cross's result with its last axis moved to `axis`, as TF's: the permutation built
    of two ranges, so that an axis out of the rank is Range's error and a float one
    Transpose's (an int-valued float equal to the last axis leaves it in place)."""
    r = len(c.shape)
    if axis == r - 1:
        return c
    return A.transpose(c, A.concat([_range(axis), [r - 1], _range(axis, r - 1)], 0))


def _axis_to_last(x: Tensor, axis: int) -> Tensor:
    """cross's operand with `axis` moved last, as TF's: the permutation built of two
    ranges, so that an axis past the rank is Range's error; a scalar's last dimension
    is TF's IndexError of reading its empty shape."""
    r = len(x.shape)
    axis = axis + r if axis < 0 else axis
    if isinstance(axis, Tensor) and axis.shape.num_elements() == 0:
        # (TF's np_utils.cond reads `axis == rank - 1` as a NumPy array: an empty one's
        # truth is NumPy's ValueError)
        raise ValueError("The truth value of an empty array is ambiguous. Use `array.size > 0` "
                         "to check that an array is not empty.")
    if axis != r - 1:
        perm = A.concat([_range(axis), _range(axis + 1, r), [axis]], 0)
        x = A.transpose(x, perm)
    if r == 0:
        raise IndexError("index -1 is out of bounds for axis 0 with size 0")
    return x


def diff(a: Any, n: int = 1, axis: int = -1) -> Tensor:
    a = asarray(a)
    r = len(a.shape)
    # TF's checks in its order: an axis past the rank, the order, then (unchecked) an axis
    # below -rank or any of a scalar, its assignment into a list of the rank's slices
    if (axis + r if axis < 0 else axis) >= r:
        raise ValueError(f"Argument `axis` (received axis={axis}) is out of bounds for input "
                         f"{a} of rank {r}.")
    if n < 0:
        raise ValueError(f"Argument `order` must be a non-negative integer. Received: axis={n}")
    if axis < -r:
        raise IndexError("list assignment index out of range")
    before = (slice(None),) * (axis % r)
    for _ in range(n):
        if a.shape[axis % r] == 0:  # (each later difference is this empty one again: TF
            break  # takes them all, for hours if n is huge; its result is this)
        hi, lo = a[before + (slice(1, None),)], a[before + (slice(None, -1),)]
        a = m.not_equal(hi, lo) if a.dtype == dt.bool else hi - lo
    return a


def compress(condition: Any, a: Any, axis: int | None = None) -> Tensor:
    cond = asarray(condition, np.bool_)
    a = asarray(a)
    if len(cond.shape) != 1:
        raise ValueError("condition must be a 1-d array.")
    if axis is None or len(a.shape) == 0:
        a = AO.ravel(a)  # (NumPy's compress takes a scalar as a vector)
        axis = 0 if axis is None else axis
    axis = axis + len(a.shape) if axis < 0 else axis
    if not 0 <= axis < len(a.shape):  # TF's own assert on the axis
        raise AssertionError()
    n = a.shape[axis]
    if cond.shape[0] > n:
        raise ValueError(f"Shapes ({n},) and ({cond.shape[0]},) are incompatible")
    idx = A.reshape(where(cond), [-1])
    return gather(a, idx, axis=axis)


def average(a: Any, axis: Any = None, weights: Any = None, returned: bool = False) -> Any:
    if axis is not None and type(axis) is not int:  # (TF's: no tuple of axes)
        raise ValueError(f"Argument `axis` must be an integer. Received axis={axis} "
                         f"(of type {type(axis)})")
    a = asarray(a)
    if weights is None:
        if not M.is_inexact(a):  # (bfloat16 too, as NumPy's kinds)
            a = M.to_float(a)  # (tnp's astype: an AttributeError without numpy behavior)
        avg = M.mean(a, axis=axis)
        count = cast(_size(a) if axis is None else A.shape(a)[axis], avg.dtype)
        total = broadcast_to(count, A.shape(avg))
        return (avg, total) if returned else avg
    # (TF's: NumPy's type of a and the weights, and of a float too where `a` is no
    # NumPy-inexact dtype: a uint8 average by float16 weights is float64)
    inexact = np.issubdtype(a.dtype.as_numpy_dtype, np.inexact)
    out = result_type(a.dtype, weights) if inexact else result_type(a.dtype, weights, float)
    a, w = array(a, out), array(weights, out)
    if axis is None or len(w.shape) == len(a.shape):
        avg, wsum = _average_same_shape(a, w, axis)
    else:  # TF's: vector weights along the axis, by tensordot (its MatMul's errors)
        Assert(A.rank(w) == 1, [A.rank(w)])
        wsum = M.sum(w)
        avg = L.tensordot(a, w, [[axis], [0]]) / wsum
    if returned:
        return avg, broadcast_to(wsum, A.shape(avg))
    return avg


def _average_same_shape(a: Tensor, w: Tensor, axis: int | None) -> tuple:
    """TF's weighted average of weights shaped as `a`: its check compares the shapes as
    tensors (broadcast, so [3] passes against [3, 3]), then the weights' own sum (a scalar
    weight of a vector counts once: [1, 2] by 2 is 3.0)."""
    sa, sw = A.shape(a), A.shape(w)
    Assert(reduce_all(sa == sw), [sa, sw])
    wsum = M.sum(w, axis=axis)
    return M.sum(a * w, axis=axis) / wsum, wsum


def _nan_to(a: Any, value: float) -> Tensor:
    """`a` with its NaNs `value`, as TF's tnp: tnp.isnan of any dtype (of ints or bools
    its float cast's AttributeError without NumPy behavior, as in TF)."""
    a = asarray(a)
    fill = asarray(value, a.dtype)
    return where(M.isnan(a), fill, a)


def nansum(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Tensor:
    return M.sum(_nan_to(a, 0), axis=axis, dtype=dtype, keepdims=keepdims)


def nanprod(a: Any, axis: Any = None, dtype: Any = None, keepdims: bool = False) -> Tensor:
    return M.prod(_nan_to(a, 1), axis=axis, dtype=dtype, keepdims=keepdims)


# (TF's nansum and nanprod are one factory's `nan_reduction`: Python's words for a bad
# call name it so)
for _f in (nansum, nanprod):
    _f.__name__, _f.__qualname__ = "nan_reduction", "_make_nan_reduction.<locals>.nan_reduction"


def nanmean(a: Any, axis: Any = None, dtype: Any = None, keepdims: Any = None) -> Tensor:
    a = asarray(a)
    if not (a.dtype.is_floating or a.dtype.is_complex):
        return M.mean(a, axis=axis, dtype=dtype, keepdims=keepdims)
    ok = m.logical_not(m.is_nan(a))
    total = nansum(a, axis=axis, dtype=dtype, keepdims=keepdims)
    count = M.sum(ok, axis=axis, keepdims=keepdims)
    return total / cast(count, total.dtype)


def _int_binary(a: Any, b: Any) -> tuple:
    a, b = promote(a, b)
    if not a.dtype.is_integer:
        raise ValueError("Arguments to gcd must be integers.")
    return a, b


def gcd(x1: Any, x2: Any) -> Tensor:
    """tnp.gcd: Euclid's algorithm, one remainder step per round."""
    a, b = _int_binary(x1, x2)
    a, b = broadcast_to(m.abs(a), A.shape(a + b)), broadcast_to(m.abs(b), A.shape(a + b))
    for _ in range(max(1, int(np.ceil(np.log2(max(2, int(M.amax(m.maximum(a, b)))))) * 2 + 2))):
        nz = m.not_equal(b, zeros_like(b))
        safe = where(nz, b, ones_like(b))
        a, b = where(nz, b, a), where(nz, m.floormod(a, safe), b)
    return a


def lcm(x1: Any, x2: Any) -> Tensor:
    a, b = _int_binary(x1, x2)
    g = gcd(a, b)
    zero = m.equal(g, zeros_like(g))
    safe = where(zero, ones_like(g), g)
    # (|a| * (|b| // gcd) as TF's: where the product wraps, its sign is the wrapped one's)
    return where(zero, zeros_like(g), m.abs(a) * m.floordiv(m.abs(b), safe))


def polyval(p: Any, x: Any) -> Tensor:
    p, x = promote(p, x)
    if len(p.shape) == 0:  # a scalar is one coefficient, as in TF's
        p = A.reshape(p, [1])
    n = p.shape[0]
    if n == 0:
        return zeros_like(x)
    out = p[0]  # Horner's rule from the leading coefficient, as TF's (no 0 * x first)
    for i in range(1, n):
        out = out * x + p[i]
    # a constant polynomial is broadcast to x's shape, as NumPy's
    return broadcast_to(out, A.shape(x)) if n == 1 else out


def vander(x: Any, N: int | None = None, increasing: bool = False) -> Tensor:  # noqa: N803
    x = asarray(x)
    if N is None and x.shape.rank == 0:  # (TF reads N from x's shape tensor first: a scalar's
        A.shape(x)[0]  # slice is out of bounds)
    if len(x.shape) != 1:
        raise ValueError("x must be a one-dimensional array")
    n = _dim(x, 0) if N is None else N
    if isinstance(n, int) and n < 0:
        raise ValueError("N must be nonnegative")
    powers = _range(n, dtype=x.dtype if not x.dtype == dt.bool else dt.int64)
    if not increasing:
        powers = AO.flip(powers)
    return m.pow(A.expand_dims(x, 1), cast(A.expand_dims(powers, 0), x.dtype))


def ix_(*args: Any) -> list:
    """tnp's: a list, of integer or bool index vectors only (an empty list is float64's)."""
    n = len(args)
    out = []
    for i, a in enumerate(args):
        a = asarray(a)
        if len(a.shape) != 1:
            raise ValueError(f"Arguments must be 1-d, got arg {i} of rank {len(a.shape)}")
        if a.dtype == dt.bool:
            a = A.reshape(where(a), [-1])
        elif not a.dtype.is_integer:
            raise ValueError(f"Only integer and bool dtypes are supported, got {a.dtype}")
        s = [1] * n
        s[i] = -1
        out.append(A.reshape(a, s))
    return out


def select(condlist: Any, choicelist: Any, default: Any = 0) -> Tensor:
    if len(condlist) != len(choicelist):
        raise ValueError(
            f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})")
    if not condlist:
        raise ValueError("condlist must be non-empty")
    out, *choices = promote(default, *choicelist)
    for cond, choice in zip(condlist[::-1], choices[::-1]):
        out = AO.where(cond, choice, out)
    return out


def array_equal(a1: Any, a2: Any) -> Tensor:
    a, b = promote(a1, a2)
    if tuple(a.shape) != tuple(b.shape):
        return asarray(False)
    return M.all(m.equal(a, b))


def angle(z: Any, deg: bool = False) -> Tensor:
    z = asarray(z)
    if not M.is_inexact(z):  # (bfloat16 too: not NumPy's inexact)
        z = M.to_float(z)  # (tnp's astype: an AttributeError without numpy behavior)
    # a real input's angle is TF's where(x < 0, pi, 0): float32 (TF's default for pi)
    out = MO.angle(z) if z.dtype.is_complex else \
        where(m.less(z, zeros_like(z)), asarray(np.pi, np.float32), asarray(0.0, np.float32))
    return out * asarray(180 / np.pi, out.dtype) if deg else out


def imag(val: Any) -> Tensor:
    val = asarray(val)
    return MO.imag(val) if val.dtype.is_complex else zeros_like(val)


def iscomplex(x: Any) -> Tensor:
    # (compared by the tensor operators with a Python 0, as tnp compares: a bool's or a
    # string's imaginary part refuses it, TF's TypeError)
    return imag(x) != 0


def isreal(x: Any) -> Tensor:
    return imag(x) == 0


def iscomplexobj(x: Any) -> bool:
    return asarray(x).dtype.is_complex


def isrealobj(x: Any) -> bool:
    return not iscomplexobj(x)


def isneginf(x: Any) -> Any:
    """TF's: x's dtype read as given (tnp.isinf's AttributeErrors), False unless floats."""
    return m.equal(x, asarray(-np.inf, x.dtype)) if x.dtype.is_floating else False


def isposinf(x: Any) -> Any:
    return m.equal(x, asarray(np.inf, x.dtype)) if x.dtype.is_floating else False

