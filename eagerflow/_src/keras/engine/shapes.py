"""Shapes as Keras 3 hands them around: tuples (None for unknown dims) given to `build`
and returned by `compute_output_shape`, and TensorShapes where eagerflow computes."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core.shape import TensorShape


def input_shapes(inputs: Any) -> Any:
    """The shapes Keras 3 gives `build`: a tuple per tensor (None for unknown dims), in a
    list or dict as the inputs are."""
    if isinstance(inputs, (list, tuple)):
        return [input_shapes(x) for x in inputs]
    if isinstance(inputs, dict):
        return {k: input_shapes(v) for k, v in inputs.items()}
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
    """A shape (TensorShape, tuple or list of dims) as a tuple; nested ones as lists."""
    if shapes is None:
        return None
    if isinstance(shapes, TensorShape):
        return tuple(shapes.as_list()) if shapes.rank is not None else None
    if isinstance(shapes, dict):
        return {k: shape_tuples(v) for k, v in shapes.items()}
    if all(d is None or isinstance(d, (int, np.integer)) for d in shapes):
        return tuple(None if d is None else int(d) for d in shapes)
    return [shape_tuples(s) for s in shapes]
