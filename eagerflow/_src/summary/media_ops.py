"""TF 1's image and audio summary ops: ImageSummary and AudioSummaryV2.

Sits in summary/ beside v1_ops.py, over ops/image_encoders (PNG) and ops/audio_ops (WAV);
tf.compat.v1.summary.image/audio (v1_training/summary_v1.py) build them. Each returns a
serialized `Summary` whose values hold the first `max_images`/`max_outputs` elements of
the batch, tagged "TAG/image/i" ("TAG/image" when at most one is asked for). A uint8
image is encoded as it is; a float one is scaled into uint8 as TF's kernel scales it: per
image, over its finite pixels, by 255/max when none is negative, else by 127/max|v| around
128 (a range under 1e-6 gives 0), computed in the image's own float type and truncated;
a pixel with a non-finite channel takes `bad_color`. Audio is 16-bit PCM WAV at the
sample rate rounded to an integer, halves to even (the proto keeps the float).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import errors
from eagerflow._src.ops.audio_ops import _encode_kernel as _wav
from eagerflow._src.ops.audio_ops import _encode_reference
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.image_encoders import _png
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.summary import protos

IMAGE_TYPES = (dt.uint8, dt.float32, dt.float16, dt.float64)
BAD_COLOR = (255, 0, 0, 255)  # TF's default: opaque red
_ZERO = 1e-6


def _summary_bytes(summary: Any) -> np.ndarray:
    return np.array(summary.SerializeToString(), dtype=object)


def _tag_of(op: str, tag: Any) -> str:
    tag = np.asarray(tag)
    if tag.shape != ():
        raise errors.invalid(op, "Tags must be a scalar")
    t = tag[()]
    return t.decode("utf-8", "replace") if isinstance(t, bytes) else str(t)


def _value_tag(tag: str, kind: str, i: int, most: int) -> str:
    return f"{tag}/{kind}/{i}" if most > 1 else f"{tag}/{kind}"


# -- ImageSummary --------------------------------------------------------------------------

def _image_infer(tag: Any, tensor: Any, *, max_images: int, bad_color: tuple) -> list:
    if tag._dtype is not dt.string:
        raise TypeError(f"Input 'tag' of 'ImageSummary' Op has type {tag._dtype.name} that "
                        "does not match expected type of string.")
    if tensor._dtype not in IMAGE_TYPES:
        raise TypeError(f"Value passed to parameter 'tensor' has DataType {tensor._dtype.name}"
                        " not in list of allowed values: uint8, float32, float16, float64")
    _color_array(bad_color)
    return [((), dt.string)]


_COLOR_WORDS = {np.dtype(np.float64): "float", np.dtype(np.bool_): "bool"}


def _color_array(bad_color: Any) -> np.ndarray:
    """`bad_color` as the array TF's attr holds: Python ints are the uint8 proto's int32
    values (out of int32 the proto refuses them, ValueError, when the attr is built), a
    Python float a float proto's."""
    try:
        arr = np.asarray(bad_color)
    except ValueError:  # ragged
        arr = np.asarray(bad_color, dtype=object)
    if arr.size == 0 and arr.dtype != object:  # no value says another type: ints'
        arr = arr.astype(np.int64)
    if arr.dtype == object or arr.dtype.kind not in "biuf":
        raise TypeError(f"Don't know how to convert {bad_color!r} to a TensorProto for "
                        "argument 'bad_color'.")
    if arr.dtype.kind in "iu":
        for v in arr.reshape(-1).tolist():
            if not -2**31 <= v < 2**31:
                raise ValueError(f"Value out of range: {v}")
    return arr


def _bad_color(bad_color: Any) -> np.ndarray:
    """The uint8 vector TF's kernel takes from the attr when it is made (before it looks at
    any input): a proto of another type or rank refused, an int value truncated to its low
    8 bits as the proto's int32 becomes uint8."""
    arr = _color_array(bad_color)
    if arr.dtype.kind not in "iu":
        raise errors.invalid("ImageSummary", "bad_color must be uint8, got "
                                             f"{_COLOR_WORDS.get(arr.dtype, arr.dtype.name)}")
    if arr.ndim != 1:
        raise errors.invalid("ImageSummary", "bad_color must be a vector, got shape "
                                             f"{errors.shape_str(arr.shape)}")
    return (arr.astype(np.int64) & 0xFF).astype(np.uint8)


def normalize(image: np.ndarray, bad_color: np.ndarray) -> np.ndarray:
    """One (h, w, c) float image as uint8, as TF's kernel scales it (`bad_color` a uint8
    vector)."""
    h, w, c = image.shape
    px = image.reshape(h * w, c)
    finite = np.isfinite(px).all(axis=1)
    vals = px[finite].astype(np.float32)
    lo = np.float32(vals.min()) if vals.size else np.float32(np.inf)
    hi = np.float32(vals.max()) if vals.size else np.float32(-np.inf)
    t = image.dtype.type
    if lo < 0:
        top = max(abs(lo), abs(hi))
        scale, offset = t(0.0 if top < _ZERO else np.float32(127.0) / top), t(128.0)
    else:
        scale, offset = t(0.0 if hi < _ZERO else np.float32(255.0) / hi), t(0.0)
    with np.errstate(invalid="ignore", over="ignore"):
        scaled = (px * scale + offset).astype(np.float64)
    out = np.empty((h * w, c), np.uint8)
    out[finite] = np.trunc(scaled[finite]).astype(np.int64).astype(np.uint8)
    out[~finite] = bad_color[:c]
    return out.reshape(h, w, c)


def _check_image(shape: tuple, bad_color: np.ndarray, is_float: bool,
                 op: str = "ImageSummary") -> None:
    if len(shape) != 4 or shape[3] not in (1, 3, 4):
        raise errors.invalid(op, "Tensor must be 4-D with last dim 1, 3, or 4, "
                                 f"not {errors.shape_str(shape)}")
    if is_float and len(bad_color) < shape[3]:
        raise errors.invalid(op, f"expected depth <= bad_color.size, got depth = "
                                 f"{shape[3]}, bad_color.size = {len(bad_color)}")


def image_summary(op: str, tag: Any, arr: np.ndarray, max_images: int,
                  color: np.ndarray) -> Any:
    """The `Summary` of ImageSummary's kernel (`op`: the op TF names in its errors; `color`
    the uint8 bad_color vector)."""
    base = _tag_of(op, tag)
    is_float = arr.dtype != np.uint8
    _check_image(arr.shape, color, is_float, op)
    s = protos.get().Summary()
    if 0 in arr.shape[1:3] and max_images > 0 and arr.shape[0]:  # (no PNG has no pixels)
        raise errors.InternalError(None, None, f"PNG encoding failed [Op:{op}]")
    for i in range(min(max_images, arr.shape[0])):
        img = normalize(arr[i], color) if is_float else arr[i]
        v = s.value.add(tag=_value_tag(base, "image", i, max_images))
        v.image.height, v.image.width, v.image.colorspace = img.shape
        v.image.encoded_image_string = _png(np.ascontiguousarray(img), -1)
    return s


def _image_kernel(xp: Any, tag: Any, tensor: Any, *, max_images: int,
                  bad_color: tuple) -> np.ndarray:
    color = _bad_color(bad_color)
    return _summary_bytes(image_summary("ImageSummary", tag, np.asarray(tensor), max_images,
                                        color))


def _image_reference(tag: Any, tensor: Any, max_images: int, bad_color: tuple) -> np.ndarray:
    """Pixel by pixel: the finite range, the affine map in the image's type, truncation."""
    arr = np.asarray(tensor)
    pb = protos.get()
    s = pb.Summary()
    for i in range(min(max_images, arr.shape[0])):
        img = arr[i]
        if img.dtype != np.uint8:
            t = img.dtype.type
            rows = [p for p in img.reshape(-1, img.shape[2]) if all(np.isfinite(p))]
            flat = [float(np.float32(x)) for p in rows for x in p]
            lo, hi = min(flat, default=np.inf), max(flat, default=-np.inf)
            if lo < 0:
                top = max(abs(lo), abs(hi))
                scale, off = t(0 if top < _ZERO else np.float32(127) / np.float32(top)), t(128)
            else:
                scale, off = t(0 if hi < _ZERO else np.float32(255) / np.float32(hi)), t(0)
            out = np.zeros(img.shape, np.uint8)
            for y in range(img.shape[0]):
                for x in range(img.shape[1]):
                    p = img[y, x]
                    out[y, x] = [int(t(v) * scale + off) for v in p] if all(np.isfinite(p)) \
                        else [v % 256 for v in bad_color[:img.shape[2]]]
            img = out
        v = s.value.add(tag=_value_tag(_tag_of("ImageSummary", tag), "image", i, max_images))
        v.image.height, v.image.width, v.image.colorspace = img.shape
        v.image.encoded_image_string = _png(img, -1)
    return _summary_bytes(s)


def _image_samples() -> list:
    rng = np.random.RandomState(0)
    tag = np.array(b"img", object)
    mixed = rng.uniform(-2, 1, (2, 2, 3, 3)).astype(np.float32)
    mixed[0, 1, 1, 2] = np.nan
    attrs = {"max_images": 3, "bad_color": BAD_COLOR}
    return [Sample((tag, rng.randint(0, 256, (2, 3, 2, 4)).astype(np.uint8)), attrs,
                   grad=False),
            Sample((tag, mixed), attrs, grad=False),
            Sample((tag, rng.uniform(0, 4, (3, 2, 2, 1))), {**attrs, "max_images": 1},
                   grad=False),
            Sample((tag, mixed.astype(np.float16)), attrs, grad=False)]


def _image_bad() -> list:
    tag = np.array(b"img", object)
    attrs = {"max_images": 3, "bad_color": BAD_COLOR}
    return [BadSample((tag, np.zeros((2, 2, 3), np.uint8)), attrs,
                      errors.InvalidArgumentError, "Tensor must be 4-D with last dim 1, 3, or 4"),
            BadSample((tag, np.zeros((1, 2, 2, 2), np.float32)), attrs,
                      errors.InvalidArgumentError, "not [1,2,2,2]"),
            BadSample((np.array([b"a", b"b"], object), np.zeros((1, 1, 1, 1), np.uint8)),
                      attrs, errors.InvalidArgumentError, "Tags must be a scalar")]


def _image_to_tf(n: Any, w: Any) -> list:
    """bad_color is a tuple here (attrs are hashable) and a uint8 tensor attr in TF's."""
    return w.node("ImageSummary", [w.input(0), w.input(1)],
                  {"max_images": n.attrs["max_images"],
                   "bad_color": np.array(n.attrs["bad_color"], np.uint8)})


def _image_from_tf(node: Any) -> Any:
    color = np.asarray(node.attrs["bad_color"])
    # a uint8 vector as the op's tuple of ints; any other kept as it is, for its kernel
    # to refuse as TF's does
    color = (tuple(int(v) for v in color.reshape(-1)) if color.dtype == np.uint8
             and color.ndim == 1 else _as_nested_tuple(color))
    return bind(IMAGE_SUMMARY, tuple(node.inputs),
                {"max_images": int(node.attrs["max_images"]), "bad_color": color})


def _as_nested_tuple(arr: np.ndarray) -> Any:
    return tuple(_as_nested_tuple(a) for a in arr) if arr.ndim else arr.item()


IMAGE_SUMMARY = register(OpDef(
    "ImageSummary", _image_infer, _image_kernel, grad=None, gpu=False,
    reference=_image_reference, samples=_image_samples, bad_samples=_image_bad,
    tf=TFForm(export=_image_to_tf, load=_image_from_tf),
))


# -- AudioSummaryV2 ------------------------------------------------------------------------

def _audio_infer(tag: Any, tensor: Any, sample_rate: Any, *, max_outputs: int) -> list:
    for name, x, want in (("tag", tag, dt.string), ("tensor", tensor, dt.float32),
                          ("sample_rate", sample_rate, dt.float32)):
        if x._dtype is not want:
            raise TypeError(f"Input '{name}' of 'AudioSummaryV2' Op has type {x._dtype.name} "
                            f"that does not match expected type of {want.name}.")
    return [((), dt.string)]


def _audio_clips(op: str, tensor: Any, sample_rate: Any) -> tuple:
    rate = np.asarray(sample_rate)
    if rate.size != 1:
        raise errors.invalid(op, "sample_rate must be rank-0 or contain a single value")
    arr = np.asarray(tensor, np.float32)
    if arr.ndim not in (2, 3):
        raise errors.invalid(op, f"Tensor must be 3-D or 2-D, got: {errors.shape_str(arr.shape)}")
    clips = arr if arr.ndim == 3 else arr[:, :, None]
    return clips, float(rate.reshape(-1)[0])


def _audio_value(s: Any, tag: str, clip: np.ndarray, rate: float, wav: bytes) -> None:
    v = s.value.add(tag=tag)
    v.audio.sample_rate = rate
    v.audio.num_channels, v.audio.length_frames = clip.shape[1], clip.shape[0]
    v.audio.content_type = "audio/wav"
    v.audio.encoded_audio_string = wav


def audio_summary(op: str, tag: Any, tensor: Any, sample_rate: Any, max_outputs: int) -> Any:
    """The `Summary` of AudioSummaryV2's kernel (`op`: the op TF names in its errors)."""
    base = _tag_of(op, tag)
    clips, rate = _audio_clips(op, tensor, sample_rate)
    s = protos.get().Summary()
    for i in range(min(max_outputs, clips.shape[0])):
        wav = _wav(np, clips[i], np.int32(np.rint(rate)))[()]
        _audio_value(s, _value_tag(base, "audio", i, max_outputs), clips[i], rate, wav)
    return s


def _audio_kernel(xp: Any, tag: Any, tensor: Any, sample_rate: Any, *,
                  max_outputs: int) -> np.ndarray:
    return _summary_bytes(audio_summary("AudioSummaryV2", tag, tensor, sample_rate,
                                        max_outputs))


def _audio_reference(tag: Any, tensor: Any, sample_rate: Any, max_outputs: int) -> np.ndarray:
    clips, rate = _audio_clips("AudioSummaryV2", tensor, sample_rate)
    s = protos.get().Summary()
    for i in range(min(max_outputs, clips.shape[0])):
        wav = _encode_reference(clips[i], np.int32(round(rate)))[()]
        _audio_value(s, _value_tag(_tag_of("AudioSummaryV2", tag), "audio", i, max_outputs),
                     clips[i], rate, wav)
    return _summary_bytes(s)


def _audio_samples() -> list:
    rng = np.random.RandomState(1)
    tag = np.array(b"snd", object)
    return [Sample((tag, rng.uniform(-1.2, 1.2, (3, 5)).astype(np.float32), np.float32(8000)),
                   {"max_outputs": 2}, grad=False),
            Sample((tag, rng.uniform(-1, 1, (1, 4, 2)).astype(np.float32),
                    np.float32(44100.5)), {"max_outputs": 1}, grad=False)]


def _audio_bad() -> list:
    tag = np.array(b"snd", object)
    return [BadSample((tag, np.zeros((3,), np.float32), np.float32(8000)), {"max_outputs": 3},
                      errors.InvalidArgumentError, "Tensor must be 3-D or 2-D, got: [3]"),
            BadSample((tag, np.zeros((1, 2), np.float32), np.float32([1, 2])),
                      {"max_outputs": 3}, errors.InvalidArgumentError,
                      "sample_rate must be rank-0 or contain a single value")]


AUDIO_SUMMARY = register(OpDef(
    "AudioSummaryV2", _audio_infer, _audio_kernel, grad=None, gpu=False,
    reference=_audio_reference, samples=_audio_samples, bad_samples=_audio_bad,
))


# -- AudioSummary ----------------------------------------------------------------------------
# TF 1's first audio summary (the sample rate an attr): TF 2.21 keeps its definition but
# refuses to run it, removed in GraphDef version 15 for AudioSummaryV2.

def _audio_v1_infer(tag: Any, tensor: Any, *, sample_rate: float, max_outputs: int = 3) -> list:
    op = "AudioSummary"
    if int(max_outputs) < 1:
        raise errors.invalid(op, f"Value for attr 'max_outputs' of {max_outputs} must be at "
                                 f"least minimum 1\n\t; NodeDef: {{{{node {op}}}}}")
    for name, x, want in (("tag", tag, dt.string), ("tensor", tensor, dt.float32)):
        if x._dtype is not want:
            raise TypeError(f"Input '{name}' of '{op}' Op has type {x._dtype.name} that does "
                            f"not match expected type of {want.name}.")
    return [((), dt.string)]


def _audio_v1_kernel(xp: Any, tag: Any, tensor: Any, *, sample_rate: float,
                     max_outputs: int = 3) -> np.ndarray:
    raise errors.op_error(errors.UnimplementedError, "AudioSummary",
                          "Op AudioSummary is not available in GraphDef version 2474. It has "
                          "been removed in version 15. Use AudioSummaryV2..")


AUDIO_SUMMARY_V1 = register(OpDef(
    "AudioSummary", _audio_v1_infer, _audio_v1_kernel, grad=None, gpu=False,
    tf=TFForm(load=lambda node: bind(AUDIO_SUMMARY_V1, tuple(node.inputs), {
        "sample_rate": float(node.attrs["sample_rate"]),
        "max_outputs": int(node.attrs["max_outputs"])})),
    bad_samples=lambda: [
        BadSample((np.array(b"snd", object), np.zeros((1, 4), np.float32)),
                  {"sample_rate": 8000.0, "max_outputs": 3}, errors.UnimplementedError,
                  "Op AudioSummary is not available in GraphDef version 2474. It has been "
                  "removed in version 15. Use AudioSummaryV2.."),
        BadSample((np.array(b"snd", object), np.zeros((1, 4), np.float32)),
                  {"sample_rate": 8000.0, "max_outputs": 0}, errors.InvalidArgumentError,
                  "Value for attr 'max_outputs' of 0 must be at least minimum 1")],
))
