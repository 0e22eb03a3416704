"""Shape queries: Shape (tf.shape), ShapeN (tf.shape_n) and tf.rank; the Rank and Size ops.

Sits in ops/ under array.py (which re-exports them from here), over
graph_constants.py: in a graph, the shape or rank of a tensor whose dims are all known
while tracing is TF's Const, and the Shape op reads the rest at run time. Eagerly, they
are values: an eager tensor's shape is always known.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import binds_first, dispatch_binding, dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_name, slow_inputs, slow_type
from eagerflow._src.ops.graph_constants import graph_constant, graph_input, scope_name
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(1)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _shape_infer(x: Any, out_type: dt.DType) -> list:
    C.dtype_attr("Shape", out_type, "out_type", C.INDEX)
    return [((len(x._shape),) if x._shape is not None else (None,), out_type)]


def _shape_fold(node: Any, value_of: Any) -> Any:
    """What dynshape knows of a Shape at trace time: the input's static dims."""
    s = node.inputs[0]._shape
    return None if s is None else list(s)


SHAPE = register(OpDef(
    "Shape", _shape_infer,
    lambda xp, x, out_type: np.array(x.shape, dtype=out_type.as_numpy_dtype),
    reference=lambda x, out_type: np.array(list(x.shape), dtype=out_type.as_numpy_dtype),
    samples=lambda: [Sample((_f64(2, 3),), {"out_type": dt.int32}, grad=False)],
    fold=_shape_fold, tf_const_fold=True, tf_shape_fold=True, shape_only=True,
    gpu=False,  # a shape lives on the host (TF's HostMemory output): read there by its users
))


def _shape_n_infer(*xs: Any, out_type: dt.DType) -> list:
    C.attr_at_least("ShapeN", "N", len(xs), 1)
    C.dtype_attr("ShapeN", out_type, "out_type", C.INDEX)
    for i, x in enumerate(xs[1:], 1):  # (one type attr T, of any type, for all the inputs)
        if x._dtype is not xs[0]._dtype:
            raise C.wrong_input_dtype("ShapeN", i, xs[0]._dtype, x._dtype)
    return [((len(x._shape),) if x._shape is not None else (None,), out_type) for x in xs]


def _shape_n_fold(node: Any, value_of: Any) -> tuple:
    """dynshape: each input's static dims (a tuple: one value per output)."""
    return tuple(None if x._shape is None else list(x._shape) for x in node.inputs)


SHAPE_N = register(OpDef(
    "ShapeN", _shape_n_infer,
    lambda xp, *xs, out_type: tuple(np.array(x.shape, dtype=out_type.as_numpy_dtype)
                                    for x in xs),
    reference=lambda *xs, out_type: tuple(np.array(list(x.shape), out_type.as_numpy_dtype)
                                          for x in xs),
    samples=lambda: [Sample((_f64(2, 3), _f64(4)), {"out_type": dt.int32}, grad=False),
                     Sample((_f64(1, 2, 3),), {"out_type": dt.int64}, grad=False)],
    bad_samples=lambda: [
        BadSample((_f64(2),), {"out_type": dt.float32}, InvalidArgumentError,
                  "Value for attr 'out_type' of float is not in the list of allowed values"),
        BadSample((_f64(2), np.array([1], np.int32)), {"out_type": dt.int32},
                  InvalidArgumentError, "input #1(zero-based) was expected to be a double "
                                        "tensor but is a int32 tensor")],
    arity=lambda ins, attrs: {"N": len(ins)}, num_outputs=-1, fold=_shape_n_fold, gpu=False,
    shape_only=True,
))


# a graph's rank and size of a tensor whose shape is known only when it runs (TF's ops)
RANK = register(OpDef(
    "Rank", lambda x: [((), dt.int32)], lambda xp, x: np.array(x.ndim, dtype=np.int32),
    reference=lambda x: np.array(len(x.shape), np.int32),
    samples=lambda: [Sample((_f64(2, 3),), grad=False)], gpu=False, shape_only=True))


def _size_infer(x: Any, out_type: dt.DType) -> list:
    C.dtype_attr("Size", out_type, "out_type", C.INDEX)
    return [((), out_type)]


SIZE = register(OpDef(
    "Size", _size_infer,
    lambda xp, x, out_type: np.array(x.size, dtype=out_type.as_numpy_dtype),
    reference=lambda x, out_type: np.array(int(np.prod(x.shape)), out_type.as_numpy_dtype),
    samples=lambda: [Sample((_f64(2, 3),), {"out_type": dt.int32}, grad=False)], gpu=False,
    shape_only=True))


@dispatchable
@binds_first
@slow_inputs("input", "out_type:type")  # (TF's hands its op both as given, eagerly)
def shape(input: Any, out_type: Any = None, name: str | None = None) -> Any:  # noqa: A002
    # (TF's shape_internal: any false out_type, 0, '' or [], is int32)
    out_type = dt.int32 if out_type is None or not out_type else \
        AV.make_type(out_type, "out_type")
    x = graph_input(_t(input))
    if _state.graph is not None and _static(x):  # TF's graph: a Const of a static shape
        scope = scope_name(name, "Shape")
        if getattr(_state.graph, "_pending_reads", None):  # a variable, read in the scope
            _state.graph.claim_reads((x,), scope)
        return graph_constant(list(x._shape), out_type, name=scope + "/")
    # (TF's op is made in its "Shape" scope: eagerly its errors name no name)
    return bind(SHAPE, (x,), {"out_type": out_type}, eager_name(name))


def _static(x: Any) -> bool:
    return isinstance(x, Tensor) and x._shape is not None and None not in x._shape


def dims(x: Any) -> list:
    """x's dims (its rank known): each one known while tracing as an int, the others as
    its run-time size, a scalar of one Shape of x."""
    sizes = None
    out = []
    for i, d in enumerate(x._shape):
        if d is None:
            sizes = shape(x) if sizes is None else sizes
            d = sizes[i]
        out.append(d)
    return out


@dispatch_binding
def shape_n(input: Any, out_type: Any = dt.int32, name: str | None = None) -> list:  # noqa: A002
    # (as TF's wrapper: an out_type that is not a DType or its enum sends it down its slow
    # path, which asks for a list, then reads out_type; its fast path takes any sequence but
    # a NumPy array or a str (bytes are one: a scalar per byte), and refuses an array of
    # rank 2 or more in its words)
    slow = slow_type(out_type)
    if not slow:
        wrapper_inputs.check_list_input(input, "N")
    wrapper_inputs.check_not_scalar_tensor(input, "shape_n", "input")
    if not isinstance(input, (list, tuple)) and (
            slow or isinstance(input, (np.ndarray, str, dict)) or
            not hasattr(type(input), "__getitem__")):  # (no sequence: the slow path too)
        raise TypeError(f"Expected list for 'input' argument to 'shape_n' Op, not "
                        f"{input!r}.")
    try:
        out_type = dt.as_dtype(out_type)
    except TypeError:
        raise TypeError(f"Expected DataType for argument 'out_type' not {out_type!r}.") \
            from None
    xs = tuple(wrapper_inputs.op_inputs("ShapeN", tuple(input)))  # (to the first's dtype)
    return list(bind(SHAPE_N, xs, {"out_type": out_type}, name))


@dispatchable
@binds_first
def rank(input: Any, name: str | None = None) -> Any:  # noqa: A002
    x = graph_input(_t(input))
    if _state.graph is not None and x._shape is not None:  # (TF's graph: a Const)
        return graph_constant(len(x._shape), dt.int32, name=scope_name(name, "Rank") + "/")
    if _state.graph is not None:
        return bind(RANK, (x,), {}, name)
    return bind(SHAPE, (shape(x),), {"out_type": dt.int32})[0]
