"""TF 1's top-level sparse, string, parsing and printing functions as `tf.compat.v1` has
them: `sparse_add(thresh=)`, `sparse_concat(concat_dim=)`, `sparse_split` (keywords only),
`sparse_reduce_*` (`reduction_axes`, `keep_dims`), `sparse_segment_*` (`name` before
`num_segments`), `sparse_placeholder`, `string_split` (TF 1's: each character of the
delimiter splits, empty tokens skipped), `substr`, `string_to_number`/`_hash_bucket`
(`string_tensor`), `reduce_join`, `decode_raw(bytes=)`, `decode_csv`, `parse_example` and
`parse_single_example` (`name` before `example_names`), `Print` (the message and each
tensor summarized to stderr, `first_n` times), `setdiff1d`, `random_poisson(lam, shape)`,
the v1 orders of `space_to_depth`, `confusion_matrix`, `bincount`, `extract_image_patches`,
and the TF 1 asserts `assert_scalar`/`assert_rank_at_least`/... Each calls the TF 2 function
TF's own v1 function calls, with TF's argument lookups, errors and deprecation notices.

TF 1 layer (v1/): loaded by `tf.compat.v1` on first use.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorValue
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.compat_v1 import _mode, placeholder, placeholder_with_default
from eagerflow._src.ops import (
    csv_ops,
    hash_ops,
    io_ops,
    parsing_features,
    sparse_binary_ops,
    string_ops,
)
from eagerflow._src.ops import debugging as D
from eagerflow._src.ops import ragged as _ragged_family  # noqa: F401 - loads the family whole
from eagerflow._src.ops import sparse_functions as SF
from eagerflow._src.ops import sparse_reduce_ops as SR
from eagerflow._src.ops import sparse_serialization as SS
from eagerflow._src.ops.array import rank
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.graph_constants import convert_to_tensor_v2
from eagerflow._src.ops.image_patches import extract_patches
from eagerflow._src.ops.indexing_versions import list_diff
from eagerflow._src.ops.math import (
    floordiv,
    minimum,
    rsqrt,
)
from eagerflow._src.ops.math_base import (
    cast,
    identity,
)
from eagerflow._src.ops.misc_ops import bincount as _bincount
from eagerflow._src.ops.misc_ops import confusion_matrix as _confusion_matrix
from eagerflow._src.ops.nn_space import batch_to_space, space_to_batch_nd
from eagerflow._src.ops.nn_space import batch_to_space_nd as nd_batch_to_space
from eagerflow._src.ops.nn_space import depth_to_space as _depth_to_space
from eagerflow._src.ops.nn_space import space_to_depth as _space_to_depth
from eagerflow._src.ops.print_v1 import print_v1
from eagerflow._src.ops.printing import PRINT_DEPRECATION
from eagerflow._src.ops.ragged_tensor import RaggedTensor
from eagerflow._src.ops.random_gamma import poisson
from eagerflow._src.ops.reduce import reduce_sum, size
from eagerflow._src.ops.sequences import range as range_
from eagerflow._src.ops.string_split_v1 import STRING_SPLIT
from eagerflow._src.v1.tf1_args import KEEP_DIMS, deprecated_arg, lookup, name_scope
from eagerflow._src.v1.variables import tables_initializer

_SPARSE = "tensorflow.python.ops.sparse_ops"
_STRING = "tensorflow.python.ops.string_ops"
_PARSING = "tensorflow.python.ops.parsing_ops"


# -- sparse ------------------------------------------------------------------------------------

def sparse_add(a: Any, b: Any, threshold: Any = None, thresh: Any = None) -> Any:
    """`tf.compat.v1.sparse_add`: `tf.sparse.add` with TF 1's `thresh`."""
    if thresh is not None:
        deprecated_arg("sparse_add", _SPARSE, "thresh",
                       "thresh is deprecated, use threshold instead")
    threshold = lookup("threshold", threshold, "thresh", thresh)
    return sparse_binary_ops.add(a, b, 0 if threshold is None else threshold)


def sparse_concat(axis: Any, sp_inputs: Any, name: str | None = None,
                  expand_nonconcat_dim: bool = False, concat_dim: Any = None,
                  expand_nonconcat_dims: Any = None) -> Any:
    """`tf.compat.v1.sparse_concat`: `tf.sparse.concat` with TF 1's `concat_dim` and
    `expand_nonconcat_dim`."""
    if concat_dim is not None:
        deprecated_arg("sparse_concat", _SPARSE, "concat_dim",
                       "concat_dim is deprecated, use axis instead")
    expand = lookup("expand_nonconcat_dims", expand_nonconcat_dims, "expand_nonconcat_dim",
                    expand_nonconcat_dim)
    if expand_nonconcat_dims is not None:
        expand = expand_nonconcat_dims
    axis = lookup("axis", axis, "concat_dim", concat_dim)
    return SF.concat_sparse(axis, sp_inputs, expand, name)


class KeywordRequired:
    """The default of a parameter TF 1 wants given by keyword (sparse_split's first)."""

    def __repr__(self) -> str:
        return "KeywordRequired()"


def sparse_split(keyword_required: Any = KeywordRequired(), sp_input: Any = None,  # noqa: B008
                 num_split: Any = None, axis: Any = None, name: str | None = None,
                 split_dim: Any = None) -> list:
    """`tf.compat.v1.sparse_split`: keywords only, TF 1's `split_dim`."""
    if split_dim is not None:
        deprecated_arg("sparse_split", _SPARSE, "split_dim",
                       "split_dim is deprecated, use axis instead")
    if not isinstance(keyword_required, KeywordRequired):
        raise ValueError("Keyword arguments are required for this function.")
    if sp_input is None:
        raise ValueError("sp_input is required")
    if num_split is None:
        raise ValueError("num_split is required")
    if axis is None:  # (TF checks `axis` before looking up `split_dim`)
        raise ValueError("axis is required")
    axis = lookup("axis", axis, "split_dim", split_dim)
    return SF.split_sparse(sp_input=sp_input, num_split=num_split, axis=axis, name=name)


def _sparse_reduction(fn: Any, tf_name: str, sparse_out: bool) -> Any:
    def reduce_v1(sp_input: Any, axis: Any = None, keepdims: Any = None,
                  reduction_axes: Any = None, keep_dims: Any = None) -> Any:
        if keep_dims is not None:
            deprecated_arg(tf_name, _SPARSE, "keep_dims", KEEP_DIMS)
        if reduction_axes is not None and not sparse_out:
            deprecated_arg(tf_name, _SPARSE, "reduction_axes",
                           "reduction_axes is deprecated, use axis instead")
        keepdims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
        axis = lookup("axis", axis, "reduction_axes", reduction_axes)
        return fn(sp_input, axis, False if keepdims is None else keepdims,
                  output_is_sparse=sparse_out)

    reduce_v1.__name__ = reduce_v1.__qualname__ = tf_name
    reduce_v1.__doc__ = (f"`tf.compat.v1.{tf_name}`: TF 1's `reduction_axes` and "
                         "`keep_dims`.")
    return reduce_v1


sparse_reduce_sum = _sparse_reduction(SR.reduce_sum_sparse, "sparse_reduce_sum", False)
sparse_reduce_max = _sparse_reduction(SR.reduce_max_sparse, "sparse_reduce_max", False)
sparse_reduce_sum_sparse = _sparse_reduction(SR.reduce_sum_sparse, "sparse_reduce_sum_sparse",
                                             True)
sparse_reduce_max_sparse = _sparse_reduction(SR.reduce_max_sparse, "sparse_reduce_max_sparse",
                                             True)


def _sparse_segment(fn: Any, tf_name: str) -> Any:
    def segment_v1(data: Any, indices: Any, segment_ids: Any, name: str | None = None,
                   num_segments: Any = None, sparse_gradient: bool = False) -> Any:
        return fn(data, indices, segment_ids, num_segments=num_segments, name=name,
                  sparse_gradient=sparse_gradient)

    segment_v1.__name__ = segment_v1.__qualname__ = tf_name
    segment_v1.__doc__ = f"`tf.compat.v1.{tf_name}`: TF 1's order (`name` first)."
    return segment_v1


sparse_segment_sum = _sparse_segment(SF.segment_sum, "sparse_segment_sum")
sparse_segment_mean = _sparse_segment(SF.segment_mean, "sparse_segment_mean")
sparse_segment_sqrt_n = _sparse_segment(SF.segment_sqrt_n, "sparse_segment_sqrt_n")


@dispatch_binding
def serialize_sparse(sp_input: Any, name: str | None = None, out_type: Any = dt.string) -> Any:
    """`tf.compat.v1.serialize_sparse`: TF 1's order (`name` before `out_type`)."""
    return SS.serialize_sparse(sp_input, out_type, name)


@dispatch_binding
def serialize_many_sparse(sp_input: Any, name: str | None = None,
                          out_type: Any = dt.string) -> Any:
    """`tf.compat.v1.serialize_many_sparse`: TF 1's order (`name` before `out_type`)."""
    return SS.serialize_many_sparse(sp_input, out_type, name)


def convert_to_tensor_or_sparse_tensor(value: Any, dtype: Any = None,
                                       name: str | None = None) -> Any:
    """A SparseTensor (or SparseTensorValue) as a SparseTensor, anything else a Tensor."""
    if dtype is not None:
        dtype = dt.as_dtype(dtype)
    if isinstance(value, SparseTensorValue):
        value = SparseTensor(*value)
    if isinstance(value, SparseTensor):
        if dtype and not dtype.is_compatible_with(value.dtype):
            raise RuntimeError(f"Sparse dtype mismatch. Requested: {dtype.name},  Actual: "
                               f"{value.dtype.name}")
        return value
    return convert_to_tensor(value, dtype=dtype, name=name)


def sparse_placeholder(dtype: Any, shape: Any = None, name: str | None = None) -> Any:
    """`tf.compat.v1.sparse_placeholder`: a SparseTensor of three placeholders (its shape a
    placeholder defaulting to `shape` when given); graphs only, as TF's."""
    if executing_eagerly():
        raise RuntimeError("`sparse_placeholder` is not compatible with eager execution.")

    def sub(part: str) -> str | None:
        return None if name is None else f"{name}/{part}"

    if shape is None:
        rank = None
        dense_shape = placeholder(dt.int64, shape=[rank], name=sub("shape"))
    else:
        rank = len(shape)
        dims = tuple(-1 if d is None else int(d) for d in shape)
        default = convert_to_tensor(dims, dtype=dt.int64, name=sub("shape_default"))
        dense_shape = placeholder_with_default(default, shape=[rank], name=sub("shape"))
    return SparseTensor(indices=placeholder(dt.int64, shape=[None, rank], name=sub("indices")),
                        values=placeholder(dtype, shape=[None], name=sub("values")),
                        dense_shape=dense_shape)


# -- strings -----------------------------------------------------------------------------------

def _string_split_sparse(source: Any, sep: Any, skip_empty: bool, delimiter: Any) -> Any:
    """TF 1's StringSplit op: a SparseTensor [rows, longest row] of the tokens."""
    sep = lookup("sep", sep, "delimiter", delimiter)
    # (in a graph TF's Const "Const" under the function's scope)
    sep_t = convert_to_tensor_v2(" " if sep is None else sep, dtype=dt.string, name="Const")
    if sep_t.shape.rank != 0:
        raise ValueError(f"Shape must be rank 0 but is rank {sep_t.shape.rank}")
    source = convert_to_tensor(source, dtype=dt.string)
    if source.shape.rank is not None and source.shape.rank != 1 and not executing_eagerly():
        raise ValueError(f"Shape must be rank 1 but is rank {source.shape.rank} for "
                         "StringSplit")
    # TF's wrapper is handed the Python arguments: its eager errors end in " name: "
    outs = bind(STRING_SPLIT, (source, sep_t), {"skip_empty": bool(skip_empty)})
    return SparseTensor(*outs)


@dispatch_binding
def string_split(source: Any, sep: Any = None, skip_empty: bool = True, delimiter: Any = None,
                 result_type: str = "SparseTensor", name: str | None = None) -> Any:
    """`tf.compat.v1.string_split`: TF 1's StringSplit, as a SparseTensor or RaggedTensor."""
    if delimiter is not None:
        deprecated_arg("string_split", "tensorflow.python.ops.ragged.ragged_string_ops",
                       "delimiter", "delimiter is deprecated, please use sep instead.")
    with name_scope(name, "StringSplit", [source]):
        sparse = _string_split_sparse(source, sep, skip_empty, delimiter)
        if result_type == "SparseTensor":
            return sparse
        if result_type == "RaggedTensor":
            return RaggedTensor.from_value_rowids(sparse.values, sparse.indices[:, 0],
                                                  nrows=sparse.dense_shape[0], validate=False)
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")


@dispatch_binding
@tf_name("substr_deprecated")
def substr(input: Any, pos: Any, len: Any, name: str | None = None,  # noqa: A002
           unit: str = "BYTE") -> Any:
    """`tf.compat.v1.substr`: `tf.strings.substr` under TF 1's name (deprecated in TF)."""
    deprecated_call("substr", _STRING, "Use `tf.strings.substr` instead of `tf.substr`.")
    return string_ops.substr(input, pos, len, unit=unit, name=name)


@dispatch_binding
@tf_name("string_to_number_v1")
def string_to_number(string_tensor: Any = None, out_type: Any = dt.float32,
                     name: str | None = None, input: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.string_to_number`: TF 1's `string_tensor` (`input` its newer name)."""
    string_tensor = lookup("input", input, "string_tensor", string_tensor)
    return string_ops.to_number(string_tensor, out_type, name)


@dispatch_binding
@tf_name("string_to_hash_bucket_v1")
def string_to_hash_bucket(string_tensor: Any = None, num_buckets: Any = None,
                          name: str | None = None, input: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.string_to_hash_bucket`: TF 1's `string_tensor`."""
    string_tensor = lookup("input", input, "string_tensor", string_tensor)
    return hash_ops.to_hash_bucket(string_tensor, num_buckets, name)


@dispatch_binding
def reduce_join(inputs: Any, axis: Any = None, keep_dims: Any = None, separator: str = "",
                name: str | None = None, reduction_indices: Any = None,
                keepdims: Any = None) -> Any:
    """`tf.compat.v1.reduce_join`: TF 1's `keep_dims` third and `reduction_indices`."""
    if keep_dims is not None:
        deprecated_arg("reduce_join", _STRING, "keep_dims", KEEP_DIMS)
    keepdims = lookup("keepdims", keepdims, "keep_dims", keep_dims)
    axis = lookup("axis", axis, "reduction_indices", reduction_indices)
    return string_ops.reduce_join(inputs, axis, bool(keepdims), separator, name)


# -- parsing -----------------------------------------------------------------------------------

@dispatch_binding
@tf_name("decode_raw_v1")
def decode_raw(input_bytes: Any = None, out_type: Any = None, little_endian: bool = True,
               name: str | None = None, bytes: Any = None) -> Any:  # noqa: A002
    """`tf.compat.v1.decode_raw`: TF 1's `bytes` (`input_bytes` its newer name)."""
    if bytes is not None:
        deprecated_arg("decode_raw_v1", _PARSING, "bytes",
                       "bytes is deprecated, use input_bytes instead")
    input_bytes = lookup("input_bytes", input_bytes, "bytes", bytes)
    if out_type is None:
        raise ValueError("decode_raw_v1() missing 1 positional argument: 'out_type'")
    return io_ops.decode_raw(input_bytes, out_type, little_endian=little_endian, name=name)


@dispatch_binding
def decode_csv(records: Any, record_defaults: Any, field_delim: str = ",",
               use_quote_delim: bool = True, name: str | None = None, na_value: str = "",
               select_cols: Any = None) -> Any:
    """`tf.compat.v1.decode_csv`: TF 1's order (`name` before `na_value`)."""
    return csv_ops.decode_csv(records, record_defaults, field_delim, use_quote_delim,
                              na_value, select_cols, name=name)


@dispatch_binding
def parse_example(serialized: Any, features: Any, name: str | None = None,
                  example_names: Any = None) -> dict:
    """`tf.compat.v1.parse_example`: TF 1's order (`name` before `example_names`)."""
    return parsing_features.parse_example(serialized, features, example_names, name)


@dispatch_binding
def parse_single_example(serialized: Any, features: Any, name: str | None = None,
                         example_names: Any = None) -> dict:
    """`tf.compat.v1.parse_single_example`: TF 1's order."""
    return parsing_features.parse_single_example(serialized, features, example_names, name)


# -- Print -------------------------------------------------------------------------------------

def Print(input_: Any, data: Any, message: str | None = None,  # noqa: N802 - TF's name
          first_n: int | None = None, summarize: int | None = None,
          name: str | None = None) -> Any:
    """`tf.compat.v1.Print`: `input_` unchanged, printing `message` and each of `data`
    (its first `summarize` values, 3 by default) to stderr when it runs, the first
    `first_n` times (TF's Print op); TF's deprecation notice on first use."""
    deprecated_call("Print", "tensorflow.python.ops.logging_ops", PRINT_DEPRECATION,
                    date="2018-08-20")
    return print_v1(input_, data, message, first_n, summarize, name)


# -- array, math and the rest ------------------------------------------------------------------

@dispatch_binding
def setdiff1d(x: Any, y: Any, index_dtype: Any = dt.int32, name: str | None = None) -> Any:
    """`tf.compat.v1.setdiff1d`: the values of `x` not in `y`, in `x`'s order, and their
    indices (TF's ListDiff; deprecated in TF)."""
    deprecated_call("setdiff1d", "tensorflow.python.ops.array_ops",
                    "This op will be removed after the deprecation date. Please switch to "
                    "tf.sets.difference().", date="2018-11-30")
    return list_diff(x, y, index_dtype, name)


@dispatch_binding
def space_to_depth(input: Any, block_size: Any, name: str | None = None,  # noqa: A002
                   data_format: str = "NHWC") -> Any:
    """`tf.compat.v1.space_to_depth`: TF 1's order (`name` before `data_format`)."""
    return _space_to_depth(input, block_size, data_format, name)


@dispatch_binding
def depth_to_space(input: Any, block_size: Any, name: str | None = None,  # noqa: A002
                   data_format: str = "NHWC") -> Any:
    """`tf.compat.v1.depth_to_space`: TF 1's order (`name` before `data_format`)."""
    return _depth_to_space(input, block_size, data_format, name)


@dispatch_binding
def extract_image_patches(images: Any, ksizes: Any = None, strides: Any = None,
                          rates: Any = None, padding: Any = None, name: str | None = None,
                          sizes: Any = None) -> Any:
    """`tf.compat.v1.extract_image_patches`: TF 1's `ksizes` (`sizes` its newer name)."""
    if ksizes is not None:
        deprecated_arg("extract_image_patches", "tensorflow.python.ops.array_ops", "ksizes",
                       "ksizes is deprecated, use sizes instead")
    ksizes = lookup("sizes", sizes, "ksizes", ksizes)
    return extract_patches(images, ksizes, strides, rates, padding, name)


@dispatch_binding
@tf_name("confusion_matrix_v1")
def confusion_matrix(labels: Any, predictions: Any, num_classes: Any = None,
                     dtype: Any = dt.int32, name: str | None = None, weights: Any = None) -> Any:
    """`tf.compat.v1.confusion_matrix`: TF 1's order (`dtype` and `name` before `weights`)."""
    return _confusion_matrix(labels, predictions, num_classes, weights, dtype, name)


@tf_name("bincount_v1")
def bincount(arr: Any, weights: Any = None, minlength: Any = None, maxlength: Any = None,
             dtype: Any = dt.int32) -> Any:
    """`tf.compat.v1.bincount`: TF 1's (no `name`, `axis` or `binary_output`)."""
    return _bincount(arr, weights, minlength, maxlength, dtype)


@dispatch_binding
def random_poisson(lam: Any, shape: Any, dtype: Any = dt.float32, seed: Any = None,
                   name: str | None = None) -> Any:
    """`tf.compat.v1.random_poisson`: TF 1's order (`lam` before `shape`)."""
    return poisson(shape, lam, dtype, seed, name)


@dispatch_binding
def verify_tensor_all_finite(t: Any = None, msg: Any = None, name: str | None = None,
                             x: Any = None, message: Any = None) -> Any:
    """`tf.compat.v1.verify_tensor_all_finite`: `t` after CheckNumerics (`x`, `message`
    the newer names)."""
    x = lookup("x", x, "t", t)
    message = lookup("message", message, "msg", msg)
    with name_scope(name, "VerifyFinite", [x]):
        return D.assert_all_finite(x, message)


@dispatch_binding
def assert_scalar(tensor: Any, name: str | None = None, message: str | None = None) -> Any:
    """`tf.compat.v1.assert_scalar`: TF 1's order (`name` before `message`)."""
    return D.scalar_checked(tensor, message)


@dispatch_binding
def assert_rank(x: Any, rank: Any, data: Any = None, summarize: Any = None,
                message: str | None = None, name: str | None = None) -> Any:
    """`tf.compat.v1.assert_rank` (and tf.compat.v1.debugging's): TF 1's `data` and
    `summarize` (what a failure shows in a graph) before `message`."""
    return D.assert_rank(x, rank, message=message, name=name)


@dispatch_binding
def assert_rank_at_least(x: Any, rank: Any, data: Any = None, summarize: Any = None,
                         message: str | None = None, name: str | None = None) -> Any:
    """`tf.compat.v1.assert_rank_at_least`: TF 1's `data` and `summarize`."""
    return D.assert_rank_at_least(x, rank, message=message, name=name)


@dispatch_binding
def assert_rank_in(x: Any, ranks: Any, data: Any = None, summarize: Any = None,
                   message: str | None = None, name: str | None = None) -> Any:
    """`tf.compat.v1.assert_rank_in`: TF 1's `data` and `summarize`."""
    return D.assert_rank_in(x, ranks, message=message, name=name)


@dispatch_binding
def assert_integer(x: Any, message: str | None = None, name: str | None = None) -> Any:
    """`tf.compat.v1.assert_integer`."""
    return D.assert_integer(x, message=message, name=name)


@dispatch_binding
def assert_type(tensor: Any, tf_type: Any, message: str | None = None,
                name: str | None = None) -> Any:
    """`tf.compat.v1.assert_type`."""
    return D.assert_type(tensor, tf_type, message=message, name=name)


def floor_div(x: Any, y: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.floor_div`: TF's FloorDiv op under its TF 1 name."""
    return floordiv(x, y, name=name)


def batch_to_space_nd(input: Any, block_shape: Any, crops: Any,  # noqa: A002
                      name: str | None = None) -> Any:
    """`tf.compat.v1.batch_to_space_nd`: TF's BatchToSpaceND op (`tf.batch_to_space`)."""
    return batch_to_space(input, block_shape, crops, name)


def _block_pair(block_size: Any, block_shape: Any) -> np.ndarray:
    """TF 1's square block: `block_size` (or its new name `block_shape`, not both) for both
    spatial dims, as the int64 block_shape TF's function hands its op."""
    if block_size is not None and block_shape is not None:
        raise ValueError("Cannot specify both 'block_size' and 'block_shape'.")
    size = block_size if block_shape is None else block_shape
    return np.array([size, size], dtype=np.int64)


def _rank4(result: Any) -> Any:
    TensorShape(result._shape).with_rank(4)
    return result


@dispatch_binding
def space_to_batch(input: Any, paddings: Any, block_size: Any = None,  # noqa: A002
                   name: str | None = None, block_shape: Any = None) -> Any:
    """`tf.compat.v1.space_to_batch` (and `tf.compat.v1.nn.space_to_batch`): TF's
    SpaceToBatchND op of a square block over a 4-D input's two spatial dims."""
    return _rank4(space_to_batch_nd(input, _block_pair(block_size, block_shape), paddings,
                                    name))


@dispatch_binding
@tf_name("batch_to_space")
def batch_to_space_v1(input: Any, crops: Any, block_size: Any,  # noqa: A002
                      name: str | None = None, block_shape: Any = None) -> Any:
    """`tf.compat.v1.batch_to_space`: TF's BatchToSpaceND op of a square block."""
    return _rank4(nd_batch_to_space(input, _block_pair(block_size, block_shape), crops,
                                    name))


@dispatch_binding
def clip_by_average_norm(t: Any, clip_norm: Any, name: str | None = None) -> Any:
    """`tf.compat.v1.clip_by_average_norm`: `t * clip_norm / max(average L2 norm,
    clip_norm)`, the average norm being the L2 norm over the element count (deprecated)."""
    deprecated_call("clip_by_average_norm", "tensorflow.python.ops.clip_ops",
                    "clip_by_average_norm is deprecated in TensorFlow 2.0. Please use "
                    "clip_by_norm(t, clip_norm * tf.cast(tf.size(t), tf.float32), name) "
                    "instead.")
    with name_scope(name, "clip_by_average_norm", [t, clip_norm]) as scope:
        t = convert_to_tensor(t, name="t")
        n_element = cast(size(t), dt.float32)
        l2norm_inv = rsqrt(reduce_sum(t * t, range_(rank(t))))
        return identity(t * clip_norm * minimum(l2norm_inv * n_element,
                                                convert_to_tensor(1.0) / clip_norm),
                        name=scope)


def initialize_all_tables(name: str = "init_all_tables") -> Any:
    """`tf.compat.v1.initialize_all_tables`: `tables_initializer` (deprecated in TF)."""
    deprecated_call("initialize_all_tables", "tensorflow.python.ops.lookup_ops",
                    "Use `tf.tables_initializer` instead.", date="2017-03-02")
    return tables_initializer(name)


def control_flow_v2_enabled() -> bool:
    """Whether control flow v2 is on: TF 2's default, and always inside a function (as
    TF's); eagerflow builds TF 2's control flow either way (it has no other)."""
    if _mode.control_flow_v2:
        return True
    g = _state.graph
    return g is not None and g.building_function


def enable_control_flow_v2() -> None:
    """`tf.compat.v1.enable_control_flow_v2`."""
    _mode.control_flow_v2 = True


def disable_control_flow_v2() -> None:
    """`tf.compat.v1.disable_control_flow_v2`: control_flow_v2_enabled says False outside
    functions, as TF's; the flag only: tf.cond and tf.while_loop still build TF 2's If and
    While in a TF 1 graph, where TF builds Switch/Merge (eagerflow imports those, raised
    to If/While, saved_model/v1_control_flow.py, but has no executor of dead tensors)."""
    _mode.control_flow_v2 = False
