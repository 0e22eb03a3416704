"""Reshape's static shape rule (ops/reshaping.py registers the op): the result's shape from
the input's and the requested one, with TF's errors; the one -1 inferred as TF infers it,
beside zero dims too; a runtime shape of which only part is known while tracing."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dynshape import check_runtime_arg


def reshape_infer(x: Any, *dyn: Any, shape: tuple | None) -> list:
    if dyn:
        check_runtime_arg("Reshape", dyn, "shape")
    if dyn:  # the runtime shape is an input; `shape` holds what was known of it
        return [(_reshape_partial(x, shape, dyn[0]), x._dtype)]
    if type(shape) is int and _state.graph is not None:  # (TF's kernel takes a scalar)
        raise C.fail("Reshape", "Shape must be rank 1 but is rank 0")
    if type(shape) is not tuple or shape and type(shape[0]) is tuple:  # (a raw op's tensor)
        shape = _sizes(shape)
    if _state.graph is None:  # (eagerly a pure function of the shapes: kept, as C.kept says;
        # a list of its own to each caller)
        return list(C.kept(("Reshape", x._shape, x._dtype, shape), _static_reshape, x, shape))
    return _static_reshape(x, shape)


def _static_reshape(x: Any, shape: tuple) -> list:
    """reshape_infer's answer for a shape given as a tuple of sizes."""
    unknown = [i for i, d in enumerate(shape) if d == -1 or d is None]
    if len(unknown) > 1:
        raise C.fail("Reshape", f"Only one input size may be -1, not both {unknown[0]} and "
                                f"{unknown[1]}")
    for d in shape:
        if d is not None and d < -1:
            raise C.fail("Reshape", f"Size {shape.index(d)} must be non-negative, not {d}")
    n = C.num_elements(x._shape)
    known = 1
    for d in shape:
        if d not in (-1, None):
            known *= d
    if n is None:
        _check_one_unknown_in(x._shape, shape, known)
        return [(tuple(None if d == -1 else d for d in shape), x._dtype)]
    if unknown:
        out = list(shape)
        out[unknown[0]] = _missing_dim(x._shape, shape, n)
        if C.num_elements(out) != n:
            raise C.fail("Reshape", f"Input to reshape is a tensor with {n} values, but the "
                                    f"requested shape has {C.num_elements(out)}")
        return [(tuple(out), x._dtype)]
    if known != n:
        raise C.fail("Reshape", f"Input to reshape is a tensor with {n} values, but the requested "
                                f"shape has {known}")
    if n == 0:  # empty, but its other dims may still be past what an array can describe
        check_finite_size("Reshape", shape, x._dtype)
    return [(shape, x._dtype)]


def _check_one_unknown_in(in_shape: tuple | None, shape: tuple, known: int) -> None:
    """TF's shape function of an input with one unknown dim reshaped to a fully known
    shape: that dim is the requested size over the input's known ones, which must divide
    it ([?, 3] to [7] is refused while the graph is built)."""
    if in_shape is None or in_shape.count(None) != 1 or -1 in shape or None in shape:
        return
    known_in = math.prod([d for d in in_shape if d is not None])
    if known_in and known % known_in:
        raise C.fail("Reshape", f"Dimension size must be evenly divisible by {known_in} but "
                                f"is {known}")


def _missing_dim(in_shape: tuple, shape: tuple, n: int) -> int:
    """The -1 of a reshape, as TF infers it: the requested zero dims are left out of the
    product, and, when there are some, so are the input's (an empty tensor's other dims
    still decide it: [1, 1, 0] to [-1, 0] is [1, 0])."""
    sizes = [d for d in shape if d not in (-1, None)]
    product = math.prod([d for d in sizes if d != 0])
    if 0 in sizes and 0 in in_shape:
        return math.prod([d for d in in_shape if d > 0]) // product
    if n % product:
        raise C.fail("Reshape", f"Input to reshape is a tensor with {n} values, but the "
                                f"requested shape requires a multiple of {product}")
    return n // product


def _reshape_partial(x: Any, shape: tuple | None, t: Any) -> tuple | None:
    """The static result of a reshape to a runtime shape of which `shape` is known."""
    if t._shape is not None and len(t._shape) != 1:
        raise C.fail("Reshape", f"Shape must be rank 1 but is rank {len(t._shape)}")
    if shape is None:
        return None
    for i, d in enumerate(shape):
        if d is not None and d < -1:
            raise C.fail("Reshape", f"Size {i} must be non-negative, not {d}")
    out = [None if d == -1 else d for d in shape]
    n = C.num_elements(x._shape)
    if out.count(None) == 1 and n is not None:  # the one unknown dim follows from the rest
        known = math.prod([d for d in out if d is not None])
        if known and n % known:
            raise C.fail("Reshape", f"Input to reshape is a tensor with {n} values, but the "
                                    f"requested shape requires a multiple of {known}")
        if known:
            out[out.index(None)] = n // known
    return tuple(out)


def _sizes(shape: Any) -> tuple:
    """A shape given as a tensor of another rank, as TF's kernel reads it: a scalar is one
    size; a matrix is refused."""
    if isinstance(shape, (int, np.integer)):
        return (int(shape),)
    if np.ndim(shape) > 1:
        raise C.fail("Reshape", f"sizes input must be 1-D, not {C.shape_str(np.shape(shape))}")
    return tuple(shape)
