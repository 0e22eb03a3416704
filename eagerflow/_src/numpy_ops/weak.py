"""TF's WeakTensor semantics on the public functions and operators, while
`experimental_enable_numpy_behavior(dtype_conversion_mode="safe" | "all")` is on.

Sits above the ops: it adds no op and changes no kernel. TF patches a list of its public
functions (weak_tensor_ops.py) so that they promote their inputs by core/promotion.py's
lattice first and mark a result weak when the promotion is weak; this module wraps the
same functions of eagerflow's public namespaces, only while such a mode is on (`install`,
and `uninstall` puts the originals back), so that the legacy paths carry no check at all.

Five kinds of wrapper, as TF's: a unary function keeps its input's weakness (a Python
value becomes a weak tensor first); a binary one promotes both inputs; a comparison
(maximum, minimum, equal) promotes but never returns a weak result; `tf.constant` makes
a weak tensor of a Python value unless given a dtype; a variable's assignments refuse a
value that would change the variable's dtype.
"""

from __future__ import annotations

import functools
import inspect
import sys
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import promotion as P
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import (
    EagerTensor,
    Tensor,
    WeakEagerTensor,
    convert_to_tensor,
    make_weak,
)
from eagerflow._src.numpy_ops.patches import AttributePatches
from eagerflow._src.ops.math_base import cast, identity
from eagerflow._src.ops.variables import Variable

# TF's patched functions, by their public names: those of the tf.* namespaces ...
TF_UNARY = frozenset("""
    abs softplus sign real imag angle round sigmoid log_sigmoid conj reciprocal_no_nan
    erfinv ndtri erfcinv ceil sqrt exp rsqrt acos floor invert acosh asin asinh atan atanh
    cos cosh digamma erf erfc expm1 lgamma log log1p negative reciprocal rint sin sinh square
    tan tanh zeros_like ones_like check_numerics relu6 leaky_relu gelu log_softmax swish silu
    elu selu softsign random_brightness stateless_random_brightness adjust_brightness
    adjust_gamma clip_by_value dawsn expint fresnel_cos fresnel_sin spence bessel_i0
    bessel_i0e bessel_i1 bessel_i1e bessel_k0 bessel_k0e bessel_k1 bessel_k1e bessel_j0
    bessel_j1 bessel_y0 bessel_y1 reduce_euclidean_norm reduce_logsumexp reduce_max
    reduce_mean reduce_min reduce_prod reduce_std reduce_sum reduce_variance trace reshape
    depth_to_space space_to_depth expand_dims extract_patches identity diag diag_part
    matrix_transpose squeeze stop_gradient tensor_diag_part transpose""".split())
TF_BINARY = frozenset("""
    add subtract multiply multiply_no_nan matmul divide div_no_nan truediv realdiv
    truncatediv floordiv truncatemod floormod mod pow""".split())
TF_COMPARISON = frozenset(("maximum", "minimum", "equal"))
# ... and those of tf.experimental.numpy (its binary functions keep NumPy's promotion)
TNP_UNARY = frozenset("""
    abs absolute angle arccos arcsin arcsinh arctan arctanh bitwise_not cbrt ceil conj
    conjugate cos cosh deg2rad exp exp2 expm1 fabs fix floor log negative rad2deg reciprocal
    sin sinh sqrt tan tanh nanmean log2 log10 log1p positive sinc square diff sort average
    trace amax amin around arange array asanyarray asarray ascontiguousarray copy cumprod
    cumsum diag diagflat diagonal empty_like expand_dims flatten flip fliplr flipud
    full_like imag max mean min moveaxis ones_like prod ravel real reshape repeat rot90 round
    squeeze std sum swapaxes transpose triu vander var zeros_like""".split())
TNP_BINARY = frozenset(("matmul",))

# (paths from the public package; a namespace it loads on first use is loaded then)
_TF_NAMESPACES = ("", "math", "math.special", "nn", "linalg", "bitwise", "image", "debugging")
_TNP_NAMESPACE = "experimental.numpy"
# the binary operators whose TF functions are patched; == is a comparison; the others
# (<, !=, &, ...) keep TF's plain conversion
OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul")

_patches = AttributePatches()


def _convert_or_cast(x: Any, dtype: Any) -> Any:
    """`x` as a tensor of `dtype`: a tensor (or variable) cast, anything else converted. (A
    weak tensor goes to the op as it is: an op's results are plain, and a tape watching
    the weak tensor must see it used.)"""
    if isinstance(x, (Tensor, Variable, CompositeTensor)):
        return cast(x, dtype)
    return convert_to_tensor(x, dtype)


def strong(t: Any) -> Any:
    """A weak tensor's value as a plain tensor (TF's WeakTensor.to_tensor): an Identity, so
    that gradients flow from it to the weak one."""
    return identity(t)


def mark(out: Any) -> Any:
    """`out` (a result) as a weak tensor. While a tape records, an eager one is first an
    Identity of itself, re-classed where it stands: the tape then knows the weak tensor
    (a copy would be unknown to it, and a gradient from it None)."""
    if not isinstance(out, Tensor) or out._weak:
        return out
    if _state.tapes and isinstance(out, EagerTensor):
        return make_weak(identity(out), fresh=True)
    return make_weak(out)


def _weak_result(out: Any, weak: bool) -> Any:
    return mark(out) if weak else out


def unary(fn: Callable, x_name: str | None = None) -> Callable:
    """`fn` with its input converted as its (dtype, weak) says, and a weak result for a
    weak input (a non-weak tensor, or a dtype asked for, calls `fn` as it is)."""
    sig = inspect.signature(fn)
    x_name = x_name or next(iter(sig.parameters))

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = sig.bind(*args, **kwargs)
        x = bound.arguments.get(x_name)
        if (isinstance(x, Tensor) and not x._weak) or \
                bound.arguments.get("dtype") is not None:
            return fn(*args, **kwargs)
        try:
            dtype, weak = P.result_type(x)
        except NotImplementedError:
            return fn(*args, **kwargs)
        bound.arguments[x_name] = _convert_or_cast(x, dtype)
        return _weak_result(fn(*bound.args, **bound.kwargs), weak)
    return wrapper


def promote(x: Any, y: Any) -> tuple:
    """(x, y, weak): both converted to their promoted dtype, and whether it is weak; None
    for a pair the lattice does not know (the caller keeps TF's plain rules then)."""
    try:
        dtype, weak = P.result_type(x, y)
    except NotImplementedError:
        return None
    return _convert_or_cast(x, dtype), _convert_or_cast(y, dtype), weak


def binary(fn: Callable, comparison: bool = False) -> Callable:
    """`fn` with both inputs promoted first; its result weak where the promotion is (never
    for a comparison)."""
    sig = inspect.signature(fn)
    x_name, y_name = list(sig.parameters)[:2]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = sig.bind(*args, **kwargs)
        found = promote(bound.arguments.get(x_name), bound.arguments.get(y_name))
        if found is None:
            return fn(*args, **kwargs)
        bound.arguments[x_name], bound.arguments[y_name], weak = found
        return _weak_result(fn(*bound.args, **bound.kwargs), weak and not comparison)
    return wrapper


def operator(original: Callable, comparison: bool = False, bool_first: bool = False
             ) -> Callable:
    """An operator's promoting form: `original(a, b)` on the promoted operands (`a` the
    left one: reflected operators pass them swapped). With `bool_first` (TF's `*`), a bool
    tensor operand keeps the operator's own rule (the product of bools is a bool)."""
    def op(a: Any, b: Any) -> Any:
        if bool_first and any(isinstance(t, Tensor) and t._dtype is dt.bool for t in (a, b)):
            return original(a, b)
        try:
            found = promote(a, b)
        except TypeError:
            # "safe" refused it: NumPy's operand then gets its own reflected operator (TF
            # answers NotImplemented), which computes over the tensor's value
            if isinstance(b, (np.ndarray, np.generic)):
                return NotImplemented
            raise
        if found is None:
            return original(a, b)
        a, b, weak = found
        return _weak_result(original(a, b), weak and not comparison)
    return op


def stripping(fn: Callable) -> Callable:
    """A function TF does not patch that may hand back its input (tf.cast to the same
    dtype, convert_to_tensor): a weak input comes back as a plain tensor, as TF's
    conversion of a WeakTensor gives. A Python value converts through TF's patched
    constant there, so a Python int outside int32 is refused as it refuses it."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        value = args[0] if args else next(iter(kwargs.values()), None)
        if isinstance(value, (int, list, tuple)):
            try:
                P.result_type(value)
            except NotImplementedError:
                pass
        out = fn(*args, **kwargs)
        return strong(out) if getattr(out, "_weak", False) else out
    return wrapper


def constant(fn: Callable) -> Callable:
    """tf.constant: a Python value (or a weak tensor) without a dtype makes a weak tensor;
    with a dtype, a non-weak one, the value first cast when it is a tensor."""
    @functools.wraps(fn)
    def wrapper(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const") -> Any:
        try:
            target, weak = P.result_type(value, dtype)
        except NotImplementedError:
            return fn(value, dtype, shape, name)
        if getattr(value, "_weak", False):
            value = strong(value)
        if dtype is not None:
            if target != dtype:
                return fn(value, dtype, shape, name)
            if isinstance(value, (Tensor, Variable)):
                value = _convert_or_cast(value, target)
            return fn(value, dtype, shape, name)
        return _weak_result(fn(value, target, shape, name), weak)
    return wrapper


def assignment(fn: Callable) -> Callable:
    """A variable's assign/assign_add/assign_sub: the value promotes with the variable,
    and a promotion that would change the variable's dtype is refused as TF refuses it."""
    sig = inspect.signature(fn)
    var_name, value_name = list(sig.parameters)[:2]

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        bound = sig.bind(*args, **kwargs)
        var, value = bound.arguments[var_name], bound.arguments[value_name]
        try:
            target, _ = P.result_type(var, value)
        except NotImplementedError:
            return fn(*args, **kwargs)
        if target != var.dtype:
            raise TypeError(
                f"Variable dtype is immutable. Calling {fn.__name__} of Variable (with dtype "
                f"{var.dtype}) on {value} requires converting {value} to {var.dtype}. This "
                "is disabled in the current promotion semantics. Please convert "
                f"{value} manually before calling {fn.__name__}.")
        bound.arguments[value_name] = _convert_or_cast(value, target)
        return fn(*bound.args, **bound.kwargs)
    return wrapper


def _keep_weak(original: Callable) -> Callable:
    """A unary operator (-x, abs(x), ~x): a weak operand gives a weak result."""
    def op(self: Any) -> Any:
        out = original(self)
        return mark(out) if self._weak else out
    return op


def _patch_namespace(module: Any, wrappers: dict, kinds: dict) -> None:
    for name, kind in kinds.items():
        f = vars(module).get(name)
        if f is None or not callable(f) or isinstance(f, type):
            continue
        if id(f) not in wrappers:  # one wrapper per function: tf.add stays tf.math.add
            wrappers[id(f)] = (f, kind(f))
        _patches.set(module, name, wrappers[id(f)][1])


def _namespace(path: str) -> Any:
    """A public namespace by its path from the package (None before `import eagerflow`)."""
    module = sys.modules.get("eagerflow")
    for part in path.split(".") if path else ():
        module = getattr(module, part, None)
    return module


def install() -> None:
    """Wraps the public functions and the unary operators (the binary operators are
    numpy_ops/behavior.py's, which call `operator`)."""
    if _patches:
        return
    wrappers: dict = {}
    tf_kinds = {**{n: unary for n in TF_UNARY}, **{n: binary for n in TF_BINARY},
                **{n: functools.partial(binary, comparison=True) for n in TF_COMPARISON},
                "constant": constant, "cast": stripping, "convert_to_tensor": stripping,
                "scalar_mul": functools.partial(unary, x_name="x")}
    tnp_kinds = {**{n: unary for n in TNP_UNARY}, **{n: binary for n in TNP_BINARY}}
    for path in _TF_NAMESPACES:
        if _namespace(path) is not None:
            _patch_namespace(_namespace(path), wrappers, tf_kinds)
    if _namespace(_TNP_NAMESPACE) is not None:
        _patch_namespace(_namespace(_TNP_NAMESPACE), {}, tnp_kinds)
    # iterating a weak tensor gives weak tensors
    _patches.set(WeakEagerTensor, "__iter__",
         lambda self: (make_weak(t) for t in EagerTensor.__iter__(self)))
    for name in ("__neg__", "__abs__", "__invert__"):
        _patches.set(Tensor, name, _keep_weak(getattr(Tensor, name)))
    for name in ("assign", "assign_add", "assign_sub"):
        _patches.set(Variable, name, assignment(getattr(Variable, name)))


def uninstall() -> None:
    _patches.restore()
