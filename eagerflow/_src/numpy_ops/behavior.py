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

from typing import Any, Callable

import numpy as np

from eagerflow._src.core import promotion as P
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.numpy_ops import array_ops as AO
from eagerflow._src.numpy_ops import dtypes as D
from eagerflow._src.numpy_ops import indexing as NI
from eagerflow._src.numpy_ops import math_ops as M
from eagerflow._src.numpy_ops import weak as W
from eagerflow._src.numpy_ops.patches import AttributePatches
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.variables import Variable

_OPERATORS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
              "and", "or", "xor")
# comparisons promote too (TF converts the Python operand to the promoted dtype)
_COMPARISONS = ("lt", "le", "gt", "ge", "eq", "ne")
_patches = AttributePatches()
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
    "astype": lambda self, dtype, name=None: cast(self, dtype, name=name),
    "__round__": M.around,
    "max": M.amax,
    "mean": M.mean,
    "min": M.amin,
    "data": property(lambda self: self),
}


def _numpy_getitem(original: Callable) -> Callable:
    """Tensor.__getitem__ with NumPy's indexing (numpy_ops/indexing.py) for an index with
    arrays, masks or parts TF's slicing would not take; others go to TF's slicing."""
    def getitem(self: Any, key: Any) -> Any:
        parts = key if isinstance(key, tuple) else (key,)
        if all(NI.is_basic(p) for p in parts) and not isinstance(key, bool):
            return original(self, key)
        return NI.getitem(self, key)
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
    if (Tensor, "reshape") in _patches:
        return
    for name, value in _METHODS.items():
        _patches.set(Tensor, name, value)
    for cls in (Tensor, Variable):
        for op in _OPERATORS:
            fwd = getattr(cls, f"__{op}__")
            fwd_promoting = _promoting(fwd, False, op)
            if op == "matmul":
                fwd_promoting = _promoting(lambda a, b: M.matmul(a, b), False, op)
            fwd_promoting._tnp_forward = fwd if op != "matmul" else M.matmul
            rev = _promoting(fwd_promoting, True, op)
            _patches.set(cls, f"__{op}__", fwd_promoting)
            _patches.set(cls, f"__r{op}__", rev)
        if cls is Tensor:  # a variable keeps TF's slicing (v[[1, 0]] is v[1, 0]), as in TF
            _patches.set(cls, "__getitem__", _numpy_getitem(cls.__getitem__))
        for op in _COMPARISONS:
            _patches.set(cls, f"__{op}__", _promoting(getattr(cls, f"__{op}__"), False, op))


def disable_numpy_behavior() -> None:
    """Puts back what experimental_enable_numpy_behavior replaced (for tests: TF's switch
    has no public way back)."""
    _patches.restore()
    W.uninstall()
    P.set_dtype_conversion_mode("off")
    _state["mode"] = "off"
    D.set_prefer_float32(False)


def is_numpy_behavior_enabled() -> bool:
    return _state["mode"] != "off" or bool(_patches)


