"""tf.keras.backend's control flow (`K.switch`, `K.foldl`, `K.map_fn`) and `K.rnn`, the
step-function loop of Keras 2's recurrent layers."""

from __future__ import annotations

import builtins
from collections.abc import Callable
from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import foldl as _foldl
from eagerflow._src.control_flow.loops import foldr as _foldr
from eagerflow._src.control_flow.loops import map_fn as _map_fn
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras.legacy_backend.arrays import ndim
from eagerflow._src.ops import array as A
from eagerflow._src.ops import math as M
from eagerflow._src.ops import (
    stacking,
)
from eagerflow._src.ops.math_base import cast, ones_like, where, zeros_like
from eagerflow._src.ops.tiling import tile


# -- control flow -----------------------------------------------------------------------
def foldl(fn: Callable, elems: Any, initializer: Any = None, name: str | None = None) -> Any:
    return _foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn: Callable, elems: Any, initializer: Any = None, name: str | None = None) -> Any:
    return _foldr(fn, elems, initializer=initializer, name=name)


def map_fn(fn: Callable, elems: Any, name: str | None = None, dtype: Any = None) -> Any:
    return _map_fn(fn, elems, name=name, dtype=dtype)


def switch(condition: Any, then_expression: Any, else_expression: Any) -> Any:
    """then/else picked by a scalar condition (tf.cond), or elementwise by a tensor one."""
    condition = convert_to_tensor(condition)
    if condition.dtype != dt.bool:
        condition = cast(condition, dt.bool)
    cond_ndim = ndim(condition)
    if not cond_ndim:
        then_fn = then_expression if callable(then_expression) else (lambda: then_expression)
        else_fn = else_expression if callable(else_expression) else (lambda: else_expression)
        return cond(condition, then_fn, else_fn)
    if callable(then_expression):
        then_expression = then_expression()
    if callable(else_expression):
        else_expression = else_expression()
    then_expression = convert_to_tensor(then_expression)
    expr_ndim = ndim(then_expression)
    if cond_ndim > expr_ndim:
        raise ValueError("Rank of `condition` should be less than or equal to rank of "
                         "`then_expression` and `else_expression`. ndim(condition)="
                         f"{cond_ndim}, ndim(then_expression)={expr_ndim}")
    if cond_ndim > 1:
        cond_shape = A.concat([A.shape(condition), [1] * (expr_ndim - cond_ndim)], axis=0)
        condition = A.reshape(condition, cond_shape)
        expr_shape = A.shape(then_expression)
        tiles = where(M.greater(expr_shape - cond_shape, 0), expr_shape,
                        ones_like(expr_shape))
        condition = tile(condition, tiles)
    return where(condition, then_expression, else_expression)


def rnn(step_function: Callable, inputs: Any, initial_states: Any, go_backwards: bool = False,
        mask: Any = None, constants: Any = None, unroll: bool = False, input_length: Any = None,
        time_major: bool = False, zero_output_for_mask: bool = False,
        return_all_outputs: bool = True) -> tuple:
    """Runs `step_function(input_t, states + constants) -> (output_t, new_states)` over the
    time axis; returns (last_output, outputs, new_states). Steps are unrolled over the
    (static) number of time steps."""
    def batch_time_swapped(t: Any) -> Any:
        perm = list(builtins.range(len(t.shape)))
        perm[0], perm[1] = 1, 0
        return A.transpose(t, perm)

    if not time_major:
        inputs = nest.map_structure(batch_time_swapped, inputs)
    flat = nest.flatten(inputs)
    steps = flat[0].shape[0]
    if not steps:
        raise ValueError("Unrolling requires a fixed number of timesteps.")
    per_step = [stacking.unstack(t) for t in flat]
    if mask is not None:
        mask = cast(mask, dt.bool) if mask.dtype != dt.bool else mask
        if len(mask.shape) == 2:
            mask = A.expand_dims(mask, -1)
        masks = stacking.unstack(mask if time_major else batch_time_swapped(mask))
    order = list(builtins.range(steps))
    if go_backwards:
        order.reverse()
    states = tuple(initial_states)
    extra = tuple(constants or ())
    outputs: list = []

    def tiled(mask_t: Any, like: Any) -> Any:
        for _ in builtins.range(len(like.shape) - len(mask_t.shape)):
            mask_t = A.expand_dims(mask_t, -1)
        return tile(mask_t, [1] + like.shape.as_list()[1:])

    for i, t in enumerate(order):
        step_input = nest.pack_sequence_as(inputs, [s[t] for s in per_step])
        output, new_states = step_function(step_input, states + extra)
        if mask is not None:
            mask_t = masks[i if not go_backwards else t]
            previous = outputs[-1] if outputs else zeros_like(output)
            output = where(tiled(mask_t, output), output, previous)
            flat_old, flat_new = nest.flatten(states), nest.flatten(new_states)
            new_states = nest.pack_sequence_as(states, [
                where(tiled(mask_t, old), new, old) for old, new in zip(flat_old, flat_new)])
        states = tuple(nest.flatten(new_states)) if not isinstance(new_states, tuple) \
            else new_states
        outputs = outputs + [output] if return_all_outputs else [output]
    last_output = outputs[-1]
    stacked = stacking.stack(outputs)
    if mask is not None and zero_output_for_mask:
        last_mask = masks[-1] if not go_backwards else masks[order[-1]]
        last_output = where(tiled(last_mask, last_output), last_output,
                              zeros_like(last_output))
        full = mask if time_major else batch_time_swapped(mask)
        for _ in builtins.range(len(stacked.shape) - len(full.shape)):
            full = A.expand_dims(full, -1)
        stacked = where(tile(full, [1, 1] + stacked.shape.as_list()[2:]), stacked,
                          zeros_like(stacked))
    if not time_major:
        stacked = batch_time_swapped(stacked)
    return last_output, stacked, states
