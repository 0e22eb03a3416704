"""The tensors a histogram, image or audio summary writes, as TF's traced graph computes them.

Sits under summary_ops.py, over public ops and tf.cond / tf.map_fn. Inside tf.function
each summary's data is a composition of TF's own ops (so a SavedModel holds only ops TF
has, and the graph is TF's node for node at its top level): a histogram's buckets under
the "buckets" scope, chosen by a cond (no data or no buckets: zeros; all values equal:
every count in the last bucket; else one-hot counts over equal-width buckets with linspace
edges); an image batch converted to uint8, its first images PNG-encoded after the width
and height strings; each clip of an audio batch WAV-encoded by map_fn beside an empty
label. Eagerly summary_ops writes encoders.py's results, which these equal.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.control_flow.conditionals import cond
from eagerflow._src.control_flow.loops import map_fn
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.name_scope import name_scope
from eagerflow._src.ops.array import concat, constant, fill, zeros
from eagerflow._src.ops.audio_ops import encode_wav
from eagerflow._src.ops.control_deps import no_op
from eagerflow._src.ops.debugging import assert_non_negative
from eagerflow._src.ops.image_encoders import encode_png
from eagerflow._src.ops.image_pixels import convert_image_dtype
from eagerflow._src.ops.math import (
    equal,
    floor,
    greater,
    less_equal,
    logical_or,
    maximum,
    minimum,
    subtract,
    truediv,
)
from eagerflow._src.ops.math_base import (
    cast,
)
from eagerflow._src.ops.reduce import reduce_max, reduce_min, reduce_sum, size
from eagerflow._src.ops.reshaping import reshape
from eagerflow._src.ops.sequences import linspace
from eagerflow._src.ops.shape_queries import shape
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.string_format import as_string
from eagerflow._src.ops.tiling import tile
from eagerflow._src.ops.transposing import transpose
from eagerflow._src.ops.unique_one_hot import one_hot


def _int_checks(value: int) -> None:
    """TF's assert_scalar and assert_type(int32) on a Python int: a constant of each
    conversion and the NoOp of a type known to hold."""
    constant(value, name="assert_scalar")
    with name_scope("assert_type"):
        constant(value, name="tensor")
        no_op("statically_determined_correct_type")


def _rank_checks(data: Any, rank: int, max_outputs: int) -> None:
    """TF's assert_rank (known statically: its constants and NoOps) and the assert that
    max_outputs is not negative."""
    with name_scope("assert_rank"):
        constant(rank, name="rank")
        shape(data, name="Shape")
        with name_scope("assert_type"):
            no_op("statically_determined_correct_type")
        no_op("static_checks_determined_all_ok")
    assert_non_negative(max_outputs)


def _columns(left: Any, right: Any, counts: Any) -> Any:
    return transpose(stack([left, right, counts]))


def histogram(data: Any, buckets: int) -> Any:
    """A [buckets, 3] float64 tensor of (left edge, right edge, count) rows."""
    with name_scope("buckets"):
        _int_checks(buckets)
        count = maximum(0, buckets)
        data = cast(reshape(data, [-1]), dt.float64)
        n = size(data)
        empty = logical_or(equal(n, 0), less_equal(count, 0))

        def nothing() -> Any:
            return zeros((count, 3), dt.float64)

        def some() -> Any:
            lo, hi = reduce_min(data), reduce_max(data)
            span = subtract(hi, lo)

            def one_value() -> Any:
                edges = fill([count], hi)
                counts = concat([fill([count], 0)[:-1], [n]], 0)[:count]
                return _columns(edges, edges, cast(counts, dt.float64))

            def spread() -> Any:
                width = truediv(span, cast(count, dt.float64))
                index = cast(floor(truediv(subtract(data, lo), width)), dt.int32)
                index = minimum(index, count - 1)
                counts = reduce_sum(one_hot(index, depth=count, on_value=1.0, off_value=0.0,
                                            dtype=dt.float64), axis=0)
                edges = linspace(lo, hi, count + 1)
                edges = concat([edges[:-1], [hi]], 0)
                return _columns(edges[:-1], edges[1:], counts)

            return cond(equal(span, 0), one_value, spread)

        return cond(empty, nothing, some)


def image(data: Any, max_outputs: int) -> Any:
    """The width and height strings, then the first `max_outputs` images as PNGs."""
    _rank_checks(data, 4, max_outputs)
    images = convert_image_dtype(data, dt.uint8, saturate=True)
    encoded = encode_png(images[:max_outputs])
    dims = shape(images)
    sizes = stack([as_string(dims[2], name="width"), as_string(dims[1], name="height")],
                  name="dimensions")
    return concat([sizes, encoded], axis=0)


def audio(data: Any, max_outputs: int, sample_rate: int) -> Any:
    """[k, 2] rows of the first `max_outputs` clips as WAV and an empty label each."""
    _rank_checks(data, 3, max_outputs)
    clips = data[:max_outputs]
    encoded = map_fn(lambda clip: encode_wav(clip, sample_rate), clips, dtype=dt.string,
                     name="encode_each_audio")
    # (an empty batch: an empty string vector, as TF's cond gives it)
    encoded = cond(greater(shape(encoded)[0], 0), lambda: encoded,
                   lambda: constant([], dt.string))
    labels = tile([""], shape(clips)[:1])
    return transpose(stack([encoded, labels]))
