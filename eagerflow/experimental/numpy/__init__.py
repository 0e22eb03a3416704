"""tf.experimental.numpy ("tnp"): NumPy's API over tensors; `tnp.ndarray` is tf.Tensor."""

from eagerflow._src.core.tensor import Tensor as ndarray  # noqa: F401, N813
from eagerflow._src.numpy_ops.array_ops import (  # noqa: F401
    append, arange, atleast_1d, atleast_2d, atleast_3d, broadcast_arrays, broadcast_to,
    concatenate, dsplit, dstack, empty, empty_like, expand_dims, eye, flatten, flip, fliplr,
    flipud, full, full_like, geomspace, hsplit, hstack, identity, linspace, logspace,
    moveaxis, newaxis, nonzero, ones, ones_like, ravel, repeat, reshape, roll, rot90, split,
    squeeze, stack, swapaxes, take, take_along_axis, tile, transpose, vsplit, vstack, where,
    zeros, zeros_like,
)
from eagerflow._src.numpy_ops.behavior import (  # noqa: F401
    experimental_enable_numpy_behavior,
)
from eagerflow._src.numpy_ops.dtypes import (  # noqa: F401
    array, asarray, bool_, complex64, complex128, complex_, finfo, float16, float32, float64,
    float_, iinfo, inexact, int8, int16, int32, int64, int_, issubdtype, object_,
    promote_types, result_type, string_, uint8, uint16, uint32, uint64, unicode_,
)
from eagerflow._src.numpy_ops.extras import (  # noqa: F401
    angle, array_equal, asanyarray, ascontiguousarray, average, compress, copy, cross, diag,
    diag_indices, diagflat, diagonal, diff, gcd, imag, iscomplex, iscomplexobj, isneginf,
    isposinf, isreal, isrealobj, isscalar, ix_, lcm, meshgrid, nanmean, nanprod, nansum,
    ndim, pad, polyval, select, shape, size, tri, tril, triu, vander,
)
from eagerflow._src.numpy_ops.math_ops import (  # noqa: F401
    abs, absolute, add, all, allclose, amax, amin, any, arccos, arccosh, arcsin, arcsinh,
    arctan, arctan2, arctanh, argmax, argmin, argsort, around, bitwise_and, bitwise_not,
    bitwise_or, bitwise_xor, cbrt, ceil, clip, conj, conjugate, cos, cosh, count_nonzero,
    cumprod, cumsum, deg2rad, divide, divmod, dot, e, einsum, equal, exp, exp2, expm1, fabs,
    fix, float_power, floor, floor_divide, greater, greater_equal, heaviside, hypot, inf,
    inner, isclose, isfinite, isinf, isnan, kron, less, less_equal, log, log1p, log2, log10,
    logaddexp, logaddexp2, logical_and, logical_not, logical_or, logical_xor, matmul, max,
    maximum, mean, min, minimum, mod, multiply, nextafter, negative, not_equal, outer, pi,
    positive, power, prod, ptp, rad2deg, real, reciprocal, remainder, round, sign, signbit,
    sin, sinc, sinh, sort, sqrt, square, std, subtract, sum, tan, tanh, tensordot, trace,
    true_divide, var, vdot,
)
from eagerflow.experimental.numpy import random  # noqa: F401
