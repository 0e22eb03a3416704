"""An RNN's time loop over a sequence whose length is known only when its graph runs.

Sits under rnn.py, which unrolls the loop in Python wherever the number of steps is known
(eagerly always). Inside a traced step a sequence of unknown length (a padded text batch,
a `keras.Input((None, n))` fed through `fit`) cannot be unrolled: the loop is then a
`tf.while_loop` over TensorArrays, as Keras 3's TensorFlow backend writes it. Each step is
the unrolled loop's: the cell's call, and with a mask the output and states kept from the
step before where the mask is off (zeros for the output with `zero_output_for_mask`).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.loops import while_loop
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import shaping
from eagerflow._src.ops.math_base import cast, zeros_like
from eagerflow._src.ops.tensor_array import TensorArray


def run_while(step: Any, x: Any, states: list, mask: Any, kwargs: dict,
              go_backwards: bool, zero_output_for_mask: bool) -> tuple:
    """(the outputs stacked time first, the last output, the last states) of a cell's
    `step(x, states, kwargs)` (RNN._step: states flat) over `x` (time first) from `states`;
    `mask` is batch first, as the layer gets it."""
    if mask is not None:
        mask = ta.transpose(cast(mask, "bool"), [1, 0])
    if go_backwards:
        x = shaping.reverse(x, [0])
        mask = None if mask is None else shaping.reverse(mask, [0])
    n = ta.shape(x)[0]
    inputs = TensorArray(x.dtype, size=n, element_shape=x.shape[1:]).unstack(x)
    masks = None if mask is None else TensorArray("bool", size=n).unstack(mask)
    # the first step's output, for the loop's zeros and its outputs' shape (Keras 3's
    # backend calls the cell on the first step for the same)
    first, _ = step(x[0], states, kwargs)
    zeros = zeros_like(first)
    outputs = TensorArray(first.dtype, size=n, element_shape=first.shape)

    def body(t: Any, outputs: Any, previous: Any, *old: Any) -> tuple:
        out, new = step(inputs.read(t), list(old), kwargs)
        if masks is not None:
            on = ta.reshape(cast(masks.read(t), out.dtype), [-1] + [1] * (out.shape.rank - 1))
            fill = zeros if zero_output_for_mask else previous
            out = out * on + fill * (1.0 - on)
            new = [s * on + o * (1.0 - on) for s, o in zip(new, old)]
        return (t + 1, outputs.write(t, out), out) + tuple(new)

    done = while_loop(lambda t, *_: t < n, body, (0, outputs, zeros) + tuple(states))
    return done[1].stack(), done[2], list(done[3:])
