"""More of TF's ragged dispatch list: the ops ragged_dispatch.py leaves, registered on import.

Ops layer, after ragged_dispatch.py (whose mapping helpers these reuse); loaded with the
ragged family by ragged.py. Elementwise functions of one tensor run on the flat values
(special functions, bitcast, image brightness and gamma, base64, decompression, stateless
dropout, check_numerics); complex and zeta on two ragged tensors of one partition; the
binary asserts check the row splits, then the flat values (as TF's assert_equal dispatch);
dynamic_partition partitions the flat values; image resize maps over the images.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.ops import composite_dispatch as cd
from eagerflow._src.ops import (
    data_flow,
    debugging,
    image,
    image_color,
    math_special,
    misc_ops,
    nn,
    serialization,
    stacking,
)
from eagerflow._src.ops.image_pixels import adjust_brightness
from eagerflow._src.ops.ragged_broadcast import aligned
from eagerflow._src.ops.ragged_dispatch import _map_first, _map_two, stack_dynamic_partitions
from eagerflow._src.ops.ragged_tensor import RaggedTensor

for _fn in (math_special.erfcinv, math_special.reciprocal_no_nan, misc_ops.imag,
            misc_ops.bitcast, adjust_brightness, image_color.adjust_gamma,
            image_color.stateless_random_brightness, serialization.decode_base64,
            serialization.encode_base64, serialization.decode_compressed,
            nn.stateless_dropout, debugging.check_numerics):
    cd.register(_fn, _map_first(_fn))
for _fn in (math_special.zeta, misc_ops.complex):
    cd.register(_fn, _map_two(_fn))


def _ragged_assert(check: Callable) -> Callable:
    """A binary assert over ragged operands: equal row splits level by level, then
    `check` on the flat values (a dense operand broadcast to the ragged one's)."""
    def handler(x: Any, y: Any, *args: Any, **kwargs: Any) -> Any:
        if isinstance(x, RaggedTensor) and isinstance(y, RaggedTensor):
            for a, b in zip(x.nested_row_splits, y.nested_row_splits):
                debugging.assert_equal(a, b)
            return check(x.flat_values, y.flat_values, *args, **kwargs)
        if isinstance(x, RaggedTensor):
            return check(x.flat_values, aligned(x, y), *args, **kwargs)
        return check(aligned(y, x), y.flat_values, *args, **kwargs)
    return handler


for _fn in (debugging.assert_less, debugging.assert_less_equal, debugging.assert_greater,
            debugging.assert_greater_equal, debugging.assert_none_equal,
            debugging.assert_near):
    cd.register(_fn, _ragged_assert(_fn.__wrapped_api__))


def _dynamic_partition(data: Any, partitions: Any, num_partitions: int,
                       name: str | None = None) -> list:
    """As TF's: the rows of tf.ragged.stack_dynamic_partitions, one per partition (data's
    rows by dense partitions, its values by ragged ones of its row splits)."""
    if not isinstance(num_partitions, int) or num_partitions < 0:
        raise TypeError("num_partitions must be a non-negative integer")
    result = stack_dynamic_partitions(data, partitions, num_partitions, name)
    return [result[i] for i in range(num_partitions)]


cd.register(data_flow.dynamic_partition, _dynamic_partition)


def _resize(images: Any, size: Any, *args: Any, **kwargs: Any) -> Any:
    """Each image of a ragged batch [B, (H), (W), C] resized to `size`: a dense batch."""
    if images.shape.rank != 4:
        raise ValueError("tf.image.resize: images.shape.rank must be 4 if images is ragged.")
    if not images._is_eager():
        raise ValueError("tf.image.resize of a ragged batch runs eagerly here")
    resize = image.resize.__wrapped_api__
    outs = [resize(img.to_tensor() if isinstance(img, RaggedTensor) else
                   convert_to_tensor(img), size, *args, **kwargs) for img in images]
    return stacking.stack(outs)


cd.register(image.resize, _resize)
