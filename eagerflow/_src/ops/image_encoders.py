"""Image file encoders and the JPEG helpers: tf.io/tf.image encode_png, encode_jpeg,
extract_jpeg_shape, decode_and_crop_jpeg, and adjust_jpeg_quality with its random forms.

Ops layer, after image_codecs (its JPEG decoder) and random; loaded on first use. Host
kernels, as TF's (its encoders run on the CPU).

- PNG is written here as libpng writes it for TF: per row the filter (None, Sub, Up,
  Average, Paeth) whose bytes, read as signed, sum smallest in magnitude; zlib at TF's
  level with the filtered strategy, the window narrowed for small images and the zlib
  header's window size claimed as small as the data allows; IDAT chunks of 8 KiB.
- JPEG goes through Pillow's libjpeg, with TF's settings (4:2:0 chroma unless told not
  to, standard Huffman tables unless optimize_size, the JFIF density TF writes): the
  bytes are TF's.
"""

from __future__ import annotations

import io
import struct
import zlib
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import wrapper_inputs
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.image_codecs import (
    _contents,
    _jpeg,
    _pillow,
    decode_jpeg,
    png_chunk,
    png_head,
)
from eagerflow._src.ops.image_pixels import convert_image_dtype
from eagerflow._src.ops.math_base import _t
from eagerflow._src.ops.random import uniform
from eagerflow._src.ops.random_stateless import stateless_uniform
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, SampleRNG, register

_rng = SampleRNG(97)


def _fail(op: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{message} [Op:{op}]")


# ---------------------------------------------------------------------------------------
# PNG, as libpng writes it
# ---------------------------------------------------------------------------------------

def _signed_cost(row: np.ndarray) -> int:
    """libpng's filter heuristic: the sum of the bytes' magnitudes read as signed."""
    return int(np.sum(np.minimum(row, 256 - row.astype(np.int32))))


def _paeth(a: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    p = a + b - c
    pa, pb, pc = np.abs(p - a), np.abs(p - b), np.abs(p - c)
    return np.where((pa <= pb) & (pa <= pc), a, np.where(pb <= pc, b, c))


def _filtered_rows(raw: np.ndarray, bpp: int) -> bytes:
    """Each row (uint8) behind the byte of the filter libpng would pick for it."""
    height, width_bytes = raw.shape
    filters = [0, 1, 2, 3, 4]
    if height == 1:
        filters = [0, 1]
    if width_bytes == bpp:
        filters = [f for f in filters if f in (0, 2)]
    out = bytearray()
    prior = np.zeros(width_bytes, np.int32)
    for y in range(height):
        row = raw[y].astype(np.int32)
        left = np.concatenate([np.zeros(bpp, np.int32), row[:-bpp]])
        up_left = np.concatenate([np.zeros(bpp, np.int32), prior[:-bpp]])
        candidates = {0: row, 1: row - left, 2: row - prior, 3: row - (left + prior) // 2,
                      4: row - _paeth(left, prior, up_left)}
        best = min(filters, key=lambda f: (_signed_cost(candidates[f] % 256), f))
        out.append(best)
        out += (candidates[best] % 256).astype(np.uint8).tobytes()
        prior = row
    return bytes(out)


def _deflate(data: bytes, level: int, strategy: int) -> bytes:
    """zlib as libpng runs it: the window narrowed for small data, and the header's
    window size claimed as small as the data allows (libpng's optimize_cmf)."""
    bits = 15
    if len(data) <= 16384:
        while len(data) + 262 <= 1 << (bits - 1):
            bits -= 1
    packer = zlib.compressobj(level, zlib.DEFLATED, max(bits, 9), 8, strategy)
    out = bytearray(packer.compress(data) + packer.flush())
    if len(data) <= 16384:
        cinfo = out[0] >> 4
        half = 1 << (cinfo + 7)
        while len(data) <= half and cinfo > 0:
            cinfo -= 1
            half >>= 1
        out[0] = (cinfo << 4) | 8
        flags = out[1] & 0xE0
        out[1] = flags + 0x1F - ((out[0] << 8) + flags) % 0x1F
    return bytes(out)


def _png(px: np.ndarray, compression: int) -> bytes:
    height, width, channels = px.shape
    depth = 16 if px.dtype == np.uint16 else 8
    raw = px.astype(">u2").view(np.uint8) if depth == 16 else px
    raw = raw.reshape(height, -1)
    bpp = channels * depth // 8
    data = _filtered_rows(raw, bpp)
    level = 6 if compression == -1 else compression
    compressed = _deflate(data, level, zlib.Z_FILTERED)
    idat = b"".join(png_chunk(b"IDAT", compressed[i:i + 8192])
                    for i in range(0, len(compressed), 8192))
    return png_head(height, width, channels, depth) + idat + png_chunk(b"IEND", b"")


def _encode_png_infer(image: Any, compression: int) -> list:
    op = "EncodePng"
    if image._dtype not in (dt.uint8, dt.uint16):
        raise C.fail(op, f"Value for attr 'T' of {C.dtype_word(image._dtype)} is not in the "
                         f"list of allowed values: uint8, uint16\n\t; NodeDef: {{{{node {op}}}}}")
    if not -1 <= compression <= 9:
        raise C.fail(op, f"compression should be in [-1,9], got {compression}")
    s = image._shape
    if s is not None and len(s) < 3:
        raise C.fail(op, f"images must be at least rank 3{C.shape_str(s)}")
    if s is not None and s[-1] is not None and not 1 <= s[-1] <= 4:
        raise C.fail(op, f"image must have 1, 2, 3, or 4 channels, got {s[-1]}")
    return [(None if s is None else s[:-3], dt.string)]


def _encode_png_kernel(xp: Any, image: Any, compression: int) -> np.ndarray:
    lead = image.shape[:-3]
    out = np.empty(lead, dtype=object)
    count = int(np.prod(lead))
    if 0 in image.shape[-3:] and count:
        raise InternalError(None, None, "PNG encoding failed at the following flattened batch "
                                        "indices: " + ", ".join(str(i) for i in range(count))
                                        + " [Op:EncodePng]")
    flat = image.reshape((count,) + image.shape[-3:])
    for i, px in enumerate(flat):
        out.reshape(-1)[i] = _png(px, compression)
    return out


def _encode_png_ref(image: np.ndarray, compression: int) -> np.ndarray:
    """Pillow's reading of the kernel's bytes gives back the pixels: the reference is the
    kernel's output decoded and checked, then re-encoded (lossless round trip)."""
    out = _encode_png_kernel(np, image, compression)
    for i, data in enumerate(out.reshape(-1)):
        back = np.asarray(_pillow().open(io.BytesIO(data)))
        want = image.reshape((-1,) + image.shape[-3:])[i]
        if image.dtype == np.uint8 and not np.array_equal(back.reshape(want.shape), want):
            raise AssertionError("PNG round trip changed the pixels")
    return out


ENCODE_PNG = register(OpDef(
    "EncodePng", _encode_png_infer, _encode_png_kernel, reference=_encode_png_ref, gpu=False,
    samples=lambda: [
        Sample((_rng.integers(0, 256, (5, 7, 3)).astype(np.uint8),), {"compression": -1},
               grad=False),
        Sample((_rng.integers(0, 256, (2, 3, 4, 1)).astype(np.uint8),), {"compression": 9},
               grad=False),
        Sample((_rng.integers(0, 65536, (3, 2, 4)).astype(np.uint16),), {"compression": 0},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros((2, 2, 3), np.float32),), {"compression": -1},
                  InvalidArgumentError, "allowed values: uint8, uint16"),
        BadSample((np.zeros((2, 3), np.uint8),), {"compression": -1}, InvalidArgumentError,
                  "images must be at least rank 3"),
        BadSample((np.zeros((2, 2, 3), np.uint8),), {"compression": 10}, InvalidArgumentError,
                  "compression should be in [-1,9], got 10")],
))


@dispatch_binding
@eager_api("compression:int")  # (TF's converts the image first: only a NumPy int here
# takes its wrapper's slow path)
def encode_png(image: Any, compression: int = -1, name: str | None = None) -> Any:
    """`tf.io.encode_png`: PNG bytes of [..., height, width, channels] uint8 or uint16."""
    return bind(ENCODE_PNG, (_t(image),), AV.wrapper_attrs("EncodePng", compression=compression),
                name)


# ---------------------------------------------------------------------------------------
# JPEG
# ---------------------------------------------------------------------------------------

_JPEG_DEFAULTS = {"format": "", "quality": 95, "progressive": False, "optimize_size": False,
                  "chroma_downsampling": True, "density_unit": "in", "x_density": 300,
                  "y_density": 300, "xmp_metadata": ""}


def _jpeg_bytes(op: str, px: np.ndarray, format: str, quality: int,  # noqa: A002
                progressive: bool, optimize_size: bool, chroma_downsampling: bool,
                density_unit: str, x_density: int, y_density: int, xmp_metadata: str) -> bytes:
    if 0 in px.shape:
        raise InternalError(None, None, f"JPEG encoding failed [Op:{op}]")
    image = _pillow()
    x_density, y_density = x_density & 0xFFFF, y_density & 0xFFFF  # TF's uint16 fields
    grey = format == "grayscale" or (format == "" and px.shape[-1] == 1)
    im = image.fromarray(np.ascontiguousarray(px[..., 0] if grey else px), "L" if grey else "RGB")
    out = io.BytesIO()
    options: dict = {"quality": quality, "progressive": progressive, "optimize": optimize_size,
                     "subsampling": 2 if chroma_downsampling and not grey else 0,
                     "dpi": (x_density, y_density)}
    if xmp_metadata:
        options["xmp"] = xmp_metadata.encode() if isinstance(xmp_metadata, str) else \
            bytes(xmp_metadata)
    im.save(out, "JPEG", **options)
    data = bytearray(out.getvalue())
    data[13] = 1 if density_unit == "in" else 2  # the JFIF header's density unit
    data[14:18] = struct.pack(">HH", x_density, y_density)
    return bytes(data)


def _check_jpeg_image(op: str, image: Any, format: str) -> None:  # noqa: A002
    s = image._shape
    if s is not None and len(s) != 3:
        raise C.fail(op, f"image must be 3-dimensional{C.shape_str(s)}")
    channels = None if s is None else s[2]
    if format == "grayscale" and channels not in (None, 1):
        raise C.fail(op, f"format grayscale expects 1 channels, got {C.shape_str(s)}")
    if format == "rgb" and channels not in (None, 3):
        raise C.fail(op, f"format rgb expects 3 channels, got {C.shape_str(s)}")
    if channels not in (None, 1, 3):
        raise C.fail(op, f"image must have 1 or 3 channels, got {C.shape_str(s)}")


def _encode_jpeg_infer(image: Any, **a: Any) -> list:
    op = "EncodeJpeg"
    C.check_dtype(op, image, frozenset((dt.uint8,)))
    if a["format"] not in ("", "grayscale", "rgb"):
        raise C.fail(op, f"Value for attr 'format' of \"{a['format']}\" is not in the list of "
                         f"allowed values: \"\", \"grayscale\", \"rgb\"\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    for what in ("quality", "x_density", "y_density"):  # (its kernel's int32s)
        AV.int_attr(op, a[what], what)
    if not 0 <= a["quality"] <= 100:
        raise C.fail(op, f"quality must be in [0,100], got {a['quality']}")
    for what in ("progressive", "optimize_size", "chroma_downsampling"):
        if not isinstance(a[what], (bool, np.bool_)):
            raise TypeError(f"Expected bool for argument '{what}' not {a[what]!r}.")
    if not isinstance(a["xmp_metadata"], (str, bytes)):
        raise TypeError(f"Expected string for argument 'xmp_metadata' not "
                        f"{a['xmp_metadata']!r}.")
    if a["density_unit"] not in ("in", "cm"):
        raise C.fail(op, f"Value for attr 'density_unit' of \"{a['density_unit']}\" is not in "
                         f"the list of allowed values: \"in\", \"cm\"\n\t; NodeDef: "
                         f"{{{{node {op}}}}}")
    _check_jpeg_image(op, image, a["format"])
    return [((), dt.string)]


def _encode_jpeg_kernel(xp: Any, image: Any, **a: Any) -> np.ndarray:
    return object_scalar(_jpeg_bytes("EncodeJpeg", image, **a))


def _decode_back(data: np.ndarray, channels: int) -> np.ndarray:
    px = np.asarray(_pillow().open(io.BytesIO(data[()])).convert("L" if channels == 1 else "RGB"))
    return px.reshape(px.shape[:2] + (channels,))


def _encode_jpeg_ref(image: np.ndarray, **a: Any) -> np.ndarray:
    """The kernel's bytes, checked: a JPEG of the image's size that decodes close to it."""
    out = _encode_jpeg_kernel(np, image, **a)
    back = _decode_back(out, image.shape[-1])
    if back.shape != image.shape or np.abs(back.astype(int) - image).mean() > 40:
        raise AssertionError("the JPEG does not decode to the image")
    return out


def _smooth(h: int, w: int, c: int) -> np.ndarray:
    ramp = np.add.outer(np.arange(h) * 9, np.arange(w) * 5)[..., None] + np.arange(c) * 40
    return np.clip(ramp + _rng.integers(0, 20, (h, w, c)), 0, 255).astype(np.uint8)


ENCODE_JPEG = register(OpDef(
    "EncodeJpeg", _encode_jpeg_infer, _encode_jpeg_kernel, reference=_encode_jpeg_ref,
    gpu=False,
    samples=lambda: [
        Sample((_smooth(9, 13, 3),), _JPEG_DEFAULTS, grad=False),
        Sample((_smooth(8, 8, 1),), {**_JPEG_DEFAULTS, "quality": 50, "density_unit": "cm",
                                     "x_density": 72, "y_density": 96}, grad=False),
        Sample((_smooth(16, 17, 3),), {**_JPEG_DEFAULTS, "chroma_downsampling": False,
                                       "progressive": True, "optimize_size": True},
               grad=False)],
    bad_samples=lambda: [
        BadSample((np.zeros((4, 4, 2), np.uint8),), _JPEG_DEFAULTS, InvalidArgumentError,
                  "image must have 1 or 3 channels"),
        BadSample((np.zeros((4, 4, 3), np.uint8),), {**_JPEG_DEFAULTS, "quality": 101},
                  InvalidArgumentError, "quality must be in [0,100], got 101"),
        BadSample((np.zeros((4, 4, 3), np.uint8),), {**_JPEG_DEFAULTS, "format": "grayscale"},
                  InvalidArgumentError, "format grayscale expects 1 channels")],
))


@dispatch_binding
@eager_api("image")  # (a list: TF's wrapper's slow path, which converts it to uint8)
def encode_jpeg(image: Any, format: str = "", quality: int = 95,  # noqa: A002
                progressive: bool = False, optimize_size: bool = False,
                chroma_downsampling: bool = True, density_unit: str = "in",
                x_density: int = 300, y_density: int = 300, xmp_metadata: str = "",
                name: str | None = None) -> Any:
    """`tf.io.encode_jpeg`: JPEG bytes of a [height, width, 1 or 3] uint8 image."""
    attrs = AV.wrapper_attrs(  # (TF's wrapper checks its attrs before its input)
        "EncodeJpeg", format=format, quality=quality, progressive=progressive,
        optimize_size=optimize_size, chroma_downsampling=chroma_downsampling,
        density_unit=density_unit, x_density=x_density, y_density=y_density,
        xmp_metadata=xmp_metadata)
    wrapper_inputs.slow_typed_inputs(wrapper_inputs.passed_raw(image), (image, dt.uint8))
    return bind(ENCODE_JPEG, (convert_to_tensor(image, dtype_hint=dt.uint8),), attrs, name)


def _variable_infer(image: Any, quality: Any) -> list:
    op = "EncodeJpegVariableQuality"
    C.check_dtype(op, image, frozenset((dt.uint8,)))
    if quality._dtype is not dt.int32:
        raise C.wrong_input_dtype(op, 1, dt.int32, quality._dtype)
    _check_jpeg_image(op, image, "")  # (the kernel's order: the image, then the quality)
    if quality._shape is not None and quality._shape != ():
        raise C.fail(op, f"quality must be scalar: {C.shape_str(quality._shape)}")
    return [((), dt.string)]


def _variable_kernel(xp: Any, image: Any, quality: Any) -> np.ndarray:
    q = int(quality)
    if not 0 <= q <= 100:
        raise _fail("EncodeJpegVariableQuality", f"quality must be in [0,100], got {q}")
    return object_scalar(_jpeg_bytes("EncodeJpegVariableQuality", image,
                                     **{**_JPEG_DEFAULTS, "quality": q}))


def _variable_ref(image: np.ndarray, quality: np.ndarray) -> np.ndarray:
    return _encode_jpeg_ref(image, **{**_JPEG_DEFAULTS, "quality": int(quality)})


ENCODE_JPEG_VARIABLE_QUALITY = register(OpDef(
    "EncodeJpegVariableQuality", _variable_infer, _variable_kernel, reference=_variable_ref,
    gpu=False, host_inputs=(1,),
    samples=lambda: [Sample((_smooth(9, 13, 3), np.int32(30)), grad=False)],
    bad_samples=lambda: [BadSample((np.zeros((4, 4, 3), np.uint8), np.int32(101)), {},
                                   InvalidArgumentError, "quality must be in [0,100], got 101")],
))


# ---------------------------------------------------------------------------------------
# Reading JPEG headers and windows
# ---------------------------------------------------------------------------------------

def _contents_bytes(contents: Any) -> bytes:
    return bytes(contents[()] if isinstance(contents, np.ndarray) else contents)


def _jpeg_shape_infer(contents: Any, output_type: Any) -> list:
    op = "ExtractJpegShape"
    C.dtype_attr(op, output_type, "output_type", frozenset((dt.int32, dt.int64)))
    C.check_string(op, contents)  # (after the attr's allowed values, as TF's runtime)
    if contents._shape not in (None, ()):
        raise C.fail(op, f"contents must be scalar, got shape {C.shape_str(contents._shape)}")
    return [((3,), output_type)]


def _jpeg_header(op: str, data: bytes) -> tuple:
    """(height, width, components) from the first frame header (SOFn) of a JPEG."""
    pos = 2
    if data[:2] != b"\xff\xd8":
        raise _fail(op, f"Invalid JPEG data, size {len(data)}")
    while pos + 4 <= len(data):
        if data[pos] != 0xFF:
            break
        marker = data[pos + 1]
        length = int.from_bytes(data[pos + 2:pos + 4], "big")
        if 0xC0 <= marker <= 0xCF and marker not in (0xC4, 0xC8, 0xCC):
            if pos + 10 > len(data):
                break
            height, width = struct.unpack(">HH", data[pos + 5:pos + 9])
            return height, width, data[pos + 9]
        pos += 2 + length
    raise _fail(op, f"Invalid JPEG data, size {len(data)}")


def _jpeg_shape_kernel(xp: Any, contents: Any, output_type: Any) -> np.ndarray:
    return np.array(_jpeg_header("ExtractJpegShape", _contents_bytes(contents)),
                    output_type.as_numpy_dtype)


def _jpeg_shape_ref(contents: np.ndarray, output_type: Any) -> np.ndarray:
    im = _pillow().open(io.BytesIO(_contents_bytes(contents)))
    return np.array([im.height, im.width, len(im.getbands())], output_type.as_numpy_dtype)


def _jpeg_sample(px: np.ndarray, **attrs: Any) -> np.ndarray:
    return object_scalar(_jpeg_bytes("EncodeJpeg", px, **{**_JPEG_DEFAULTS, **attrs}))


EXTRACT_JPEG_SHAPE = register(OpDef(
    "ExtractJpegShape", _jpeg_shape_infer, _jpeg_shape_kernel, reference=_jpeg_shape_ref,
    gpu=False,
    samples=lambda: [Sample((_jpeg_sample(_smooth(9, 13, 3)),), {"output_type": dt.int32},
                            grad=False),
                     Sample((_jpeg_sample(_smooth(5, 4, 1)),), {"output_type": dt.int64},
                            grad=False)],
    bad_samples=lambda: [BadSample((object_scalar(b"abc"),), {"output_type": dt.int32},
                                   InvalidArgumentError, "Invalid JPEG data, size 3")],
))


def _crop_infer(contents: Any, crop_window: Any, **a: Any) -> list:
    op = "DecodeAndCropJpeg"
    C.check_string(op, contents)
    C.check_dtype(op, crop_window, frozenset((dt.int32,)), "crop_window")
    if crop_window._shape is not None and crop_window._shape != (4,):
        n = crop_window._shape[0] if len(crop_window._shape) == 1 else crop_window._shape
        raise C.fail(op, f"crop_size must have four elements [{n}]")
    channels = a["channels"]
    for what in ("channels", "ratio"):  # (its kernel reads int32s, as it is made)
        AV.int_attr(op, a[what], what)
    if channels not in (0, 1, 3, 4):
        raise C.fail(op, f"channels must be 0, 1, 3 or 4, got {channels}")
    if a["ratio"] not in (1, 2, 4, 8):
        raise C.fail(op, f"ratio must be 1, 2, 4, or 8, got {a['ratio']}")
    if a["dct_method"] not in ("", "INTEGER_FAST", "INTEGER_ACCURATE"):
        raise C.fail(op, "dct_method must be one of {'', 'INTEGER_FAST', 'INTEGER_ACCURATE'}")
    return [((None, None, None if channels == 0 else channels), dt.uint8)]


def _crop_kernel(xp: Any, contents: Any, crop_window: Any, **a: Any) -> np.ndarray:
    op = "DecodeAndCropJpeg"
    data = _contents_bytes(contents)
    y, x, h, w = (int(v) for v in crop_window)
    px = _jpeg(op, data, a["channels"], a["ratio"], a["fancy_upscaling"],
               a["try_recover_truncated"], a["acceptable_fraction"], a["dct_method"])[0]
    if min(y, x, h, w) < 0 or y + h > px.shape[0] or x + w > px.shape[1]:
        raise _fail(op, "jpeg::Uncompress failed. Invalid JPEG data or crop window.")
    return np.ascontiguousarray(px[y:y + h, x:x + w])


def _crop_ref(contents: np.ndarray, crop_window: np.ndarray, **a: Any) -> np.ndarray:
    """Pillow's accurate decoding, cropped (the samples use the accurate DCT)."""
    y, x, h, w = (int(v) for v in crop_window)
    channels = a["channels"] or 3
    return _decode_back(contents, channels)[y:y + h, x:x + w]


_DECODE_DEFAULTS = {"channels": 0, "ratio": 1, "fancy_upscaling": True,
                    "try_recover_truncated": False, "acceptable_fraction": 1.0,
                    "dct_method": "INTEGER_ACCURATE"}

DECODE_AND_CROP_JPEG = register(OpDef(
    "DecodeAndCropJpeg", _crop_infer, _crop_kernel, reference=_crop_ref, gpu=False,
    host_inputs=(1,),
    samples=lambda: [Sample((_jpeg_sample(_smooth(12, 14, 3), quality=90),
                             np.array([2, 3, 5, 6], np.int32)), _DECODE_DEFAULTS, grad=False)],
    bad_samples=lambda: [
        BadSample((_jpeg_sample(_smooth(8, 8, 3)), np.array([2, 3, 50, 6], np.int32)),
                  _DECODE_DEFAULTS, InvalidArgumentError,
                  "jpeg::Uncompress failed. Invalid JPEG data or crop window."),
        BadSample((_jpeg_sample(_smooth(8, 8, 3)), np.array([2, 3, 5], np.int32)),
                  _DECODE_DEFAULTS, InvalidArgumentError, "crop_size must have four elements")],
))


@dispatch_binding
@eager_api("contents", "output_type:type")  # (a list or NumPy scalar: TF's wrapper's slow path)
def extract_jpeg_shape(contents: Any, output_type: Any = dt.int32,
                       name: str | None = None) -> Any:
    """`tf.io.extract_jpeg_shape`: [height, width, channels] from a JPEG's header."""
    if isinstance(output_type, (np.ndarray, np.dtype, str, type)):
        # (TF's fast path reads no such attr: its slow path makes contents a string first,
        # a tensor too; a list or a tensor is the fast path's TypeError for the attr)
        contents = convert_to_tensor(contents, dtype=dt.string)
    attrs = AV.wrapper_attrs("ExtractJpegShape", output_type=output_type)
    return bind(EXTRACT_JPEG_SHAPE, (_contents(contents),), attrs, name)


@dispatch_binding
@eager_api("contents", "crop_window", "acceptable_fraction:float")
def decode_and_crop_jpeg(contents: Any, crop_window: Any, channels: int = 0, ratio: int = 1,
                         fancy_upscaling: bool = True, try_recover_truncated: bool = False,
                         acceptable_fraction: float = 1, dct_method: str = "",
                         name: str | None = None) -> Any:
    """`tf.io.decode_and_crop_jpeg`: the window [y, x, height, width] of a JPEG's pixels."""
    attrs = AV.wrapper_attrs("DecodeAndCropJpeg", channels=channels, ratio=ratio,
                             fancy_upscaling=fancy_upscaling,
                             try_recover_truncated=try_recover_truncated,
                             acceptable_fraction=acceptable_fraction, dct_method=dct_method)
    # (as decode_jpeg: TF's slow path converts the contents to string, then the window)
    inputs = (convert_to_tensor(contents, dtype=dt.string),
              convert_to_tensor(crop_window, dtype=dt.int32))
    return bind(DECODE_AND_CROP_JPEG, inputs, attrs, name)


# ---------------------------------------------------------------------------------------
# JPEG quality as an augmentation
# ---------------------------------------------------------------------------------------

@dispatch_binding
def adjust_jpeg_quality(image: Any, jpeg_quality: Any, dct_method: str = "",
                        name: str | None = None) -> Any:
    """`tf.image.adjust_jpeg_quality`: the image through a JPEG of that quality, in its own
    dtype (floats taken as [0, 1])."""
    image = _t(image)
    dtype = image.dtype
    pixels = convert_image_dtype(image, dt.uint8, saturate=True)
    quality = jpeg_quality if isinstance(jpeg_quality, Tensor) else \
        convert_to_tensor(jpeg_quality, dtype=dt.int32)  # (a tensor's dtype: the op's check)
    data = bind(ENCODE_JPEG_VARIABLE_QUALITY, (pixels, quality), {})
    out = decode_jpeg(data, channels=pixels.shape[-1], dct_method=dct_method)
    return convert_image_dtype(out, dtype, saturate=True)


def _check_range(min_jpeg_quality: int, max_jpeg_quality: int) -> None:
    if min_jpeg_quality < 0 or max_jpeg_quality < 0 or min_jpeg_quality > 100 or \
            max_jpeg_quality > 100:
        raise ValueError("jpeg encoding range must be between 0 and 100.")
    if min_jpeg_quality >= max_jpeg_quality:
        raise ValueError("`min_jpeg_quality` must be less than `max_jpeg_quality`.")


@dispatch_binding
def random_jpeg_quality(image: Any, min_jpeg_quality: int, max_jpeg_quality: int,
                        seed: Any = None) -> Any:
    """`tf.image.random_jpeg_quality`: a quality drawn uniformly from [min, max)."""
    _check_range(min_jpeg_quality, max_jpeg_quality)
    quality = uniform([], min_jpeg_quality, max_jpeg_quality, dt.int32, seed=seed)
    return adjust_jpeg_quality(image, quality)


@dispatch_binding
def stateless_random_jpeg_quality(image: Any, min_jpeg_quality: int, max_jpeg_quality: int,
                                  seed: Any) -> Any:
    """`tf.image.stateless_random_jpeg_quality`: the quality drawn from `seed`."""
    _check_range(min_jpeg_quality, max_jpeg_quality)
    quality = stateless_uniform([], seed, min_jpeg_quality, max_jpeg_quality, dt.int32)
    return adjust_jpeg_quality(image, quality)
