"""Keras 3's arithmetic on a gradient that is a tf.IndexedSlices, for the update steps.

Sits under the concrete optimizers. Keras's TensorFlow backend applies a gather's gradient
without densifying it first: its ops keep the slices where the result stays sparse (a
square squares each slice, a product with a dense tensor takes that tensor's rows), sum
them into a dense tensor where it cannot (a sum or difference with a dense tensor), and an
optimizer adds a sparse update slice by slice. With repeated ids that is not the dense
gradient's step: a row's squares are summed, not its sum squared. Each function here takes
tensors or slices; on tensors it is the plain op (the products and quotients of a dense step
call it at once), so dense steps run as before. Two slices of different rows meet as their
dense forms (Keras unions or intersects their rows: the same values where no row repeats; no
update step combines two such slices).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.ops import math as m
from eagerflow._src.ops.indexed_slices import IndexedSlices
from eagerflow._src.ops.indexing import gather
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.reduce import reduce_mean, reduce_prod, reduce_sum


def is_rows(x: Any) -> bool:
    return x.__class__ is IndexedSlices


def _rows(like: IndexedSlices, values: Any) -> IndexedSlices:
    return IndexedSlices(values, like.indices, like.dense_shape)


def _dense(x: Any) -> Any:
    return x._as_tensor() if is_rows(x) else x


def _scalar(x: Any) -> bool:
    return not hasattr(x, "shape") or len(x.shape) == 0


def _unary(op: Any) -> Any:
    def f(x: Any) -> Any:
        return _rows(x, op(x.values)) if is_rows(x) else op(x)

    f.__name__ = op.__name__
    return f


# Zero-preserving: the slices stay slices, each one mapped.
square, sqrt, sign, negative = _unary(m.square), _unary(m.sqrt), _unary(m.sign), _unary(m.negative)
absolute = _unary(m.abs)


def multiply(a: Any, b: Any) -> Any:
    """Slices times a scalar or a dense tensor (its rows) stay slices."""
    if a.__class__ is not IndexedSlices and b.__class__ is not IndexedSlices:
        return m.multiply(a, b)  # (a dense step's: at once)
    if is_rows(a) and not is_rows(b):
        return _rows(a, a.values * (b if _scalar(b) else gather(b, a.indices)))
    if is_rows(b) and not is_rows(a):
        return _rows(b, (a if _scalar(a) else gather(a, b.indices)) * b.values)
    if is_rows(a) and a.indices is b.indices:
        return _rows(a, a.values * b.values)
    return m.multiply(_dense(a), _dense(b))


def divide(a: Any, b: Any) -> Any:
    """Slices over a scalar or a dense tensor (its rows) stay slices. (Keras also widens
    them to the rows where the dense divisor is zero or NaN; an optimizer's divisors are
    positive.)"""
    if a.__class__ is not IndexedSlices and b.__class__ is not IndexedSlices:
        return m.divide(a, b)  # (a dense step's: at once)
    if is_rows(a) and not is_rows(b):
        return _rows(a, a.values / (b if _scalar(b) else gather(b, a.indices)))
    return m.divide(_dense(a), _dense(b))


def add(a: Any, b: Any) -> Any:
    """A sum with a dense tensor or a scalar is dense: the slices summed into it."""
    if is_rows(a) and is_rows(b) and a.indices is b.indices:
        return _rows(a, a.values + b.values)
    return m.add(_dense(a), _dense(b))


def subtract(a: Any, b: Any) -> Any:
    if is_rows(a) and is_rows(b) and a.indices is b.indices:
        return _rows(a, a.values - b.values)
    return m.subtract(_dense(a), _dense(b))


def maximum(a: Any, b: Any) -> Any:
    return m.maximum(_dense(a), _dense(b))


def mean(x: Any) -> Any:
    """Of all elements: the slices' sum over the dense size (repeated rows counted apart)."""
    if is_rows(x):
        total = reduce_sum(x.values)
        return total / cast(reduce_prod(x.dense_shape), total.dtype)
    return reduce_mean(x)
