"""tnp.experimental_enable_numpy_behavior: NumPy's methods on tf.Tensor and NumPy's type
promotion in the tensors' (and variables') Python operators, and NumPy's indexing
(integer arrays and boolean masks) in their `[]`.

TF's switch is global and cannot be undone; `disable_numpy_behavior` puts back what
enabling replaced, so that tests do not leak it. In the "legacy" mode only the operators
promote (`x + 1.5` on an int32 tensor is float64); `tf.add` and the other functions keep
TF's dtype rules, as in TF. The "safe" and "all" modes (TF's auto dtype conversion) promote
by core/promotion.py's lattice in the operators and, through numpy_ops/weak.py, in the
public functions TF patches, with weak tensors; "legacy" or "off" turn them off again.
"""

from __future__ import annotations

import re
from typing import Any, Callable

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import promotion as P
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.numpy_ops import array_ops as AO
from eagerflow._src.numpy_ops import dtypes as D
from eagerflow._src.numpy_ops import math_ops as M
from eagerflow._src.numpy_ops import weak as W
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as m
from eagerflow._src.ops.array import reshape
from eagerflow._src.ops.indexing import boolean_mask, gather
from eagerflow._src.ops.nd_indexing import gather_nd
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.variables import Variable

_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
              "and", "or", "xor")
# comparisons promote too (TF converts the Python operand to the promoted dtype)
_COMPARISONS = ("lt", "le", "gt", "ge", "eq", "ne")
_MISSING = object()
_saved: dict = {}
_state = {"mode": "off"}


def _tensor_t(self: Tensor) -> Tensor:
    return AO.transpose(self)


def _tensor_size(self: Tensor) -> Any:
    if not self.shape.is_fully_defined():
        return None
    return np.prod(self.shape.as_list())


def _tensor_tolist(self: Tensor) -> Any:
    if not hasattr(self, "numpy"):
        raise ValueError("Symbolic Tensors do not support the tolist API.")
    return self.numpy().tolist()


_METHODS: dict = {
    "T": property(_tensor_t),
    "ndim": property(lambda self: self.shape.ndims),
    "size": property(_tensor_size),
    "__pos__": lambda self: self,
    "tolist": _tensor_tolist,
    "transpose": AO.transpose,
    "flatten": AO.flatten,
    "reshape": AO.reshape_method,
    "ravel": AO.ravel,
    "clip": M.clip,
    "astype": lambda self, dtype, name=None: m.cast(self, dtype, name=name),
    "__round__": M.around,
    "max": M.amax,
    "mean": M.mean,
    "min": M.amin,
    "data": property(lambda self: self),
}


def _advanced(part: Any) -> bool:
    """Whether one part of an index is NumPy's advanced indexing (an array of indices or a
    boolean mask), which TF's own slicing refuses."""
    if isinstance(part, (list, np.ndarray)):
        return True
    if isinstance(part, Tensor) or hasattr(part, "_as_tensor"):
        return part.shape.ndims != 0 or part.dtype == dt.bool
    return False


def _host_index(part: Any) -> Any:
    if isinstance(part, Tensor) or hasattr(part, "_as_tensor"):
        return np.asarray(part.numpy())
    if isinstance(part, list):
        return np.asarray([_host_index(p) for p in part]) if any(
            isinstance(p, Tensor) for p in part) else np.asarray(part)
    return part


def _out_of_range(key: tuple, error: IndexError) -> InvalidArgumentError:
    """TF's gather error for NumPy's out-of-bounds index: the first offending entry."""
    found = re.search(r"index (-?\d+) is out of bounds for axis \d+ with size (\d+)", str(error))
    if not found:
        return InvalidArgumentError(str(error))
    value, size = int(found.group(1)), int(found.group(2))
    for part in key:
        if isinstance(part, np.ndarray) and part.dtype != np.bool_:
            flat = part.ravel()
            hits = np.flatnonzero(flat == value)
            if hits.size:
                shown = value + size if value < 0 else value
                return InvalidArgumentError(
                    f"indices[{hits[0]}] = {shown} is not in [0, {size}) [Op:GatherV2]")
    return InvalidArgumentError(str(error))


def _symbolic_getitem(x: Any, parts: tuple) -> Any:
    """NumPy's indexing where the index tensors are known only when the graph runs: a
    boolean mask as the whole index (BooleanMask), or integer arrays among full slices (one
    GatherNd over those axes, the result's new axes placed as NumPy places them). Other
    mixtures (with ints, None or partial slices): None, and the caller raises TF's error."""
    rank = x.shape.ndims
    if rank is None:
        return None
    if len(parts) == 1 and not isinstance(parts[0], list) and parts[0].dtype == dt.bool:
        return boolean_mask(x, parts[0])
    dots = [i for i, p in enumerate(parts) if p is Ellipsis]  # `in` would compare tensors
    if dots:
        at = dots[0]
        parts = parts[:at] + (slice(None),) * (rank - len(parts) + 1) + parts[at + 1:]
    parts = parts + (slice(None),) * (rank - len(parts))
    adv = [i for i, p in enumerate(parts) if _advanced(p)]
    if len(parts) != rank or any(
            not (isinstance(p, slice) and p == slice(None))
            for i, p in enumerate(parts) if i not in adv):
        return None
    arrays = [m.cast(convert_to_tensor(parts[i]), dt.int64) for i in adv]
    if any(a.dtype == dt.bool for a in arrays):
        return None
    dims = A.shape(x, out_type=dt.int64)
    arrays = [m.where(m.less(a, 0), a + dims[i], a) for a, i in zip(arrays, adv)]
    bshape = arrays[0].shape
    for a in arrays[1:]:
        bshape = np.broadcast_shapes(tuple(bshape), tuple(a.shape))
    index = stack([A.broadcast_to(a, list(bshape)) for a in arrays], axis=-1)
    perm = adv + [i for i in range(rank) if i not in adv]
    picked = gather_nd(A.transpose(x, perm), index)
    # NumPy puts the new axes where adjacent arrays were, or first when they are apart
    nb, start = len(bshape), adv[0] if adv == list(range(adv[0], adv[-1] + 1)) else 0
    rest = list(range(nb, nb + rank - len(adv)))
    back = rest[:start] + list(range(nb)) + rest[start:]
    return A.transpose(picked, back) if back != sorted(back) else picked


def _numpy_getitem(original: Callable) -> Callable:
    """Tensor.__getitem__ with NumPy's indexing: an index that holds arrays or masks picks
    its elements as NumPy would (the positions computed on the shape, never the values,
    then one Gather of the flattened tensor, so gradients flow); others go to TF's."""
    def getitem(self: Any, key: Any) -> Any:
        parts = key if isinstance(key, tuple) else (key,)
        if not any(_advanced(p) for p in parts):
            return original(self, key)
        if not self.shape.is_fully_defined() or any(
                (isinstance(p, Tensor) and not hasattr(p, "numpy")) for p in parts):
            out = _symbolic_getitem(self, parts)
            return original(self, key) if out is None else out
        host = tuple(_host_index(p) for p in parts)
        positions = np.arange(int(np.prod(self.shape.as_list())), dtype=np.int64)
        try:
            picked = positions.reshape(self.shape.as_list())[host]
        except IndexError as e:
            raise _out_of_range(host, e) from None
        flat = reshape(convert_to_tensor(self), [-1])
        return gather(flat, convert_to_tensor(picked))
    return getitem


def _promoting(original: Callable, reflected: bool, name: str) -> Callable:
    """The operator with NumPy's promotion of its operands first (then TF's op), or in
    "safe" and "all" the WeakTensor lattice's (numpy_ops/weak.py) where TF's operator
    promotes (the arithmetic ones and ==)."""
    weak_op = name in W.OPERATORS or name == "eq"
    forward = _forward(original)
    weak_form = W.operator(forward, comparison=name == "eq", bool_first=name == "mul") \
        if weak_op else None
    if reflected:
        def r(self: Any, other: Any) -> Any:
            mode = _state["mode"]
            if mode != "legacy":
                if weak_form is not None and (mode == "all" or mode == "safe"):
                    return weak_form(other, self)
                return original(self, other)
            a, b = D.promote(other, self)
            return forward(a, b)
        return r

    def f(self: Any, other: Any) -> Any:
        mode = _state["mode"]
        if mode != "legacy":
            if weak_form is not None and (mode == "all" or mode == "safe"):
                return weak_form(self, other)
            return original(self, other)
        return forward(*D.promote(self, other))
    return f


def _forward(original: Callable) -> Callable:
    return getattr(original, "_tnp_forward", original)


def _set(cls: type, name: str, value: Any) -> None:
    _saved.setdefault((cls, name), cls.__dict__.get(name, _MISSING))
    setattr(cls, name, value)


def experimental_enable_numpy_behavior(prefer_float32: bool = False,
                                       dtype_conversion_mode: str = "legacy") -> None:
    """Adds NumPy's methods to tf.Tensor (`T`, `reshape`, `astype`, ...) and makes its
    operators promote as NumPy does; `prefer_float32` makes Python floats float32."""
    P.set_dtype_conversion_mode(dtype_conversion_mode)  # (TF's ValueError for a bad one)
    _state["mode"] = dtype_conversion_mode
    D.set_prefer_float32(prefer_float32)
    if P.is_auto_dtype_conversion_enabled():
        W.install()
    else:  # TF turns the WeakTensor semantics off again for "legacy" and "off"
        W.uninstall()
    if (Tensor, "reshape") in _saved:
        return
    for name, value in _METHODS.items():
        _set(Tensor, name, value)
    for cls in (Tensor, Variable):
        for op in _OPERATORS:
            fwd = getattr(cls, f"__{op}__")
            fwd_promoting = _promoting(fwd, False, op)
            if op == "matmul":
                fwd_promoting = _promoting(lambda a, b: M.matmul(a, b), False, op)
            fwd_promoting._tnp_forward = fwd if op != "matmul" else M.matmul
            rev = _promoting(fwd_promoting, True, op)
            _set(cls, f"__{op}__", fwd_promoting)
            _set(cls, f"__r{op}__", rev)
        if cls is Tensor:  # a variable keeps TF's slicing (v[[1, 0]] is v[1, 0]), as in TF
            _set(cls, "__getitem__", _numpy_getitem(cls.__getitem__))
        for op in _COMPARISONS:
            _set(cls, f"__{op}__", _promoting(getattr(cls, f"__{op}__"), False, op))


def disable_numpy_behavior() -> None:
    """Puts back what experimental_enable_numpy_behavior replaced (for tests: TF's switch
    has no public way back)."""
    for (cls, name), old in _saved.items():
        if old is _MISSING:
            delattr(cls, name)
        else:
            setattr(cls, name, old)
    _saved.clear()
    W.uninstall()
    P.set_dtype_conversion_mode("off")
    _state["mode"] = "off"
    D.set_prefer_float32(False)


def is_numpy_behavior_enabled() -> bool:
    return _state["mode"] != "off" or bool(_saved)


