"""tf.image.sample_distorted_bounding_box and its stateless form, drawing TF's boxes.

Ops layer, in the random family (after random.py and random_stateless.py, whose Philox
streams and seeds it uses); loaded on first use. Two TF ops, host kernels (a loop of
attempts): SampleDistortedBoundingBoxV2 (stateful: seed, seed2 as tf.random's ops, the
stream moving on by max_attempts blocks per call, as TF's kernel reserves them) and
StatelessSampleDistortedBoundingBox (the stream of a stateless seed).

The sampling is TF's, word for word of the stream (learned from its outputs): per attempt
an aspect ratio (a float from 23 bits of one word), then a height between the smallest and
largest the area range allows at that ratio (an exact uniform integer: words below
2^32 mod n are drawn again), its width rounded, both nudged by one row when rounding left
the area outside the range; then the top and left corner. An attempt is kept when it
covers at least `min_object_covered` of some box (boxes in whole pixels, truncated).
When none is, the whole image is the answer.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import philox
from eagerflow._src.ops import random_reference as ref
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.dynshape import Spec
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.random import _op_seeds, _reserve
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register

_SIZE_T = frozenset((dt.uint8, dt.int8, dt.int16, dt.int32, dt.int64))
_f32 = np.float32


class _Words:
    """32-bit words of a Philox stream, one at a time (four per block)."""

    def __init__(self, key: int, counter: int) -> None:
        self.key, self.counter = key, counter
        self.buf: list = []

    def word(self) -> int:
        if not self.buf:
            self.buf = list(philox.block(self.key, self.counter))[::-1]
            self.counter = (self.counter + 1) & philox.M128
        return self.buf.pop()


def _unit_float(word: int) -> np.float32:
    """A float in [0, 1) from a word's low 23 bits (a float of 1.m, less 1)."""
    return np.array([(127 << 23) | (word & 0x7FFFFF)], np.uint32).view(np.float32)[0] - _f32(1)


def _below(words: Any, n: int) -> int:
    """A uniform integer in [0, n), words below 2^32 mod n drawn again."""
    floor = (1 << 32) % n
    while True:
        w = words.word()
        if w >= floor:
            return w % n


def _lrint(v: Any) -> int:
    return int(np.rint(_f32(v)))


def _random_crop(words: Any, width: int, height: int, area_range: tuple,
                 ratio: np.float32) -> tuple | None:
    """(x, y, w, h) of one attempt, or None when rounding can't meet the area range."""
    min_area = _f32(area_range[0]) * _f32(width) * _f32(height)
    max_area = _f32(area_range[1]) * _f32(width) * _f32(height)
    h = _lrint(np.sqrt(_f32(min_area / ratio)))
    top = _lrint(np.sqrt(_f32(max_area / ratio)))
    if _lrint(_f32(top) * ratio) > width:
        top = int((width + 0.5 - 1e-7) / ratio)
        if _lrint(_f32(top) * ratio) > width:
            top -= 1
    top = min(top, height)
    h = min(h, top)
    if h < top:
        h += _below(words, top - h + 1)
    w = _lrint(_f32(h) * ratio)
    area = _f32(w * h)
    if area < min_area:
        h += 1
        w = _lrint(_f32(h) * ratio)
        area = _f32(w * h)
    if area > max_area:
        h -= 1
        w = _lrint(_f32(h) * ratio)
        area = _f32(w * h)
    if area < min_area or area > max_area or w > width or h > height or w <= 0 or h <= 0:
        return None
    y = _below(words, height - h) if h < height else 0
    x = _below(words, width - w) if w < width else 0
    return x, y, w, h


def _covers(crop: tuple, rects: list, min_covered: float) -> bool:
    x, y, w, h = crop
    for x0, y0, x1, y1 in rects:
        area = (x1 - x0) * (y1 - y0)
        if area <= 0:  # (a box inverted along one axis covers nothing, as in TF)
            continue
        inter = max(0, min(x1, x + w) - max(x0, x)) * max(0, min(y1, y + h) - max(y0, y))
        if _f32(inter) / _f32(area) >= _f32(min_covered):
            return True
    return False


def _sample(words: Any, image_size: Any, boxes: Any, min_covered: float, a: dict) -> tuple:
    height, width = int(image_size[0]), int(image_size[1])
    flat = np.asarray(boxes, np.float32).reshape(-1, 4)
    rects = [(int(b[1] * _f32(width)), int(b[0] * _f32(height)), int(b[3] * _f32(width)),
              int(b[2] * _f32(height))) for b in flat]
    if not rects:
        rects = [(0, 0, width, height)]
    lo, hi = (_f32(r) for r in a["aspect_ratio_range"])
    crop = (0, 0, width, height)
    for _ in range(a["max_attempts"]):
        ratio = _unit_float(words.word()) * (hi - lo) + lo
        attempt = _random_crop(words, width, height, a["area_range"], ratio)
        if attempt is not None and _covers(attempt, rects, min_covered):
            crop = attempt
            break
    x, y, w, h = crop
    begin = np.array([y, x, 0], image_size.dtype)
    size = np.array([h, w, -1]).astype(image_size.dtype)  # (-1 wraps in unsigned types)
    with np.errstate(all="ignore"):  # (an image of no rows or columns: NaN, as TF)
        box = np.array([[[_f32(y) / _f32(height), _f32(x) / _f32(width),
                          _f32(y + h) / _f32(height), _f32(x + w) / _f32(width)]]], np.float32)
    return begin, size, box


def _check_dtypes(op: str, image_size: Any, boxes: Any, seed: Any = None) -> None:
    """T, the stateless op's Tseed, then the float32 boxes (input #1): TF's checks before
    its kernel runs. (Where T and Tseed are both refused, TF names either, by dtype and
    shape; eagerflow names T.)"""
    C.check_dtype(op, image_size, _SIZE_T)
    if seed is not None:
        C.check_dtype(op, seed, frozenset((dt.int32, dt.int64)), "Tseed")
    if boxes._dtype is not dt.float32:
        raise C.wrong_input_dtype(op, 1, dt.float32, boxes._dtype)


def _check(op: str, image_size: Any, boxes: Any, min_covered: Any, a: dict) -> list:
    _check_dtypes(op, image_size, boxes)
    _check_attrs(op, a)
    size = image_size._shape
    if size is not None and len(size) != 1:  # (TF's kernel: the rank, then the length)
        raise C.fail(op, f"image_size must be 1-dimensional{C.shape_str(size)}")
    if size is not None and size[0] not in (None, 3):
        raise C.fail(op, f"image_size must contain 3 elements{C.shape_str(size)}")
    b = boxes._shape
    if b is not None and len(b) != 3:
        raise C.fail(op, f"input boxes must be 3-dimensional [batch, num_boxes, coords]: "
                         f"{C.shape_str(b)}")
    if b is not None and b[2] not in (None, 4):
        raise C.fail(op, f"bounding boxes must have shape [4] or [*, 4], got {C.shape_str(b)}")
    if min_covered._shape not in (None, ()):
        raise C.fail(op, f"min_object_covered must be 0-D, got shape "
                         f"{C.shape_str(min_covered._shape)}")
    return [((3,), image_size._dtype), ((3,), image_size._dtype), ((1, 1, 4), dt.float32)]


def _check_attrs(op: str, a: dict) -> None:
    """The attrs, in the order and words of TF's kernel constructor (which runs before
    the inputs are looked at); `not x > 0` so that NaN is refused too."""
    pairs = {"aspect_ratio_range": "Aspect ratio range", "area_range": "Area range"}
    for what, words in pairs.items():
        if len(a[what]) != 2:
            raise C.fail(op, f"{words} field must specify 2 dimensions")
        lo, hi = a[what]
        if not (lo > 0 and hi > 0):
            raise C.fail(op, f"{words} must be non-negative: [{lo:g}, {hi:g}]")
    lo, hi = a["area_range"]
    if not (lo <= 1 and hi <= 1):
        raise C.fail(op, f"Area range must be less then or equal to 1.0: [{lo:g}, {hi:g}]")
    if not -2**31 <= a["max_attempts"] < 2**31:  # (TF's kernel reads it as an int32)
        raise C.fail(op, f"Attr max_attempts has value {a['max_attempts']} out of range for "
                         "an int32")
    if a["max_attempts"] <= 0:
        raise C.fail(op, f"Max attempts must be non-negative: {a['max_attempts']}")


def _check_values(op: str, image_size: Any, boxes: Any, min_covered: Any, a: dict) -> None:
    # (TF's bounds check is unsigned: a negative size is "past int32 max" too; a size of 0
    # passes, and its box divides by it)
    for what, v in (("height", int(image_size[0])), ("width", int(image_size[1]))):
        if not 0 <= v < 2**31 - 1:
            raise InvalidArgumentError(None, None, f"image {what} cannot be >= int32 max "
                                                   f"[Op:{op}]")
    if not boxes.size and not a["use_image_if_no_bounding_boxes"]:
        raise InvalidArgumentError(None, None, "No bounding boxes provided as input. One must "
                                   "enable use_image_if_no_bounding_boxes if you wish to not "
                                   f"provide any bounding boxes. [Op:{op}]")
    outside = [float(v) for v in boxes.reshape(-1) if not 0 <= v <= 1]
    if outside:
        raise InvalidArgumentError(None, None, "All bounding box coordinates must be in "
                                               f"[0.0, 1.0]: {outside[0]:g} [Op:{op}]")
    if not float(min_covered) >= 0:  # (TF's check: NaN fails it too; the float printed short)
        raise InvalidArgumentError(None, None, f"Min object covered must be non-negative: "
                                               f"{str(np.float32(min_covered))} [Op:{op}]")


_ATTRS = ("aspect_ratio_range", "area_range", "max_attempts", "use_image_if_no_bounding_boxes")


def _stateful_kernel(xp: Any, image_size: Any, boxes: Any, min_covered: Any, seed: int,
                     seed2: int, node: int = 0, op: str = "SampleDistortedBoundingBoxV2",
                     **a: Any) -> tuple:
    _check_values(op, image_size, boxes, min_covered, a)
    key, counter = _reserve(op, None, seed, seed2, node, a["max_attempts"])
    return _sample(_Words(key, counter), image_size, boxes, float(min_covered), a)


def _stateful_ref(image_size: np.ndarray, boxes: np.ndarray, min_covered: np.ndarray,
                  seed: int, seed2: int, node: int = 0, **a: Any) -> tuple:
    """The first call's box, from the plain-Python Philox stream at (seed, seed2 << 64)."""
    return _sample(ref.Stream(seed, seed2 << 64), image_size, boxes, float(min_covered), a)


def _stateless_kernel(xp: Any, image_size: Any, boxes: Any, min_covered: Any, seed: Any,
                      **a: Any) -> tuple:
    _check_values("StatelessSampleDistortedBoundingBox", image_size, boxes, min_covered, a)
    key, counter = philox.scramble_seed(int(seed[0]), int(seed[1]))
    return _sample(_Words(key, counter), image_size, boxes, float(min_covered), a)


def _stateless_ref(image_size: np.ndarray, boxes: np.ndarray, min_covered: np.ndarray,
                   seed: np.ndarray, **a: Any) -> tuple:
    key, counter = ref.scramble(int(seed[0]), int(seed[1]))
    return _sample(ref.Stream(key, counter), image_size, boxes, float(min_covered), a)


def _stateless_infer(image_size: Any, boxes: Any, min_covered: Any, seed: Any,
                     **a: Any) -> list:
    op = "StatelessSampleDistortedBoundingBox"
    _check_dtypes(op, image_size, boxes, seed)
    if seed._shape is not None and seed._shape != (2,):
        raise C.fail(op, f"seed must have shape [2], not {C.shape_str(seed._shape)}")
    return _check(op, image_size, boxes, min_covered, a)


_BOXES = np.array([[[0.1, 0.2, 0.6, 0.7], [0.5, 0.5, 0.9, 0.8]]], np.float32)
_DEFAULTS = {"aspect_ratio_range": (0.75, 1.33), "area_range": (0.05, 1.0),
             "max_attempts": 100, "use_image_if_no_bounding_boxes": False}
_SIZE = np.array([40, 50, 3], np.int32)


def _samples(seeds: dict) -> list:
    return [Sample((_SIZE, _BOXES, np.float32(0.1)) + seeds.get("input", ()),
                   {**_DEFAULTS, **seeds.get("attrs", {})}, grad=False),
            Sample((_SIZE.astype(np.int64), _BOXES[:, :1], np.float32(0.5)) + seeds.get(
                "input", ()), {**_DEFAULTS, **seeds.get("attrs", {}),
                               "aspect_ratio_range": (0.5, 2.0), "area_range": (0.1, 0.5),
                               "max_attempts": 7}, grad=False),
            Sample((_SIZE, np.zeros((1, 0, 4), np.float32), np.float32(0.1)) + seeds.get(
                "input", ()), {**_DEFAULTS, **seeds.get("attrs", {}),
                               "use_image_if_no_bounding_boxes": True}, grad=False)]


def _bad(seeds: dict) -> list:
    extra, attrs = seeds.get("input", ()), {**_DEFAULTS, **seeds.get("attrs", {})}
    return [BadSample((_SIZE, np.zeros((1, 0, 4), np.float32), np.float32(0.1)) + extra, attrs,
                      InvalidArgumentError, "No bounding boxes provided as input."),
            BadSample((_SIZE, _BOXES * 2, np.float32(0.1)) + extra, attrs,
                      InvalidArgumentError, "All bounding box coordinates must be in"),
            BadSample((_SIZE, _BOXES, np.float32(0.1)) + extra, {**attrs, "area_range": (0.5,)},
                      InvalidArgumentError, "Area range field must specify 2 dimensions"),
            BadSample((_SIZE, _BOXES, np.float32(0.1)) + extra, {**attrs, "max_attempts": 0},
                      InvalidArgumentError, "Max attempts must be non-negative: 0")]


_STATEFUL_SEEDS = {"attrs": {"seed": 11, "seed2": 7, "node": 0}}
_STATELESS_SEEDS = {"input": (np.array([3, 4], np.int32),)}

SAMPLE_DISTORTED_BOUNDING_BOX = register(OpDef(
    "SampleDistortedBoundingBoxV2",
    lambda image_size, boxes, min_covered, seed, seed2, node=0, **a: _check(
        "SampleDistortedBoundingBoxV2", image_size, boxes, min_covered, a),
    _stateful_kernel, reference=_stateful_ref, num_outputs=3, stateful=True, gpu=False,
    samples=lambda: _samples(_STATEFUL_SEEDS), bad_samples=lambda: _bad(_STATEFUL_SEEDS)))


# TF's first version: min_object_covered an attr (0.1 by default), checked when the kernel
# is built; the same boxes as V2's for the same seeds
_V1 = "SampleDistortedBoundingBox"


def _v1_covered(value: Any) -> np.float32:
    covered = AV.float_attr(value, "min_object_covered")
    if covered < 0:
        raise C.fail(_V1, f"Min object covered must be non-negative: {covered:g}")
    return np.float32(covered)


def _v1_infer(image_size: Any, boxes: Any, seed: int, seed2: int,
              min_object_covered: float = 0.1, node: int = 0, **a: Any) -> list:
    return _check(_V1, image_size, boxes, Spec(_v1_covered(min_object_covered)), a)


def _v1_kernel(xp: Any, image_size: Any, boxes: Any, seed: int, seed2: int,
               min_object_covered: float = 0.1, node: int = 0, **a: Any) -> tuple:
    return _stateful_kernel(xp, image_size, boxes, _v1_covered(min_object_covered), seed,
                            seed2, node, _V1, **a)


def _v1_samples() -> list:
    return [Sample(s.inputs[:2], dict(s.attrs, min_object_covered=float(s.inputs[2])),
                   grad=False) for s in _samples(_STATEFUL_SEEDS)]


SAMPLE_DISTORTED_BOUNDING_BOX_V1 = register(OpDef(
    _V1, _v1_infer, _v1_kernel, num_outputs=3, stateful=True, gpu=False,
    reference=lambda image_size, boxes, seed, seed2, min_object_covered=0.1, node=0, **a:
    _stateful_ref(image_size, boxes, np.float32(min_object_covered), seed, seed2, node, **a),
    samples=_v1_samples,
    bad_samples=lambda: [BadSample((_SIZE, _BOXES), {**_DEFAULTS, **_STATEFUL_SEEDS["attrs"],
                                                     "min_object_covered": -0.3},
                                   InvalidArgumentError,
                                   "Min object covered must be non-negative: -0.3")]))

STATELESS_SAMPLE_DISTORTED_BOUNDING_BOX = register(OpDef(
    "StatelessSampleDistortedBoundingBox", _stateless_infer, _stateless_kernel,
    reference=_stateless_ref, num_outputs=3, gpu=False,
    samples=lambda: _samples(_STATELESS_SEEDS), bad_samples=lambda: _bad(_STATELESS_SEEDS)))


def _attrs(op: str, aspect_ratio_range: Any, area_range: Any, max_attempts: Any,
           use_image_if_no_bounding_boxes: Any) -> dict:
    """The attrs as the op's generated wrapper converts them, before its inputs (None the
    op's default; a list attr a list or tuple of floats, max_attempts int(), a bool only)."""
    return AV.wrapper_attrs(op, aspect_ratio_range=aspect_ratio_range, area_range=area_range,
                            max_attempts=max_attempts,
                            use_image_if_no_bounding_boxes=use_image_if_no_bounding_boxes)


def _inputs(image_size: Any, bounding_boxes: Any, min_object_covered: Any) -> tuple:
    typed = hasattr(image_size, "dtype")  # a tensor or array keeps its integer type
    return (convert_to_tensor(image_size) if typed else
            convert_to_tensor(image_size, dtype_hint=dt.int32),
            bounding_boxes if isinstance(bounding_boxes, Tensor) else  # (the op checks it)
            convert_to_tensor(bounding_boxes, dtype=dt.float32),
            convert_to_tensor(min_object_covered, dtype=dt.float32))


# the ops' outputs, as TF's generated wrappers name them
SampleDistortedBoundingBoxV2 = collections.namedtuple("SampleDistortedBoundingBoxV2",
                                                      ["begin", "size", "bboxes"])
StatelessSampleDistortedBoundingBox = collections.namedtuple(
    "StatelessSampleDistortedBoundingBox", ["begin", "size", "bboxes"])


@dispatch_binding
@eager_api("image_size", "bounding_boxes")
def sample_distorted_bounding_box(image_size: Any, bounding_boxes: Any, seed: int = 0,
                                  min_object_covered: float = 0.1,
                                  aspect_ratio_range: Any = None, area_range: Any = None,
                                  max_attempts: Any = None,
                                  use_image_if_no_bounding_boxes: Any = None,
                                  name: str | None = None) -> tuple:
    """`tf.image.sample_distorted_bounding_box`: (begin, size, bboxes) of a random crop
    covering enough of one of the boxes; TF's draws for the same seeds."""
    # TF's wrapper: seed 0 (the default) leaves the op unseeded, whatever the global seed
    seeds = _op_seeds(seed) if seed else {**_op_seeds(None), "seed": 0, "seed2": 0}
    attrs = _attrs(SAMPLE_DISTORTED_BOUNDING_BOX.name, aspect_ratio_range, area_range,
                   max_attempts, use_image_if_no_bounding_boxes)
    return SampleDistortedBoundingBoxV2(*bind(
        SAMPLE_DISTORTED_BOUNDING_BOX, _inputs(image_size, bounding_boxes, min_object_covered),
        {**seeds, **attrs}, name))


@dispatch_binding
@eager_api("image_size", "bounding_boxes", "seed")
def stateless_sample_distorted_bounding_box(image_size: Any, bounding_boxes: Any, seed: Any,
                                            min_object_covered: float = 0.1,
                                            aspect_ratio_range: Any = None,
                                            area_range: Any = None, max_attempts: Any = None,
                                            use_image_if_no_bounding_boxes: Any = None,
                                            name: str | None = None) -> tuple:
    """`tf.image.stateless_sample_distorted_bounding_box`: the same box for the same seed."""
    attrs = _attrs(STATELESS_SAMPLE_DISTORTED_BOUNDING_BOX.name, aspect_ratio_range,
                   area_range, max_attempts, use_image_if_no_bounding_boxes)
    seed = convert_to_tensor(seed, dtype_hint=dt.int32)
    return StatelessSampleDistortedBoundingBox(*bind(
        STATELESS_SAMPLE_DISTORTED_BOUNDING_BOX,
        _inputs(image_size, bounding_boxes, min_object_covered) + (seed,), attrs, name))
