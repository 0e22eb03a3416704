"""tf.eye: identity matrices, as ones on the diagonal of MatrixDiagV3 (linalg.py), with
TF's steps for sizes given as eager tensors and for sizes known only when a graph runs."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, OpError
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import concat, ones, reshape, static_ints
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api, slow_path
from eagerflow._src.ops.linalg import MATRIX_DIAG, diag
from eagerflow._src.ops.math import minimum
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.tiling import broadcast_to


def _eager_tensor_eye(num_rows: Any, num_columns: Any, batch_shape: Any,
                      dtype: dt.DType) -> Any:
    """tf.eye given an eager tensor size, in TF's steps: the diagonal's size the sizes'
    minimum (a bool, complex or string size refused there), the ones' shape the int32
    batch shape joined with it (a size of several values refused there: the ranks
    differ), then the ones set on the diagonal of matrices of those sizes."""
    columns = num_rows if num_columns is None else num_columns
    diag_size = minimum(num_rows, columns)
    batch = convert_to_tensor([] if batch_shape is None else batch_shape, dt.int32, name="shape")
    try:  # (TF packs the size in a list: its ConcatV2 runs by the slow path, unnamed)
        diag_shape = concat([batch, stack([cast(diag_size, dt.int32)])], 0)
    except OpError as e:
        raise slow_path(e) from None
    rows, cols = (int(cast(v, dt.int32)) if isinstance(v, Tensor) else int(v)
                  for v in (num_rows, columns))
    return diag(ones(diag_shape, dtype), num_rows=rows, num_cols=cols)


def _runtime_eye(num_rows: Any, num_columns: Any, batch_shape: Any, dtype: dt.DType) -> Any:
    """tf.eye of sizes known when the graph runs, as TF builds it: ones (a Fill, which
    refuses a negative size then) set on the diagonal of a matrix of those sizes."""
    vals = []
    for v, w in ((num_rows, "num_rows"),
                 (num_rows if num_columns is None else num_columns, "num_columns")):
        v = C.known(v) if C.is_graph_tensor(v) else AV.int_arg(v, w)
        vals.append(cast(v, dt.int32) if isinstance(v, Tensor) else int(v))
    n = minimum(*(v if isinstance(v, Tensor) else convert_to_tensor(v, dtype=dt.int32)
                  for v in vals))
    attrs = {"k": 0, "num_rows": None, "num_cols": None, "padding_value": 0}
    dyn = []
    for v, w in zip(vals, ("num_rows", "num_cols")):
        if isinstance(v, Tensor):
            dyn.append(v)
        else:
            attrs[w] = v
    out = bind(MATRIX_DIAG, (ones(reshape(n, [1]), dtype),) + tuple(dyn), attrs)
    if batch_shape is not None:
        out = broadcast_to(out, list(static_ints(batch_shape, "batch_shape")) + vals)
    return out


@dispatch_binding
@eager_api(scoped=True)  # (TF's makes its ops in an "eye" scope: no name eagerly)
def eye(num_rows: int, num_columns: int | None = None, batch_shape: Any = None,
        dtype: Any = dt.float32, name: str | None = None) -> Any:
    """Identity matrices: [*batch_shape, num_rows, num_columns]."""
    if any(C.is_graph_tensor(v) and isinstance(C.known(v), Tensor)
           for v in (num_rows, num_columns)):
        return _runtime_eye(num_rows, num_columns, batch_shape, dt.as_dtype(dtype))
    if isinstance(num_rows, EagerTensor) or isinstance(num_columns, EagerTensor):
        return _eager_tensor_eye(num_rows, num_columns, batch_shape, dt.as_dtype(dtype))
    if batch_shape is not None and not isinstance(batch_shape, Tensor):
        batch_shape = list(batch_shape)  # (TF's list() of it: an int is Python's TypeError)
    for v in (num_rows, num_rows if num_columns is None else num_columns):
        if not isinstance(v, (Tensor, int, np.integer)):
            raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer "
                            f"values. Received: num_rows={num_rows}, num_columns="
                            f"{num_rows if num_columns is None else num_columns}")
    num_rows = AV.int_arg(num_rows, "num_rows")
    num_columns = num_rows if num_columns is None else AV.int_arg(num_columns, "num_columns")
    if num_rows < 0 or num_columns < 0:
        raise InvalidArgumentError(None, None, f"Dimension {min(num_rows, num_columns)} must be "
                                               ">= 0 [Op:Fill]")
    dtype = dt.as_dtype(dtype)
    n = min(num_rows, num_columns)
    out = diag(ones([n], dtype=dtype), num_rows=num_rows, num_cols=num_columns)
    if batch_shape is not None:
        batch = list(static_ints(batch_shape, "batch_shape"))
        out = broadcast_to(out, batch + [num_rows, num_columns])
    return out
