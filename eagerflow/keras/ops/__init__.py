"""keras.ops (tf.keras.ops): Keras 3's operations on TensorFlow (re-exports only)."""

from eagerflow._src.keras.ops.core import (  # noqa: F401
    associative_scan as associative_scan, cast as cast, cond as cond,
    convert_to_numpy as convert_to_numpy, convert_to_tensor as convert_to_tensor,
    custom_gradient as custom_gradient, dtype as dtype, fori_loop as fori_loop,
    is_tensor as is_tensor, map as map, saturate_cast as saturate_cast, scan as scan,
    scatter as scatter, scatter_update as scatter_update, shape as shape, slice as slice,
    slice_update as slice_update, stop_gradient as stop_gradient, switch as switch,
    unstack as unstack, vectorized_map as vectorized_map, while_loop as while_loop,
)
from eagerflow._src.keras.ops.einops import (  # noqa: F401
    rearrange as rearrange,
)
from eagerflow._src.keras.ops.linalg import (  # noqa: F401
    cholesky as cholesky, cholesky_inverse as cholesky_inverse, det as det, eig as eig,
    eigh as eigh, inv as inv, jvp as jvp, lstsq as lstsq, lu_factor as lu_factor,
    matrix_rank as matrix_rank, norm as norm, pinv as pinv, qr as qr, solve as solve,
    solve_triangular as solve_triangular, svd as svd,
)
from eagerflow._src.keras.ops.math import (  # noqa: F401
    cdist as cdist, erf as erf, erfc as erfc, erfinv as erfinv,
    extract_sequences as extract_sequences, fft as fft, fft2 as fft2, ifft2 as ifft2,
    in_top_k as in_top_k, irfft as irfft, istft as istft, logdet as logdet, logsumexp as logsumexp,
    rfft as rfft, rsqrt as rsqrt, segment_max as segment_max, segment_min as segment_min,
    segment_prod as segment_prod, segment_sum as segment_sum, stft as stft, top_k as top_k,
    view_as_complex as view_as_complex, view_as_real as view_as_real,
)
from eagerflow._src.keras.ops.nn import (  # noqa: F401
    batch_normalization as batch_normalization, binary_crossentropy as binary_crossentropy,
    categorical_crossentropy as categorical_crossentropy, celu as celu,
    dot_product_attention as dot_product_attention, elu as elu, gelu as gelu, glu as glu,
    hard_shrink as hard_shrink, hard_sigmoid as hard_sigmoid, hard_silu as hard_silu,
    hard_swish as hard_swish, hard_tanh as hard_tanh, layer_normalization as layer_normalization,
    leaky_relu as leaky_relu, log_sigmoid as log_sigmoid, log_softmax as log_softmax,
    moments as moments, multi_hot as multi_hot, normalize as normalize, one_hot as one_hot,
    polar as polar, psnr as psnr, relu as relu, relu6 as relu6,
    rms_normalization as rms_normalization, selu as selu, sigmoid as sigmoid, silu as silu,
    soft_shrink as soft_shrink, softmax as softmax, softplus as softplus, softsign as softsign,
    sparse_categorical_crossentropy as sparse_categorical_crossentropy, sparse_plus as sparse_plus,
    sparse_sigmoid as sparse_sigmoid, sparsemax as sparsemax, squareplus as squareplus,
    swish as swish, tanh_shrink as tanh_shrink, threshold as threshold,
)
from eagerflow._src.keras.ops.nn_conv import (  # noqa: F401
    adaptive_average_pool as adaptive_average_pool, adaptive_max_pool as adaptive_max_pool,
    average_pool as average_pool, conv as conv, conv_transpose as conv_transpose,
    ctc_decode as ctc_decode, ctc_loss as ctc_loss, depth_to_space as depth_to_space,
    depthwise_conv as depthwise_conv, fold as fold, max_pool as max_pool,
    separable_conv as separable_conv, space_to_depth as space_to_depth, unfold as unfold,
)
from eagerflow._src.keras.ops.numpy_array import (  # noqa: F401
    append as append, arange as arange, array as array, array_split as array_split,
    bartlett as bartlett, blackman as blackman, broadcast_to as broadcast_to,
    concatenate as concatenate, diag as diag, diagflat as diagflat, diagonal as diagonal,
    dsplit as dsplit, dstack as dstack, empty as empty, empty_like as empty_like,
    expand_dims as expand_dims, eye as eye, flip as flip, fliplr as fliplr, flipud as flipud,
    full as full, full_like as full_like, geomspace as geomspace, get_item as get_item,
    hamming as hamming, hanning as hanning, hsplit as hsplit, hstack as hstack,
    identity as identity, kaiser as kaiser, linspace as linspace, logspace as logspace,
    meshgrid as meshgrid, moveaxis as moveaxis, ndim as ndim, nonzero as nonzero, ones as ones,
    ones_like as ones_like, pad as pad, ravel as ravel, repeat as repeat, reshape as reshape,
    roll as roll, rot90 as rot90, select as select, size as size, split as split,
    squeeze as squeeze, stack as stack, swapaxes as swapaxes, take as take,
    take_along_axis as take_along_axis, tile as tile, transpose as transpose, tri as tri,
    tril as tril, triu as triu, unravel_index as unravel_index, vectorize as vectorize,
    view as view, vsplit as vsplit, vstack as vstack, where as where, zeros as zeros,
    zeros_like as zeros_like,
)
from eagerflow._src.keras.ops.numpy_linear import (  # noqa: F401
    corrcoef as corrcoef, correlate as correlate, cross as cross, dot as dot, einsum as einsum,
    inner as inner, kron as kron, matmul as matmul, outer as outer, slogdet as slogdet,
    tensordot as tensordot, trapezoid as trapezoid, vander as vander, vdot as vdot,
)
from eagerflow._src.keras.ops.numpy_math import (  # noqa: F401
    abs as abs, absolute as absolute, add as add, allclose as allclose, angle as angle,
    arccos as arccos, arccosh as arccosh, arcsin as arcsin, arcsinh as arcsinh, arctan as arctan,
    arctan2 as arctan2, arctanh as arctanh, bitwise_and as bitwise_and,
    bitwise_invert as bitwise_invert, bitwise_left_shift as bitwise_left_shift,
    bitwise_not as bitwise_not, bitwise_or as bitwise_or,
    bitwise_right_shift as bitwise_right_shift, bitwise_xor as bitwise_xor, cbrt as cbrt,
    ceil as ceil, clip as clip, conj as conj, conjugate as conjugate, copy as copy, cos as cos,
    cosh as cosh, deg2rad as deg2rad, divide as divide, divide_no_nan as divide_no_nan,
    equal as equal, exp as exp, exp2 as exp2, expm1 as expm1, fabs as fabs, floor as floor,
    floor_divide as floor_divide, fmax as fmax, fmin as fmin, fmod as fmod, gcd as gcd,
    greater as greater, greater_equal as greater_equal, heaviside as heaviside, hypot as hypot,
    i0 as i0, imag as imag, isclose as isclose, isfinite as isfinite, isinf as isinf,
    isnan as isnan, isneginf as isneginf, isposinf as isposinf, isreal as isreal, lcm as lcm,
    ldexp as ldexp, left_shift as left_shift, less as less, less_equal as less_equal, log as log,
    log10 as log10, log1p as log1p, log2 as log2, logaddexp as logaddexp, logaddexp2 as logaddexp2,
    logical_and as logical_and, logical_not as logical_not, logical_or as logical_or,
    logical_xor as logical_xor, maximum as maximum, minimum as minimum, mod as mod,
    multiply as multiply, nan_to_num as nan_to_num, negative as negative, nextafter as nextafter,
    not_equal as not_equal, power as power, rad2deg as rad2deg, real as real,
    reciprocal as reciprocal, right_shift as right_shift, round as round, sign as sign,
    signbit as signbit, sin as sin, sinc as sinc, sinh as sinh, sqrt as sqrt, square as square,
    subtract as subtract, tan as tan, tanh as tanh, true_divide as true_divide, trunc as trunc,
)
from eagerflow._src.keras.ops.numpy_reduce import (  # noqa: F401
    all as all, amax as amax, amin as amin, any as any, argmax as argmax, argmin as argmin,
    argpartition as argpartition, argsort as argsort, average as average, bincount as bincount,
    count_nonzero as count_nonzero, cumprod as cumprod, cumsum as cumsum, diff as diff,
    digitize as digitize, histogram as histogram, isin as isin, max as max, mean as mean,
    median as median, min as min, nanargmax as nanargmax, nanargmin as nanargmin,
    nancumprod as nancumprod, nancumsum as nancumsum, nanmax as nanmax, nanmean as nanmean,
    nanmedian as nanmedian, nanmin as nanmin, nanpercentile as nanpercentile, nanprod as nanprod,
    nanquantile as nanquantile, nanstd as nanstd, nansum as nansum, nanvar as nanvar,
    percentile as percentile, prod as prod, ptp as ptp, quantile as quantile,
    searchsorted as searchsorted, sort as sort, std as std, sum as sum, trace as trace,
    unique as unique, var as var,
)

from eagerflow.keras.ops import image as image  # noqa: E402
from eagerflow.keras.ops import linalg as linalg  # noqa: E402
from eagerflow.keras.ops import nn as nn  # noqa: E402
from eagerflow.keras.ops import numpy as numpy  # noqa: E402

# TF's __name__ for the functions above whose own is a factory's or an alias's
from eagerflow._src.core import api_names as _api_names  # noqa: E402

_api_names.adopt_tf_names("keras.ops", globals())
del _api_names
