"""Shapes as Keras 3 hands them around: tuples (None for unknown dims) given to `build`
and returned by `compute_output_shape`, and TensorShapes where eagerflow computes."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor


def input_shapes(inputs: Any, keep_tuples: bool = False) -> Any:
    """The shapes Keras 3 gives `build`: a tuple per tensor (None for unknown dims), in a
    list or dict as the inputs are; with `keep_tuples` a tuple of inputs gives a tuple (as
    a model records the shapes its first call saw)."""
    if isinstance(inputs, (list, tuple)):
        out = [input_shapes(x, keep_tuples) for x in inputs]
        return tuple(out) if keep_tuples and isinstance(inputs, tuple) else out
    if isinstance(inputs, dict):
        return {k: input_shapes(v, keep_tuples) for k, v in inputs.items()}
    return shape_tuples(inputs.shape)


def to_shapes(result: Any, keep_tuples: bool = False) -> Any:
    """compute_output_shape's result as TensorShape (or a list/dict of them); with
    `keep_tuples` a tuple of shapes stays a tuple (the structure of a layer's symbolic
    outputs, as Keras 3 keeps it)."""
    if isinstance(result, TensorShape):
        return result
    if isinstance(result, (list, tuple)):
        if all(d is None or isinstance(d, (int, np.integer)) for d in result):
            return TensorShape(result)
        out = [to_shapes(r, keep_tuples) for r in result]
        return tuple(out) if keep_tuples and isinstance(result, tuple) else out
    if isinstance(result, dict):
        return {k: to_shapes(v, keep_tuples) for k, v in result.items()}
    return TensorShape(result)


def shape_tuples(shapes: Any) -> Any:
    """A shape (TensorShape, tuple or list of dims) as a tuple; nested ones as lists. A
    tensor or array stays as given: `model.build(frames)` (TF's video tutorial passes a
    batch, not its shape) records the batch, as Keras 3's build config does; so is
    anything else that is no shape (`model.build(3)`)."""
    if shapes is None or isinstance(shapes, (Tensor, np.ndarray, str)) or \
            not hasattr(shapes, "__iter__"):
        return shapes
    if isinstance(shapes, TensorShape):
        return tuple(shapes.as_list()) if shapes.rank is not None else None
    if isinstance(shapes, dict):
        return {k: shape_tuples(v) for k, v in shapes.items()}
    if all(d is None or isinstance(d, (int, np.integer)) for d in shapes):
        return tuple(None if d is None else int(d) for d in shapes)
    return [shape_tuples(s) for s in shapes]


def keras_shapes(result: Any) -> Any:
    """compute_output_shape's result as Keras 3 returns it: each TensorShape a tuple of
    ints and None (None for an unknown rank), lists, tuples and dicts kept as they are."""
    if isinstance(result, TensorShape):
        return tuple(result.as_list()) if result.rank is not None else None
    if isinstance(result, list):
        return [keras_shapes(r) for r in result]
    if isinstance(result, tuple) and not all(
            d is None or isinstance(d, (int, np.integer)) for d in result):
        return tuple(keras_shapes(r) for r in result)
    if isinstance(result, dict):
        return {k: keras_shapes(v) for k, v in result.items()}
    return result


def tuple_shapes_wrapper(method: Callable) -> Callable:
    """A built-in layer's compute_output_shape giving Keras 3's tuples: the layers compute
    with TensorShape, and Keras 3.15 returns `(2, 3)`, not `TensorShape([2, 3])`."""
    @functools.wraps(method)
    def compute_output_shape(self: Any, *args: Any, **kwargs: Any) -> Any:
        return keras_shapes(method(self, *args, **kwargs))

    compute_output_shape._keras_tuples = True
    return compute_output_shape


def hand_out_tuples(cls: type) -> None:
    """Wraps the compute_output_shape that `cls`, one of eagerflow's own layers, defines,
    so that it returns Keras 3's tuples (a user's layer returns what it returns, as in
    Keras)."""
    method = cls.__dict__.get("compute_output_shape")
    if method is not None and cls.__module__.startswith("eagerflow.") and \
            not getattr(method, "_keras_tuples", False):
        cls.compute_output_shape = tuple_shapes_wrapper(method)
