"""Composite ops for Keras losses and metrics (softmax cross-entropies, one-hot).

Sits in keras, above ops: everything here is built from public ops (so it
differentiates and traces), validating eagerly where TF's fused kernels would.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import Tensor, convert_to_tensor, host_scalar
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import nn_loss
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast, stop_gradient


def t(x: Any, dtype: Any = None) -> Tensor:
    """A tensor of `x`, cast to `dtype` when it has another one."""
    x = convert_to_tensor(x) if dtype is None or isinstance(x, Tensor) or hasattr(
        x, "_as_tensor") else convert_to_tensor(x, dtype=dtype)
    if dtype is not None and x._dtype is not dt.as_dtype(dtype):
        x = cast(x, dtype)
    return x


def log_softmax(logits: Tensor, axis: int = -1) -> Tensor:
    return logits - R.reduce_logsumexp(logits, axis=axis, keepdims=True)


def softmax(logits: Tensor, axis: int = -1) -> Tensor:
    shifted = logits - stop_gradient(R.reduce_max(logits, axis=axis, keepdims=True))
    e = M.exp(shifted)
    return e / R.reduce_sum(e, axis=axis, keepdims=True)


def one_hot(indices: Tensor, depth: int, dtype: Any = dt.float32) -> Tensor:
    idx = t(indices)
    classes = A.range(depth, dtype=idx._dtype)
    return cast(M.equal(A.expand_dims(idx, -1), classes), dtype)


def sparse_softmax_cross_entropy(labels: Any, logits: Tensor) -> Tensor:
    """-log softmax(logits)[label], per example (labels: integer indices)."""
    labels = t(labels)
    if labels._dtype.is_floating:
        labels = cast(labels, dt.int64)
    # TF's Keras computes this with the fused op too: its values, one op on the tape, its
    # label check (TF's CPU error, a GPU's NaN rows) and nothing before it
    return nn_loss.sparse_softmax_cross_entropy_with_logits(labels, logits)


def l2_normalize(x: Tensor, axis: int = -1, eps: float = 1e-12) -> Tensor:
    sq = R.reduce_sum(M.square(x), axis=axis, keepdims=True)
    return x * M.rsqrt(M.maximum(sq, eps))


def squeeze_or_expand(x1: Tensor, x2: Tensor, expand_rank_1: bool = True) -> tuple:
    """Brings two tensors whose ranks differ by one (a trailing 1) to the same rank."""
    # (TensorShape's len(): an unknown rank, as a relaxed step's labels may have, raises
    # its ValueError as Keras meets it)
    r1, r2 = len(x1.shape), len(x2.shape)
    if r1 == r2 + 1 and x1._shape[-1] == 1:
        if r2 == 1 and expand_rank_1:
            x2 = A.expand_dims(x2, -1)
        else:
            x1 = A.squeeze(x1, axis=-1)
    elif r2 == r1 + 1 and x2._shape[-1] == 1:
        if r1 == 1 and expand_rank_1:
            x1 = A.expand_dims(x1, -1)
        else:
            x2 = A.squeeze(x2, axis=-1)
    return x1, x2


def num_elements(x: Tensor, dtype: Any) -> Tensor:
    if x._shape is not None and all(d is not None for d in x._shape):
        if _state.graph is None:  # a host number, as `x / 2.0` has (no copy onto a GPU)
            d = dt.as_dtype(dtype)
            # (math.prod: in C, where np.prod of a tuple runs ~90 bytecodes of NumPy's)
            return host_scalar(np.asarray(float(math.prod(x._shape)), d.as_numpy_dtype), d)
        return convert_to_tensor(float(math.prod(x._shape)), dtype=dtype)
    return cast(R.size(x), dtype)
