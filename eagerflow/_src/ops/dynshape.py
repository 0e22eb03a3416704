"""Shape-like arguments whose values are known only at run time (tensors inside tf.function).

Sits in ops/, under array.py and the other op families that take shapes, axes or sizes.
Outside graphs (and for Python values in graphs) a shape argument stays an attr of
Python ints: `static_ints`, the eager fast path. When the argument mentions a symbolic
tensor, `shape_arg` turns it into a 1-D int tensor that the op takes as an extra input
(the graph carries it, the kernel reads the array when the graph runs), plus the best
static value it can fold at trace time, in the manner of TF's `constant_value` and
`constant_value_as_shape`: a `Const`, the `Shape` of a tensor whose dims are known, a
`Pack` of scalars (some known), a `StridedSlice` of one of those, a `ConcatV2` of them,
integer arithmetic on known values. Each such op says how in its OpDef's `fold`; this
module knows no op by name. When everything folds, the op gets the plain attr and the
graph holds no extra work.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import to_host
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import sparse_tensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.py_conversion import check_elements, op_input_refusal
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, check_finite_size, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.wrapper_inputs import passed_raw

_SEQUENCES = frozenset((list, tuple))
_PLAIN_INT = frozenset((int,))


def static_ints(value: Any, what: str = "shape", attr: tuple | None = None,
                given: tuple = (), defined: bool = False) -> tuple:
    """A shape-like argument as a tuple of Python ints (None allowed for unknown dims).
    `attr`: (op, type attr) of the op that takes it as an int32/int64 tensor (Reshape's
    Tshape, ...): a tensor of another dtype is refused as TF refuses that attr; a third
    item, the op's message for a tensor of more than one dimension ({shape}, {rank}); a
    fourth, "vector", where the op gives that message for a scalar too (eagerly). `given`:
    the op's other inputs as the user gave them (a list there: TF's slow path converts).
    `defined`: the op takes the value as a tensor, so a None in a list is TF's conversion
    error (eagerly "Attempt to convert a value (None) ...", in a graph "Failed to convert
    elements of [...] to Tensor. ...")."""
    if value.__class__ in _SEQUENCES and value and _PLAIN_INT.issuperset(map(type, value)) \
            and -2**63 <= min(value) and max(value) < 2**63:
        # (the common call, a list of Python ints (no bool) that int64 holds, in C calls:
        # what the loop below makes of it, where it costs ~25 bytecodes an item)
        return tuple(value)
    if isinstance(value, TensorShape):
        if not value.is_fully_defined():  # as TF: a shape argument is a tensor, no None in it
            raise ValueError(f"Cannot convert a partially known TensorShape {value} to a Tensor.")
        return tuple(value.as_list())
    if isinstance(value, EagerTensor):
        if attr is not None and value._dtype not in C.INDEX:
            raise C.not_supported(attr[0], value._dtype, C.INDEX, attr[1])
        if attr is not None and len(attr) > 2 and (len(value._shape) > 1 or (
                not value._shape and _refuses_scalar(attr))):
            raise C.fail(attr[0], attr[2].format(shape=C.shape_str(value._shape),
                                                 rank=len(value._shape)))
        if not value._dtype.is_integer:  # TF's Tshape/Tshift/Taxis attrs are int32/int64
            raise TypeError(f"{what} must be a list of integers, got a {value._dtype.name} "
                            f"tensor {value!r}")
        return tuple(int(v) for v in value._numpy().reshape(-1))
    if hasattr(value, "_as_tensor"):
        return static_ints(value._as_tensor(None), what, attr)
    if isinstance(value, Tensor):  # a graph tensor: its value while the graph is built
        known = C.known(value)
        if isinstance(known, Tensor):
            raise TypeError(f"{what} must be known when the op is built; got a symbolic "
                            "tensor")
        return static_ints(EagerTensor(np.asarray(known), value._dtype), what, attr)
    if isinstance(value, (int, np.integer)):
        if isinstance(value, bool) and attr is not None:  # (an int to some attrs, not all)
            return _as_op_converts(value, what, attr, given)
        if _refuses_scalar(attr):
            raise C.fail(attr[0], attr[2].format(shape="[]", rank=0))
        if type(value) is int and not -2**31 <= value < 2**31 and attr is not None:
            # (eagerly TF's wrapper converts it; traced, its Const keeps an int64)
            return (wrapper_inputs.attr_int(attr[0], attr[1], value, passed_raw(*given))
                    if _state.graph is None else AV.int64_ranged(value),)
        return (int(value),)
    if not isinstance(value, (list, tuple, np.ndarray)) or \
            isinstance(value, np.ndarray) and (value.ndim == 0 or value.ndim > 1 and
                                               attr is not None and len(attr) > 2):
        # (a float, a string, None...; a 0-d array, which TF's wrapper casts to the attr's
        # default type as a scalar; an array of rows, which the op converts and refuses
        # with its words for a shape that is no vector)
        return _as_op_converts(value, what, attr, given)
    if not len(value) and attr is not None and _state.graph is None:
        # (an empty list is the op's conversion's: the attr's default dtype, or float32
        # where it has none, which Roll's Tshift and Taxis refuse)
        return _as_op_converts(value, what, attr, given)
    if attr is not None and len(value) and isinstance(value[0], bool) and \
            not all(isinstance(v, bool) for v in value):
        convert_to_tensor(value)  # (TF's infers bool from the first item: "mixed types")
    out = []
    for v in value:
        if v is None:
            if defined:
                convert_to_tensor(value)
            out.append(None)
        elif isinstance(v, EagerTensor) and v._shape:  # TF packs the list: Pack refuses it
            convert_to_tensor(value)
            raise TypeError(f"{what} must be a list of integers, got {value!r}")
        elif isinstance(v, EagerTensor) or hasattr(v, "__index__") and not (
                isinstance(v, np.ndarray) and (v.ndim or v.dtype.kind not in "iu")):
            i = int(v)  # (an array of floats or of rows: as the op converts it)
            if not -2**63 <= i < 2**63:  # (the list's conversion refuses it)
                AV.int64_ranged(i)
            out.append(i)
        else:
            return _as_op_converts(value, what, attr, given)
    return tuple(out)


def _refuses_scalar(attr: tuple | None) -> bool:
    """Whether the op of `attr` (static_ints's) refuses a scalar for its vector, eagerly (a
    graph's shape function words it otherwise)."""
    return attr is not None and attr[3:] == ("vector",) and _state.graph is None


def _as_op_converts(value: Any, what: str, attr: tuple | None, given: tuple) -> tuple:
    """A Python shape-like value that is no list of ints, as the op that takes it as a
    tensor input converts it (`attr`: that op and its type attr): TF's error for what the
    conversion or the attr refuses, else the ints it converts to (a bool, a NumPy float
    array). Without an op, TF's conversion's error or a TypeError."""
    if attr is None:
        convert_to_tensor(value)  # (None, a ragged list: its ValueError)
        raise TypeError(f"{what} must be a list of integers, got {value!r}")
    if _state.graph is not None:
        refuse_index_dtype(value, what)
    as_tensor = wrapper_inputs.index_input(attr[0], value, attr[1], passed_raw(*given))
    return static_ints(as_tensor, what, attr)


def refuse_index_dtype(value: Any, what: str) -> None:
    """While a graph is built, TF's graph builder's TypeError for a Python value given for
    an int32/int64 input `what` that converts to another dtype (a list of floats)."""
    if isinstance(value, (list, tuple, float)) and not is_symbolic(value):
        d = convert_to_tensor(value, dtype_hint=dt.int32)._dtype  # (int32 preferred: [])
        if d not in (dt.int32, dt.int64):
            raise TypeError(f"Value passed to parameter '{what}' has DataType {d.name} not in "
                            "list of allowed values: int32, int64")


def is_symbolic(value: Any) -> bool:
    """Whether `value` (a tensor, or nested lists of them and ints) holds a graph tensor."""
    if isinstance(value, Tensor):
        return not isinstance(value, EagerTensor)
    if isinstance(value, (list, tuple)):
        return any(is_symbolic(v) for v in value)
    return False


def needs_runtime(value: Any) -> bool:
    """Whether `value` (a tensor, or nested lists of them and ints) holds a graph tensor
    whose value is known only when its graph runs (not a constant, not a static shape)."""
    if isinstance(value, (list, tuple)):
        return any(needs_runtime(v) for v in value)
    return isinstance(value, Tensor) and not isinstance(value, EagerTensor) and \
        isinstance(C.known(value), Tensor)


def as_int_tensor(value: Any, what: str) -> Any:
    """`value` as one int32/int64 tensor (lists holding tensors are packed, as TF does)."""
    if isinstance(value, (list, tuple)):
        parts = [as_int_tensor(v, what) if is_symbolic(v) else v for v in value]
        wide = any(isinstance(p, Tensor) and p._dtype is dt.int64 for p in parts)
        d = dt.int64 if wide else dt.int32
        if _state.graph is not None and len(parts) > len(plain := [
                p for p in parts if not isinstance(p, Tensor)]):
            check_elements(plain, d)  # (TF's autopacking: its constants' check first)
        parts = [cast(p, d) if isinstance(p, Tensor) else convert_to_tensor(p, dtype=d)
                 for p in parts]
        return stack(parts)
    t = convert_to_tensor(value)
    if t._dtype not in (dt.int32, dt.int64):
        raise TypeError(f"Value passed to parameter '{what}' has DataType {t._dtype.name} not in "
                        "list of allowed values: int32, int64")
    return t


def partial_value(t: Any) -> Any:
    """What is known of `t`'s value at trace time: for a scalar an int or None; for a vector a
    list of ints/None (one per element) or None when even its length is unknown; an array
    for other constants."""
    known = _known(t)
    if known is not None:
        return known
    shape = t._shape
    if shape == ():
        return None
    if shape is not None and len(shape) == 1 and shape[0] is not None:
        return [None] * shape[0]
    return None


def tf_shape_value(t: Any) -> Any:
    """What TF's Python `constant_value_as_shape` knows of a shape vector `t` (a list of
    ints and None, or None when even its length is unknown): the ops whose OpDef says
    `tf_shape_fold`, their scalar inputs read as `tf_constant_value` reads them; any other
    producer gives only the length, unless the whole value is known."""
    if isinstance(t, EagerTensor):
        return [None if d < 0 else d for d in t._numpy().tolist()]
    node = getattr(t, "_op", None)
    if node is not None and node.op.tf_shape_fold:
        v = _fold(t, _tf_input)
        if isinstance(v, list):
            return [None if d is None or d < 0 else d for d in v]
    full = tf_constant_value(t)
    if isinstance(full, list):
        return [None if d < 0 else d for d in full]
    n = t._shape[0] if t._shape else None
    return None if n is None else [None] * n


def _tf_input(x: Any) -> Any:
    return tf_constant_value(x) if x._shape == () else tf_shape_value(x)


def tf_constant_value(t: Any) -> Any:
    """TF's Python `constant_value`: the value when fully known through the ops whose
    OpDef says `tf_const` or `tf_const_fold` (no slices, no arithmetic); None otherwise."""
    if isinstance(t, EagerTensor):
        return t._numpy().tolist()
    node = getattr(t, "_op", None)
    if node is not None and node.op.tf_const is not None:
        values = [tf_constant_value(x) for x in node.inputs]
        if any(v is None for v in values):
            return None
        v = node.op.tf_const(node, values)
        return v[t._index] if isinstance(v, tuple) else v
    if node is None or not node.op.tf_const_fold:
        return None
    v = _fold(t, tf_constant_value)
    return None if _has_none(v) else v


sparse_tensor.PARTIAL_VALUE[:] = [tf_shape_value]


def _known(t: Any) -> Any:
    """partial_value for the producers it can see through (their OpDef's `fold`); None
    otherwise."""
    if isinstance(t, EagerTensor):
        return t._numpy().tolist()
    node = getattr(t, "_op", None)
    if node is None or node.op.fold is None:
        return None
    if not node.op.fold_partial:  # arithmetic: only on fully known values
        return _evaluate(t)
    return _fold(t, partial_value)


def _evaluate(t: Any) -> Any:
    """The value of `t` when TF's shape inference could compute it outright: from constants,
    the Shape of a fully known shape, or one known dim picked from a partly known Shape,
    through the ops that declare a `fold` (Cast, Identity, Pack, StridedSlice, ConcatV2,
    integer arithmetic); None otherwise."""
    if isinstance(t, EagerTensor):
        return t._numpy().tolist()
    node = getattr(t, "_op", None)
    if node is None or node.op.fold is None:
        return None
    v = _fold(t, _evaluate)
    return None if _has_none(v) else v


def _fold(t: Any, value_of: Any) -> Any:
    """What the `fold` of t's op knows of t: an op of several outputs folds to a tuple, a
    value per output (ShapeN)."""
    v = t._op.op.fold(t._op, value_of)
    return v[t._index] if isinstance(v, tuple) else v


def _has_none(v: Any) -> bool:
    return v is None or (isinstance(v, list) and any(_has_none(e) for e in v))


def shape_arg(value: Any, what: str = "shape", attr: tuple | None = None,
              defined: bool = False) -> tuple:
    """`(static, dynamic)`: the static value of a shape argument (a tuple of ints with None for
    unknown entries, or None for an unknown length) and `()` when that is all the op needs,
    or `(tensor,)`, the runtime value to take as an input. (`attr`, `defined`: as
    static_ints')"""
    if _state.graph is None or not is_symbolic(value):
        return static_ints(value, what, attr, defined=defined), ()
    t = as_int_tensor(value, what)
    if t._shape is not None and len(t._shape) > 1:
        raise ValueError(f"Shape must be rank 1 but is rank {len(t._shape)} for '{what}'")
    vals = partial_value(t)
    if isinstance(vals, (int, float)):
        vals = [vals]
    static = None if vals is None else tuple(vals)
    if static is not None and None not in static:
        _state.graph.note_read(t, static)  # (the node shows it as TF's input)
        return static, ()
    return static, (t,)


def graph_shape(value: Any, what: str = "shape", minus_one: bool = False,
                attr: tuple | None = None, defined: bool = False) -> tuple:
    """`(static, dynamic)` for a shape argument while a graph is built, its values read as
    TF's shape functions read a shape tensor: a dim below -1 is TF's ValueError, and -1
    an unknown dim (where `minus_one`), the shape then the op's input, refused when the
    graph runs, as TF's kernels refuse it. (Reshape's -1, "the rest", is its own.)
    `attr`, `defined`: as shape_arg's."""
    static, dyn = shape_arg(value, what, attr, defined)
    if static is None:
        return static, dyn
    bad = next((d for d in static if d is not None and d < -1), None)
    if bad is not None:
        raise ValueError(f"Invalid value in tensor used for shape: {bad}")
    if minus_one and -1 in static:
        if not dyn:
            dyn = (as_int_tensor(value, what) if is_symbolic(value) else
                   convert_to_tensor(list(static), dtype=dt.int32),)
        return tuple(None if d == -1 else d for d in static), dyn
    return static, dyn


def scalar_arg(value: Any, what: str) -> tuple:
    """`(static, dynamic)` for an int scalar argument (an axis, a depth, a count), `what`
    as TF's signature names the input (a None refused in its op wrapper's words)."""
    if value is None and _state.graph is not None:
        raise op_input_refusal(what, value)
    if _state.graph is None or not is_symbolic(value):
        return int(value), ()
    t = as_int_tensor(value, what)
    v = partial_value(t)
    if isinstance(v, list) and len(v) == 1:
        v = v[0]
    if isinstance(v, int):
        _state.graph.note_read(t, v)  # (the node shows it as TF's input)
        return v, ()
    return None, (t,)


def traced_arg(n: Any, k: int, default: Any) -> Any:
    """TF's input `k` of the traced node that made `n`'s outputs (the Const of an argument
    eagerflow holds as an attr, graph/arg_consts), else `default`: a gradient built in a
    graph takes the forward node's tensor, as TF's gradient functions take op.inputs[k]."""
    tf_ins = getattr(getattr(n.outputs[0], "_op", None), "tf_inputs", None)
    return default if tf_ins is None or len(tf_ins) <= k else tf_ins[k]


def check_runtime_arg(op: str, dyn: tuple, what: str, rank: int = 1) -> None:
    """The runtime-value inputs of `op` (at most one): an int32/int64 tensor of `rank`."""
    if len(dyn) > 1:
        raise C.fail(op, f"expected at most one runtime {what} input, got {len(dyn)}")
    if not dyn:
        return
    t = dyn[0]
    if t._dtype not in (dt.int32, dt.int64):
        raise C.fail(op, f"Value for attr of {what} of {t._dtype.name} is not in the list of "
                         "allowed values: int32, int64")
    if t._shape is not None and len(t._shape) != rank:
        raise C.fail(op, f"{what} must be rank {rank} but is rank {len(t._shape)}")


def runtime_ints(arr: Any) -> tuple:
    """The runtime value of a shape input, as Python ints."""
    return tuple(int(v) for v in to_host(arr).reshape(-1))


class Spec:
    """A stand-in tensor (shape and dtype only) so `infer` can validate runtime values."""

    __slots__ = ("_shape", "_dtype")

    def __init__(self, arr: Any) -> None:
        self._shape = tuple(arr.shape)
        self._dtype = dt.as_dtype(arr.dtype)


def check_vector(spec: tuple, value: Any, scalar: bool = False) -> None:
    """TF's kernel's refusal of a shape-like input that is not a vector (`spec`: the op's
    (op, type attr, message) of it; `scalar`: the kernel takes a scalar as one dim): a
    runtime input's array, or the attr tf.raw_ops or an imported node made of a constant
    of another rank (an int, nested tuples), which TF's shape function refuses while a
    graph is built (a scalar too: graph/shape_errors.py words it)."""
    if hasattr(value, "ndim"):
        if value.ndim != 1 and not (scalar and value.ndim == 0):
            raise C.fail(spec[0], spec[2].format(shape=C.shape_str(value.shape)))
        return
    shape = np.shape(value)
    if len(shape) != 1 and _state.graph is not None:
        raise C.fail(spec[0], f"Shape must be rank 1 but is rank {len(shape)}")
    if len(shape) != 1 and not (scalar and not shape):
        raise C.fail(spec[0], spec[2].format(shape=C.shape_str(shape)))


def constant_not_a_vector(value: Any) -> Any:
    """While a graph is built: a constant shape-like argument of another rank than a
    vector (tf.fill(3, 1), tf.tile(x, [[2]])) as the attr it gives (an int, nested tuples),
    which the op's infer refuses as TF's shape function does; else None."""
    if is_symbolic(value) or isinstance(value, TensorShape):
        return None
    try:
        arr = np.asarray(value._numpy() if isinstance(value, EagerTensor) else value)
    except (TypeError, ValueError):
        return None
    if arr.ndim == 1 or arr.dtype.kind not in "iu":
        return None
    return int(arr) if arr.ndim == 0 else nested_tuples(arr.tolist())


def nested_tuples(v: Any) -> Any:
    """Nested lists (an array's tolist()) as nested tuples, an attr's hashable form."""
    return tuple(nested_tuples(x) for x in v) if isinstance(v, list) else v


def check_static(op: str, what: str, static: Any, value: Any) -> None:
    """Refuses a runtime value (ints, or one int) that contradicts `static`, what was known
    of it when the op was built and what its `infer` promised the output from (None, or a
    None inside: not known). No TF graph reaches that state; an op bound by hand can."""
    if isinstance(value, tuple):
        if isinstance(static, (tuple, list)) and (len(static) != len(value) or any(
                s is not None and s != v for s, v in zip(static, value))):
            raise C.fail(op, f"runtime {what} {C.shape_str(value)} is incompatible with the "
                             f"static {what} {C.shape_str(tuple(static))}")
    elif static is not None and static != value:
        raise C.fail(op, f"runtime {what} {value} does not match the static {what} {static}")


def runtime_attr(op: str, infer: Any, arrays: tuple, dyn: tuple, attr: str, static: Any,
                 **attrs: Any) -> tuple:
    """A kernel's runtime shape-like input `dyn[0]` as the ints of its attr `attr`, checked
    against `static`, what was known of it when the op was built (what `infer` promised the
    output from: a value it contradicts is refused), then by the op's `infer` (on stand-ins
    for `arrays`, with `attrs`) as a static value is.

    Callers test `if dyn:` first, so that the eager path (a static attr) stays one test."""
    value = runtime_ints(dyn[0])
    check_static(op, attr, static, value)
    infer(*(Spec(a) for a in arrays), **{attr: value}, **attrs)
    return value


def segments_arg(num_segments: Any) -> tuple:
    """(static, dynamic) num_segments: an int attr, or a scalar tensor input in a graph."""
    if isinstance(num_segments, Tensor) and not isinstance(num_segments, EagerTensor):
        n, dyn = scalar_arg(num_segments, "num_segments")
        if not dyn:
            return n, ()
        if dyn[0]._shape not in ((), None):
            raise TypeError(f"num_segments must be an integer scalar, got {num_segments!r}")
        return None, dyn
    return AV.int_arg(num_segments, "num_segments"), ()


def runtime_segments(op: str, n: Any, inner: tuple, dtype: Any) -> int:
    """A num_segments input's value when the graph runs, checked before any allocation."""
    count = int(n)
    if count < 0:
        raise C.fail(op, f"Input num_segments == {count} must not be negative.")
    check_finite_size(op, (count,) + tuple(inner), dt.as_dtype(dtype))
    return count
