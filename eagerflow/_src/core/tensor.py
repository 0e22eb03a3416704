"""Tensor (the common base), EagerTensor (a value on a device), weak tensors, and
convert_to_tensor (over core/py_conversion.py, TF's conversion of Python and NumPy values
to arrays).

Operators (`+`, `@`, `[]`, ...) are not defined here: ops/operators.py installs
them on Tensor from the op modules, so the symbolic tensors of the graph package
get the very same operators. The same goes for the rest of the Python protocol that
is made of ops: iterating a tensor (Unpack), and converting nested lists that hold
tensors (Pack), which py_conversion.py's `install_list_packing` receives from operators.py.
"""

from __future__ import annotations

import builtins
import math
from typing import Any

import numpy as np

from eagerflow._src import backend as _backend
from eagerflow._src.core import device as _device
from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import CPU_DEVICE, _state
from eagerflow._src.core.device import copy_to
from eagerflow._src.core.errors import InvalidArgumentError, ResourceExhaustedError, shape_str
from eagerflow._src.core.promotion import WEAK_DTYPES as _WEAK_DTYPES
from eagerflow._src.core.py_conversion import (
    array_from_python,
    check_elements,
    graph_value_error,
    has_tensor,
    list_value_error,
    numpy_to_dtype,
    object_array,
    packing,
    python_to_dtype,
    refuse_in_sequence,
    register_tensor_class,
    scalar_array,
    to_bytes_array,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor_attrs import SET_TO_NONE as _SET_TO_NONE
from eagerflow._src.core.tensor_attrs import attach as attach
from eagerflow._src.core.tensor_attrs import attached as attached
from eagerflow._src.core.type_names import type_repr

# The methods tf.experimental.numpy's experimental_enable_numpy_behavior adds that TF names
# in the error for their absence (installed on Tensor after the class).
_NUMPY_METHODS = ("T", "astype", "ravel", "transpose", "reshape", "clip", "size", "tolist",
                  "data")


class _MissingNumpyMethod(property):
    """A NumPy method tf.Tensor lacks until tf.experimental.numpy's switch adds it, refused
    in TF's words and left out of dir(). (A property, not a __getattr__ on Tensor: defining
    __getattr__ makes CPython route every attribute lookup on a tensor through a slower
    hook, +0.3 µs on eager `a + b`.)"""

    def __init__(self, name: str) -> None:
        def missing(tensor: Tensor) -> Any:
            raise AttributeError(
                f"{type(tensor).__name__} object has no attribute '{name}'. \n        If you "
                "are looking for numpy-related methods, please run the following:\n        "
                "tf.experimental.numpy.experimental_enable_numpy_behavior()\n      ")
        super().__init__(missing)


class Tensor:
    """Base of eager and symbolic tensors. Unhashable: use `.ref()` as a key."""

    __slots__ = ()
    __array_priority__ = 100  # NumPy defers `ndarray + tensor` to Tensor.__radd__
    _weak = False  # a WeakTensor's dtype defers to its operands' (core/promotion.py)
    _keras_variable = False  # (asked of an operator's operands: a hit costs less than a miss)
    # TF 2's elementwise `==` (tensors unhashable); tf.compat.v1.disable_tensor_equality
    # turns it off: tensors then compare by identity (ops/operators.py)
    _USE_EQUALITY = True

    def __dir__(self) -> list:
        cls = type(self)
        return [n for n in object.__dir__(self)
                if not isinstance(getattr(cls, n, None), _MissingNumpyMethod)]

    @property
    def shape(self) -> TensorShape:
        return TensorShape._known(self._shape) if self._shape is not None else TensorShape(None)

    def get_shape(self) -> TensorShape:
        return self.shape

    @property
    def dtype(self) -> _dt.DType:
        return self._dtype

    @property
    def ndim(self) -> int:
        return len(self._shape)

    @property
    def rank(self) -> int:  # pragma: no cover - convenience, not in TF
        return len(self._shape)

    def ref(self) -> Reference:
        return Reference(self)

    def experimental_ref(self) -> Reference:
        return Reference(self)

    def __hash__(self) -> int:
        raise TypeError("Tensor is unhashable. Instead, use tensor.ref() as the key.")

    def __round__(self, ndigits: int | None = None) -> Any:
        # TF's Tensor.__round__ is tf.experimental.numpy's around, which ends in `astype`:
        # until experimental_enable_numpy_behavior adds that method (and puts NumPy's
        # around here), round(t) raises its AttributeError
        return self.astype(self.dtype)

    def __copy__(self) -> Tensor:
        return self

    def __deepcopy__(self, memo: dict) -> Tensor:
        return self

    # Keras hangs the mask of a layer's output on the tensor (`t._keras_mask`), and TF the
    # `assign` of a variable's slice (`v[0].assign(x)`): attributes TF's tensors take.
    # Tensors have no __dict__, so these are kept beside them (see `attach`).
    # As an attribute of TF's tensors, `_keras_mask` is absent until set (hasattr is False;
    # Keras sets it only where a layer's output has a mask) and may be set to None.
    @property
    def _keras_mask(self) -> Any:
        mask = attached(self, "_keras_mask")
        if mask is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute "
                                 "'_keras_mask'")
        return None if mask is _SET_TO_NONE else mask

    @_keras_mask.setter
    def _keras_mask(self, mask: Any) -> None:
        attach(self, "_keras_mask", _SET_TO_NONE if mask is None else mask)

    @_keras_mask.deleter
    def _keras_mask(self) -> None:  # (`del logits._keras_mask`, as TF's tutorials write)
        if attached(self, "_keras_mask") is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute "
                                 "'_keras_mask'")
        attach(self, "_keras_mask", None)

    @property
    def assign(self) -> Any:
        fn = attached(self, "assign")
        if fn is None:
            raise AttributeError(f"'{type(self).__name__}' object has no attribute 'assign'")
        return fn


class Reference:
    """A hashable wrapper around a tensor or variable (`t.ref()`), keyed by identity."""

    __slots__ = ("_obj",)

    def __init__(self, obj: Any) -> None:
        self._obj = obj

    def deref(self) -> Any:
        return self._obj

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, Reference) and other._obj is self._obj

    def __hash__(self) -> int:
        return id(self._obj)

    def __repr__(self) -> str:
        return f"<Reference wrapping {self._obj!r}>"


for _name in _NUMPY_METHODS:
    setattr(Tensor, _name, _MissingNumpyMethod(_name))


register_tensor_class(Tensor)  # (nested lists holding tensors: py_conversion.py)


def _first_init(tensor: Any, arr: Any, dtype: Any, device: Any) -> None:
    """The first tensor starts TF's runtime: devices can no longer be split or hidden
    (tf.config's RuntimeErrors). Then EagerTensor's constructor is its plain one, so that
    the check costs nothing after."""
    _device._INITIALIZED[0] = True
    EagerTensor.__init__ = EagerTensor._init
    EagerTensor._init(tensor, arr, dtype, device)


class EagerTensor(Tensor):
    """A concrete tensor: a backend array plus its dtype and device."""

    __slots__ = ("_arr", "_shape", "_dtype", "_device", "__weakref__")

    def __init__(self, arr: Any, dtype: _dt.DType | None = None, device: str | None = None) -> None:
        # (the first tensor made replaces this with _init below: see _first_init)
        _first_init(self, arr, dtype, device)

    def _init(self, arr: Any, dtype: _dt.DType | None = None, device: str | None = None) -> None:
        if device is None:
            device = _state.device
            if device is not CPU_DEVICE:  # made in another device's scope: placed there
                arr, device = _device.place_array(arr)
        self._arr = arr
        self._shape = arr.shape
        self._dtype = dtype if dtype is not None else _dt.from_numpy(arr.dtype)
        self._device = device

    @property
    def device(self) -> str:
        return self._device

    @property
    def backing_device(self) -> str:
        return self._device

    def numpy(self) -> Any:
        """The value as a NumPy array (a copy, so that it can't alias the tensor)."""
        a = self._arr
        if type(a) is not np.ndarray:
            a = _backend.to_host(a)  # a device's array: the copy to the host is the copy
            return a[()] if a.ndim == 0 else a
        if a.dtype.hasobject and not self._dtype.is_numpy_compatible:
            raise InvalidArgumentError(
                None, None, f"Cannot convert a Tensor of dtype {self._dtype.name} to a "
                            "NumPy array.")
        return a[()] if a.ndim == 0 else a.copy()

    def _numpy(self) -> Any:
        """The value as a NumPy array, without a copy when it is on the host already."""
        a = self._arr
        return a if type(a) is np.ndarray else _backend.to_host(a)

    def __array__(self, dtype: Any = None, copy: Any = None) -> np.ndarray:
        refuse_in_sequence()  # (no element of a Python list that tf.constant converts)
        a = self._numpy()
        if dtype is not None:
            return a.astype(dtype)
        # NumPy reads TF's tensors through the buffer protocol, which the types NumPy
        # does not define (ml_dtypes' bfloat16, float8) lack: it then takes __array__,
        # whose value for a scalar is a NumPy scalar, not an array: np.asarray of a
        # bfloat16 scalar tensor is NumPy's ValueError in TF
        return a[()] if a.ndim == 0 and a.dtype.isbuiltin == 2 else a

    def __len__(self) -> int:
        if not self._shape:
            raise TypeError("Scalar tensor has no `len()`")
        return self._shape[0]

    def __bool__(self) -> builtins.bool:
        # (numpy() refuses a handle, resource or variant, with TF's error)
        a = self._numpy() if self._dtype.is_numpy_compatible else self.numpy()
        if a.size == 0:
            return False  # TF (through older NumPy) reads an empty tensor as False
        return builtins.bool(a)

    def __int__(self) -> int:
        a = self._numpy() if self._dtype.is_numpy_compatible else self.numpy()
        # (a scalar read as TF's numpy() gives it, a NumPy scalar: bfloat16's int() of inf
        # or nan is then INT64_MIN, as in TF, where a 0-d array's raises OverflowError)
        return int(a[()] if isinstance(a, np.ndarray) and a.ndim == 0 else a)

    def __float__(self) -> float:
        a = self._numpy() if self._dtype.is_numpy_compatible else self.numpy()
        # (a scalar as a NumPy scalar, as TF's numpy() gives it: a complex one's float() is
        # its real part, with NumPy's ComplexWarning, where a 0-d array's is a TypeError)
        return float(a[()] if isinstance(a, np.ndarray) and a.ndim == 0 else a)

    def __complex__(self) -> complex:
        return complex(self._numpy())

    def __index__(self) -> int:
        if self._dtype.is_integer and not self._shape:
            return int(self._numpy())
        raise TypeError("Only integer scalar tensors can be used as an index")

    def __format__(self, spec: str) -> str:
        a = self._numpy()  # TF formats the value, not the tensor: "{}".format(t) == "[[4.]]"
        return format(a[()] if a.ndim == 0 else a, spec)

    def __reduce__(self):
        return convert_to_tensor, (self._numpy(), self._dtype)

    def __repr__(self) -> str:
        shown = "numpy" if self._dtype.is_numpy_compatible else "value"
        return (f"<tf.Tensor: shape={self.shape}, dtype={self._dtype.name}, "
                f"{shown}={_numpy_text(self, True)}>")

    def __str__(self) -> str:
        text = _numpy_text(self, False)
        return f"tf.Tensor({text}, shape={self.shape}, dtype={self._dtype.name})"

    def cpu(self) -> EagerTensor:
        return copy_to(self, "CPU", 0)

    def gpu(self, gpu_index: int = 0) -> EagerTensor:
        """A copy on GPU `gpu_index`; RuntimeError when there is no such GPU, as in TF."""
        return copy_to(self, "GPU", gpu_index)

    def set_shape(self, shape: Any) -> None:
        if not TensorShape(shape).is_compatible_with(self.shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied shape "
                             f"{TensorShape(shape)}.")

    @property
    def graph(self) -> Any:
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    @property
    def name(self) -> str:
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def op(self) -> Any:
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    def eval(self, feed_dict: Any = None, session: Any = None) -> Any:
        raise NotImplementedError("eval is not supported when eager execution is enabled, is "
                                  ".numpy() what you're looking for?")


def _variant_text(held: Any) -> str:
    if getattr(held, "is_resource_handle", False):
        return repr(held)  # a resource tensor shows its ResourceHandle, as TF's
    if hasattr(held, "variant_text"):  # (a TensorMap's value)
        return held.variant_text
    return "<TensorList>" if isinstance(held, tuple) else "<unprintable>"


def _numpy_text(t: EagerTensor, is_repr: bool) -> str:
    if not t._dtype.is_numpy_compatible:
        if not isinstance(t._arr, np.ndarray):
            return "<unprintable>"
        # TF summarizes a variant by its kind, flat, its first three items at most
        items = [_variant_text(v) for v in t._arr.ravel()[:4]]
        if t._arr.ndim == 0:
            return items[0]
        return "[" + " ".join(items[:3]) + ("..." if len(items) > 3 else "") + "]"
    a = t._numpy()
    if a.ndim == 0:
        text = repr(a.item()) if is_repr else str(a[()])
    else:
        text = repr(a) if is_repr else str(a)
    return "\n" + text if "\n" in text else text


# ---------------------------------------------------------------------------------------
# Weak tensors (auto dtype conversion).
# ---------------------------------------------------------------------------------------

class WeakEagerTensor(EagerTensor):
    """TF's weakly typed tensor (auto dtype conversion, core/promotion.py): an EagerTensor
    whose dtype was inferred from Python values, and defers to another operand's. The
    same slots, so that making one is a copy of four references; ops' results are plain
    EagerTensors, and numpy_ops/weak.py marks the weak ones."""

    __slots__ = ()
    _weak = True

    def __repr__(self) -> str:
        return weak_text(EagerTensor.__repr__(self))

    def __str__(self) -> str:
        return weak_text(EagerTensor.__str__(self))

    def __format__(self, spec: str) -> str:
        return f"{EagerTensor.__format__(self, spec)} weakly typed"

    def __reduce__(self):
        return make_weak, (EagerTensor(self._arr, self._dtype, self._device),)


def weak_text(text: str) -> str:
    """A tensor's text with TF's ", weak=True" before its closing bracket."""
    return f"{text[:-1]}, weak=True{text[-1]}"


# the weak class of each tensor class (a weak tensor is a copy of the tensor's slots: an
# eager value may be shared, as scalar_operand's are, and a graph knows its own tensors by
# identity, so neither is re-classed where it stands)
_WEAK_CLASSES: dict = {EagerTensor: (WeakEagerTensor, ("_arr", "_shape", "_dtype", "_device"))}


def register_weak_class(cls: type, weak_cls: type, slots: tuple) -> None:
    """Hands down the weak form of a tensor class defined above core (graph's symbolic)."""
    _WEAK_CLASSES[cls] = (weak_cls, slots)


def make_weak(t: Any, fresh: builtins.bool = False) -> Any:
    """`t` as a weak tensor (TF's WeakTensor.from_tensor); already weak or of a kind with
    no weak form: `t` itself. The dtype must be one a weak tensor can have. A `fresh`
    eager tensor (an op's new output, known to no cache) is re-classed where it stands, so
    that a tape that recorded it still knows it."""
    if t._weak:
        return t
    found = _WEAK_CLASSES.get(type(t))
    if found is None:
        return t
    if t._dtype not in _WEAK_DTYPES:
        raise TypeError(f"{t._dtype} not allowed as a weak type. The allowed types are "
                        f"({', '.join(repr(d) for d in _WEAK_DTYPES)}).")
    weak_cls, slots = found
    if fresh and weak_cls is WeakEagerTensor:
        t.__class__ = WeakEagerTensor
        return t
    w = object.__new__(weak_cls)
    for name in slots:
        object.__setattr__(w, name, getattr(t, name))
    return w


def host_scalar(arr: np.ndarray, dtype: _dt.DType) -> EagerTensor:
    """A 0-d constant (an operand like the 2.0 of `x * 2.0`) kept in host memory whatever
    the current device it is labeled with: a GPU's elementwise kernels take it as a scalar
    argument, as CuPy takes Python numbers, with no copy (ops/dispatch.py: onto_device).
    Made while a graph is traced, it is a value converted there, not a captured tensor."""
    t = EagerTensor(arr, dtype, _state.device)
    if _state.graph is not None:
        _converted_in_trace(t)
    return t


# The operands `scalar_operand` made, by (type, value, dtype, device). A tensor is
# immutable, so one serves every op: making the 0-d array and its tensor was a third of
# the time of an eager `x * 2.0`. Zero (0.0 == -0.0 as a key) and NaN (never equal to
# itself) are not kept; the cache starts over when it fills.
_SCALARS: dict = {}
_SCALAR_IDS: dict = {}  # id -> the same tensors (is_scalar_operand)
_SCALARS_MAX = 1024


def scalar_operand(value: int | float, dtype: _dt.DType) -> EagerTensor | None:
    """The Python number `value` (an int or float, not bool) as a host_scalar of `dtype`
    when scalar_array converts it exactly (None otherwise): the 2.0 of `x * 2.0`."""
    dev = _state.device
    key = (value.__class__, value, dtype, dev)
    t = _SCALARS.get(key)
    if t is None:
        arr = scalar_array(value, dtype)
        if arr is None:
            return None
        t = EagerTensor(arr, dtype, dev)
        if value and value == value:
            if len(_SCALARS) >= _SCALARS_MAX:
                _SCALARS.clear()
                _SCALAR_IDS.clear()
            _SCALARS[key] = t
            _SCALAR_IDS[id(t)] = t
        elif _state.graph is not None:  # (a zero or NaN: a new tensor each time)
            _converted_in_trace(t)
    return t


def is_scalar_operand(t: Any) -> builtins.bool:
    """Whether `t` is one of scalar_operand's shared tensors: a Python number converted,
    which a graph being traced takes as a new constant for each op using it (TF converts
    the number once per op), never as a captured tensor."""
    return _SCALAR_IDS.get(id(t)) is t


def _converted_in_trace(t: EagerTensor, value: Any = None) -> EagerTensor:
    """`t`, made from Python `value` while a graph is built: the graph notes it, so that it
    becomes a constant of the op taking it, not a captured tensor (TF converts such a value
    inside the graph; only a tensor that already existed is captured)."""
    g = _state.graph
    if g is not None:
        if 0 in t._shape and isinstance(value, (list, tuple)):
            # (TF's eager conversion takes [[], [1]] for a (2, 0) tensor; its graph's, NumPy,
            # refuses a ragged list)
            err = list_value_error(value)
            if err is not None:
                raise err
        made = getattr(g, "converted", None)
        if made is not None:
            made[id(t)] = t
    return t


def scalar_pair(x: Any, y: Any) -> tuple | None:
    """An eager tensor and a Python float or int that its dtype holds exactly (`x * 2.0`,
    `1 - x`): the commonest mixed operands, converted as convert_to_tensor would; None for
    every other pair, which the general rules handle (ops/math.py: binary_args)."""
    if type(x) is EagerTensor:
        ty = type(y)
        if ty is float or ty is int:
            y = scalar_operand(y, x._dtype)
            return None if y is None else (x, y)
    elif type(y) is EagerTensor:
        tx = type(x)
        if tx is float or tx is int:
            x = scalar_operand(x, y._dtype)
            return None if x is None else (x, y)
    return None


_PY_NUMBERS = frozenset((float, int))  # (exactly these: a bool, an int subclass, is not one)


def convert_to_tensor(value: Any, dtype: Any = None, dtype_hint: Any = None,
                      name: str | None = None) -> Tensor:
    """Converts Python scalars, nested lists, NumPy arrays, Variables and tensors."""
    if type(value) in _PY_NUMBERS:  # the common scalar operand, kept short
        arr = scalar_array(value, _dt.as_dtype(dtype) if dtype is not None else
                            _dt.as_dtype(dtype_hint) if dtype_hint is not None else None)
        if arr is not None:
            if _state.graph is not None:
                return _converted_in_trace(EagerTensor(arr))
            return EagerTensor(arr)
    if isinstance(value, Tensor):
        if dtype is not None and value._dtype is not _dt.as_dtype(dtype):
            # (TF's prefix is the name formatted, whatever it is: a NumPy array's str too)
            raise ValueError(f"{'' if name is None else f'{name}: '}Tensor conversion "
                             f"requested dtype {_dt.as_dtype(dtype).name} for Tensor with "
                             f"dtype {value._dtype.name}: {value!r}")  # (TF names it)
        return value
    if isinstance(value, TensorShape):
        return _converted_in_trace(EagerTensor(_shape_array(value, dtype, dtype_hint)))
    conv = getattr(value, "_as_tensor", None)
    if conv is not None:
        return conv(dtype)
    if _CONVERSIONS:
        out = _registered_conversion(value, dtype, name)
        if out is not None:
            return out
    conv = getattr(value, "__tf_tensor__", None)  # TF's conversion protocol
    if conv is not None:
        return conv(dtype=None if dtype is None else _dt.as_dtype(dtype), name=name)
    if isinstance(value, CompositeTensor):
        if dtype is not None and _state.graph is not None:
            # (TF's graph makes it a constant: make_tensor_proto's check of the value
            # against the dtype refuses it first)
            raise TypeError(f"Expected {_dt.as_dtype(dtype).name}, but got {value} of type "
                            f"'{type(value).__name__}'.")
        if _state.graph is not None and any(
                _has_symbolic(c) for c in value._type_spec._to_components(value)):
            # (a traced one: TF's graph converts it with NumPy, which finds no elements)
            raise TypeError(f"Failed to convert elements of {value} to Tensor. Consider "
                            "casting elements to a supported type. See "
                            "https://www.tensorflow.org/api_docs/python/tf/dtypes for "
                            "supported TF dtypes.")
        if hasattr(type(value), "__getitem__"):  # TF takes it for a sequence: tries len()
            raise ValueError(f"TypeError: object of type '{type(value).__name__}' has no "
                             "len()\n")
        raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                         f"({type_repr(value)}) to a Tensor.")
    if isinstance(value, (list, tuple)) and has_tensor(value):
        # TF's autopacking: Pack ops in the first tensor's dtype, not NumPy's inference
        # over the elements' values ([int64 tensor] stays int64)
        if dtype is None and dtype_hint is not None:
            try:
                return packing.pack(value, dtype_hint, name or "packed")
            except (TypeError, ValueError):
                pass
        return packing.pack(value, dtype, name or "packed")
    try:
        return _converted_in_trace(_from_value(value, dtype, dtype_hint), value)
    except (NotImplementedError, AttributeError):
        # a list holding graph tensors (inside tf.function): packed by graph ops
        if isinstance(value, (list, tuple)) and _has_symbolic(value):
            return packing.pack(value, dtype)
        raise
    except TypeError:
        # while a graph is built TF makes a Python value a constant (make_tensor_proto),
        # whose check of its elements words the refusal ("Expected float32, but got b of
        # type 'str'.")
        if _state.graph is not None and dtype is not None and \
                isinstance(value, (builtins.int, builtins.float, str, bytes, list, tuple)):
            check_elements(value, _dt.as_dtype(dtype))
        raise
    except ValueError as e:
        # while a graph is built TF converts a list with NumPy (make_tensor_proto): an
        # element not of the dtype asked for, or without one a None or strings among
        # numbers, its TypeError; a ragged list NumPy's ValueError
        if _state.graph is not None:
            if dtype is not None and isinstance(value, (list, tuple)):
                check_elements(value, _dt.as_dtype(dtype))
            raise graph_value_error(value) or e from None
        raise


def host_tensor(value: Any, dtype: Any = None, name: str | None = None,
                dtype_hint: Any = None) -> Tensor:
    """`value` converted as convert_to_tensor converts it, made on the host when running
    eagerly (as TF makes its eager constants) where it is not a tensor already: a value
    an op reads on the host (TF's HostMemory inputs: a seed, an integer draw's bounds, a
    range's), so a GPU's op takes it without a copy there and back. (`name`: the one a
    dtype mismatch's error names, as convert_to_tensor's.)"""
    if isinstance(value, Tensor):
        return convert_to_tensor(value, dtype=dtype, name=name)
    with _device.host_eagerly():
        return convert_to_tensor(value, dtype=dtype, dtype_hint=dtype_hint, name=name)


def _from_value(value: Any, dtype: Any, dtype_hint: Any) -> EagerTensor:
    """A Python or NumPy value as a tensor of `dtype` (else of `dtype_hint` if it fits)."""
    if dtype is not None:
        return _converted(value, _dt.as_dtype(dtype))
    if dtype_hint is not None:
        try:
            return _converted(value, _dt.as_dtype(dtype_hint))
        except (TypeError, ValueError):
            pass
    if isinstance(value, np.ndarray) and value.dtype.names is not None:
        return _converted(value, _dt.as_dtype(value.dtype))  # TF's qint8 record arrays
    return EagerTensor(_to_array(value, None))


# tf.register_tensor_conversion_function: (priority, base types, function), lowest first;
# consulted for objects that no built-in conversion takes.
_CONVERSIONS: list = []
_UNCONVERTIBLE = (int, float, np.generic, np.ndarray)


def register_tensor_conversion_function(base_type: Any, conversion_func: Any,
                                        priority: int = 100) -> None:
    """Makes objects of `base_type` convertible: `conversion_func(value, dtype=None,
    name=None, as_ref=False)` returns a tensor, or NotImplemented to let the next one try."""
    types = base_type if isinstance(base_type, tuple) else (base_type,)
    if not all(isinstance(t, type) for t in types):
        raise TypeError(f"Argument `base_type` must be a type or a tuple of types. Obtained: "
                        f"{base_type}")
    if any(issubclass(t, _UNCONVERTIBLE) for t in types):
        raise TypeError("Cannot register conversions for Python numeric types and NumPy "
                        "scalars and arrays.")
    if not callable(conversion_func):
        raise TypeError(f"Argument `conversion_func` must be callable. Received "
                        f"{conversion_func}.")
    _CONVERSIONS.append((priority, types, conversion_func))
    _CONVERSIONS.sort(key=lambda entry: entry[0])  # (stable: earlier first among equals)


def _registered_conversion(value: Any, dtype: Any, name: str | None) -> Tensor | None:
    want = None if dtype is None else _dt.as_dtype(dtype)
    for _, types, func in _CONVERSIONS:
        if not isinstance(value, types):
            continue
        out = func(value, dtype=want, name=name, as_ref=False)
        if out is NotImplemented:
            continue
        if not isinstance(out, Tensor):
            raise RuntimeError(f"Conversion function {func!r} for type {type(value)} returned "
                               f"non-Tensor: {out!r}")
        if want is not None and out._dtype is not want:
            raise RuntimeError(f"Conversion function {func!r} for type {type(value)} returned "
                               f"incompatible dtype: requested = {want.name}, actual = "
                               f"{out._dtype.name}")
        return out
    return None


def _has_symbolic(value: Any) -> builtins.bool:
    if isinstance(value, (list, tuple)):
        return any(_has_symbolic(v) for v in value)
    return isinstance(value, Tensor) and not isinstance(value, EagerTensor)


def _converted(value: Any, dtype: _dt.DType) -> EagerTensor:
    """`value` as a tensor of `dtype`; a quantized dtype is named explicitly, its array
    holding the plain integers NumPy would call int8 (or uint8, ...)."""
    if (dtype is _dt.resource or dtype is _dt.variant) and isinstance(value, np.ndarray) \
            and value.dtype.kind in "biufcSU":  # (a handle holds no numbers or strings)
        raise ValueError("Failed to convert a NumPy array to a Tensor (Unexpected numpy data "
                         "type).")
    arr = _to_array(value, dtype)
    return EagerTensor(arr, dtype if dtype.is_quantized else None)


def _object_ndarray(value: np.ndarray) -> np.ndarray:
    """A NumPy array of objects: TF converts one of strings only (bytes or str), naming the
    type of the first other element (a tensor by its C type's full name, as TF's)."""
    flat = value.ravel()
    others = [x for x in flat if not isinstance(x, (bytes, str))]
    if not others:
        return object_array(value, value)
    other = others[0]
    kind = ("tensorflow.python.framework.ops.EagerTensor" if isinstance(other, EagerTensor)
            else type(other).__name__)
    raise ValueError(f"Failed to convert a NumPy array to a Tensor (Unsupported object type "
                     f"{kind}).")


def sequence_tensor(value: list | tuple, dtype: Any) -> EagerTensor:
    """A Python list or tuple as tf.constant converts it eagerly (to `dtype` if given):
    TF's sequence conversion, which packs no tensor it holds (convert_to_tensor does)."""
    return _from_value(value, dtype, None)


def _to_array(value: Any, dtype: _dt.DType | None) -> np.ndarray:
    if value is None:
        if _state.graph is not None:  # (TF's graph-mode conversion words it so)
            raise ValueError("None values not supported.")
        raise ValueError("Attempt to convert a value (None) with an unsupported type "
                         "(<class 'NoneType'>) to a Tensor.")
    if isinstance(value, np.ndarray):
        if dtype is None:
            if value.dtype.kind in "US":
                return to_bytes_array(value)
            if value.dtype.kind == "O":
                return _object_ndarray(value)
            _dt.from_numpy(value.dtype)  # raises for unsupported dtypes
            return value.copy()
        return numpy_to_dtype(value, dtype)
    if isinstance(value, np.generic):
        return _to_array(np.asarray(value), dtype)
    if isinstance(value, TensorShape):
        value = value.as_list()
    elif converts_as_array(value):
        return _to_array(array_of(value), dtype)
    if dtype is None:
        return array_from_python(value)
    return python_to_dtype(value, dtype)


def _shape_array(s: TensorShape, dtype: Any, dtype_hint: Any) -> np.ndarray:
    """TF's conversion function of a TensorShape: a fully known one's dims as int32, or
    int64 when one is past int32; the hint is dropped when it fails (tf.constant instead
    converts the dims as a list)."""
    if dtype is None and dtype_hint is not None:
        try:
            return _shape_array(s, dtype_hint, None)
        except (TypeError, ValueError):
            pass
    if not s.is_fully_defined():
        raise ValueError(f"Cannot convert a partially known TensorShape {s} to a Tensor.")
    dims = s.as_list()
    wide = any(d >= 2**31 for d in dims)
    want = _dt.as_dtype(dtype) if dtype is not None else _dt.int64 if wide else _dt.int32
    if want not in (_dt.int32, _dt.int64):
        raise TypeError(f"Cannot convert TensorShape {s} to dtype {want}. Allowed dtypes are "
                        "tf.int32 and tf.int64.")
    if want is _dt.int32 and wide:
        raise ValueError(f"Cannot convert TensorShape {s} to dtype int32; a dimension is too "
                         "large. Consider using tf.int64.")
    return np.array(dims, want.as_numpy_dtype)


def converts_as_array(value: Any) -> builtins.bool:
    """Whether TF converts `value` through its `__array__`: an array-like object that is
    no NumPy value, tensor, list or tuple (a pandas DataFrame or Series); tf.function
    takes one as the tensor it converts to."""
    return hasattr(type(value), "__array__") and not isinstance(
        value, (list, tuple, np.ndarray, np.generic, Tensor))


def array_of(value: Any) -> np.ndarray:
    """The NumPy array an object with `__array__` (a pandas DataFrame or Series) gives when
    called with no arguments, as TF takes it: converted then as that array (its dtype kept,
    int64 and float64 too), where a Python sequence would be read element by element."""
    arr = value.__array__()
    if not isinstance(arr, np.ndarray):
        raise ValueError("Value returned by __array__ is not a NumPy array")
    return arr


def is_tensor(x: Any) -> builtins.bool:
    """tf.is_tensor: tensors, variables and composite tensors (ragged, sparse), not the
    extension types (which set `_tensor_like` False)."""
    return isinstance(x, Tensor) or hasattr(x, "_as_tensor") or (
        isinstance(x, CompositeTensor) and getattr(x, "_tensor_like", True))


def wrap(arr: Any) -> EagerTensor:
    """An EagerTensor around a kernel result (NumPy scalars become 0-d arrays)."""
    if type(arr) is not np.ndarray:
        arr = np.asarray(arr)
    return EagerTensor(arr)


def check_finite_size(op_name: str, shape: tuple, dtype: _dt.DType) -> None:
    """Refuses, before anything is allocated, shapes whose element count overflows int64
    (InvalidArgumentError, as TF) or whose bytes exceed the memory the process can get
    (ResourceExhaustedError, TF's OOM message)."""
    n = check_element_count(op_name, shape)
    itemsize = 8 if dtype is _dt.string else dtype.size
    if not n and math.prod(d or 1 for d in shape) * itemsize > _INT64_MAX:
        # an empty shape past int64 in bytes: no NumPy array can describe it
        raise InvalidArgumentError(None, None, f"Shape {shape_str(shape)} has too many elements "
                                               f"[Op:{op_name}]")
    dev = _device.current_device()
    if dev.backend.too_big(n * itemsize):
        word = _dt.dtype_word(dtype)
        allocator = "cpu" if dev.device_type == "CPU" else f"GPU_{dev.index}_bfc"  # TF's names
        raise ResourceExhaustedError(
            None, None, f"OOM when allocating tensor with shape{shape_str(shape)}"
                        f" and type {word} on {dev.canonical} by allocator {allocator} "
                        f"[Op:{op_name}]")


# (below this many bytes no memory limit refuses an output: output_shape_sized skips it)
_BIG_OUTPUT = 64 << 20


def output_shape_sized(op_name: str, shape: tuple, dtype: _dt.DType) -> tuple:
    """`shape`, the shape of an eager output that may outgrow its inputs (a widening cast,
    an outer product), refused by check_finite_size before NumPy allocates it; a small one
    (most) costs one product."""
    if _state.graph is None and None not in shape and \
            math.prod(shape) * dtype._np.itemsize > _BIG_OUTPUT:
        check_finite_size(op_name, shape, dtype)
    return shape


def check_element_count(op_name: str, shape: tuple) -> int:
    """TF's TensorShape check of a shape read from an input, which an op makes before its
    other checks (its OOM comes only when it allocates): a negative dim or an element count
    past int64 refused; the count returned."""
    # (in C for the common shape, of positive dims: this runs for every output of many ops)
    n = math.prod(shape)
    if n <= 0 or (len(shape) and min(shape) <= 0):
        for d in shape:
            if d < 0:
                raise InvalidArgumentError(None, None,
                                           f"Dimension {d} must be >= 0 [Op:{op_name}]")
    # (fewer elements, past int64 in bytes, are TF's OOM)
    if n > _INT64_MAX:
        raise InvalidArgumentError(None, None, f"Shape {shape_str(shape)} would have more than "
                                               f"2**63 - 1 elements [Op:{op_name}]")
    return n


_INT64_MAX = 2**63 - 1

