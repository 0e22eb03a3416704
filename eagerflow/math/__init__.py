"""tf.math: elementwise math, reductions, scans and segment sums."""

from eagerflow._src.ops.math import (  # noqa: F401
    abs, acos, add, asin, atan, ceil, cos, cosh, divide, equal, erf, exp, expm1, floor,
    floordiv, floormod, greater, greater_equal, is_finite, is_inf, is_nan, less, less_equal,
    log, log1p, logical_and, logical_not, logical_or, logical_xor, maximum, minimum, mod,
    multiply, negative, not_equal, pow, reciprocal, round, rsqrt, sigmoid, sign, sin, sinh,
    sqrt, square, squared_difference, subtract, tan, tanh, truediv,
)
from eagerflow._src.ops.math_base import add_n, conj, real  # noqa: F401
from eagerflow._src.ops.indexed_slices import scalar_mul  # noqa: F401
from eagerflow._src.ops.reduce import (  # noqa: F401
    argmax, argmin, count_nonzero, reduce_all, reduce_any, reduce_euclidean_norm,
    reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod, reduce_std, reduce_sum,
    reduce_variance,
)
from eagerflow._src.ops.scans import (  # noqa: F401
    cumprod, cumsum,
)
from eagerflow._src.ops.logsumexp_scan import cumulative_logsumexp  # noqa: F401
from eagerflow._src.ops.sorting import top_k  # noqa: F401
from eagerflow._src.ops.indexing import unsorted_segment_sum  # noqa: F401
from eagerflow._src.ops.math_special import (  # noqa: F401
    acosh, asinh, atanh, digamma, div_no_nan as divide_no_nan, erfc, erfinv, lgamma, log_sigmoid,
    multiply_no_nan, ndtri, nextafter, polygamma, reciprocal_no_nan, rint, xdivy, xlog1py, xlogy,
    zeta,
)
from eagerflow._src.ops.nn import log_softmax, softmax, softsign  # noqa: F401
from eagerflow._src.ops.nn_loss import in_top_k  # noqa: F401
from eagerflow._src.ops.nn_norm import l2_normalize  # noqa: F401
from eagerflow._src.ops.segment_ops import (  # noqa: F401
    segment_max, segment_mean, segment_min, segment_prod, segment_sum, unsorted_segment_max,
    unsorted_segment_mean, unsorted_segment_min, unsorted_segment_prod, unsorted_segment_sqrt_n,
)
from eagerflow._src.ops.misc_ops import (  # noqa: F401
    bincount, confusion_matrix, imag, invert_permutation, is_non_decreasing,
    is_strictly_increasing, lbeta, polyval, zero_fraction,
)
from eagerflow._src.ops.math_special import (  # noqa: F401
    atan2, bessel_i0, bessel_i0e, bessel_i1, bessel_i1e, erfcinv,
)
from eagerflow._src.ops.nn import softplus  # noqa: F401
from eagerflow._src.ops.misc_ops import angle  # noqa: F401
from eagerflow._src.ops.special_incomplete import betainc, igamma, igammac  # noqa: F401
from eagerflow.math import special  # noqa: F401,E402
from eagerflow._src.ops.nn_extras import accumulate_n, approx_max_k, approx_min_k  # noqa: F401
from eagerflow._src.ops.sobol import sobol_sample  # noqa: F401

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("math", globals())
del _api_names
