"""Reductions: sum, mean, max, min, prod, any, all, argmax/argmin, and composites.

Reduction ops take `axes` (a sorted tuple, normalized by `reduction_axes`) and
`keepdims` as attributes; their gradients broadcast the output gradient back over
the reduced axes.
"""

from __future__ import annotations

import functools
import operator
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape, reshape_like
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.math import _t, broadcast_like, cast, equal, where, zeros_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_rng = np.random.default_rng(2)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _reduced_shape(shape: tuple | None, axes: tuple | None, keepdims: bool) -> tuple | None:
    if shape is None or axes is None:
        return None
    if keepdims:
        return tuple(1 if i in axes else d for i, d in enumerate(shape))
    return tuple(d for i, d in enumerate(shape) if i not in axes)


def _keep(g: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    """The output gradient reshaped so that it broadcasts against the input."""
    if keepdims:
        return g
    kept = tuple(1 if i in axes else d for i, d in enumerate(x._shape))
    if None in kept:
        return bind(KEEPDIMS_LIKE, (g, x), {"axes": axes})
    return reshape(g, kept)


def _keepdims_like_infer(g: Any, x: Any, axes: tuple) -> list:
    if x._shape is None:
        return [(None, g._dtype)]
    out = tuple(1 if i in axes else d for i, d in enumerate(x._shape))
    n, m = C.num_elements(g._shape), C.num_elements(out)
    if any(not 0 <= a < len(x._shape) for a in axes) or (None not in (n, m) and n != m):
        raise C.fail("ExpandReducedDims", f"cannot restore axes {list(axes)} of "
                                          f"{C.shape_str(x._shape)} on {C.shape_str(g._shape)}")
    return [(out, g._dtype)]


KEEPDIMS_LIKE = register(OpDef(
    "ExpandReducedDims",  # gradient helper: restore reduced axes as size-1 dims
    _keepdims_like_infer,
    lambda xp, g, x, axes: xp.reshape(g, tuple(1 if i in axes else d
                                               for i, d in enumerate(x.shape))),
    grad=lambda n, g: [reshape_like(g, n.inputs[0]), None],
    reference=lambda g, x, axes: np.expand_dims(g, axes),
    samples=[Sample((_f64(3), np.zeros((2, 3))), {"axes": (0,)}, grad_inputs=(0,))],
))


def _reduction(tf_name: str, np_fn: Callable, allowed: frozenset, grad: Callable | None,
               reference: Callable, out_bool: bool = False) -> OpDef:
    def infer(x: Any, axes: tuple, keepdims: bool) -> list:
        C.check_dtype(tf_name, x, allowed)
        if type(keepdims) is not bool:
            raise TypeError(f"Expected bool for argument 'keep_dims' not {keepdims!r}. "
                            f"[Op:{tf_name}]")
        if x._shape is not None:
            for a in axes:
                if not 0 <= a < max(len(x._shape), 1):
                    raise C.fail(tf_name, f"Invalid reduction dimension ({a} for input with "
                                          f"{len(x._shape)} dimension(s)")
        if len(set(axes)) != len(axes):
            dup = next(a for a in axes if axes.count(a) > 1)
            raise C.fail(tf_name, f"Invalid reduction arguments: Axes contains duplicate "
                                  f"dimension: {dup}")
        return [(_reduced_shape(x._shape, axes, keepdims), x._dtype)]

    def kernel(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
        if x.ndim == 0:
            return x.copy()
        return np_fn(xp, x, axes, keepdims)

    numeric = bool(allowed & C.FLOATS)
    samples = ([Sample((_f64(3, 4),), {"axes": (1,), "keepdims": False}),
                Sample((_f64(2, 3, 4),), {"axes": (0, 2), "keepdims": True}),
                Sample((_f64(3, 2),), {"axes": (0, 1), "keepdims": False})] if numeric else
               [Sample((_rng.integers(0, 2, (3, 4)).astype(bool),),
                       {"axes": (1,), "keepdims": False}, grad=False)])
    bad = [BadSample((samples[0].inputs[0],), {"axes": (3,), "keepdims": False},
                     InvalidArgumentError, "Invalid reduction dimension")]
    return register(OpDef(tf_name, infer, kernel, grad=grad, reference=reference,
                          samples=samples, bad_samples=bad))


def _loop_reduce(f: Callable) -> Callable:
    """Reference reduction: walk the output cells and fold the input cells that map to them."""
    def ref(x: np.ndarray, axes: tuple, keepdims: bool) -> np.ndarray:
        out_shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape))
        out = np.empty(out_shape, dtype=x.dtype)
        for o in np.ndindex(*out_shape):
            cells = [x[i] for i in np.ndindex(*x.shape)
                     if all(i[k] == o[k] for k in range(x.ndim) if k not in axes)]
            out[o] = f(cells)
        return out if keepdims else out.reshape([d for i, d in enumerate(x.shape) if i not in axes])
    return ref


def _sum_grad(n: Any, g: Any) -> list:
    x = n.inputs[0]
    return [broadcast_like(_keep(g, x, n.attrs["axes"], n.attrs["keepdims"]), x)]


def _mean_grad(n: Any, g: Any) -> list:
    x, out = n.inputs[0], n.outputs[0]
    count = bind(COUNT_RATIO, (x, out), {})
    return [broadcast_like(_keep(g, x, n.attrs["axes"], n.attrs["keepdims"]), x) / count]


def _minmax_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    axes, keep = n.attrs["axes"], n.attrs["keepdims"]
    y_b = broadcast_like(_keep(y, x, axes, keep), x)
    hits = cast(equal(x, y_b), g._dtype)  # ties share the gradient equally, as in TF
    count = bind(SUM, (hits,), {"axes": axes, "keepdims": True})
    return [broadcast_like(_keep(g, x, axes, keep), x) * hits / count]


def _prod_grad(n: Any, g: Any) -> list:
    x, y = n.inputs[0], n.outputs[0]
    axes, keep = n.attrs["axes"], n.attrs["keepdims"]
    # y / x where x != 0; exact only away from zeros, which the samples avoid
    y_b = broadcast_like(_keep(y, x, axes, keep), x)
    safe = where(equal(x, zeros_like(x)), zeros_like(x) + 1, x)
    return [broadcast_like(_keep(g, x, axes, keep), x) * y_b / safe]


# Kernels call the ufuncs' reduce methods rather than xp.sum/xp.mean: those NumPy wrappers
# warn about overflow and empty slices from NumPy's own modules, which reach the user;
# TF returns inf/nan silently (eagerflow silences warnings raised from its own modules).

def _np_sum(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    return xp.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype)


def _np_mean(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
    n = 1
    for a in axes:
        n *= x.shape[a]
    if x.dtype.kind in "iu":  # TF's integer mean: a wide sum divided toward zero (0 if empty)
        s = xp.add.reduce(x, axis=axes, keepdims=keepdims,
                          dtype=np.uint64 if x.dtype.kind == "u" else np.int64)
        q = xp.abs(s) // max(n, 1)
        return (q * xp.sign(s)).astype(x.dtype) if x.dtype.kind == "i" else q.astype(x.dtype)
    s = xp.add.reduce(x, axis=axes, keepdims=keepdims, dtype=x.dtype)
    if n == 0 and x.dtype.kind == "c":
        return s  # TF: an empty complex mean is 0; an empty float mean is nan
    return xp.true_divide(s, n, dtype=x.dtype)


def _np_extreme(fn_name: str, identity: str) -> Callable:
    def f(xp: Any, x: Any, axes: tuple, keepdims: bool) -> Any:
        if x.size == 0:
            fill = getattr(dt.as_dtype(x.dtype), identity) if x.dtype.kind in "iu" else \
                (-np.inf if identity == "min" else np.inf)
            shape = tuple(1 if i in axes else d for i, d in enumerate(x.shape)) if keepdims else \
                tuple(d for i, d in enumerate(x.shape) if i not in axes)
            return xp.full(shape, fill, dtype=x.dtype)
        return getattr(xp, fn_name).reduce(x, axis=axes, keepdims=keepdims)
    return f


SUM = _reduction("Sum", _np_sum, C.NUMERIC, _sum_grad, _loop_reduce(lambda c: sum(c, 0.0)))
MEAN = _reduction("Mean", _np_mean, C.NUMERIC, _mean_grad,
                  _loop_reduce(lambda c: sum(c, 0.0) / len(c)))
MAX = _reduction("Max", _np_extreme("maximum", "min"), C.REALS, _minmax_grad, _loop_reduce(max))
MIN = _reduction("Min", _np_extreme("minimum", "max"), C.REALS, _minmax_grad, _loop_reduce(min))
PROD = _reduction("Prod", lambda xp, x, a, k: xp.multiply.reduce(x, axis=a, keepdims=k,
                                                                 dtype=x.dtype),
                  C.NUMERIC, _prod_grad,
                  _loop_reduce(lambda c: functools.reduce(operator.mul, c, 1.0)))
ANY = _reduction("Any", lambda xp, x, a, k: xp.logical_or.reduce(x, axis=a, keepdims=k), C.BOOL,
                 None, _loop_reduce(any))
ALL = _reduction("All", lambda xp, x, a, k: xp.logical_and.reduce(x, axis=a, keepdims=k), C.BOOL,
                 None, _loop_reduce(all))

COUNT_RATIO = register(OpDef(
    "ReductionSize",  # gradient helper: how many input cells fed each output cell
    lambda x, y: [((), x._dtype)],
    lambda xp, x, y: xp.asarray(max(x.size, 1) / max(y.size, 1), dtype=x.dtype),
    reference=lambda x, y: np.asarray(x.size / max(y.size, 1), dtype=x.dtype),
    samples=[Sample((_f64(3, 4), np.zeros(4)), grad=False)],
))


def _reduce_fn(op: OpDef, cast_bool: bool = False) -> Callable:
    def f(input_tensor: Any, axis: Any = None, keepdims: bool = False, name: str | None = None,
          **kwargs: Any) -> Any:
        x = _t(input_tensor)
        keepdims = kwargs.pop("keep_dims", keepdims)
        if kwargs.pop("reduction_indices", None) is not None:
            raise TypeError("reduction_indices is TF 1.x; use axis")
        if kwargs:
            raise TypeError(f"{op.name}: unexpected arguments {sorted(kwargs)}")
        if cast_bool and x._dtype is not dt.bool:
            raise C.not_supported(op.name, x._dtype)
        ndim = None if x._shape is None else len(x._shape)
        if axis is not None and not isinstance(axis, (int, np.integer)):
            axis = tuple(int(a) for a in (np.asarray(axis).reshape(-1) if not isinstance(
                axis, (list, tuple)) else axis))
        elif axis is not None:
            axis = int(axis)
        axes = C.reduction_axes(op.name, axis, ndim)
        return bind(op, (x,), {"axes": axes, "keepdims": bool(keepdims)})
    f.__name__ = op.name
    return f


reduce_sum = _reduce_fn(SUM)
reduce_mean = _reduce_fn(MEAN)
reduce_max = _reduce_fn(MAX)
reduce_min = _reduce_fn(MIN)
reduce_prod = _reduce_fn(PROD)
reduce_any = _reduce_fn(ANY, cast_bool=True)
reduce_all = _reduce_fn(ALL, cast_bool=True)


def reduce_variance(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                    name: str | None = None) -> Any:
    x = _t(input_tensor)
    if not (x._dtype.is_floating or x._dtype.is_complex):
        raise TypeError(f"Input must be either real or complex. Received integer type "
                        f"{x._dtype.name}.")
    mean = reduce_mean(x, axis=axis, keepdims=True)
    from eagerflow._src.ops.math import square

    return reduce_mean(square(x - mean), axis=axis, keepdims=keepdims)


def reduce_std(input_tensor: Any, axis: Any = None, keepdims: bool = False,
               name: str | None = None) -> Any:
    from eagerflow._src.ops.math import sqrt

    return sqrt(reduce_variance(input_tensor, axis=axis, keepdims=keepdims))


def reduce_logsumexp(input_tensor: Any, axis: Any = None, keepdims: bool = False,
                     name: str | None = None) -> Any:
    from eagerflow._src.ops.math import exp, is_finite, log, stop_gradient

    x = _t(input_tensor)
    m = stop_gradient(reduce_max(x, axis=axis, keepdims=True))
    m = where(is_finite(m), m, zeros_like(m))  # all -inf rows stay -inf, not nan
    out = log(reduce_sum(exp(x - m), axis=axis, keepdims=True)) + m
    if keepdims:
        return out
    ndim = len(x._shape)
    axes = C.reduction_axes("LogSumExp", axis, ndim)
    return reshape(out, [d for i, d in enumerate(x._shape) if i not in axes])


def count_nonzero(input: Any, axis: Any = None, keepdims: bool = False,  # noqa: A002
                  dtype: Any = dt.int64, name: str | None = None) -> Any:
    x = _t(input)
    nz = cast(equal(x, zeros_like(x)), dt.int64)
    return cast(reduce_sum(1 - nz, axis=axis, keepdims=keepdims), dtype)


_ARG_OUT = frozenset((dt.int16, dt.uint16, dt.int32, dt.int64))


def _arg_infer(name: str) -> Callable:
    def infer(x: Any, axis: int, output_type: dt.DType) -> list:
        C.dtype_attr(name, output_type, "output_type", _ARG_OUT)
        C.check_dtype(name, x, C.REALS | {dt.bool})
        if x._shape is None:
            return [(None, output_type)]
        if not x._shape:
            raise C.fail(name, "Expected input to have at least 1 dimension")
        ax = C.norm_axis(name, axis, len(x._shape))
        if x._shape[ax] == 0:
            raise C.fail(name, f"Reduction axis {axis} is empty in shape "
                               f"{C.shape_str(x._shape)}")
        return [(x._shape[:ax] + x._shape[ax + 1:], output_type)]
    return infer


ARGMAX = register(OpDef(
    "ArgMax", _arg_infer("ArgMax"),
    lambda xp, x, axis, output_type: xp.argmax(x, axis=axis).astype(output_type.as_numpy_dtype),
    reference=lambda x, axis, output_type: np.apply_along_axis(
        lambda v: max(range(len(v)), key=lambda i: (v[i], -i)), axis, x),
    samples=[Sample((_f64(3, 4),), {"axis": 1, "output_type": dt.int64}, grad=False),
             Sample((_f64(3, 4),), {"axis": 0, "output_type": dt.int32}, grad=False)],
    bad_samples=[BadSample((np.ones((2, 3)),), {"axis": 2, "output_type": dt.int64},
                           InvalidArgumentError)],
))
ARGMIN = register(OpDef(
    "ArgMin", _arg_infer("ArgMin"),
    lambda xp, x, axis, output_type: xp.argmin(x, axis=axis).astype(output_type.as_numpy_dtype),
    reference=lambda x, axis, output_type: np.apply_along_axis(
        lambda v: min(range(len(v)), key=lambda i: (v[i], i)), axis, x),
    samples=[Sample((_f64(3, 4),), {"axis": 1, "output_type": dt.int64}, grad=False)],
    bad_samples=[BadSample((np.ones((2, 3)),), {"axis": -3, "output_type": dt.int64},
                           InvalidArgumentError)],
))


def argmax(input: Any, axis: Any = None, output_type: Any = dt.int64,  # noqa: A002
           name: str | None = None) -> Any:
    return bind(ARGMAX, (_t(input),), {"axis": 0 if axis is None else int(axis),
                                       "output_type": dt.as_dtype(output_type)})


def argmin(input: Any, axis: Any = None, output_type: Any = dt.int64,  # noqa: A002
           name: str | None = None) -> Any:
    return bind(ARGMIN, (_t(input),), {"axis": 0 if axis is None else int(axis),
                                       "output_type": dt.as_dtype(output_type)})
