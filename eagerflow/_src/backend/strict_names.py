"""The names the strict stand-in's namespaces and arrays hold (backend layer): NumPy's
functions, types, submodules' functions and ndarray methods that CuPy 14 has too, the
ufunc methods it implements, the dtypes its atomic scatters take and the keyword
arguments it refuses (tests/backend/test_strict.py checks them against CuPy where it
is installed)."""

from eagerflow._src.backend import ATOMIC_ADD

# NumPy's functions that CuPy 14 also has (dir(cupy) & dir(numpy): functions only).
FUNCTIONS = frozenset("""
    abs absolute acos acosh add all allclose amax amin angle any append apply_along_axis
    apply_over_axes arange arccos arccosh arcsin arcsinh arctan arctan2 arctanh argmax argmin
    argpartition argsort argwhere around array array2string array_equal array_equiv array_repr
    array_split array_str asanyarray asarray asarray_chkfinite ascontiguousarray asfortranarray
    asin asinh astype atan atan2 atanh atleast_1d atleast_2d atleast_3d average bartlett base_repr
    binary_repr bincount bitwise_and bitwise_count bitwise_invert bitwise_left_shift bitwise_not
    bitwise_or bitwise_right_shift bitwise_xor blackman broadcast_arrays broadcast_shapes
    broadcast_to can_cast cbrt ceil choose clip column_stack common_type compress concat
    concatenate conj conjugate convolve copy copysign copyto corrcoef correlate cos cosh
    count_nonzero cov cross cumprod cumsum cumulative_prod cumulative_sum deg2rad degrees delete
    diag diag_indices diag_indices_from diagflat diagonal diff digitize divide divmod dot dsplit
    dstack ediff1d einsum empty empty_like equal exp exp2 expand_dims expm1 extract eye fabs
    fill_diagonal fix flatnonzero flip fliplr flipud float_power floor floor_divide fmax fmin fmod
    format_float_positional format_float_scientific frexp from_dlpack frombuffer fromfile
    fromfunction fromiter fromstring full full_like gcd genfromtxt get_printoptions gradient
    greater greater_equal hamming hanning heaviside histogram histogram2d histogramdd hsplit
    hstack hypot i0 identity imag indices inner interp intersect1d invert isclose iscomplex
    iscomplexobj isdtype isfinite isfortran isin isinf isnan isneginf isposinf isreal isrealobj
    isscalar issubdtype iterable ix_ kaiser kron lcm ldexp left_shift less less_equal lexsort
    linspace load loadtxt log log10 log1p log2 logaddexp logaddexp2 logical_and logical_not
    logical_or logical_xor logspace mask_indices matmul matrix_transpose max maximum
    may_share_memory mean median meshgrid min min_scalar_type minimum mintypecode mod modf
    moveaxis multiply nan_to_num nanargmax nanargmin nancumprod nancumsum nanmax nanmean nanmedian
    nanmin nanprod nanstd nansum nanvar ndim negative nextafter nonzero not_equal ones ones_like
    outer packbits pad partition percentile permute_dims piecewise place poly polyadd polyfit
    polymul polysub polyval positive pow power printoptions prod promote_types ptp put
    put_along_axis putmask quantile rad2deg radians ravel ravel_multi_index real real_if_close
    reciprocal remainder repeat require reshape resize result_type right_shift rint roll rollaxis
    roots rot90 round row_stack save savetxt savez savez_compressed searchsorted select
    set_printoptions setdiff1d setxor1d shape shares_memory show_config sign signbit sin sinc sinh
    size sort sort_complex split sqrt square squeeze stack std subtract sum swapaxes take
    take_along_axis tan tanh tensordot tile trace transpose trapezoid tri tril tril_indices
    tril_indices_from trim_zeros triu triu_indices triu_indices_from true_divide trunc typename
    union1d unique unique_all unique_counts unique_inverse unique_values unpackbits unravel_index
    unwrap vander var vdot vsplit vstack where zeros zeros_like
""".split())
# Types and constants CuPy re-exports from NumPy (cupy.float32 is numpy.float32, ...).
SHARED = frozenset("""
    bool bool_ byte cdouble complex128 complex64 complexfloating csingle double dtype finfo
    float16 float32 float64 floating generic half iinfo inexact int16 int32 int64 int8 int_ intc
    integer intp long longlong number short signedinteger single ubyte uint uint16 uint32 uint64
    uint8 uintc uintp ulong ulonglong unsignedinteger ushort e euler_gamma inf nan newaxis pi
    index_exp s_
""".split())
LINALG = frozenset("""
    LinAlgError cholesky cond cross det eig eigh eigvals eigvalsh inv lstsq matmul matrix_power
    matrix_rank matrix_transpose norm pinv qr slogdet solve svd tensorinv tensorsolve
""".split())
FFT = frozenset("""
    fft fft2 fftfreq fftn fftshift hfft ifft ifft2 ifftn ifftshift ihfft irfft irfft2 irfftn
    rfft rfft2 rfftfreq rfftn
""".split())
RANDOM = frozenset("""
    beta binomial chisquare choice exponential gamma geometric gumbel laplace logistic lognormal
    multinomial normal permutation poisson rand randint randn random seed shuffle standard_normal
    standard_gamma uniform
""".split())
STRIDE_TRICKS = frozenset(("as_strided", "sliding_window_view"))
# scipy.special's functions that cupyx.scipy.special also has.
SPECIAL = frozenset("""
    bdtr bdtrc bdtri beta betainc betaincinv betaln binom boxcox boxcox1p cbrt chdtr chdtrc
    chdtri cosdg cosm1 cotdg digamma ellipeinc ellipj ellipk ellipkinc ellipkm1 entr erf erfc
    erfcinv erfcx erfinv exp1 exp10 exp2 expi expit expm1 expn exprel fdtr fdtrc fdtri gamma
    gammainc gammaincc gammainccinv gammaincinv gammaln gammasgn gdtr gdtrc huber i0 i0e i1 i1e
    inv_boxcox inv_boxcox1p j0 j1 k0 k0e k1 k1e kl_div lambertw log1p log_expit log_ndtr
    log_softmax loggamma logit logsumexp lpmv multigammaln nbdtr nbdtrc nbdtri ndtr ndtri pdtr
    pdtrc pdtri poch polygamma pseudo_huber psi radian rel_entr rgamma round shichi sici sinc
    sindg softmax sph_harm_y spherical_yn tandg wright_bessel xlog1py xlogy y0 y1 yn zeta zetac
""".split())
# The ufuncs with a bfloat16 loop in CuPy 14 (with ml_dtypes: cupy/_util.py's bf16_loop),
# by NumPy's and CuPy's names; the others raise TypeError for bfloat16 operands, and
# cupyx.scipy.special has none (but sinc). Checked against CuPy by cupy_api_audit.py.
BFLOAT16_UFUNCS = frozenset("""
    abs absolute acos acosh add arccos arccosh arcsin arcsinh arctan arctan2 arctanh asin asinh
    atan atan2 atanh cbrt ceil conj conjugate copysign cos cosh deg2rad degrees divide equal exp
    exp2 expm1 fabs fix floor floor_divide fmax fmin fmod frexp greater greater_equal heaviside
    hypot i0 isfinite isinf isnan ldexp less less_equal log log10 log1p log2 logaddexp
    logaddexp2 logical_and logical_or matmul maximum minimum mod modf multiply negative nextafter
    not_equal positive pow power rad2deg radians reciprocal remainder rint sign signbit sin sinc
    sinh sqrt square subtract tan tanh true_divide trunc
""".split())
# ndarray methods and properties CuPy's ndarray also has.
METHODS = frozenset("""
    all any argmax argmin argpartition argsort astype byteswap choose clip compress conj
    conjugate copy cumprod cumsum diagonal dot fill flatten item max mean min nonzero partition
    prod put ravel repeat reshape round searchsorted sort squeeze std sum swapaxes take tobytes
    tolist trace transpose var view
""".split())
# The ufuncs whose methods CuPy 14 implements (its documentation's table); the others'
# raise NotImplementedError. outer works for every ufunc.
UFUNC_METHODS = {
    "reduce": frozenset(("add", "multiply")),
    "accumulate": frozenset(("add", "multiply")),
    "reduceat": frozenset(("add",)),
    "at": frozenset(("add", "subtract", "maximum", "minimum", "bitwise_and", "bitwise_or",
                     "bitwise_xor")),
}
# The dtypes CuPy 14's atomic scatter kernel behind each ufunc's `at` takes (TypeError for
# the others: cupy/_core/_routines_indexing.pyx)
AT_DTYPES = {
    "add": ATOMIC_ADD,
    "subtract": ("int32", "uint32"),
    "maximum": ("int32", "int64", "float32", "float64", "uint32", "uint64"),
    "minimum": ("int32", "int64", "float32", "float64", "uint32", "uint64"),
    "bitwise_and": ("int32", "int64", "uint32", "uint64"),
    "bitwise_or": ("int32", "int64", "uint32", "uint64"),
    "bitwise_xor": ("int32", "int64", "uint32", "uint64"),
}
# Keyword arguments NumPy's functions take and CuPy's do not (TypeError on CuPy).
NO_KWARGS = {
    **dict.fromkeys(("max", "min", "amax", "amin", "sum", "prod", "any", "all", "mean",
                     "reduce"), frozenset(("initial", "where"))),
    "as_strided": frozenset(("writeable", "subok")),
}
