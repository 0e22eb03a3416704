"""tf.keras.backend's cross-entropies (`K.binary_crossentropy`, ...), on probabilities or
logits as Keras 2 computed them (outputs clipped to [epsilon, 1 - epsilon])."""

from __future__ import annotations

import builtins
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.ops import array as A
from eagerflow._src.ops import indexing as ix
from eagerflow._src.ops import math as M
from eagerflow._src.ops import nd_indexing as nd
from eagerflow._src.ops import nn as tnn
from eagerflow._src.ops import (
    nn_loss,
)
from eagerflow._src.ops import reduce as R
from eagerflow._src.ops.math_base import cast, where


# -- losses -----------------------------------------------------------------------------
def _eps_clip(output: Any) -> Any:
    eps = cast(kb.epsilon(), output.dtype)
    return M.clip_by_value(output, eps, 1.0 - eps)


def binary_crossentropy(target: Any, output: Any, from_logits: bool = False) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    if from_logits:
        return nn_loss.sigmoid_cross_entropy_with_logits(labels=target, logits=output)
    output = _eps_clip(output)
    eps = kb.epsilon()
    return -(target * M.log(output + eps) + (1 - target) * M.log(1 - output + eps))


def binary_focal_crossentropy(target: Any, output: Any, apply_class_balancing: bool = False,
                              alpha: float = 0.25, gamma: float = 2.0,
                              from_logits: bool = False) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    p = M.sigmoid(output) if from_logits else output
    p_t = target * p + (1 - target) * (1 - p)
    loss = M.pow(1.0 - p_t, gamma) * binary_crossentropy(target, output, from_logits)
    if apply_class_balancing:
        loss = (target * alpha + (1 - target) * (1 - alpha)) * loss
    return loss


def _same_shape(target: Any, output: Any) -> None:
    if not target.shape.is_compatible_with(output.shape):
        raise ValueError(f"Shapes {target.shape} and {output.shape} are incompatible")


def categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                             axis: int = -1) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _same_shape(target, output)
    if from_logits:
        return nn_loss.softmax_cross_entropy_with_logits(labels=target, logits=output,
                                                         axis=axis)
    output = _eps_clip(output / R.reduce_sum(output, axis, True))
    return -R.reduce_sum(target * M.log(output), axis)


def categorical_focal_crossentropy(target: Any, output: Any, alpha: float = 0.25,
                                   gamma: float = 2.0, from_logits: bool = False,
                                   axis: int = -1) -> Any:
    target, output = convert_to_tensor(target), convert_to_tensor(output)
    _same_shape(target, output)
    if from_logits:
        output = tnn.softmax(output, axis=axis)
    output = _eps_clip(output / R.reduce_sum(output, axis=axis, keepdims=True))
    focal = alpha * M.pow(1.0 - output, gamma) * (-target * M.log(output))
    return R.reduce_sum(focal, axis=axis)


def sparse_categorical_crossentropy(target: Any, output: Any, from_logits: bool = False,
                                    axis: int = -1, ignore_class: Any = None) -> Any:
    """Cross-entropy of integer labels against class scores along `axis`."""
    target = cast(convert_to_tensor(target), dt.int64)
    output = convert_to_tensor(output)
    if not from_logits:
        output = M.log(_eps_clip(output))
    rank = output.shape.rank
    if rank is None and axis != -1:
        raise ValueError(f"Cannot compute sparse categorical crossentropy with `axis={axis}` on "
                         "an output tensor with unknown rank")
    if rank is not None:
        axis %= rank
        if axis != rank - 1:
            output = A.transpose(output, [i for i in builtins.range(rank) if i != axis] + [axis])
    out_shape = A.shape(output)
    flatten_it = target.shape.rank is not None and rank is not None \
        and target.shape.rank != rank - 1
    if flatten_it:
        target = A.reshape(target, [-1])
        output = A.reshape(output, [-1, out_shape[-1]])
    if ignore_class is not None:
        valid = M.not_equal(target, cast(ignore_class, target.dtype))
        target, output = ix.boolean_mask(target, valid), ix.boolean_mask(output, valid)
    res = nn_loss.sparse_softmax_cross_entropy_with_logits(labels=target, logits=output)
    if ignore_class is not None:
        res_shape = cast(out_shape[:-1], dt.int64)
        valid = A.reshape(valid, res_shape)
        return nd.scatter_nd(where(valid), res, res_shape)
    if flatten_it and rank >= 3:
        res = A.reshape(res, out_shape[:-1])
    return res
