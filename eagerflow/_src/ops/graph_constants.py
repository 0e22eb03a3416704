"""Constants while a graph is built: TF's graph-mode tf.constant and tf.convert_to_tensor.

Sits in ops/ right above dynshape.py, below array.py (whose tf.constant, tf.zeros and
tf.ones call it) and the ops that name their scopes. Eagerly, tf.constant is an
EagerTensor; while a tf.function is traced or a tf.Graph is the default, TF's
`constant` makes a "Const" node at once (named "Const", `name`, under the name
scopes, made unique), and `convert_to_tensor` of a Python or NumPy value does too. The
value is checked as TF's make_tensor_proto checks it (its TypeErrors), converted
eagerly, and held by the node as a host array: graph passes fold it, codegen binds it.
An op's public function converts a Python input with `as_input` (`first_input` for a
one-input op): a value that converts to no tensor while tracing (None, a ragged list)
is TF's op wrapper's ValueError naming the input by its signature's name.
"""

from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.py_conversion import (
    check_elements,
    graph_value_error,
    leaves,
    list_value_error,
    op_input_refusal,
)
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.tf_op_defs import signatures


def graph_constant(value: Any, dtype: Any = None, shape: Any = None,
                   name: str | None = "Const") -> Any:
    """tf.constant while a graph is built: one Const node holding `value` (a scalar or
    one-element value broadcast to `shape`, another value reshaped to it)."""
    if value is None:
        raise ValueError("None values not supported.")
    want = None if dtype is None else dt.as_dtype(dtype)
    if hasattr(value, "_as_tensor") and not isinstance(value, Tensor):  # a variable
        raise NotImplementedError("numpy() is only available when eager execution is enabled.")
    if not isinstance(value, (np.ndarray, np.generic, EagerTensor)):
        assert_compatible(value, want)
    elif isinstance(value, np.ndarray) and value.dtype.kind == "O" and want in (None,
                                                                              dt.string):
        _strings_only(value)
    try:
        arr, d = _eager_value(value, want)
    except ValueError as e:  # (TF's graph constants see a None or mixed list as NumPy does)
        raise graph_value_error(value) or e from None
    if arr.size == 0 and (refused := list_value_error(value)) is not None:
        raise refused  # (a ragged list, [[], [1]], which TF's eager conversion takes)
    if shape is not None:
        shape = tuple(int(s) for s in shape)
        check_dims(shape)
        if arr.shape in ((), (1,)):
            check_finite_size("Const", shape, d)
            arr = np.broadcast_to(arr.reshape(()), shape).copy()
        elif arr.size != math.prod(shape):
            raise TypeError(f"Expected Tensor's shape: {shape}, but got {arr.shape}.")
        else:
            arr = arr.reshape(shape)
    return _state.graph.constant(arr, d, name)


def _strings_only(arr: np.ndarray) -> None:
    """TF's graph constant of a NumPy array of objects (a string tensor's): its TypeError
    naming the first element neither bytes nor str (eagerly, its ValueError instead)."""
    bad = next((x for x in arr.ravel().tolist() if not isinstance(x, (bytes, str))), arr)
    if bad is not arr:
        raise TypeError(f"Expected binary or unicode string, got {bad!r}")


def check_dims(shape: tuple) -> None:
    """tf.constant's `shape` has no negative dim (TF's ValueError, eagerly and in graphs)."""
    bad = next((d for d in shape if d is not None and d < 0), None)
    if bad is not None:
        raise ValueError(f"Dimension {bad} must be >= 0")


@dispatch_binding
def convert_to_tensor_v2(value: Any, dtype: Any = None, dtype_hint: Any = None,
                         name: str | None = None) -> Any:
    """tf.convert_to_tensor: tensors as they are, variables read, other values converted;
    a Python or NumPy value converted while a graph is built is a Const node ("Const", or
    `name`), its elements first checked against `dtype` as TF's graph conversion does."""
    # TF's conversion reads dtype, then dtype_hint, as DTypes before it looks at the value
    # (a bad hint is refused even where a tensor needs none)
    if dtype is not None:
        dt.as_dtype(dtype)
    if dtype_hint is not None:
        dt.as_dtype(dtype_hint)
    g = _state.graph
    if g is not None and dtype is not None and isinstance(value, (list, tuple, int, float,
                                                                 complex, str, bytes)) \
            and not any(isinstance(v, Tensor) for v in leaves(value)):  # (else packed)
        assert_compatible(value, dt.as_dtype(dtype))
    graph_input(value, name)  # (TF's TF 1 graph refuses an eager tensor before the dtypes)
    try:
        t = convert_to_tensor(value, dtype, dtype_hint, name)
    except ValueError as e:
        raise (g is not None and dtype is None and list_type_error(value)) or e from None
    if g is not None and type(t) is EagerTensor and not isinstance(value, Tensor):
        return g.constant(to_host(t._arr), t._dtype, name or "Const")
    if getattr(g, "_pending_reads", None):  # a variable: read by the API, under no op
        g.settle_read(t)
    return t


def graph_input(x: Any, name: str | None = None) -> Any:
    """`x`, a value an op or a shape query converts while a graph is built: TF's TF 1 graph
    refuses an eager tensor made before it (Graph.refuse_eager; `name`: what TF's error
    names it)."""
    if type(x) is EagerTensor and _state.graph is not None:
        _state.graph.refuse_eager(x, name)
    return x


def _eager_value(value: Any, dtype: dt.DType | None) -> tuple:
    """`value` converted eagerly and untaped (a list of eager tensors packs into one
    value, as TF's make_tensor_proto reads them): its host array and dtype."""
    st = _state
    saved = st.graph, st.tapes
    st.graph, st.tapes = None, []
    try:
        if isinstance(value, EagerTensor) and dtype in (None, value._dtype):
            t = value
        else:
            if isinstance(value, (np.ndarray, np.generic, EagerTensor)):
                # an array's values are cast to the dtype asked for, as TF's astype
                arr = to_host(value._arr) if isinstance(value, EagerTensor) else \
                    np.asarray(value)
                if dtype is not None and dtype.is_numpy_compatible and \
                        not dtype.is_quantized and arr.dtype.kind not in "OSU":
                    arr = arr.astype(dtype.as_numpy_dtype)
                value = arr
            t = convert_to_tensor(value, dtype)
    finally:
        st.graph, st.tapes = saved
    return to_host(t._arr), t._dtype


def assert_compatible(value: Any, dtype: dt.DType | None) -> None:
    """TF's check of a Python value (nested lists) against the dtype asked for: no tensor
    in it (graph or eager) when none is asked, else elements of the dtype's kind."""
    if dtype is not None and check_elements(value, dtype):
        return
    for v in leaves(value):
        if isinstance(v, Tensor):
            raise TypeError("Expected any non-tensor type, but got a tensor instead.")


def list_type_error(value: Any) -> TypeError | None:
    """list_value_error's TypeError (a None, or strings among numbers), else None."""
    err = list_value_error(value)
    return err if isinstance(err, TypeError) else None


def as_input(value: Any, arg: str | Callable[[], str | None]) -> Tensor:
    """`value` converted for the op input TF's signature names `arg` (or `arg()`, asked
    only when an error is worded), as TF's generated op wrappers convert it: while a graph
    is built, a value that converts to no tensor (None, a ragged list) is their ValueError
    naming the input (op_input_refusal)."""
    if type(value) is EagerTensor:
        return value
    try:
        return convert_to_tensor(value)
    except ValueError:
        if _state.graph is not None:
            name = arg if isinstance(arg, str) else arg()
            if name and (refused := op_input_refusal(name, value)):
                raise refused from None
        raise


def first_input(op_name: str) -> Callable[[Any], Tensor]:
    """as_input for the first input of TF's op `op_name`, named by TF's signature: the
    converter of a one-input op's generated wrapper (tf.square's `x`)."""
    def arg() -> str | None:
        args = signatures().get(op_name, {}).get("inputArg")
        return args[0]["name"] if args else None

    def convert(value: Any) -> Tensor:
        return as_input(value, arg)
    return convert


def scope_name(name: str | None, default: str) -> str:
    """The name scope a TF API function opens for its nodes (`name`, else `default`):
    made unique in the graph under the current scopes; a name ending in "/" exactly."""
    if name and name.endswith("/"):
        return name[:-1]
    return _state.graph.unique_name(name or default)
