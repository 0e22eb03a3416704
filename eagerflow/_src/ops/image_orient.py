"""Flips, rotations and transposes of images (tf.image), and the checks TF's image
functions make of an image first: at least three dimensions, none of the inner three 0.

Ops layer: composites of ReverseV2 (by slicing), Transpose and Select; a random flip
draws from tf.random.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.array import reshape, transpose
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.math import (
    equal,
    floormod,
    less,
    logical_or,
)
from eagerflow._src.ops.math import round as round_
from eagerflow._src.ops.math_base import (
    _t,
    cast,
    where,
)
from eagerflow._src.ops.slicing import getitem

random = lazy_module("eagerflow._src.ops.random")  # random flips: loaded on first use


def check_inner_dims(shape: tuple, shown: tuple | None = None) -> None:
    """TF's refusal of an image (or a batch) whose known height, width or depth is 0;
    `shown`: the shape its message names, where TF has made a batch of one first."""
    if 0 in shape[-3:]:
        raise ValueError(f"inner 3 dims of 'image.shape' must be > 0: "
                         f"{tuple(shown or shape)}")


def _at_least_3d(image: Any) -> Any:
    x = _t(image)
    if x._shape is not None and len(x._shape) < 3:
        raise ValueError(f"'image' (shape {tuple(x._shape)}) must be at least "
                         "three-dimensional.")
    if x._shape is not None:
        check_inner_dims(x._shape)
    return x


def _image_or_batch(image: Any, gap: str = " ") -> Any:
    """`_at_least_3d`, then TF's refusal of more than 4 dimensions (its flips word it with
    no space before "must": `gap` "")."""
    x = _at_least_3d(image)
    if x._shape is not None and len(x._shape) > 4:
        raise ValueError(f"'image' (shape {tuple(x._shape)}){gap}must have either 3 or 4 "
                         "dimensions.")
    return x


def _reverse_axis(x: Any, axis: int) -> Any:
    key = [slice(None)] * len(x._shape)
    key[axis] = slice(None, None, -1)
    return getitem(x, tuple(key))


@dispatch_binding
def flip_left_right(image: Any) -> Any:
    """Reverses the width axis of a 3-D image or a 4-D batch."""
    x = _image_or_batch(image, gap="")
    return _reverse_axis(x, len(x._shape) - 2)


@dispatch_binding
def flip_up_down(image: Any) -> Any:
    """Reverses the height axis of a 3-D image or a 4-D batch."""
    x = _image_or_batch(image, gap="")
    return _reverse_axis(x, len(x._shape) - 3)


def batch_flip(u: Any, flipped: Any, x: Any) -> Any:
    """A batch's random flip as TF's arithmetic makes it: each image's draw `u` rounded (to
    even: 0.5 is 0) and cast to the images' dtype, then flips * flipped + (1 - flips) * x,
    so that an inf or NaN in either image gives NaN (0 * inf), -0.0 becomes 0.0, and a
    bool or string batch is refused by the cast or the arithmetic, as in TF."""
    flips = cast(round_(reshape(u, (-1, 1, 1, 1))), x._dtype)
    return flips * flipped + (1 - flips) * x


def _random_flip(image: Any, axis_from_end: int, seed: Any) -> Any:
    x = _at_least_3d(image)
    flipped = _reverse_axis(x, len(x._shape) - axis_from_end)
    if len(x._shape) == 3:
        cond = less(random.uniform((), 0, 1.0, seed=seed), 0.5)
        return where(cond, flipped, x)
    if len(x._shape) == 4:
        return batch_flip(random.uniform((x._shape[0],), 0, 1.0, seed=seed), flipped, x)
    raise ValueError(f"'image' (shape {tuple(x._shape)}) must have either 3 or 4 dimensions.")


@dispatch_binding
def random_flip_left_right(image: Any, seed: Any = None) -> Any:
    """Flips each image horizontally with probability 1/2."""
    return _random_flip(image, 2, seed)


@dispatch_binding
def random_flip_up_down(image: Any, seed: Any = None) -> Any:
    """Flips each image vertically with probability 1/2."""
    return _random_flip(image, 3, seed)


@dispatch_binding
def transpose_image(image: Any, name: str | None = None) -> Any:
    """Swaps the height and width axes."""
    x = _image_or_batch(image)
    n = len(x._shape)
    perm = list(range(n))
    perm[n - 3], perm[n - 2] = perm[n - 2], perm[n - 3]
    return transpose(x, perm)


@dispatch_binding
def rot90(image: Any, k: int = 1, name: str | None = None) -> Any:
    """Rotates counter-clockwise by 90 degrees `k` times."""
    x = _image_or_batch(image)
    if isinstance(k, Tensor):  # TF converts k to an int32 scalar
        if k._dtype is not dt.int32:
            raise ValueError(f"k: Tensor conversion requested dtype int32 for Tensor with "
                             f"dtype {k._dtype.name}: {k!r}")
        k.shape.assert_has_rank(0)
    elif not isinstance(k, int):  # (an array is cast, a list of floats refused, by TF's
        k = convert_to_tensor(k, dtype=dt.int32)  # conversion; then its rank is checked)
        k.shape.assert_has_rank(0)
    if C.is_graph_tensor(k) and isinstance(C.known(k), Tensor):
        return _runtime_rot90(x, k)
    k = int(C.known(k)) % 4
    n = len(x._shape)
    if k == 1:
        return _reverse_axis(transpose_image(x), n - 3)
    if k == 2:
        return _reverse_axis(_reverse_axis(x, n - 3), n - 2)
    if k == 3:
        return transpose_image(_reverse_axis(x, n - 3))
    return x


def _runtime_rot90(x: Any, k: Any) -> Any:
    """rot90 by a k known when the graph runs: the height and width swapped for odd k (a
    Transpose by a run-time permutation), then each flipped where k asks; the batch and
    depth dims stay known, as in TF's."""
    n = len(x._shape)
    k = floormod(cast(k, dt.int32), 4)
    swapped = list(range(n))
    swapped[n - 3], swapped[n - 2] = n - 2, n - 3
    perm = where(equal(floormod(k, 2), 1), convert_to_tensor(swapped, dtype=dt.int32),
                 convert_to_tensor(list(range(n)), dtype=dt.int32))
    out = transpose(x, perm)
    out = where(logical_or(equal(k, 1), equal(k, 2)), _reverse_axis(out, n - 3), out)
    out = where(logical_or(equal(k, 2), equal(k, 3)), _reverse_axis(out, n - 2), out)
    out.set_shape(list(x._shape[:n - 3]) + [None, None, x._shape[-1]])
    return out


def _hw(x: Any) -> tuple:
    n = len(x._shape)
    return x._shape[n - 3], x._shape[n - 2]
