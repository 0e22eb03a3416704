"""keras.ops.rearrange: einops-style axis patterns ("b h w c -> b (h w) c"), as a
reshape that splits grouped input axes, a transpose, and a reshape that merges output
groups. Grouped input axes take their sizes from the keyword lengths; one per group may
be left out and is inferred.
"""

from __future__ import annotations

import math
import re
from typing import Any

from eagerflow._src.keras.ops import dtypes as kd
from eagerflow._src.keras.ops.core import shape as static_shape
from eagerflow._src.keras.ops.symbolic import keras_op
from eagerflow._src.ops import array as ta

_TERM = re.compile(r"\w+|\(.*?\)")


def _groups(side: str) -> list:
    """["b", "(h w)"] -> [["b"], ["h", "w"]]."""
    return [t[1:-1].split() if t.startswith("(") else [t] for t in _TERM.findall(side)]


@keras_op
def rearrange(tensor: Any, pattern: str, **axes_lengths: Any) -> Any:
    tensor = kd.to_tensor(tensor)
    left, right = re.split(r"\s*->\s*", pattern)
    inputs, outputs = _groups(left), _groups(right)
    sizes = dict(axes_lengths)
    for group, dim in zip(inputs, static_shape(tensor)):
        if len(group) == 1:
            sizes[group[0]] = dim
            continue
        unknown = [a for a in group if a not in axes_lengths]
        if unknown:
            sizes[unknown[0]] = dim // math.prod(axes_lengths[a] for a in group
                                                 if a in axes_lengths)
    elementary = [a for group in inputs for a in group]
    split = [sizes[a] for a in elementary]
    if split != list(static_shape(tensor)):
        tensor = ta.reshape(tensor, split)
    order = [elementary.index(a) for group in outputs for a in group]
    tensor = ta.transpose(tensor, order)
    return ta.reshape(tensor, [math.prod(sizes[a] for a in group) for group in outputs])
