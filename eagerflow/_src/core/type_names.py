"""How Python's own messages name a value's type where TF's names differ from eagerflow's.

Python names a type in "'X' object has no attribute" (and "is not callable") by the C
type's full name, a class by its own name; str(type(x)) by its module. TF's eager tensor
is a C type, tensorflow.python.framework.ops.EagerTensor; TF's Python classes (RaggedTensor,
SparseTensor, DType, ...) live in TF's modules. No imports: core's lowest layer.
"""

from __future__ import annotations

from typing import Any

# TF's modules of the classes eagerflow has by the same name
_TF_MODULES = {"EagerTensor": "tensorflow.python.framework.ops",
               "RaggedTensor": "tensorflow.python.ops.ragged.ragged_tensor",
               "SparseTensor": "tensorflow.python.framework.sparse_tensor",
               "TensorShape": "tensorflow.python.framework.tensor_shape",
               "DType": "tensorflow.python.framework.dtypes",
               "ResourceVariable": "tensorflow.python.ops.resource_variable_ops",
               "IndexedSlices": "tensorflow.python.framework.indexed_slices"}
_HEAP_TYPE = 1 << 9  # Py_TPFLAGS_HEAPTYPE: a class made by a class statement
_EAGER = "tensorflow.python.framework.ops.EagerTensor"


def _ours(t: type) -> bool:
    return t.__module__.startswith("eagerflow.") and t.__name__ in _TF_MODULES


def type_name(value: Any) -> str:
    """The name Python's own messages give `value`'s type ("'X' object has no attribute"),
    as in TF: a C type's full name (TF's eager tensor, 'numpy.ndarray'), a class's own."""
    t = type(value)
    if _ours(t) and t.__name__ == "EagerTensor":
        return _EAGER
    if t.__flags__ & _HEAP_TYPE or t.__module__ == "builtins":
        return t.__name__
    return f"{t.__module__}.{t.__qualname__}"


def type_repr(value: Any) -> str:
    """str(type(value)) as in TF: eagerflow's own classes under TF's modules."""
    t = type(value)
    if _ours(t):
        return f"<class '{_TF_MODULES[t.__name__]}.{t.__name__}'>"
    return str(t)
