"""TF 1's functions that TF 2 has no name for: `sparse_matmul` (the SparseMatMul op),
`sparse_merge`, the `scatter_nd_*` updates, `batch_scatter_update` and `count_up_to` of a
variable, the graph-building contexts (`colocate_with`, `container`, `op_scope`),
`convert_to_tensor_or_indexed_slices`, `add_check_numerics_ops`, `user_ops.my_fact`,
`random.stateless_multinomial`, `quantize_v2` and `distribute.get_loss_reduction`.

TF 1 layer (v1/): read by `tf.compat.v1`'s attribute lookup (names.py's TF1_EXTRAS).
"""

from __future__ import annotations

import contextlib
import numbers
from collections.abc import Iterable, Iterator
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import tf_logging
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.composite import CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.distribute.collective import ReduceOp
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.ops import resource_ops
from eagerflow._src.ops.array import concat
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.control_deps import control_dependencies, group
from eagerflow._src.ops.debugging import check_numerics
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.quantization import quantize
from eagerflow._src.ops.random_stateless import stateless_categorical
from eagerflow._src.ops.registry import REGISTRY
from eagerflow._src.ops.reshaping import expand_dims
from eagerflow._src.ops.sparse_functions import _sp, reorder
from eagerflow._src.ops.sparse_matmul import SPARSE_MATMUL
from eagerflow._src.ops.sparse_matmul import _attrs as _sparse_matmul_attrs
from eagerflow._src.v1.tf1_args import name_scope

_STATE_OPS = "tensorflow.python.ops.state_ops"


@eager_api("a", "b")
@tf_name("sparse_mat_mul")
def sparse_matmul(a: Any, b: Any, transpose_a: bool = False, transpose_b: bool = False,
                  a_is_sparse: bool = False, b_is_sparse: bool = False,
                  name: str | None = None) -> Any:
    """a @ b (each float32 or bfloat16; a Python value converts to float32) into float32:
    TF's SparseMatMul op, whose flags only promise zeros to its kernel."""
    deprecated_call("sparse_mat_mul", "tensorflow.python.ops.gen_math_ops",
                    "Use `tf.linalg.matmul` instead", depth=3)  # (the caller: past eager_api)
    a = _float32_by_default(a)
    b = _float32_by_default(b)
    return bind(SPARSE_MATMUL, (a, b), _sparse_matmul_attrs(
        bool(transpose_a), bool(transpose_b), bool(a_is_sparse), bool(b_is_sparse)), name)


def _float32_by_default(x: Any) -> Any:
    """A tensor as it is, anything else converted as the op's float32 default does."""
    return x if isinstance(x, Tensor) or hasattr(x, "_as_tensor") else convert_to_tensor(
        x, dt.float32)


def _is_size(x: Any) -> bool:
    return isinstance(x, (Tensor, numbers.Integral))


def sparse_merge(sp_ids: Any, sp_values: Any, vocab_size: Any, name: str | None = None,
                 already_sorted: bool = False) -> SparseTensor:
    """A SparseTensor whose last index is each entry's id (of `sp_ids`, one SparseTensor or
    a list of them, each adding an axis of `vocab_size`'s) and whose values are
    `sp_values`' (in id order unless `already_sorted`)."""
    deprecated_call("sparse_merge", "tensorflow.python.ops.sparse_ops",
                    "No similar op available at this time.")
    if isinstance(sp_ids, (SparseTensor, SparseTensorValue)):
        if not _is_size(vocab_size):
            raise TypeError(f"vocab_size has to be a Tensor or Python int. Found "
                            f"{type(vocab_size)}")
        sp_ids, vocab_size = [sp_ids], [vocab_size]
    else:
        if not isinstance(sp_ids, Iterable):
            raise TypeError(f"sp_ids has to be a SparseTensor or list thereof. Found "
                            f"{type(sp_ids)}")
        if not isinstance(vocab_size, Iterable):
            raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. Found "
                            f"{type(vocab_size)}")
        for size in vocab_size:
            if not _is_size(size):
                raise TypeError(f"vocab_size has to be a list of Tensors or Python ints. "
                                f"Found {type(size)}")
    sp_ids, vocab_size = list(sp_ids), list(vocab_size)
    if len(sp_ids) != len(vocab_size):
        raise ValueError("sp_ids and vocab_size have to have equal lengths.")
    with name_scope(name, "SparseMerge", [sp_ids, sp_values]):
        sp_ids = [_sp(s) for s in sp_ids]
        sp_values = _sp(sp_values)
        ids = [expand_dims(s.values if s.dtype == dt.int64 else cast(s.values, dt.int64), 1)
               for s in sp_ids]
        sizes = [cast(s, dt.int64) for s in vocab_size]
        indices = concat([sp_ids[0].indices[:, :-1]] + ids, 1)
        shape = concat([sp_ids[0].dense_shape[:-1], sizes], 0)
        merged = SparseTensor(indices, sp_values.values, shape)
        if already_sorted:
            return merged
        ordered = reorder(merged)
        return SparseTensor(ordered.indices, ordered.values, shape)


def _variable(ref: Any, method: str) -> Any:
    """`ref` where it has `method` (a variable), else TF's AttributeError for a tensor."""
    if not hasattr(ref, method):
        raise AttributeError(f"'{type(ref).__name__}' object has no attribute '_lazy_read'")
    return ref


def scatter_nd_add(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                   name: str | None = None) -> Any:
    """`ref` with `updates` added at the index vectors `indices` (ResourceScatterNdAdd)."""
    return _variable(ref, "scatter_nd_add").scatter_nd_add(indices, updates, name=name)


def scatter_nd_sub(ref: Any, indices: Any, updates: Any, use_locking: bool = False,
                   name: str | None = None) -> Any:
    """`ref` less `updates` at the index vectors `indices` (ResourceScatterNdSub)."""
    return _variable(ref, "scatter_nd_sub").scatter_nd_sub(indices, updates, name=name)


def scatter_nd_update(ref: Any, indices: Any, updates: Any, use_locking: bool = True,
                      name: str | None = None) -> Any:
    """`ref` with `updates` written at the index vectors `indices`
    (ResourceScatterNdUpdate)."""
    return _variable(ref, "scatter_nd_update").scatter_nd_update(indices, updates, name=name)


def batch_scatter_update(ref: Any, indices: Any, updates: Any, use_locking: bool = True,
                         name: str | None = None) -> Any:
    """`ref` with `updates` written at the rows `indices` picks within each leading batch
    (the variable's batch_scatter_update)."""
    deprecated_call("batch_scatter_update", _STATE_OPS,
                    "Use the batch_scatter_update method of Variable instead.",
                    date="2018-11-29")
    with name_scope(name):  # (TF's scope of `name`: None is the root scope)
        return _variable(ref, "batch_scatter_update").batch_scatter_update(
            IndexedSlices(convert_to_tensor(updates, ref.dtype), convert_to_tensor(indices)))


def count_up_to(ref: Any, limit: int, name: str | None = None) -> Any:
    """`ref`'s value, then `ref` incremented by one (OutOfRangeError once it is `limit`;
    an int32 or int64 variable)."""
    deprecated_call("count_up_to", _STATE_OPS, "Prefer Dataset.range instead.")
    if not hasattr(ref, "count_up_to"):
        raise AttributeError(f"'{type(ref).__name__}' object has no attribute 'handle'")
    return resource_ops.count_up_to(ref, limit, name)


def convert_to_tensor_or_indexed_slices(value: Any, dtype: Any = None,
                                        name: str | None = None) -> Any:
    """`value` as it is where it is an IndexedSlices or another composite tensor (its dtype
    checked against `dtype`), else converted to a tensor."""
    if isinstance(value, CompositeTensor):
        if dtype is not None and not dt.as_dtype(dtype).is_compatible_with(value.dtype):
            raise ValueError(f"Incompatible tensor conversion requested to `dtype` "
                             f"{dt.as_dtype(dtype).name} for `value` ({value}) with dtype "
                             f"{value.dtype.name}.")
        return value
    return convert_to_tensor(value, dtype, name=name)


@contextlib.contextmanager
@tf_name("_colocate_with")
def colocate_with(op: Any, ignore_existing: bool = False) -> Iterator[None]:
    """TF 1's placement of the ops built inside beside `op` (an operation, a tensor or a
    variable): in a graph they record its device, whatever device scopes are open, as
    TF's do (eagerflow keeps no colocation groups: no `_class` attr). Logs TF's notice."""
    deprecated_call("_colocate_with", "tensorflow.python.framework.ops",
                    "Colocations handled automatically by placer.", depth=3)
    g = _state.graph
    target = getattr(op, "_handle_op", None) or getattr(op, "_op", None) or op
    if g is None or not hasattr(target, "_device"):
        yield None
        return
    with g.colocated(target):
        yield None


@contextlib.contextmanager
def container(container_name: str) -> Iterator[str]:
    """TF 1's resource container for the variables built inside (gives its name; eagerflow's
    variables live in their Python objects, so the name places nothing)."""
    yield container_name


@contextlib.contextmanager
def op_scope(values: Any, name: str | None, default_name: str | None = None) -> Iterator[Any]:
    """TF 1's name_scope(name, default_name, values) with its arguments in the old order
    (eagerly no scope: None)."""
    tf_logging.warn("tf.op_scope(values, name, default_name) is deprecated, use "
                    "tf.name_scope(name, default_name, values)")
    if _state.graph is None:
        yield None
        return
    with name_scope(name, default_name=default_name, values=values) as scope:
        yield scope


_CHECKED = (dt.float16, dt.float32, dt.float64)


def add_check_numerics_ops() -> Any:
    """A CheckNumerics of each float16/32/64 output of the default graph's ops (each run
    after the one before it), grouped in one op to run."""
    if _state.graph is None:
        raise RuntimeError(
            "add_check_numerics_ops() is not compatible with eager execution. To check for "
            "Inf's and NaN's under eager execution, call "
            "tf.debugging.enable_check_numerics() once before executing the checked "
            "operations.")
    checks: list = []
    for op in get_default_graph().get_operations():
        for output in op.outputs:
            if output.dtype in _CHECKED:
                with control_dependencies(checks):
                    checks = [check_numerics(output, message=output.name)]
    return group(*checks)


def my_fact() -> Any:
    """TF's example user op: the string "0! == 1" (the Fact op)."""
    return bind(REGISTRY["Fact"], (), {})


def stateless_multinomial(logits: Any, num_samples: Any, seed: Any, output_dtype: Any = dt.int64,
                          name: str | None = None) -> Any:
    """stateless_categorical under TF 1's name and argument name for the dtype."""
    deprecated_call("stateless_multinomial", "tensorflow.python.ops.stateless_random_ops",
                    "Use `tf.random.stateless_categorical` instead.")
    return stateless_categorical(logits, num_samples, seed, output_dtype, name)


@dispatch_binding
def quantize_v2(input: Any, min_range: Any, max_range: Any, T: Any,  # noqa: A002, N803
                mode: str = "MIN_COMBINED", name: str | None = None,
                round_mode: str = "HALF_AWAY_FROM_ZERO", narrow_range: bool = False,
                axis: Any = None, ensure_minimum_range: float = 0.01) -> tuple:
    """tf.quantization.quantize under TF 1's older name (its `name` before `round_mode`)."""
    deprecated_call("quantize_v2", "tensorflow.python.ops.array_ops",
                    "`tf.quantize_v2` is deprecated, please use `tf.quantization.quantize` "
                    "instead.", date="2017-10-25")
    return quantize(input, min_range, max_range, T, mode=mode, round_mode=round_mode,
                    name=name, narrow_range=narrow_range, axis=axis,
                    ensure_minimum_range=ensure_minimum_range)


def get_loss_reduction() -> ReduceOp:
    """How a strategy combines per-replica losses: TF 2.21's TF 1 answer outside any
    strategy's scope is SUM."""
    return ReduceOp.SUM
