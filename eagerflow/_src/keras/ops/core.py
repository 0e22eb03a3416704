"""keras.ops core: conversions, shapes, casts, control flow (cond, while_loop, scan, map,
switch, fori_loop, associative_scan), scatter and slice updates, custom gradients.

Control flow is TF's (`tf.cond`, `tf.while_loop`, TensorArrays), so each of these runs
eagerly and inside tf.function alike, with JAX's calling conventions that Keras 3 uses
(`scan(f, init, xs)` returns `(carry, ys)`).
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.custom_gradient import custom_gradient as tf_custom_gradient
from eagerflow._src.control_flow.conditionals import cond as tf_cond
from eagerflow._src.control_flow.conditionals import switch_case
from eagerflow._src.control_flow.loops import map_fn
from eagerflow._src.control_flow.loops import vectorized_map as tf_vectorized_map
from eagerflow._src.control_flow.loops import while_loop as tf_while
from eagerflow._src.core import nest
from eagerflow._src.core.shape import dims_text
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor import convert_to_tensor as tf_convert
from eagerflow._src.core.tensor import is_tensor as tf_is_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.keras import dtype_policy
from eagerflow._src.keras.engine.call_errors import with_call_info
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.keras.ops import control_flow_specs as cfs
from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import math_base
from eagerflow._src.ops import nd_indexing as tnd
from eagerflow._src.ops.eager_errors import raised_eagerly, slow_path
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.sequences import range as tf_range
from eagerflow._src.ops.shape_queries import dims as tf_dims
from eagerflow._src.ops.shape_queries import shape as tf_shape
from eagerflow._src.ops.shaping import meshgrid
from eagerflow._src.ops.shaping import reverse as tf_reverse
from eagerflow._src.ops.slice_op import slice as tf_slice
from eagerflow._src.ops.sparse_ops import to_dense as sparse_to_dense
from eagerflow._src.ops.stacking import stack as tf_stack
from eagerflow._src.ops.stacking import unstack as tf_unstack
from eagerflow._src.ops.tensor_array import TensorArray
from eagerflow._src.ops.wrapper_inputs import passed_raw

# ---------------------------------------------------------------------------------------
# Conversions and properties
# ---------------------------------------------------------------------------------------

@keras_op
def convert_to_tensor(x: Any, dtype: Any = None, sparse: Any = None, ragged: Any = None) -> Any:
    return kd.to_tensor(x, dtype)


def convert_to_numpy(x: Any) -> np.ndarray:
    """As Keras's TF backend: a sparse tensor densified (zeros where no entry), indexed
    slices scattered into their dense shape, a ragged tensor padded with zeros."""
    if isinstance(x, SparseTensor):
        x = _sparse_dense(x)
    elif isinstance(x, IndexedSlices):
        x = tf_convert(x)
    elif isinstance(x, RaggedTensor):
        x = x.to_tensor()
    return np.array(x)


def _sparse_dense(x: SparseTensor) -> Any:
    if x.shape.rank == 0:  # (Keras takes a scalar's one value, or zero where it has none)
        if x.values.shape[0] == 0:
            return tf_convert(0, dtype=x.dtype)
        return ta.reshape(x.values, ())
    return sparse_to_dense(x)


def is_tensor(x: Any) -> bool:
    return tf_is_tensor(x) and not isinstance(x, KerasTensor)


def shape(x: Any) -> tuple:
    """The shape as a tuple; inside tf.function, unknown dims are scalar tensors."""
    if isinstance(x, KerasTensor):
        return x._shape
    if not isinstance(x, Tensor):
        x = tf_convert(x)
    if x.shape.rank is None:
        raise ValueError("All tensors passed to `ops.shape` must have a statically known rank. "
                         f"Received: x={x} with unknown rank.")
    return tuple(tf_dims(x))


def dtype(x: Any) -> str:
    return kd.standardize_dtype(x.dtype)


@keras_op
def cast(x: Any, dtype: Any) -> Any:
    return math_base.cast(kd.to_tensor(x), kd.standardize_dtype(dtype))


dtype_policy.SYMBOLIC_CAST[:] = [cast]


def _limits(name: str) -> tuple:
    if name == "bool":
        return 0, 1
    info = np.iinfo(name) if "int" in name else np.finfo(name)
    return info.min, info.max


@keras_op
def saturate_cast(x: Any, dtype: Any) -> Any:
    """Cast with values clamped to the target's range (the bounds themselves taken inside
    the source dtype, stepping toward zero where rounding would overshoot them)."""
    dtype = kd.standardize_dtype(dtype)
    x = kd.to_tensor(x)
    src = x.dtype.name
    (in_min, in_max), (out_min, out_max) = _limits(src), _limits(dtype)
    lo = np.asarray(np.maximum(in_min, out_min)).astype(src)
    if lo < out_min:
        lo = np.nextafter(lo, 0, dtype=src)
    hi = np.asarray(np.minimum(in_max, out_max)).astype(src)
    if hi > out_max:
        hi = np.nextafter(hi, 0, dtype=src)
    if src == "bool":
        x = math_base.cast(x, "int32")
        lo, hi = lo.astype("int32"), hi.astype("int32")
    return math_base.cast(tm.clip_by_value(x, lo, hi), dtype)


@keras_op
def stop_gradient(variable: Any) -> Any:
    return math_base.stop_gradient(variable)


@keras_op
def unstack(x: Any, num: int | None = None, axis: int = 0) -> list:
    return tf_unstack(x, num=num, axis=axis)


def custom_gradient(f: Callable) -> Callable:
    """`f(*x)` returns `(y, grad_fn)`; `grad_fn(*upstream)` returns the input gradients."""
    return tf_custom_gradient(f)


# ---------------------------------------------------------------------------------------
# Slices and scatters
# ---------------------------------------------------------------------------------------

@keras_op
def slice(inputs: Any, start_indices: Any, shape: Any) -> Any:  # noqa: A001
    return tf_slice(inputs, start_indices, shape)


@keras_op
def slice_update(inputs: Any, start_indices: Any, updates: Any) -> Any:
    """`inputs` with the block at `start_indices` replaced by `updates` (XLA's
    dynamic_update_slice: start indices are clamped so that the block fits)."""
    slow = passed_raw(inputs, updates, start_indices)  # (TF's op wrapper's slow path)
    # (the first tensor of the two sets the op's dtype, to which the other is converted)
    given = updates.dtype if isinstance(updates, Tensor) and not (
        isinstance(inputs, Tensor) or hasattr(inputs, "_as_tensor")) else None  # (variables)
    inputs = kd.to_tensor(inputs, given)
    if isinstance(updates, Tensor) and updates.dtype != inputs.dtype:
        raise _xla_failed(C.wrong_input_dtype(_XLA_OP, 1, inputs.dtype, updates.dtype), slow)
    updates = math_base.cast(kd.to_tensor(updates), inputs.dtype)
    start = start_indices if isinstance(start_indices, Tensor) else tf_convert(start_indices)
    _check_update_slice(inputs, updates, start, slow)
    full = shape(inputs)
    block = shape(updates)
    start = math_base.cast(start, "int32")
    start = tm.clip_by_value(start, 0, tm.maximum(kd.to_tensor(full, "int32")
                                                  - kd.to_tensor(block, "int32"), 0))
    grids = meshgrid(*[tf_range(0, b) + start[i]
                          for i, b in enumerate(block)], indexing="ij")
    indices = tf_stack(grids, axis=-1) if grids else ta.zeros((0,), "int32")
    return tnd.tensor_scatter_nd_update(inputs, indices, updates)


# TF's Keras runs slice_update as the op XlaDynamicUpdateSlice, which XLA compiles on the
# fly: its checks' errors name the node XLA compiled, most after an op-definition trace
_XLA_OP = "XlaDynamicUpdateSlice"
_XLA_TRACE = "\n\nStack trace for op definition: \ndummy_file_name:10:dummy_function_name\n"
_XLA_NODE = f"\n\t [[{{{{node {_XLA_OP}}}}}]]"
_XLA_INDEX_TYPES = (f"\n\t; NodeDef: {{{{node {_XLA_OP}}}}}; Op<name={_XLA_OP}; "
                    "signature=input:T, update:T, indices:Tindices -> output:T; attr=T:type; "
                    "attr=Tindices:type,allowed=[DT_INT32, DT_INT64]>")


def _check_update_slice(inputs: Any, updates: Any, start: Any, slow: bool) -> None:
    """XlaDynamicUpdateSlice's checks, in its order: the start indices' dtype, their shape
    (one per dimension of `inputs`), the ranks, then each dimension of the block."""
    if start.dtype.name not in ("int32", "int64"):
        raise _xla_failed(C.fail(_XLA_OP, f"Value for attr 'Tindices' of "
                                          f"{C.dtype_word(start.dtype)} is not in the list of "
                                          f"allowed values: int32, int64{_XLA_INDEX_TYPES}"),
                          slow)
    full, block = tuple(inputs.shape), tuple(updates.shape)
    if None in full or None in block or None in tuple(start.shape):
        return  # (known when the graph runs)
    if tuple(start.shape) != (len(full),):
        raise _xla_failed(C.fail(_XLA_OP, "index must be a vector with length equal to the "
                                          f"number of input dimensions{_XLA_TRACE}{_XLA_NODE}"),
                          slow)
    if len(block) != len(full):
        raise _xla_failed(C.fail(_XLA_OP, f"input and update must have the same rank, input "
                                          f"shape is {dims_text(full)}; update shape is "
                                          f"{dims_text(block)}{_XLA_TRACE}{_XLA_NODE}"), slow)
    for b, n in zip(block, full):
        if b > n:
            raise _xla_failed(C.fail(_XLA_OP, f"Update dim size {b} greater than dynamic "
                                              f"slice dimension: {n}.{_XLA_NODE}"), slow)


def _xla_failed(e: Any, slow: bool) -> Any:
    """`e` (ending in "[Op:...]") worded as TF's eager error, without a name where TF's op
    wrapper took its slow path."""
    e = raised_eagerly(e)
    return slow_path(e) if slow else e


@keras_op
def scatter(indices: Any, values: Any, shape: Any) -> Any:
    return tnd.scatter_nd(indices, values, shape)


_SCATTER_REDUCTIONS = ("add", "max", "min", "mul")


@keras_op(name="scatter_update")
def _scatter_update(inputs: Any, indices: Any, updates: Any, reduction: str | None) -> Any:
    if reduction is None:
        return tnd.tensor_scatter_nd_update(inputs, indices, updates)
    if reduction == "add":
        return tnd.tensor_scatter_nd_add(inputs, indices, updates)
    if reduction == "max":
        return tnd.tensor_scatter_nd_max(inputs, indices, updates)
    if reduction == "min":
        return tnd.tensor_scatter_nd_min(inputs, indices, updates)
    if reduction == "mul":  # no scatter-multiply op: one update at a time, in order
        inputs, indices = kd.to_tensor(inputs), kd.to_tensor(indices)
        updates = kd.to_tensor(updates, inputs.dtype)

        def body(i: Any, result: Any) -> tuple:
            at = indices[i:i + 1]
            return i + 1, tnd.tensor_scatter_nd_update(result, at,
                                                      tnd.gather_nd(result, at) * updates[i])

        count = ta.shape(indices)[0]
        return tf_while(lambda i, _: i < count, body, (0, inputs))[1]
    raise ValueError(f"Invalid reduction: {reduction}. Supported values are: None, 'add', "
                     "'max', 'min', 'mul'.")


def scatter_update(inputs: Any, indices: Any, updates: Any, reduction: str | None = None) -> Any:
    """Keras validates the reduction before anything else, symbolic inputs included."""
    if reduction is not None:
        reduction = reduction.lower()
        if reduction not in _SCATTER_REDUCTIONS:
            raise ValueError(f"Invalid reduction: {reduction}. Supported values are: None, "
                             "'add', 'max', 'min', 'mul'.")
    return _scatter_update(inputs, indices, updates, reduction)


# ---------------------------------------------------------------------------------------
# Control flow
# ---------------------------------------------------------------------------------------

class Cond:
    """Keras 3 runs keras.ops.cond as its Cond operation, whose errors come framed as
    `Exception encountered when calling Cond.call()`."""

    def call(self, *args: Any, **kwargs: Any) -> Any:
        pred, true_fn, false_fn = args
        if tf_is_tensor(pred) and not getattr(pred, "_keras_variable", False):
            return tf_cond(pred, true_fn, false_fn)
        # any other pred is TF's smart_cond's: a value equal to 0 or 1 (looked up in a set,
        # so a NumPy array, a list or a Keras variable, no tf.Variable to TF, fails as
        # unhashable) picks the branch in Python
        if pred not in {0, 1}:
            raise TypeError("Argument `pred` must be a Tensor, or a Python bool, or 1 or 0. "
                            f"Received: pred={pred} of type {type(pred).__name__}")
        return true_fn() if pred else false_fn()


def cond(pred: Any, true_fn: Callable, false_fn: Callable) -> Any:
    """`true_fn()` if `pred` else `false_fn()`; a static `pred` picks the branch in Python."""
    op = Cond()
    try:
        if isinstance(pred, KerasTensor):  # (Keras 3's symbolic Cond: its spec's checks)
            return _cond_op(pred, true_fn, false_fn)
        return op.call(pred, true_fn, false_fn)
    except Exception as e:  # noqa: BLE001 - re-raised, framed as Keras frames it
        raise with_call_info(e, op, op.call, (pred, true_fn, false_fn), {}) from None


@keras_op(name="cond", spec=cfs.cond_spec)
def _cond_op(pred: Any, true_fn: Callable, false_fn: Callable) -> Any:
    return Cond().call(pred, true_fn, false_fn)


def switch(index: Any, branches: list, *operands: Any) -> Any:
    """`branches[index](*operands)`, the index clamped to the branches (symbolic where an
    operand is a KerasTensor, as Keras 3 decides: a KerasTensor index alone is refused as
    a TF op's input)."""
    if any(isinstance(x, KerasTensor) for x in nest.flatten(list(operands))):
        return _switch(index, branches, *operands)
    return _switch.__wrapped__(index, branches, *operands)


@keras_op(name="switch", spec=cfs.switch_spec)
def _switch(index: Any, branches: list, *operands: Any) -> Any:
    index = tm.clip_by_value(kd.to_tensor(index, "int32"), 0, len(branches) - 1)
    return switch_case(index, [(lambda b=b: b(*operands)) for b in branches])


def while_loop(cond: Callable, body: Callable, loop_vars: Any,
               maximum_iterations: Any = None) -> Any:
    return _while_loop(loop_vars, cond, body, maximum_iterations)


@keras_op(name="while_loop", spec=cfs.while_loop_spec)
def _while_loop(loop_vars: Any, cond: Callable, body: Callable,
                maximum_iterations: Any = None) -> Any:
    # (the loop variables first: the operand of Keras 3's WhileLoop, whose config holds
    # the functions)
    is_tuple = isinstance(loop_vars, (tuple, list))
    loop_vars = tuple(loop_vars) if is_tuple else (loop_vars,)

    def step(*args: Any) -> tuple:
        out = body(*args)
        return tuple(out) if is_tuple else (out,)

    out = tf_while(cond, step, loop_vars, maximum_iterations=maximum_iterations)
    return tuple(out) if is_tuple else out[0]


def fori_loop(lower: Any, upper: Any, body_fun: Callable, init_val: Any) -> Any:
    return _fori_loop(init_val, lower, upper, body_fun)


@keras_op(name="fori_loop", spec=cfs.fori_loop_spec)
def _fori_loop(init_val: Any, lower: Any, upper: Any, body_fun: Callable) -> Any:
    return tf_while(lambda i, _: i < upper, lambda i, val: (i + 1, body_fun(i, val)),
                    (lower, init_val))[1]


@keras_op(spec=cfs.map_spec)
def map(f: Callable, xs: Any) -> Any:  # noqa: A001
    """`f` applied to each slice of `xs` along its first axis (output types from f(xs[0]))."""
    xs = nest.map_structure(kd.to_tensor, xs)
    first = nest.map_structure(lambda x: x[0], xs)
    out = f(first)
    signature = nest.map_structure(_spec_of, out)
    return map_fn(f, xs, fn_output_signature=signature)


def _spec_of(t: Any) -> Any:
    t = kd.to_tensor(t)
    return TensorSpec(t.shape, t.dtype)


@keras_op(name="vectorized_map", spec=cfs.vectorized_map_spec)
def _vectorized_map(elements: Any, function: Callable) -> Any:
    # (the elements first: the operand of Keras 3's VectorizedMap, whose config holds the
    # function)
    return tf_vectorized_map(function, elements)


def vectorized_map(function: Callable, elements: Any) -> Any:
    return _vectorized_map(elements, function)


@keras_op(spec=cfs.scan_spec)
def scan(f: Callable, init: Any, xs: Any = None, length: int | None = None,
         reverse: bool = False, unroll: Any = 1) -> tuple:
    """JAX's scan: `carry, y = f(carry, x)` over the leading axis of `xs`; returns the
    final carry and the stacked ys."""
    if not callable(f):
        raise TypeError(f"`f` should be a callable. Received: f={f}")
    if not isinstance(unroll, builtins.bool) and (not isinstance(unroll, int) or unroll < 1):
        raise ValueError("`unroll` must be an positive integer or boolean. "
                         f"Received: unroll={unroll}")
    if xs is None and length is None:
        raise ValueError("Got no `xs` to scan over and `length` not provided.")
    xs_flat = [] if xs is None else [kd.to_tensor(x) for x in nest.flatten(xs)]
    n = int(length) if length is not None else shape(xs_flat[0])[0]
    xs_arrays = [TensorArray(x.dtype, size=n, element_shape=x.shape[1:]).unstack(x)
                 for x in xs_flat]
    carry_flat = [kd.to_tensor(c) for c in nest.flatten(init)]
    ys_arrays = [TensorArray(c.dtype, size=n, element_shape=c.shape) for c in carry_flat]

    def pack_xs(values: list) -> Any:
        return nest.pack_sequence_as(xs, values) if nest.is_nested(xs) else values[0]

    def pack_carry(values: list) -> Any:
        return nest.pack_sequence_as(init, values) if nest.is_nested(init) else values[0]

    def body(i: Any, carry: tuple, ys: tuple) -> tuple:
        x = pack_xs([a.read(i) for a in xs_arrays]) if xs_arrays else None
        new_carry, y = f(pack_carry(list(carry)), x)
        if y is not None:
            ys = tuple(a.write(i, v) for a, v in zip(ys, nest.flatten(y)))
        if new_carry is not None:
            carry = tuple(kd.to_tensor(c) for c in nest.flatten(new_carry))
        return (i - 1 if reverse else i + 1), carry, ys

    start = n - 1 if reverse else 0
    _, carry, ys = tf_while(lambda i, *_: i >= 0 if reverse else i < n, body,
                            (start, tuple(carry_flat), tuple(ys_arrays)))
    return pack_carry(list(carry)), pack_carry([a.stack() for a in ys])


@keras_op(spec=cfs.associative_scan_spec)
def associative_scan(f: Callable, elems: Any, reverse: bool = False, axis: int = 0) -> Any:
    """Inclusive scan of the associative `f` along `axis`, combining pairs recursively
    (log-depth: the odd positions are a scan of adjacent pairs, the even ones one more
    combination), as JAX's and TFP's do, so results round the same way."""
    if not callable(f):
        raise TypeError(f"`f` should be a callable. Received: f={f}")
    flat = [kd.to_tensor(e) for e in nest.flatten(elems)]
    if flat and -len(flat[0].shape) <= axis < 0:
        axis += len(flat[0].shape)  # (the slicing below counts axes from the front)
    lengths = {x.shape[axis] for x in flat}
    if len(lengths) != 1:
        # (Keras 3 shows each input's dynamic shape: a tensor per input)
        raise ValueError("Array inputs to associative_scan must have the same first "
                         f"dimension. (saw: {[tf_shape(x) for x in flat]})")
    if reverse:
        flat = [tf_reverse(x, [axis]) for x in flat]

    def combine(a: list, b: list) -> list:
        out = f(nest.pack_sequence_as(elems, a), nest.pack_sequence_as(elems, b))
        return nest.flatten(out)

    def take(x: Any, start: int, stop: int | None, step: int = 1) -> Any:
        key = [builtins.slice(None)] * len(x.shape)
        key[axis] = builtins.slice(start, stop, step)
        return x[tuple(key)]

    def interleave(even: Any, odd: Any) -> Any:
        n_even, n_odd = even.shape[axis], odd.shape[axis]
        pairs = ta.concat([ta.expand_dims(take(even, 0, n_odd), axis + 1),
                           ta.expand_dims(odd, axis + 1)], axis + 1)
        dims = list(shape(pairs))
        merged = ta.reshape(pairs, dims[:axis] + [2 * n_odd] + dims[axis + 2:])
        if n_even > n_odd:
            merged = ta.concat([merged, take(even, n_odd, None)], axis)
        return merged

    def scan_level(level: list) -> list:
        n = level[0].shape[axis]
        if n is None:
            raise ValueError("associative_scan needs the length of `axis` known at trace time")
        if n < 2:
            return level
        pairs = combine([take(x, 0, -1, 2) for x in level], [take(x, 1, None, 2) for x in level])
        odd = scan_level(pairs)
        rest = [take(x, 2, None, 2) for x in level]
        if n % 2 == 0:
            even = combine([take(o, 0, -1) for o in odd], rest)
        else:
            even = combine(odd, rest)
        even = [ta.concat([take(x, 0, 1), e], axis) for x, e in zip(level, even)]
        return [interleave(e, o) for e, o in zip(even, odd)]

    out = scan_level(flat)
    if reverse:
        out = [tf_reverse(x, [axis]) for x in out]
    return nest.pack_sequence_as(elems, out)

