"""tf.compat.v1.strings' own forms: `length` and `substr` with TF 1's order (`name`
before `unit`), and `split` with TF 1's `source` and `result_type` (a SparseTensor by
default, where TF 2's gives a RaggedTensor). `to_number`, `to_hash_bucket` and
`reduce_join` are tf.compat.v1's string_to_number, string_to_hash_bucket and reduce_join
(tf1_data.py), as in TF.

TF 1 layer (v1/): loaded by tf.compat.v1.strings on first use.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import ragged_strings, string_ops
from eagerflow._src.ops.array import expand_dims
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.v1.tf1_args import lookup, name_scope


@dispatch_binding
@tf_name("string_length")
def length(input: Any, name: str | None = None, unit: str = "BYTE") -> Any:  # noqa: A002
    """`tf.compat.v1.strings.length`: TF 1's order (`name` before `unit`)."""
    return string_ops.length(input, unit, name)


@dispatch_binding
def substr(input: Any, pos: Any, len: Any, name: str | None = None,  # noqa: A002
           unit: str = "BYTE") -> Any:
    """`tf.compat.v1.strings.substr`: TF 1's order (`name` before `unit`)."""
    return string_ops.substr(input, pos, len, unit, name)


@dispatch_binding
@tf_name("strings_split_v1")
def split(input: Any = None, sep: Any = None, maxsplit: int = -1,  # noqa: A002
          result_type: str = "SparseTensor", source: Any = None,
          name: str | None = None) -> Any:
    """`tf.compat.v1.strings.split`: each string's pieces (at `sep`, or runs of whitespace)
    one dimension further, a SparseTensor (TF's StringSplitV2 for a vector) or, with
    `result_type="RaggedTensor"`, TF 2's RaggedTensor; a scalar splits as a vector of one.
    `source` is TF 1's name for `input`."""
    input = lookup("input", input, "source", source)  # noqa: A001
    with name_scope(name, "StringSplit", [input]):
        x = ragged_strings._string_input(input)
        if x.shape.rank == 0:
            x = expand_dims(x, 0)
        if result_type == "SparseTensor":
            if x.shape.rank == 1 and not isinstance(x, RaggedTensor):
                s = convert_to_tensor(b"" if sep is None else sep, dtype=dt.string)
                return SparseTensor(*bind(ragged_strings.STRING_SPLIT_V2, (x, s),
                                          {"maxsplit": AV.make_int(maxsplit, "maxsplit")}))
            return ragged_strings.split(x, sep, maxsplit).to_sparse()
        if result_type == "RaggedTensor":
            return ragged_strings.split(x, sep, maxsplit)
        raise ValueError("result_type must be 'RaggedTensor' or 'SparseTensor'.")
