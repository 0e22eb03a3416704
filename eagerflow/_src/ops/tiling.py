"""Tiling and broadcasting: Tile (tf.tile) and BroadcastTo (tf.broadcast_to).

Their multiples and shapes are attrs known when the op is called, or in a graph an extra
input read at run time (dynshape.py), as array.py's shape arguments. Sits right after
array.py in tests/test_layering.py's OPS_ORDER; a gradient sums back with math's sum_to.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.backend import broadcast_copy
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.py_conversion import op_input_refusal
from eagerflow._src.core.tensor import check_finite_size, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.broadcast_grads import sum_to
from eagerflow._src.ops.composite_dispatch import dispatchable
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import (
    check_runtime_arg,
    check_vector,
    constant_not_a_vector,
    graph_shape,
    refuse_index_dtype,
    runtime_attr,
    static_ints,
)
from eagerflow._src.ops.eager_errors import slow_inputs
from eagerflow._src.ops.math_base import _t, cast, ones_like
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register
from eagerflow._src.ops.reshaping import reshape, reshape_like
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.stacking import stack

_rng = SampleRNG(2)  # (its own stream: array.py's samples keep theirs)


def _f64(*shape: int) -> np.ndarray:
    return _rng.uniform(-2, 2, size=shape)


def _tile_infer(x: Any, *dyn: Any, multiples: tuple | None) -> list:
    if dyn:
        check_runtime_arg("Tile", dyn, "multiples")
    if multiples is not None:
        check_vector(_TMULTIPLES, multiples)
    if x._shape is None or multiples is None:
        return [(None if x._shape is None else (None,) * len(x._shape), x._dtype)]
    if len(multiples) != len(x._shape):
        raise C.fail("Tile", f"Expected multiples argument to be a vector of length "
                             f"{len(x._shape)} but got length {len(multiples)}")
    for i, m in enumerate(multiples):
        if m is not None and m < 0:
            raise C.fail("Tile", f"Expected multiples[{i}] >= 0, but got {m}")
    out = tuple(None if d is None or m is None else d * m for d, m in zip(x._shape, multiples))
    if None not in out:
        check_finite_size("Tile", out, x._dtype)
    return [(out, x._dtype)]


def _tile_grad(n: Any, g: Any) -> list:
    """g as [m0, d0, m1, d1, ...], summed over the copies: to the shape [1, d0, 1, d1, ...]."""
    x, m = n.inputs[0], n.attrs["multiples"]
    if len(n.inputs) > 1 or None in x._shape:  # sizes known at run time
        mt = n.inputs[1] if len(n.inputs) > 1 else convert_to_tensor(m, dtype=dt.int32)
        sx = shape(x)
        pairs = reshape(stack([cast(mt, dt.int32), sx], axis=1), [-1])
        ones = reshape(stack([ones_like(sx), sx], axis=1), [-1])
        summed = sum_to(reshape(g, pairs), reshape(x, ones))
        return [reshape_like(summed, x)] + [None] * (len(n.inputs) - 1)
    split_shape, kept = [], []
    for d, k in zip(x._shape, m):
        split_shape += [k, d]
        kept += [1, d]
    return [reshape(sum_to(reshape(g, split_shape), reshape(x, kept)), x._shape)]


def _tile_kernel(xp: Any, x: Any, *dyn: Any, multiples: tuple | None) -> Any:
    if dyn:
        check_vector(_TMULTIPLES, dyn[0])
        multiples = runtime_attr("Tile", _tile_infer, (x,), dyn, "multiples", multiples)
    out_shape = tuple(d * m for d, m in zip(x.shape, multiples))
    if x.dtype == np.uint16 and xp is np and out_shape != x.shape and 0 not in out_shape:
        # (TF's CPU registers no uint16 Tile; its kernel returns a 0-d input, an input its
        # multiples leave as it is, and an empty output before it asks for one)
        raise UnimplementedError(None, None, f"TileOp : The input data type is not supported, "
                                             f"DataType : uint16, Dimension : {x.ndim} "
                                             f"[Op:Tile]")
    if 0 in multiples and x.size:  # (an empty result: NumPy's tile would first copy x
        # along the other axes, up to 2**31 times; TF makes the empty tensor)
        return xp.empty(out_shape, x.dtype)
    return xp.tile(x, multiples)


TILE = register(OpDef(
    "Tile", _tile_infer, _tile_kernel, grad=_tile_grad,
    reference=lambda x, multiples: np.array([[x[i % x.shape[0], j % x.shape[1]]
                                              for j in range(x.shape[1] * multiples[1])]
                                             for i in range(x.shape[0] * multiples[0])]),
    samples=lambda: [Sample((_f64(2, 3),), {"multiples": (2, 3)})],
    bad_samples=lambda: [BadSample((np.ones((2, 3)),), {"multiples": (2,)}, InvalidArgumentError)],
    host_inputs=(1,),  # (multiples given when it runs: TF's HostMemory("multiples"))
))


_TMULTIPLES = ("Tile", "Tmultiples", "Expected multiples to be 1-D, but got shape {shape}",
               "vector")


@dispatchable
@slow_inputs("input", "multiples")
def tile(input: Any, multiples: Any, name: str | None = None) -> Any:  # noqa: A002
    refused = None if _state.graph is None else constant_not_a_vector(multiples)
    if refused is not None:
        return bind(TILE, (_t(input),), {"multiples": refused}, name)
    if _state.graph is not None and (refused := op_input_refusal("multiples", multiples)):
        raise refused
    # (traced: a multiple below -1 is the shape function's ValueError; -1 an unknown dim,
    # Tile's refusal when the graph runs)
    static, dyn = (static_ints(multiples, "multiples", _TMULTIPLES, (input,), True), ()) \
        if _state.graph is None else graph_shape(multiples, "multiples", True, _TMULTIPLES, True)
    return bind(TILE, (_t(input),) + dyn, {"multiples": static}, name)


def _broadcast_to_infer(x: Any, *dyn: Any, shape: tuple | None) -> list:
    if dyn:
        check_runtime_arg("BroadcastTo", dyn, "shape")
    if shape is None:  # a runtime shape of unknown length
        return [(None, x._dtype)]
    check_vector(_BROADCAST_SHAPE, shape)
    for d in shape:
        if d is not None and d < 0:
            raise C.fail("BroadcastTo", f"Dimension {d} must be >= 0")
    if x._shape is not None:
        if len(x._shape) > len(shape):
            raise C.fail("BroadcastTo", f"Rank of input ({len(x._shape)}) must be no greater "
                                        f"than rank of output shape ({len(shape)}).")
        pad = (1,) * (len(shape) - len(x._shape)) + tuple(x._shape)
        # (TF's kernel: the two shapes must broadcast, and then give the output's)
        for a, b in zip(pad, shape):
            if a not in (1, b, None) and b not in (1, None):
                raise C.fail("BroadcastTo", f"Incompatible shapes: {C.shape_str(x._shape)} vs. "
                                            f"{C.shape_str(shape)}")
        if any(a not in (1, None) and b == 1 for a, b in zip(pad, shape)):
            raise C.fail("BroadcastTo", f"Unable to broadcast tensor of shape "
                                        f"{C.shape_str(x._shape)} to tensor of shape "
                                        f"{C.shape_str(shape)}")
        # an output dim known only when the graph runs is the input's where that is not 1
        # (TF's shape function: broadcasting cannot change it)
        shape = tuple(a if b is None and a not in (1, None) else b for a, b in zip(pad, shape))
    if None not in shape:
        check_finite_size("BroadcastTo", shape, x._dtype)
    return [(shape, x._dtype)]


def _broadcast_to_kernel(xp: Any, x: Any, *dyn: Any, shape: tuple | None) -> Any:
    if dyn:
        check_vector(_BROADCAST_SHAPE, dyn[0])
        shape = runtime_attr("BroadcastTo", _broadcast_to_infer, (x,), dyn, "shape", shape)
    return broadcast_copy(xp, x, shape)


BROADCAST_TO = register(OpDef(
    "BroadcastTo", _broadcast_to_infer, _broadcast_to_kernel,
    grad=lambda n, g: [sum_to(g, n.inputs[0])] + [None] * (len(n.inputs) - 1),
    reference=lambda x, shape: x + np.zeros(shape, x.dtype),
    samples=lambda: [
        Sample((_f64(1, 3),), {"shape": (4, 3)}),
        Sample((_f64(3),), {"shape": (2, 2, 3)})],
    bad_samples=lambda: [BadSample((np.ones((2,)),), {"shape": (3,)}, InvalidArgumentError)],
    host_inputs=(1,),  # (a shape given when it runs: TF's HostMemory("shape"))
))


# (BroadcastTo's shape input: type attr Tidx, a vector, a scalar refused eagerly too)
_BROADCAST_SHAPE = ("BroadcastTo", "Tidx", "shape must be a vector of {{int32,int64}}, got shape "
                    "{shape}", "vector")


@dispatchable
@slow_inputs("input", "shape")
def broadcast_to(input: Any, shape: Any, name: str | None = None) -> Any:  # noqa: A002
    if _state.graph is None:
        static, dyn = static_ints(shape, "shape", _BROADCAST_SHAPE, (input,), True), ()
    elif constant_not_a_vector(shape) is not None:
        static, dyn = constant_not_a_vector(shape), ()
    elif isinstance(shape, (int, np.integer)) or getattr(shape, "_shape", None) == ():
        # (TF's BroadcastTo refuses a scalar shape; graph_shape would read it as (n,))
        raise C.fail("BroadcastTo", _BROADCAST_SHAPE[2].format(shape="[]"))
    else:
        if isinstance(shape, (list, tuple)) and any(v is None for v in shape):
            convert_to_tensor(shape)  # (TF converts the shape: its graph error for a None)
        if (refused := op_input_refusal("shape", shape)) is not None:
            raise refused
        refuse_index_dtype(shape, "shape")
        static, dyn = graph_shape(shape, minus_one=True)
    return bind(BROADCAST_TO, (_t(input),) + dyn, {"shape": static}, name)
