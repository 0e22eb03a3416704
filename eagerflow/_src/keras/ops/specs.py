"""Output specs of keras.ops calls on KerasTensors where Keras 3 computes them by a rule
of its own instead of running the op: its Operation's compute_output_spec. The rule can
answer where the op itself would fail (TF has no AddV2 of bools, yet Keras 3 calls
`add` of two bool KerasTensors bool) and can differ from what the op returns (`select`
claims its first choice's dtype; `slogdet`'s sign is a scalar), and a model's graph
records what the rule says. RULES holds them by op name (keras_op attaches each to its
op): a rule takes the op's arguments (KerasTensors as SymbolicTensors) and returns the
outputs as SymbolicTensors."""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import nest
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.keras_tensor import (
    _NOT_A_TF_INPUT,
    KerasTensor,
    SymbolicTensor,
    trace_symbolic,
)
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.axes import canonicalize_axis


def _shape(x: Any) -> list:
    """`getattr(x, "shape", [])` as Keras reads it (a tensor's dims, a Python scalar's none)."""
    if isinstance(x, SymbolicTensor):
        return list(x._shape) if x._shape is not None else []
    return list(getattr(x, "shape", []))


def broadcast_shapes(shape1: list, shape2: list) -> list:
    """Keras 3's broadcast of two static shapes (None broadcasts as an unknown dim)."""
    a, b = list(shape1), list(shape2)
    if len(a) > len(b):
        b = [1] * (len(a) - len(b)) + b
    if len(a) < len(b):
        a = [1] * (len(b) - len(a)) + a
    out = list(a)
    for i, (p, q) in enumerate(zip(a, b)):
        if p == 1:
            out[i] = q
        elif p is None:
            out[i] = None if q == 1 else q
        elif not (q == 1 or q is None or q == p):
            raise ValueError(f"Cannot broadcast shape, the failure dim has value {p}, which "
                             f"cannot be broadcasted to {q}. Input shapes are: "
                             f"{list(shape1)} and {list(shape2)}.")
    return out


def _own_dtype(x: Any) -> Any:
    """`x.dtype` as a rule reading it directly takes it (a Python scalar has none: its
    AttributeError)."""
    x.dtype  # noqa: B018 - the attribute's absence is the error Keras 3 raises
    return kd.dtype_key(x)


def _out(shape: Any, dtype: Any) -> SymbolicTensor:
    return SymbolicTensor(shape, kd.standardize_dtype(dtype))


def elementwise(*extra: Any) -> Any:
    """add, subtract, multiply, maximum, ...: the operands' shapes broadcast, their dtypes
    promoted (Python scalars by their types) with `extra` (`float` for divide)."""
    def spec(x1: Any, x2: Any) -> SymbolicTensor:
        dtype = kd.result_type(kd.dtype_key(x1), kd.dtype_key(x2), *extra)
        return _out(broadcast_shapes(_shape(x1), _shape(x2)), dtype)
    return spec


def multiply(x1: Any, x2: Any) -> Any:
    """As the other elementwise ops, but sparse where either operand is, as Keras 3's
    rule reads `getattr(x, "sparse", True)`: an operand that is no KerasTensor (a Python
    number, an array, an eager tensor) counts as sparse, so `k * 2.0` is marked
    sparse=True (the node's own KerasTensor, which carries the flag)."""
    out = elementwise()(x1, x2)
    if _sparse_flag(x1) or _sparse_flag(x2):
        return KerasTensor(out._shape, out._dtype, sparse=True)
    return out


def _sparse_flag(x: Any, default: bool = True) -> bool:
    """`getattr(x, "sparse", default)` as Keras 3's rules read an operand (a KerasTensor's
    flag, carried by the SymbolicTensor standing for it)."""
    if isinstance(x, SymbolicTensor):
        return x._keras_sparse
    return bool(getattr(x, "sparse", default))


def _keeps(x: Any, *args: Any, **kwargs: Any) -> bool:
    return _sparse_flag(x, False)


def _both(x1: Any, x2: Any, *args: Any, **kwargs: Any) -> bool:
    return _sparse_flag(x1, False) and _sparse_flag(x2, False)


def _divided(x1: Any, x2: Any, *args: Any, **kwargs: Any) -> bool:
    """A sparse numerator over a dense (or no tensor's) denominator."""
    return _sparse_flag(x1, False) and not _sparse_flag(x2, False)


def _all_sparse(xs: Any, *args: Any, **kwargs: Any) -> bool:
    return bool(xs) and all(_sparse_flag(x, False) for x in xs)


# op name -> whether its output on KerasTensors is sparse, as Keras 3's rule says, where
# it keeps a sparse operand's flag (its sparse kernels); the others' outputs are dense
SPARSE: dict = {
    **{n: _keeps for n in (
        "abs", "absolute", "arcsin", "arcsinh", "arctan", "arctanh", "ceil", "conj",
        "conjugate", "copy", "expm1", "fabs", "floor", "imag", "log1p", "negative", "real",
        "round", "sign", "signbit", "sin", "sinh", "sqrt", "square", "tan", "tanh", "squeeze",
        "transpose", "sum", "mean", "nansum", "ones_like", "zeros_like", "reshape",
        "expand_dims")},
    **{n: _both for n in ("add", "subtract", "maximum", "minimum", "fmax", "fmin")},
    **{n: _divided for n in ("divide", "true_divide", "divide_no_nan")},
    "concatenate": _all_sparse,
    # (Matmul reads an operand's missing flag as sparse: a sparse one times an array is)
    "matmul": lambda x1, x2: _sparse_flag(x1) and _sparse_flag(x2),
}


def arctan2(x1: Any, x2: Any) -> SymbolicTensor:
    """Python scalars read as floatx, the result a float."""
    d1, d2 = (kd.dtype_key(x) if hasattr(x, "dtype") else kb.floatx() for x in (x1, x2))
    return _out(broadcast_shapes(_shape(x1), _shape(x2)), kd.result_type(d1, d2, float))


def mod(x1: Any, x2: Any) -> SymbolicTensor:
    """mod, fmod: the promoted dtype, bools' int32."""
    dtype = kd.result_type(kd.dtype_key(x1), kd.dtype_key(x2))
    return _out(broadcast_shapes(_shape(x1), _shape(x2)), "int32" if dtype == "bool" else dtype)


def hypot(x1: Any, x2: Any) -> SymbolicTensor:
    """hypot, heaviside: the promoted dtype; narrow integers give floatx, int64 float64,
    bool stays bool (Keras reads both operands' dtypes: a Python scalar has none)."""
    dtype = kd.result_type(_own_dtype(x1), _own_dtype(x2))
    if dtype in ("int8", "int16", "int32", "uint8", "uint16", "uint32"):
        dtype = kb.floatx()
    elif dtype == "int64":
        dtype = "float64"
    return _out(broadcast_shapes(_shape(x1), _shape(x2)), dtype)


def bitwise(x: Any, y: Any) -> SymbolicTensor:
    """x's shape (Keras broadcasts nothing here), the promoted dtype."""
    return _out(_shape(x), kd.result_type(_own_dtype(x), _own_dtype(y)))


def select(condlist: Any, choicelist: Any, default: Any = 0) -> SymbolicTensor:
    """The first choice's shape and dtype (the default's type not considered)."""
    first = choicelist[0]
    return _out(_shape(first), kd.dtype_key(first))


def repeat(x: Any, repeats: Any, axis: Any = None) -> SymbolicTensor:
    """Keras 3's rule, which reads the repeats given (TF's traced repeat of several counts
    leaves the length unknown): flattened without an axis; a size of repeats other than
    one must be the repeated dimension's."""
    shape = _shape(x)
    repeats = [repeats] if isinstance(repeats, int) else repeats
    broadcast = len(repeats) == 1
    if axis is None:
        if None in shape:
            return _out([None], x.dtype)
        size = int(np.prod(shape, dtype=np.int64))
        if not broadcast and len(repeats) != size:
            raise ValueError(f"Size of `repeats` and dimensions of `x` after flattening "
                             f"should be compatible. Received: {len(repeats)} and {size}")
        return _out([size * repeats[0] if broadcast else sum(repeats)], x.dtype)
    if shape[axis] is None:
        return _out(shape, x.dtype)
    if not broadcast and shape[axis] != len(repeats):
        raise ValueError(f"Size of `repeats` and dimensions of `axis {axis} of x` should be "
                         f"compatible. Received: {len(repeats)} and {shape}")
    shape[axis] = shape[axis] * repeats[0] if broadcast else sum(repeats)
    return _out(shape, x.dtype)


def slogdet(x: Any) -> tuple:
    """A scalar sign (whatever the batch) and the batch's log-determinants."""
    return _out((), x.dtype), _out(_shape(x)[:-2], x.dtype)


def digitize(x: Any, bins: Any) -> SymbolicTensor:
    """x's shape as int32, after a check of `bins`' shape (a Python list has none)."""
    bins_shape = bins.shape
    if len(bins_shape) > 1:
        raise ValueError(f"`bins` must be a 1D array. Received: bins={bins} with shape "
                         f"bins.shape={bins_shape}")
    return _out(_shape(x), "int32")


def bincount(x: Any, weights: Any = None, minlength: int = 0,
             sparse: bool = False) -> SymbolicTensor:
    """x's leading dims and an unknown count; the weights' dtype promoted with x's, which
    Keras reads by converting the weights to a tensor (a KerasTensor's error)."""
    dtype = "int32"
    if weights is not None:
        if isinstance(weights, SymbolicTensor):
            raise ValueError(_NOT_A_TF_INPUT)
        dtype = kd.result_type(kd.dtype_key(x), kd.dtype_key(np.asarray(weights)))
    return _out(_shape(x)[:-1] + [None], dtype)


def num_classes_given(num_classes: Any, kwargs: dict) -> int:
    """multi_hot's class count, its older name `num_tokens` accepted (Keras 3's check,
    made before any symbolic call)."""
    if num_classes is None and "num_tokens" in kwargs:
        num_classes = kwargs.pop("num_tokens")
    if num_classes is None:
        raise ValueError("Argument `num_classes` must be specified.")
    return num_classes


def with_classes(dims: list, num_classes: Any, axis: int) -> list:
    """`dims` with the classes last (axis -1) or inserted at a non-negative axis below their
    rank (one_hot's and multi_hot's rule); other axes refused in the rule's words."""
    if axis == -1:
        return dims + [num_classes]
    if not 0 <= axis < len(dims):
        raise ValueError(f"axis must be -1 or between [0, {len(dims)}), but received {axis}.")
    return dims[:axis] + [num_classes] + dims[axis:]


def multi_hot(inputs: Any, num_classes: Any = None, axis: int = -1, dtype: Any = None,
              sparse: bool = False, **kwargs: Any) -> SymbolicTensor:
    """The classes inserted at `axis`, then all but the batch dim and the classes dropped
    again (Keras's rule for 2-D inputs), in the inputs' dtype (`dtype` not read)."""
    shape = with_classes(_shape(inputs), num_classes_given(num_classes, kwargs), axis)
    shape = [shape[-1]] if len(shape) == 2 else [shape[0]] + shape[2:]
    return _out(shape, inputs.dtype)


def check_norm_order(order: Any) -> None:
    """normalize's `order`: an int >= 1 (Keras 3's check, made before any symbolic call)."""
    if not isinstance(order, int) or not order >= 1:
        raise ValueError(f"Argument `order` must be an int >= 1. Received: order={order}")


def normalize(x: Any, axis: Any = -1, order: int = 2, epsilon: Any = None) -> SymbolicTensor:
    """x's shape in float32, whatever x's dtype (the axis checked against its rank)."""
    check_norm_order(order)
    if axis is not None:
        for a in (axis if isinstance(axis, (list, tuple)) else [axis]):
            canonicalize_axis(a, len(_shape(x)))
    return _out(_shape(x), "float32")


# ---------------------------------------------------------------------------------------
# Unary functions and reductions: Keras 3's rules by dtype
# ---------------------------------------------------------------------------------------

def _std_dtype(x: Any) -> str:
    return kd.standardize_dtype(x.dtype)


def reduce_shape(shape: list, axis: Any = None, keepdims: bool = False) -> list:
    """Keras 3's static shape of a reduction over `axis` (all axes for None)."""
    if axis is None:
        return [1] * len(shape) if keepdims else []
    axes = [canonicalize_axis(a, len(shape)) for a in ((axis,) if isinstance(axis, int)
                                                         else axis)]
    if keepdims:
        return [1 if i in axes else d for i, d in enumerate(shape)]
    out = list(shape)
    for a in sorted(axes, reverse=True):  # (an axis given twice drops two: Keras 3's loop)
        del out[a]
    return out


def same(x: Any, *args: Any, **kwargs: Any) -> SymbolicTensor:
    """abs, sign, negative, round, relu, sigmoid, ...: x's shape and dtype (whether or
    not TF has the op's kernel for it: sign of a bool is bool)."""
    return _out(_shape(x), x.dtype)


def glu(x: Any, axis: int = -1) -> Any:
    """x's dtype (unchecked, as the activations above), its `axis` halved; an odd or
    unknown size left to the traced op."""
    shape = _shape(x)
    a = canonicalize_axis(axis, len(shape))
    if shape[a] is None or shape[a] % 2:
        return NotImplemented
    return _out(shape[:a] + [shape[a] // 2] + shape[a + 1:], x.dtype)


def of_dtype(dtype: str) -> Any:
    """isnan, isfinite, isinf: bool; reciprocal: float32 (a KerasTensor's default dtype,
    not floatx); over x's shape."""
    def spec(x: Any) -> SymbolicTensor:
        return _out(_shape(x), dtype)
    return spec


def ndim(x: Any) -> SymbolicTensor:
    """Keras 3's rule: a float32 vector as long as x's rank (not the scalar the eager
    call returns, an int)."""
    return _out([len(_shape(x))], "float32")


def logsumexp(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    """The reduced shape in float32 (a KerasTensor's default dtype), whatever x's."""
    return _out(reduce_shape(_shape(x), axis, keepdims), "float32")


def float_or_floatx(x: Any, *args: Any, **kwargs: Any) -> SymbolicTensor:
    """floor, ceil, angle: int64 gives floatx, any other dtype its promotion with float."""
    d = _std_dtype(x)
    return _out(_shape(x), kb.floatx() if d == "int64" else kd.result_type(d, float))


def widened(x: Any) -> SymbolicTensor:
    """cbrt: bool and narrow integers give floatx, int64 float64, others stay."""
    d = _std_dtype(x)
    if d in ("bool", "int8", "int16", "int32", "uint8", "uint16", "uint32"):
        d = kb.floatx()
    elif d == "int64":
        d = "float64"
    return _out(_shape(x), d)


def deg2rad(x: Any) -> SymbolicTensor:
    """int64 and float64 give float64, the half types stay, all else floatx."""
    d = _std_dtype(x)
    d = "float64" if d in ("int64", "float64") else d if d in ("bfloat16", "float16") \
        else kb.floatx()
    return _out(_shape(x), d)


def clip(x: Any, x_min: Any, x_max: Any) -> SymbolicTensor:
    """x's dtype, bool's int32."""
    d = _std_dtype(x)
    return _out(_shape(x), "int32" if d == "bool" else d)


def _summed(d: str) -> str:
    """sum's and nansum's dtype (JAX's rule): narrow ints int32, narrow uints uint32."""
    return "int32" if d in ("bool", "int8", "int16") else \
        "uint32" if d in ("uint8", "uint16") else d


def summed(x: Any, axis: Any = None, keepdims: bool = False, **_: Any) -> SymbolicTensor:
    d = kd.result_type(kd.dtype_key(x)) if hasattr(x, "dtype") else kb.floatx()
    return _out(reduce_shape(_shape(x), axis, keepdims), _summed(d))


def prod(x: Any, axis: Any = None, keepdims: bool = False, dtype: Any = None) -> SymbolicTensor:
    """The given dtype, else sum's rule on x's."""
    return _out(reduce_shape(_shape(x), axis, keepdims),
                dtype if dtype is not None else _summed(_std_dtype(x)))


def kept(x: Any, axis: Any = None, keepdims: bool = False, **_: Any) -> SymbolicTensor:
    """max, amax, ptp: x's dtype over the reduced shape."""
    return _out(reduce_shape(_shape(x), axis, keepdims), x.dtype)


def std(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    """Integers and bool give floatx, floats and complex stay."""
    d = _std_dtype(x)
    return _out(reduce_shape(_shape(x), axis, keepdims),
                kb.floatx() if "int" in d or d == "bool" else d)


def argmax(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    return _out(reduce_shape(_shape(x), axis, keepdims), "int32")


def median(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    d = _std_dtype(x)
    return _out(reduce_shape(_shape(x), axis, keepdims),
                kb.floatx() if d == "int64" else kd.result_type(d, float))


def nanmean(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    return _out(reduce_shape(_shape(x), axis, keepdims), kd.result_type(_std_dtype(x), float))


def _with_q(shape: list, q: Any, single_listed: bool) -> list:
    """A quantile's reduced shape, led by q's length where q is a vector (a list of one
    q leads it only where `single_listed`: nanpercentile's rule, not nanquantile's)."""
    if hasattr(q, "shape"):
        return ([q.shape[0]] if len(q.shape) else []) + shape
    if isinstance(q, (list, tuple)) and (len(q) > 1 or single_listed):
        return [len(q)] + shape
    return shape


def nanquantile(x: Any, q: Any, axis: Any = None, method: str = "linear",
                keepdims: bool = False) -> SymbolicTensor:
    """Keras 3's rule (not the traced map over slices, whose length it cannot know):
    int64 gives floatx, other dtypes their promotion with float."""
    d = _std_dtype(x)
    return _out(_with_q(reduce_shape(_shape(x), axis, keepdims), q, False),
                kb.floatx() if d == "int64" else kd.result_type(d, float))


def nanpercentile(x: Any, q: Any, axis: Any = None, method: str = "linear",
                  keepdims: bool = False) -> SymbolicTensor:
    """As nanquantile's, but any integer dtype gives floatx."""
    d = _std_dtype(x)
    return _out(_with_q(reduce_shape(_shape(x), axis, keepdims), q, True),
                kb.floatx() if d.startswith(("int", "uint")) else kd.result_type(d, float))


def nanmedian(x: Any, axis: Any = None, keepdims: bool = False) -> SymbolicTensor:
    return _out(reduce_shape(_shape(x), axis, keepdims), kd.result_type(_std_dtype(x), float))


def polar(abs_: Any, angle: Any) -> SymbolicTensor:
    """Keras 3's rule: abs_'s shape in float32 (a KerasTensor's default dtype), though the
    op itself returns a complex tensor."""
    return _out(_shape(abs_), "float32")


def _sorted_shape(x: Any, axis: Any) -> list:
    shape = _shape(x)
    if axis is None:
        return [None] if None in shape else [int(np.prod(shape))]
    canonicalize_axis(axis, len(shape))
    return shape


def sort(x: Any, axis: Any = -1) -> SymbolicTensor:
    return _out(_sorted_shape(x, axis), x.dtype)


def argsort(x: Any, axis: Any = -1) -> SymbolicTensor:
    return _out(_sorted_shape(x, axis), "int32")


def softmax(x: Any, axis: Any = -1) -> SymbolicTensor:
    """x's shape and dtype, the axis checked against its rank."""
    if axis is not None:
        for a in (axis if isinstance(axis, (list, tuple)) else [axis]):
            canonicalize_axis(a, len(_shape(x)))
    return _out(_shape(x), x.dtype)


def where(condition: Any, x1: Any = None, x2: Any = None) -> SymbolicTensor:
    """The three shapes broadcast; the branches' dtypes promoted (a missing branch reads
    as "int": where(condition) claims int64 over the condition's shape). One branch
    without the other is refused first, as Keras 3's function refuses it."""
    if (x1 is None) != (x2 is None):
        raise ValueError("`x1` and `x2` either both should be `None` or both should have "
                         "non-None value.")
    shape = broadcast_shapes(broadcast_shapes(_shape(condition), _shape(x1)), _shape(x2))
    keys = [kd.dtype_key(v) if v is not None else "int" for v in (x1, x2)]
    return _out(shape, kd.result_type(*keys))


def shift(x: Any, y: Any) -> SymbolicTensor:
    """left_shift: x's shape; x's dtype for a Python int shift, else the promoted one."""
    dtype = x.dtype if isinstance(y, int) else kd.result_type(_own_dtype(x), _own_dtype(y))
    return _out(_shape(x), dtype)


def compared(x1: Any, x2: Any) -> SymbolicTensor:
    """less, greater, ...: the shapes broadcast, bool (bools compared too, unchecked)."""
    return _out(broadcast_shapes(_shape(x1), _shape(x2)), "bool")


def kron(x1: Any, x2: Any) -> SymbolicTensor:
    """The dims multiplied pairwise (zipped: the shorter rank's), the dtypes promoted;
    bool kept (Keras 3's rule, unchecked)."""
    dims = [None if a is None or b is None else a * b
            for a, b in zip(_shape(x1), _shape(x2))]
    return _out(dims, kd.result_type(_own_dtype(x1), _own_dtype(x2)))


def take(x: Any, indices: Any, axis: Any = None) -> Any:
    """x's dtype over the indices' shape put in place of `axis` (all of x without one);
    the indices' dtype unchecked, as Keras 3's rule. (A sparse or ragged x: the op
    traced.)"""
    if getattr(x, "sparse", False) or getattr(x, "ragged", False) or \
            getattr(indices, "ragged", False) or getattr(indices, "sparse", False):
        return NotImplemented
    ind = _shape(indices) if hasattr(indices, "shape") else list(np.shape(np.array(indices)))
    if axis is None:
        return _out(ind, x.dtype)
    shape = _shape(x)
    a = canonicalize_axis(axis, len(shape))
    return _out(shape[:a] + ind + shape[a + 1:], x.dtype)


def full_like(x: Any, fill_value: Any, dtype: Any = None) -> SymbolicTensor:
    return _out(_shape(x), dtype if dtype is not None else x.dtype)


def moments(x: Any, axes: Any, keepdims: bool = False,
            synchronized: bool = False) -> tuple:
    """The mean and variance over `axes`, both in x's dtype."""
    shape = reduce_shape(_shape(x), axes, keepdims)
    return _out(shape, x.dtype), _out(shape, x.dtype)


_MATRIX_ORDS = (None, "fro", "nuc", float("inf"), float("-inf"), 1, -1, 2, -2)


def norm(x: Any, ord: Any = None, axis: Any = None,  # noqa: A002 - keras.ops' name
         keepdims: bool = False) -> SymbolicTensor:
    """The reduced shape; integers and bool give floatx, floats and complex stay. `ord`
    checked first as Keras's operation takes it (a string other than 'fro' or 'nuc'),
    then against the number of axes."""
    if isinstance(ord, str) and ord not in ("fro", "nuc"):
        raise ValueError("Invalid `ord` argument. Expected one of {'fro', 'nuc'} when using "
                         f"string. Received: ord={ord}")
    axes = [axis] if isinstance(axis, int) else axis
    shape = _shape(x)
    n = len(shape) if axes is None else len(axes)
    if n == 1 and isinstance(ord, str):
        raise ValueError(f"Invalid `ord` argument for vector norm. Received: ord={ord}")
    if n == 2 and ord not in _MATRIX_ORDS:
        raise ValueError(f"Invalid `ord` argument for matrix norm. Received: ord={ord}")
    d = _std_dtype(x)
    return _out(reduce_shape(shape, axes, keepdims), kb.floatx() if "int" in d or d == "bool"
                else d)


def _einsum_implicit(inputs: str) -> str:
    """einsum's output letters where the subscripts give none: those the inputs name
    once, sorted (NumPy's implicit mode, as Keras 3 reads it)."""
    letters = [c for c in inputs if c.isalpha()]
    return "".join(sorted(c for c in set(letters) if letters.count(c) == 1))


def _einsum_expand(target: str, spec: str, shape: list) -> list:
    """One operand's shape laid out as the output `target` names its dims: each letter of
    `spec` replaced in `target` by its size (-1 for unknown), the "..." by the dims it
    spans, the letters left 1 (broadcast). Keras 3 edits the target as text, so a letter
    named twice takes its first size, and a spec of the wrong rank is its ValueError."""
    parts = spec.split("...")
    out = target
    if len(parts) == 1:
        if len(shape) != len(spec):
            raise ValueError("Number of dimensions in the subscript does not match the number "
                             f"of dimensions in the operand, received subscript `{spec}` and "
                             f"operand of shape {shape}.")
        for size, c in zip(shape, spec):
            out = out.replace(c, f"{size} ")
        out = out.replace("...", "")
    else:
        head, tail = parts[0], parts[1]
        for i, c in enumerate(head):
            out = out.replace(c, f"{shape[i]} ")
        for i in range(len(tail)):
            out = out.replace(tail[-i - 1], f"{shape[-i - 1]} ")
        wild = shape[len(head):len(shape) if not tail else -len(tail)]
        out = out.replace("...", " ".join(str(d) for d in wild) + " ")
    return [None if d == "-1" else int(d) for d in re.sub("[a-z]", "1 ", out).split()]


def einsum(subscripts: str, *operands: Any, **kwargs: Any) -> SymbolicTensor:
    """Each operand's dims placed where the output names them (letters it lacks read as
    1), the results broadcast: Keras 3's rule, which checks no contracted sizes (a
    mismatch still gives a shape); int8 operands alone give int32."""
    halves = subscripts.split("->")
    if len(halves) > 2:
        raise ValueError(f"At most one '->' is supported in `einsum` subscripts, but received "
                         f"{subscripts}.")
    inputs, output = halves[0], (halves[1] if len(halves) == 2 else None)
    specs_in = inputs.split(",")
    if len(specs_in) != len(operands):
        raise ValueError(f"Number of operands ({len(operands)}) does not match the number of "
                         f"input specs ({len(specs_in)}) in `einsum`, received "
                         f"subscripts={subscripts}.")
    target = "..." + _einsum_implicit(inputs) if output is None else output
    shapes = [_einsum_expand(target, spec, [-1 if d is None else d for d in _shape(x)])
              for x, spec in zip(operands, specs_in)]
    shape = shapes[0]
    for other in shapes[1:]:
        shape = broadcast_shapes(shape, other)
    names = {kd.standardize_dtype(kd.dtype_key(x)) for x in operands}
    return _out(shape, "int32" if names == {"int8"} else kd.result_type(*names))


def cross(x1: Any, x2: Any, axisa: int = -1, axisb: int = -1, axisc: int = -1,
          axis: int | None = None) -> SymbolicTensor:
    """The shapes without their vector axes broadcast, a 3-vector axis put back at `axisc`
    (none for two 2-vectors); a known vector size other than 2 or 3 refused (Keras 3's
    messages name the axis argument as written, braces and all)."""
    if axis is not None:
        axisa = axisb = axisc = axis
    s1, s2 = list(x1.shape), list(x2.shape)
    n1, n2 = s1.pop(axisa), s2.pop(axisb)
    shape = broadcast_shapes(s1, s2)
    for which, n, arg in (("x1", n1, "axisa"), ("x2", n2, "axisb")):
        if n is not None and n not in (2, 3):
            raise ValueError(f"`{which}`'s dim on `axis={{{arg}}}` must be either 2 or 3, but "
                             f"received: {n}")
    vector = [3] if 3 in (n1, n2) else []
    at = canonicalize_axis(axisc, len(shape) + len(vector))
    return _out(shape[:at] + vector + shape[at:], kd.result_type(x1.dtype, x2.dtype))


def tensordot(x1: Any, x2: Any, axes: Any = 2) -> SymbolicTensor:
    """Keras 3's rule: axes as an int N drops x1's last N dims and x2's first N (none for
    N <= 0) unchecked; as two lists, their sizes compared (None matches any) and dropped."""
    s1, s2 = _shape(x1), _shape(x2)
    dtype = kd.result_type(kd.dtype_key(x1), kd.dtype_key(x2))
    if isinstance(axes, int):
        return _out(s1 + s2 if axes <= 0 else s1[:-axes] + s2[axes:], dtype)
    picked1 = [s1[a] for a in axes[0]]
    picked2 = [s2[a] for a in axes[1]]
    if len(picked1) != len(picked2) or any(
            p is not None and q is not None and p != q for p, q in zip(picked1, picked2)):
        raise ValueError(f"Shape mismatch on `x1[axes[0]]` and `x2[axes[1]]`, received "
                         f"{picked1} and {picked2}.")
    drop1 = {a % len(s1) for a in axes[0]}
    drop2 = {a % len(s2) for a in axes[1]}
    return _out([d for i, d in enumerate(s1) if i not in drop1]
                + [d for i, d in enumerate(s2) if i not in drop2], dtype)


def matmul(x1: Any, x2: Any) -> Any:
    """Keras 3's check of the inner dims (a 1-D operand read as a row or a column), in its
    words; the outputs then as the op gives them (NotImplemented: traced)."""
    shape1, shape2 = tuple(getattr(x1, "shape", ())), tuple(getattr(x2, "shape", ()))
    if len(shape1) == 1:
        shape1 = (1, shape1[0])
    if len(shape2) == 1:
        shape2 = (shape2[0], 1)
    if shape1[-1] is not None and shape2[-2] is not None and shape1[-1] != shape2[-2]:
        raise ValueError("Inner dimensions (`x1.shape[-1]` and `x2.shape[-2]`) must be equal, "
                         f"but received `x1.shape={shape1}` and `x2.shape={shape2}`.")
    return NotImplemented


def vectorized_map(elements: Any, function: Callable) -> Any:
    """`function` traced on one element's spec (each tensor without its first dim), its
    outputs given the first tensor's first dim back."""
    n = _shape(nest.flatten(elements)[0])[0]
    one = nest.map_structure(lambda t: SymbolicTensor(_shape(t)[1:], t.dtype), elements)
    return nest.map_structure(lambda t: _out([n] + _shape(t), t.dtype),
                              trace_symbolic(function, (one,), {}))


# op name (keras.ops' function) -> Keras 3's rule for its outputs on KerasTensors
RULES: dict = {
    **{n: elementwise() for n in ("add", "subtract", "maximum", "minimum", "floor_divide",
                                   "power")},
    "multiply": multiply,
    **{n: elementwise(float) for n in ("divide", "true_divide", "logaddexp")},
    **{n: bitwise for n in ("bitwise_and", "bitwise_or", "bitwise_xor")},
    "arctan2": arctan2, "mod": mod, "hypot": hypot, "select": select, "slogdet": slogdet,
    "digitize": digitize, "bincount": bincount, "multi_hot": multi_hot,
    "normalize": normalize,
    **{n: same for n in ("abs", "absolute", "sign", "negative", "round", "real", "imag",
                         "conj", "conjugate", "trunc", "relu", "sigmoid", "softplus", "gelu",
                         "erf", "erfinv", "rsqrt", "nan_to_num")},
    **{n: of_dtype("bool") for n in ("isnan", "isfinite", "isinf")},
    "reciprocal": of_dtype("float32"), "logsumexp": logsumexp, "ndim": ndim,
    **{n: float_or_floatx for n in ("floor", "ceil", "angle")},
    "cbrt": widened, "deg2rad": deg2rad, "clip": clip, "sum": summed, "nansum": summed,
    "prod": prod, **{n: kept for n in ("max", "amax", "ptp")}, "std": std,
    "argmax": argmax,
    "median": median, "nanmean": nanmean, "nanquantile": nanquantile,
    "nanpercentile": nanpercentile, "nanmedian": nanmedian, "polar": polar, "sort": sort,
    "argsort": argsort,
    "softmax": softmax, "log_softmax": softmax, "norm": norm, "where": where,
    "min": kept, "argmin": argmax, "full_like": full_like, "moments": moments,
    **{n: same for n in ("leaky_relu", "silu", "log_sigmoid", "elu", "hard_sigmoid",
                         "sparse_plus", "relu6", "selu", "softsign", "celu", "hard_tanh",
                         "hard_shrink", "soft_shrink", "tanh_shrink", "squareplus",
                         "threshold", "sparse_sigmoid", "sparsemax", "hard_silu")},
    "glu": glu,
    "ldexp": elementwise(float), "gcd": elementwise(), "heaviside": hypot, "fmod": mod,
    **{n: compared for n in ("less", "less_equal", "greater", "greater_equal")},
    "left_shift": shift, "right_shift": shift, "kron": kron, "take": take,
    "bitwise_invert": same, "einsum": einsum, "cross": cross, "tensordot": tensordot,
    "matmul": matmul, "vectorized_map": vectorized_map, "repeat": repeat,
}
