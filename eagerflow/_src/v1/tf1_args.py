"""TF 2 functions under their TF 1 signatures, as `tf.compat.v1` has them: the reductions'
`keep_dims` and `reduction_indices`, argmax's `dimension`, expand_dims's `dim`,
squeeze's `squeeze_dims`, reverse_sequence's `seq_dim`/`batch_dim`, and the functions whose
TF 1 parameters come in another order (`gather(params, indices, validate_indices, name,
...)`, `shape(input, name, out_type)`). An old name and its new one given together is TF's
ValueError ("Cannot specify both 'keep_dims' and 'keepdims'."); an old name given while
building a graph logs TF's deprecation notice for it, once per function and argument.

TF 1 layer (v1/): loaded by `tf.compat.v1` on first use.
"""

from __future__ import annotations

import builtins
from typing import Any, Callable

import numpy as np

from eagerflow._src.autodiff.gradients import hessians as _hessians
from eagerflow._src.control_flow.conditionals import cond as _cond
from eagerflow._src.control_flow.loops import while_loop as _while_loop
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest as _nest
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.name_scope import name_scope as _name_scope
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tf_logging import caller_frame, log_deprecation
from eagerflow._src.function.compat_v1 import _mode
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.array import constant as _constant
from eagerflow._src.ops.array import expand_dims as _expand_dims
from eagerflow._src.ops.array import shape as _shape
from eagerflow._src.ops.array import squeeze as _squeeze
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.control_deps import tuple as _tuple
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2, graph_constant
from eagerflow._src.ops.indexing import boolean_mask as _boolean_mask
from eagerflow._src.ops.indexing import gather as _gather
from eagerflow._src.ops.math import logical_and as _logical_and
from eagerflow._src.ops.math_base import ones_like as _ones_like
from eagerflow._src.ops.math_base import zeros_like as _zeros_like
from eagerflow._src.ops.nd_indexing import gather_nd as _gather_nd
from eagerflow._src.ops.norms import norm as _norm
from eagerflow._src.ops.padding import pad as _pad
from eagerflow._src.ops.serialization import make_ndarray, make_tensor_proto
from eagerflow._src.ops.shaping import reverse_sequence as _reverse_sequence
from eagerflow._src.ops.transposing import transpose as _transpose

_MATH = "tensorflow.python.ops.math_ops"
_ARRAY = "tensorflow.python.ops.array_ops"
KEEP_DIMS = "keep_dims is deprecated, use keepdims instead"
_USE_AXIS = "Use the `axis` argument instead"

_args_shown: set = set()


def lookup(new_name: str, new_value: Any, old_name: str, old_value: Any) -> Any:
    """TF's deprecated_argument_lookup: the old argument wins; both given is an error."""
    if old_value is not None:
        if new_value is not None:
            raise ValueError(f"Cannot specify both '{old_name}' and '{new_name}'.")
        return old_value
    return new_value


def deprecated_arg(func: str, module: str, arg: str, instructions: str) -> None:
    """TF's `deprecated_args` notice for a call passing `arg`: only while a graph is being
    built (TF's wrapper is silent eagerly), once per function and argument, naming the
    caller of the public function (two frames up)."""
    if executing_eagerly() or (func, arg) in _args_shown:
        return
    _args_shown.add((func, arg))
    frame = caller_frame(2)
    log_deprecation(
        "From %s:%d: calling %s (from %s) with %s is deprecated and will be removed in a "
        "future version.\nInstructions for updating:\n%s", frame.f_code.co_filename,
        frame.f_lineno, func, module, arg, instructions)


def _reduction_v1(fn: Callable, tf_name: str, notice: bool = True) -> Callable:
    def reduce_v1(input_tensor: Any, axis: Any = None, keepdims: Any = None,
                  name: str | None = None, reduction_indices: Any = None,
                  keep_dims: Any = None) -> Any:
        if keep_dims is not None and notice:
            deprecated_arg(f"{tf_name}_v1", _MATH, "keep_dims", KEEP_DIMS)
        axis = lookup("axis", axis, "reduction_indices", reduction_indices)
        keepdims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
        return fn(input_tensor, axis, False if keepdims is None else keepdims, name)

    reduce_v1.__name__ = reduce_v1.__qualname__ = f"{tf_name}_v1"  # (TF's)
    reduce_v1.__doc__ = (f"`tf.compat.v1.{tf_name}`: `tf.{tf_name}` with TF 1's "
                         "`reduction_indices` and `keep_dims`.")
    return dispatch_binding(reduce_v1)


reduce_sum = _reduction_v1(R.reduce_sum, "reduce_sum")
reduce_mean = _reduction_v1(R.reduce_mean, "reduce_mean", notice=False)
reduce_max = _reduction_v1(R.reduce_max, "reduce_max")
reduce_min = _reduction_v1(R.reduce_min, "reduce_min")
reduce_prod = _reduction_v1(R.reduce_prod, "reduce_prod")
reduce_all = _reduction_v1(R.reduce_all, "reduce_all")
reduce_any = _reduction_v1(R.reduce_any, "reduce_any")
reduce_logsumexp = _reduction_v1(R.reduce_logsumexp, "reduce_logsumexp")


@dispatch_binding
def count_nonzero(input_tensor: Any = None, axis: Any = None, keepdims: Any = None,
                  dtype: Any = dt.int64, name: str | None = None,
                  reduction_indices: Any = None, keep_dims: Any = None,
                  input: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.count_nonzero`: `tf.math.count_nonzero` with TF 1's argument names."""
    if keep_dims is not None:
        deprecated_arg("count_nonzero", _MATH, "keep_dims", KEEP_DIMS)
    if reduction_indices is not None:
        deprecated_arg("count_nonzero", _MATH, "reduction_indices",
                       "reduction_indices is deprecated, use axis instead")
    keepdims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
    input_tensor = lookup("input", input, "input_tensor", input_tensor)
    axis = lookup("axis", axis, "reduction_indices", reduction_indices)
    with name_scope(name, "count_nonzero", [input_tensor]):  # (TF's ops under its scope)
        return R.count_nonzero(input_tensor, axis, keepdims, dtype)


def _arg_v1(fn: Callable, tf_name: str) -> Callable:
    def arg_v1(input: Any, axis: Any = None, name: str | None = None,  # noqa: A002
               dimension: Any = None, output_type: Any = dt.int64) -> Any:
        if dimension is not None:
            deprecated_arg(tf_name, _MATH, "dimension", _USE_AXIS)
        axis = lookup("axis", axis, "dimension", dimension)
        return fn(input, axis, output_type=output_type, name=name)

    arg_v1.__name__ = arg_v1.__qualname__ = tf_name
    arg_v1.__doc__ = f"`tf.compat.v1.{tf_name}`: `tf.{tf_name}` with TF 1's `dimension`."
    return dispatch_binding(arg_v1)


argmax = _arg_v1(R.argmax, "argmax")
argmin = _arg_v1(R.argmin, "argmin")


@tf_name("constant_v1")
def constant(value: Any, dtype: Any = None, shape: Any = None, name: str = "Const",
             verify_shape: bool = False) -> Any:
    """`tf.compat.v1.constant`: with `verify_shape`, a value not of `shape` is TF's
    TypeError. While a graph is built, TF 1's constant does not broadcast: a value of fewer
    elements than `shape` is filled out with its last one (TF's tensor proto), more is TF's
    ValueError; eagerly it is tf.constant."""
    if shape is None:
        return _constant(value, dtype, None, name)
    if _state.graph is not None:
        proto = make_tensor_proto(value, dtype, shape, verify_shape, allow_broadcast=False)
        return graph_constant(make_ndarray(proto), dt.as_dtype(proto.dtype), None, name)
    if verify_shape:
        t = _constant(value, dtype, None, name)
        want = TensorShape(shape)
        if want != t.shape:
            raise TypeError(
                f"Expected Tensor {t} (converted from {value!r}) with shape "
                f"{builtins.tuple(want.as_list())}, but got shape "
                f"{builtins.tuple(t.shape.as_list())}.")
        return t
    return _constant(value, dtype, shape, name)


@dispatch_binding
def expand_dims(input: Any, axis: Any = None, name: str | None = None,  # noqa: A002
                dim: Any = None) -> Any:
    """`tf.compat.v1.expand_dims`: `tf.expand_dims` with TF 1's `dim`."""
    if dim is not None:
        deprecated_arg("expand_dims", _ARRAY, "dim", _USE_AXIS)
    axis = lookup("axis", axis, "dim", dim)
    if axis is None:
        raise ValueError("Must specify an axis argument to tf.expand_dims()")
    return _expand_dims(input, axis, name)


@dispatch_binding
def squeeze(input: Any, axis: Any = None, name: str | None = None,  # noqa: A002
            squeeze_dims: Any = None) -> Any:
    """`tf.compat.v1.squeeze`: `tf.squeeze` with TF 1's `squeeze_dims`."""
    if squeeze_dims is not None:
        deprecated_arg("squeeze", _ARRAY, "squeeze_dims", _USE_AXIS)
    axis = lookup("axis", axis, "squeeze_dims", squeeze_dims)
    if np.isscalar(axis):
        axis = [axis]
    return _squeeze(input, axis, name)


def reverse_sequence(input: Any, seq_lengths: Any, seq_axis: Any = None,  # noqa: A002
                     batch_axis: Any = None, name: str | None = None, seq_dim: Any = None,
                     batch_dim: Any = None) -> Any:
    """`tf.compat.v1.reverse_sequence`: TF 1's `seq_dim` and `batch_dim` as well."""
    if batch_dim is not None:
        deprecated_arg("reverse_sequence", _ARRAY, "batch_dim",
                       "batch_dim is deprecated, use batch_axis instead")
    if seq_dim is not None:
        deprecated_arg("reverse_sequence", _ARRAY, "seq_dim",
                       "seq_dim is deprecated, use seq_axis instead")
    seq_axis = lookup("seq_axis", seq_axis, "seq_dim", seq_dim)
    batch_axis = lookup("batch_axis", batch_axis, "batch_dim", batch_dim)
    return _reverse_sequence(input, seq_lengths, seq_axis, batch_axis, name)


@dispatch_binding
def norm(tensor: Any, ord: Any = "euclidean", axis: Any = None,  # noqa: A002
         keepdims: Any = None, name: str | None = None, keep_dims: Any = None) -> Any:
    """`tf.compat.v1.norm`: `tf.norm` with TF 1's `keep_dims`."""
    if keep_dims is not None:
        deprecated_arg("norm", "tensorflow.python.ops.linalg_ops", "keep_dims", KEEP_DIMS)
    keepdims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
    with name_scope(name, "norm", [tensor]):  # (TF's ops under its scope)
        return _norm(tensor, ord, axis, False if keepdims is None else keepdims)


@dispatch_binding
def gather(params: Any, indices: Any, validate_indices: Any = None, name: str | None = None,
           axis: Any = None, batch_dims: int = 0) -> Any:
    """`tf.compat.v1.gather`: TF 1's order (`name` before `axis`)."""
    if validate_indices is not None:
        deprecated_arg("gather", _ARRAY, "validate_indices",
                       "The `validate_indices` argument has no effect. Indices are always "
                       "validated on CPU and never validated on GPU.")
    return _gather(params, indices, validate_indices, axis=axis, batch_dims=batch_dims,
                   name=name)


@dispatch_binding
def gather_nd(params: Any, indices: Any, name: str | None = None, batch_dims: int = 0,
              bad_indices_policy: str = "") -> Any:
    """`tf.compat.v1.gather_nd`: TF 1's order (`name` before `batch_dims`)."""
    return _gather_nd(params, indices, batch_dims=batch_dims, name=name,
                      bad_indices_policy=bad_indices_policy)


@dispatch_binding
def shape(input: Any, name: str | None = None, out_type: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.shape`: TF 1's order (`name` before `out_type`)."""
    return _shape(input, out_type=out_type, name=name)


@dispatch_binding
def size(input: Any, name: str | None = None, out_type: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.size`: TF 1's order (`name` before `out_type`)."""
    return R.size(input, out_type=out_type, name=name)


@dispatch_binding
def pad(tensor: Any, paddings: Any, mode: str = "CONSTANT", name: str | None = None,
        constant_values: Any = 0) -> Any:
    """`tf.compat.v1.pad`: TF 1's order (`name` before `constant_values`)."""
    return _pad(tensor, paddings, mode=mode, constant_values=constant_values, name=name)


@dispatch_binding
def boolean_mask(tensor: Any, mask: Any, name: str = "boolean_mask", axis: Any = None) -> Any:
    """`tf.compat.v1.boolean_mask`: TF 1's order (`name` before `axis`)."""
    return _boolean_mask(tensor, mask, axis=axis, name=name)


@dispatch_binding
def transpose(a: Any, perm: Any = None, name: str = "transpose", conjugate: bool = False) -> Any:
    """`tf.compat.v1.transpose`: TF 1's order (`name` before `conjugate`)."""
    return _transpose(a, perm, conjugate=conjugate, name=name)


@dispatch_binding
def tuple(tensors: Any, name: str | None = None, control_inputs: Any = None) -> list:  # noqa: A001
    """`tf.compat.v1.tuple`: TF 1's order (`name` before `control_inputs`)."""
    return _tuple(tensors, control_inputs=control_inputs, name=name)


@dispatch_binding
@tf_name("convert_to_tensor_v1_with_dispatch")
def convert_to_tensor(value: Any, dtype: Any = None, name: str | None = None,
                      preferred_dtype: Any = None, dtype_hint: Any = None) -> Any:
    """`tf.compat.v1.convert_to_tensor`: TF 1's `preferred_dtype` (`dtype_hint`'s old name)."""
    preferred_dtype = lookup("dtype_hint", dtype_hint, "preferred_dtype", preferred_dtype)
    return convert_to_tensor_v2(value, dtype, preferred_dtype, name)


@dispatch_binding
def ones_like(tensor: Any, dtype: Any = None, name: str | None = None,
              optimize: bool = True) -> Any:
    """`tf.compat.v1.ones_like`: TF 1's parameters (`tensor`; `optimize` only lets TF fold
    a known shape into a constant, which the values do not show)."""
    return _ones_like(tensor, dtype=dtype, name=name)


@dispatch_binding
def zeros_like(tensor: Any, dtype: Any = None, name: str | None = None,
               optimize: bool = True) -> Any:
    """`tf.compat.v1.zeros_like`: TF 1's parameters (`tensor`, `optimize`)."""
    return _zeros_like(tensor, dtype=dtype, name=name)


def hessians(ys: Any, xs: Any, name: str = "hessians", colocate_gradients_with_ops: bool = False,
             gate_gradients: bool = False, aggregation_method: Any = None) -> list:
    """`tf.compat.v1.hessians`: TF 1's order and `colocate_gradients_with_ops` (placement
    only: one device here)."""
    return _hessians(ys, xs, gate_gradients=gate_gradients,
                     aggregation_method=aggregation_method, name=name)


class name_scope:  # noqa: N801 - TF's public name
    """`tf.compat.v1.name_scope(name, default_name=None, values=None)`: TF 1's scope, named
    `default_name` when `name` is None (None for both: the root scope). As TF's, it checks
    its arguments only while building a graph."""

    __slots__ = ("_name", "_default_name", "_values", "_scope")

    def __init__(self, name: Any, default_name: str | None = None, values: Any = None) -> None:
        if not executing_eagerly() and not (default_name is None
                                            or isinstance(default_name, str)):
            raise TypeError(f"`default_name` type ({type(default_name)}) is not a string type. "
                            "You likely meant to pass this into the `values` kwarg.")
        self._name = default_name if name is None else name
        self._default_name = default_name
        self._values = values
        self._scope: Any = None

    @property
    def name(self) -> Any:
        return self._name

    def __enter__(self) -> str:
        if self._name is None and self._values is not None and not executing_eagerly():
            raise ValueError(f"At least one of name ({self._name}) and default_name "
                             f"({self._default_name}) must be provided.")
        self._scope = _name_scope(self._name or "")
        return self._scope.__enter__()

    def __exit__(self, *exc: Any) -> None:
        self._scope.__exit__(*exc)


def while_loop(cond: Callable, body: Callable, loop_vars: Any, shape_invariants: Any = None,
               parallel_iterations: int = 10, back_prop: bool = True, swap_memory: bool = False,
               name: str | None = None, maximum_iterations: Any = None,
               return_same_structure: bool = False) -> Any:
    """`tf.compat.v1.while_loop`: TF 1's parameter order (`name` before
    `maximum_iterations`) and, unless `return_same_structure`, a lone loop variable given
    in a list comes back alone (eagerly as TF's: when the body gives it alone)."""
    if return_same_structure or not isinstance(loop_vars, (list, builtins.tuple)) or \
            len(loop_vars) != 1:
        out = _while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations,
                          back_prop, swap_memory, maximum_iterations, name)
        if return_same_structure or not (callable(cond) and callable(body)) or \
                executing_eagerly():
            return out
        flat = _nest.flatten(out, expand_composites=True)
        return flat[0] if len(flat) == 1 else out
    if not executing_eagerly():  # (TF's while_v2: a lone result listed, its output alone)
        def listed(*args: Any) -> Any:
            out = body(*args)
            return out if isinstance(out, (list, builtins.tuple)) else [out]

        out = _while_loop(cond, listed, loop_vars, shape_invariants, parallel_iterations,
                          back_prop, swap_memory, maximum_iterations, name)
        flat = _nest.flatten(out, expand_composites=True)
        return flat[0] if len(flat) == 1 else out
    if maximum_iterations is not None:  # (TF's eager loop of a counter and the variable)
        limit = convert_to_tensor_v2(maximum_iterations)
        if limit.shape.ndims != 0:
            raise ValueError(f"'maximum_iterations' must be a scalar. Received shape: "
                             f"{limit.shape}")
        limit = int(limit.numpy())
        out = _while_loop(lambda i, lv: _logical_and(i < limit, cond(lv)),
                          lambda i, lv: (i + 1, body(lv)), [0, loop_vars[0]],
                          parallel_iterations=parallel_iterations, name=name)
        return out[1]
    packed = []

    def pack(*args: Any) -> Any:
        out = body(*args)
        if isinstance(out, (list, builtins.tuple)):
            return out
        packed.append(True)
        return (out,)

    out = _while_loop(cond, pack, loop_vars, shape_invariants, parallel_iterations,
                      back_prop, swap_memory, maximum_iterations, name)
    return out[0] if packed else out


def cond(pred: Any, true_fn: Callable | None = None, false_fn: Callable | None = None,
         strict: bool = False, name: str | None = None, fn1: Callable | None = None,
         fn2: Callable | None = None) -> Any:
    """`tf.compat.v1.cond`: TF 2's, with TF 1's `fn1`/`fn2` and, unless `strict`, eagerly
    a branch's one-item list or tuple given as its item (TF's _UnpackIfSingleton)."""
    if fn1 is not None:
        if true_fn is not None:
            raise TypeError("cond(): 'true_fn' and 'fn1' may not be set simultaneously.")
        true_fn = fn1
    if fn2 is not None:
        if false_fn is not None:
            raise TypeError("cond(): 'false_fn' and 'fn2' may not be set simultaneously.")
        false_fn = fn2
    out = _cond(pred, true_fn, false_fn, name)
    # (TF unpacks eagerly and in TF 1's control flow; its cond_v2, in functions and in
    # graphs by default, does not)
    v1_flow = executing_eagerly() or not (_mode.control_flow_v2 or _state.graph is None
                                          or _state.graph.building_function)
    if not strict and v1_flow and isinstance(out, (list, builtins.tuple)) and len(out) == 1:
        return out[0]
    return out
