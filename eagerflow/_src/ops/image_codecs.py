"""Image file decoders: tf.io.decode_png, decode_jpeg, decode_gif, decode_bmp, decode_webp,
decode_jxl, decode_image.

Ops layer, after image and string_ops (decode_image converts pixel dtypes with
convert_image_dtype; is_jpeg reads the first bytes with substr). Each
TF op is an OpDef; all of them share one decoder that tells the format from the bytes, as
TF's kernels do: decode_png reads a JPEG too, decode_bmp refuses anything but a BMP.

JPEG goes through simplejpeg (libjpeg-turbo, the library TF uses, with TF's defaults: the
fast integer DCT and fancy upsampling), so pixels agree with TF's exactly. PNG, GIF and WebP
go through Pillow; BMPs (uncompressed rows) are read here. Channel and bit-depth conversions
are done here the way libpng does them for TF (ITU-R 601 grey; 16 to 8 bits by the high
byte). Pillow reads 16-bit
colour PNGs as 8-bit, so those are decoded here (zlib and the PNG row filters). Both
libraries are optional dependencies (the `image` extra), imported when an image is decoded.
JPEG XL goes through imagecodecs' libjxl (the `jxl` extra), TF's decoder library: 8-bit
lossless images decode to TF's pixels exactly; lossy ones and deeper ones can differ by one
level, since libjxl's conversion to 8 bits differs between its versions.
"""

from __future__ import annotations

import importlib.util
import io
import struct
import zlib
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.composite_dispatch import dispatch_binding
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.eager_errors import eager_api
from eagerflow._src.ops.image_pixels import convert_image_dtype
from eagerflow._src.ops.math import equal
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, register
from eagerflow._src.ops.string_ops import substr

_UNKNOWN = "Unknown image file format. One of JPEG, JPEG XL, PNG, GIF, BMP, WebP required."
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
# a bare JPEG XL codestream, and the ISO box container that can wrap one
_JXL_SIGNATURES = (b"\xff\x0a", b"\x00\x00\x00\x0cJXL \r\n\x87\n")


def _error(op: str, message: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{message} [Op:{op}]")


def _format(data: bytes) -> str | None:
    if data[:3] == b"\xff\xd8\xff":
        return "JPEG"
    if data[:8] == _PNG_SIGNATURE:
        return "PNG"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[:2] == b"BM":
        return "BMP"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WebP"
    if data.startswith(_JXL_SIGNATURES):
        return "JXL"
    return None


# ---------------------------------------------------------------------------------------
# Channels and bit depth (libpng's rules, which TF's PNG decoder applies)
# ---------------------------------------------------------------------------------------

def _grey(px: np.ndarray) -> np.ndarray:
    """libpng's rgb_to_grey as TF sets it up (weights 0.299 and 0.587, which libpng turns
    into 9797, 19234 and 3737 out of 32768): truncated for 8 bits, rounded for 16."""
    r, g, b = (px[..., i].astype(np.int64) for i in range(3))
    half = 16384 if px.dtype == np.uint16 else 0
    return ((9797 * r + 19234 * g + 3737 * b + half) >> 15).astype(px.dtype)[..., None]


def _to_channels(px: np.ndarray, want: int, top: int) -> np.ndarray:
    """(frames, height, width, have) pixels as `want` channels (0: as they are)."""
    have = px.shape[-1]
    if want in (0, have):
        return px
    colour = px if have >= 3 else np.repeat(px[..., :1], 3, axis=-1)
    if want == 1:
        return px[..., :1] if have <= 2 else _grey(px)
    if want == 3:
        return colour[..., :3]
    alpha = px[..., -1:] if have in (2, 4) else np.full(px.shape[:-1] + (1,), top, px.dtype)
    return np.concatenate([colour[..., :3], alpha], axis=-1)


def _to_dtype(px: np.ndarray, dtype: dt.DType, png: bool) -> np.ndarray:
    """TF's output dtype: libpng widens 8 bits to 16 by 257 and float32 comes from those
    16 bits; the other formats decode to 8 bits, widened as convert_image_dtype does (by
    256, and floats as the 8 bits times 1/255)."""
    sixteen = px.dtype == np.uint16
    if dtype is dt.uint8:
        return (px >> 8).astype(np.uint8) if sixteen else px
    wide = px if sixteen else px.astype(np.uint16) * np.uint16(257 if png else 256)
    if dtype is dt.uint16:
        return wide
    if png:
        return wide.astype(np.float32) * np.float32(1.0 / 65535)
    return px.astype(np.float32) * np.float32(1.0 / 255)


# ---------------------------------------------------------------------------------------
# The formats
# ---------------------------------------------------------------------------------------

def _simplejpeg() -> Any:
    try:
        import simplejpeg
    except ImportError:
        raise UnimplementedError(None, None, "decoding JPEG images needs simplejpeg "
                                 "(pip install 'eagerflow[image]')") from None
    return simplejpeg


def _pillow() -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise UnimplementedError(None, None, "decoding PNG, GIF and WebP images needs "
                                 "Pillow (pip install 'eagerflow[image]')") from None
    return Image


def _imagecodecs() -> Any:
    try:
        import imagecodecs
    except ImportError:
        raise UnimplementedError(None, None, "decoding JPEG XL images needs imagecodecs "
                                 "(pip install 'eagerflow[jxl]')") from None
    return imagecodecs


def _jxl(op: str, data: bytes) -> np.ndarray:
    """The first frame of a JPEG XL image as (height, width, channels) uint8, as TF's decoder
    asks libjxl for it (an animation's later frames are dropped)."""
    codecs = _imagecodecs()
    try:
        px = codecs.jpegxl_decode(data, 0)
    except RuntimeError:
        raise _error(op, f"Failed to decode JXL {_jxl_failure(codecs, data)}") from None
    px = px[..., None] if px.ndim == 2 else px
    if px.dtype == np.uint16:
        px = (px.astype(np.uint32) * 255 + 32767) // 65535
    elif px.dtype.kind == "f":
        px = np.rint(np.clip(px, 0.0, 1.0) * 255)
    return px.astype(np.uint8)


def _jxl_failure(codecs: Any, data: bytes) -> str:
    """Which part of a JPEG XL libjxl could not read, "header" or "image", as TF names it.
    imagecodecs reports a header it cannot read only when asked for every frame (it counts
    them first); a file cut inside its first frame's header is reported so too, where TF
    reads the image header and names the image."""
    try:
        codecs.jpegxl_decode(data)
    except codecs.JpegxlError:
        return "image"
    except RuntimeError:
        return "header"
    return "image"


def _jpeg(op: str, data: bytes, channels: int, ratio: int = 1, fancy_upscaling: bool = True,
          try_recover_truncated: bool = False, acceptable_fraction: float = 1.0,
          dct_method: str = "") -> np.ndarray:
    """simplejpeg's decoding with TF's attrs (a truncated file decodes as far as it goes
    when try_recover_truncated is set, whatever acceptable_fraction says)."""
    if channels == 4:
        raise _error(op, "JPEG does not support 4 channels")
    sj = _simplejpeg()
    try:
        height, width, space, _ = sj.decode_jpeg_header(data)
        grey = channels == 1 or (channels == 0 and space == "Gray")
        px = sj.decode_jpeg(data, colorspace="GRAY" if grey else "RGB",
                            fastdct=dct_method != "INTEGER_ACCURATE",
                            fastupsample=not fancy_upscaling, min_factor=ratio,
                            min_height=-(-height // ratio), min_width=-(-width // ratio),
                            strict=not try_recover_truncated)
    except ValueError:
        raise _error(op, "jpeg::Uncompress failed. Invalid JPEG data or crop window.") from None
    return px.reshape((1,) + px.shape[:2] + (1 if grey else 3,))


def _png_rows(op: str, data: bytes) -> np.ndarray:
    """A non-interlaced PNG's pixels, any bit depth of 8 or 16, decoded here."""
    pos, header, idat = 8, None, []
    while pos + 8 <= len(data):
        size, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + size]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body[:13])
        elif kind == b"IDAT":
            idat.append(body)
        pos += 12 + size
    if header is None:
        raise _error(op, f"Invalid PNG data, size {len(data)}")
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if channels is None or depth not in (8, 16) or interlace:
        raise UnimplementedError(None, None, f"this PNG (bit depth {depth}, colour type "
                                 f"{colour}, interlace {interlace}) is not supported [Op:{op}]")
    step = channels * depth // 8
    stride = width * step
    try:
        raw = np.frombuffer(zlib.decompress(b"".join(idat)), np.uint8)
    except zlib.error:
        raise _error(op, f"Invalid PNG data, size {len(data)}") from None
    if raw.size < height * (stride + 1):
        raise _error(op, f"Invalid PNG data, size {len(data)}")
    rows = raw[:height * (stride + 1)].reshape(height, stride + 1)
    out = np.zeros((height, stride), np.uint8)
    prev = np.zeros(stride, np.int32)
    for y in range(height):
        out[y] = _unfilter(rows[y, 0], rows[y, 1:].astype(np.int32), prev, step)
        prev = out[y].astype(np.int32)
    px = out.view(">u2" if depth == 16 else np.uint8).astype(
        np.uint16 if depth == 16 else np.uint8)
    return px.reshape(1, height, width, channels)


def _unfilter(kind: int, line: np.ndarray, up: np.ndarray, step: int) -> np.ndarray:
    """One PNG row with its filter (None, Sub, Up, Average, Paeth) undone."""
    if kind == 0:
        return line
    if kind == 2:
        return (line + up) & 255
    out = line.copy()
    for i in range(len(out)):
        left = out[i - step] if i >= step else 0
        corner = up[i - step] if i >= step else 0
        if kind == 1:
            base = left
        elif kind == 3:
            base = (left + up[i]) >> 1
        else:
            p = left + up[i] - corner
            pa, pb, pc = abs(p - left), abs(p - up[i]), abs(p - corner)
            base = left if pa <= pb and pa <= pc else (up[i] if pb <= pc else corner)
        out[i] = (out[i] + base) & 255
    return out


def _bmp(op: str, data: bytes) -> np.ndarray:
    """An uncompressed BMP's pixels: 8-bit values as one channel (TF ignores a palette),
    24-bit BGR as RGB, 32-bit BGRA as RGBA; rows run bottom-up unless the height is
    negative."""
    try:
        offset, = struct.unpack("<I", data[10:14])
        width, height, _, depth, compression = struct.unpack("<iiHHI", data[18:34])
    except struct.error:
        raise _error(op, "Invalid BMP header") from None
    channels = depth // 8
    if depth not in (8, 24, 32) or compression not in (0, 3) or width <= 0 or height == 0:
        raise _error(op, f"Unsupported BMP: {depth} bits per pixel, compression {compression}")
    rows, stride = abs(height), (width * channels + 3) // 4 * 4
    body = np.frombuffer(data, np.uint8, count=min(len(data) - offset, rows * stride),
                         offset=min(offset, len(data)))
    if body.size < rows * stride:
        raise _error(op, f"Invalid BMP: {len(data)} bytes hold fewer than {rows} rows")
    px = body.reshape(rows, stride)[:, :width * channels].reshape(rows, width, channels)
    if height > 0:
        px = px[::-1]
    if channels >= 3:
        px = np.concatenate([px[..., 2::-1], px[..., 3:]], axis=-1)
    return np.ascontiguousarray(px)[None]


def _is_16bit_colour_png(data: bytes) -> bool:
    return len(data) > 25 and data[24] == 16 and data[25] in (2, 4, 6)


def _pillow_frames(op: str, data: bytes, fmt: str) -> np.ndarray:
    """(frames, height, width, channels) pixels of a PNG, GIF or WebP, by Pillow."""
    image = _pillow()
    try:
        im = image.open(io.BytesIO(data))
        frames = []
        for i in range(getattr(im, "n_frames", 1)):
            im.seek(i)
            frames.append(_pixels(im.convert("RGB") if fmt == "GIF" else im))
    except (OSError, ValueError, SyntaxError, struct.error, EOFError):
        # (TF's WebP decoder words its failure as its own; the others as libpng/giflib's)
        raise _error(op, "Failed to decode WebP image." if fmt == "WebP" else
                     f"Invalid {fmt}. Failed to initialize decoder.") from None
    return np.stack(frames)


def _pixels(im: Any) -> np.ndarray:
    """One Pillow image's pixels as (height, width, channels), keeping 16-bit grey."""
    mode = im.mode
    if mode == "P" or mode == "PA":
        im = im.convert("RGBA" if "transparency" in im.info or mode == "PA" else "RGB")
    elif mode == "1":
        im = im.convert("L")
    elif mode.startswith("I"):
        return np.asarray(im).astype(np.uint16)[..., None]
    elif mode not in ("L", "LA", "RGB", "RGBA"):
        im = im.convert("RGBA" if "A" in mode else "RGB")
    px = np.asarray(im)
    px = px[..., None] if px.ndim == 2 else px
    key = im.info.get("transparency") if im.mode in ("L", "RGB") else None
    if key is not None:  # a tRNS colour key becomes an alpha channel, as libpng's tRNS_to_alpha
        hit = np.all(px == np.asarray(key).reshape(-1)[:px.shape[-1]], axis=-1)
        px = np.concatenate([px, np.where(hit, 0, 255).astype(np.uint8)[..., None]], axis=-1)
    return px


def _decode(op: str, contents: Any, channels: int = 0, dtype: dt.DType = dt.uint8,
            expand_animations: bool = True, **jpeg: Any) -> np.ndarray:
    """Every Decode* op: the image (height, width, channels), or its frames."""
    if channels not in (0, 1, 3, 4):
        raise _error(op, f"`channels` must be 0, 1, 3 or 4 but got {channels}")
    data = bytes(contents[()] if isinstance(contents, np.ndarray) else contents)
    if not data:  # every decoder, as TF
        raise _error(op, "Input is empty.")
    fmt = _format(data)
    if fmt is None:
        raise _error(op, _UNKNOWN)
    if fmt == "GIF" and len(data) < 13:  # giflib's words: no room for the screen descriptor
        raise _error(op, f"Invalid GIF data (size {len(data)}), failed to open gif file: No "
                         "screen descriptor detected")
    if fmt == "BMP" and len(data) < 32:
        raise _error(op, "Incomplete bmp content, requires at least 32 bytes to find the header "
                         f"size, width, height, and bpp, got {len(data)} bytes")
    if op == "DecodeBmp" and fmt not in ("BMP", "JXL"):
        raise _error(op, f"Trying to decode {fmt} format using DecodeBmp op. Use "
                     f"`decode_{fmt.lower()}` or `decode_image` instead.")
    if fmt == "BMP" and op not in ("DecodeBmp", "DecodeImage"):
        raise _error(op, "Trying to decode BMP format using a wrong op. Use `decode_bmp` or "
                     f"`decode_image` instead. Op used: {op}")
    if fmt == "WebP" and dtype is not dt.uint8:
        raise _error(op, "WebP only supports uint8 for dtype")
    if fmt == "BMP" and channels == 1:
        raise _error(op, f"`channels` must be 0, 3 or 4 for BMP, but got {channels}")
    if fmt == "GIF" and channels not in (0, 3):
        raise _error(op, f"channels must be 0 or 3 for GIF, got {channels}")
    if fmt == "WebP" and channels == 1:
        raise _error(op, "WebP only supports 3 or 4 channels")
    if fmt == "GIF" and op == "DecodeJxl":
        raise _error(op, "Bad op type DecodeJxl")
    if fmt == "JXL":
        return _jxl_pixels(op, data, channels, dtype)
    if fmt == "JPEG":
        px = _jpeg(op, data, channels, **jpeg)
    elif fmt == "BMP":
        px = _bmp(op, data)
    elif fmt == "PNG" and _is_16bit_colour_png(data):
        px = _png_rows(op, data)
    else:
        px = _pillow_frames(op, data, fmt)
        if fmt == "WebP" and channels not in (0, px.shape[-1]):
            raise _error(op, "Number of channels requested does not match input")
    top = 65535 if px.dtype == np.uint16 else 255
    px = _to_dtype(_to_channels(px, channels, top), dtype, fmt == "PNG")
    if op == "DecodeGif" or fmt == "WebP" and op != "DecodeImage":
        return px
    if fmt in ("GIF", "WebP") and op == "DecodeImage" and expand_animations:
        return px
    if len(px) > 1 and op != "DecodeImage":
        raise _error(op, f"Got {len(px)} frames, but animated gifs can only be decoded by "
                     "tf.io.decode_gif or tf.io.decode_image")
    return px[0]


def _jxl_pixels(op: str, data: bytes, channels: int, dtype: dt.DType) -> np.ndarray:
    """A JPEG XL under any decode op: one frame, 8 bits, its own channels (none converted)."""
    if dtype is not dt.uint8:
        raise _error(op, "JXL only supports uint8 for dtype")
    px = _jxl(op, data)
    if op == "DecodeGif":  # (DecodeGif asks every decoder for 3 channels)
        channels = 3
    if channels not in (0, px.shape[-1]):
        raise _error(op, "Number of channels requested does not match input")
    return px


# ---------------------------------------------------------------------------------------
# The ops
# ---------------------------------------------------------------------------------------

def _check_contents(op: str, contents: Any) -> None:
    C.check_string(op, contents)
    if contents._shape is not None and len(contents._shape) != 0:
        dims = ",".join(str(d) for d in contents._shape)
        raise _error(op, f"`contents` must be scalar but got shape[{dims}]")


def _check_dtype(op: str, dtype: Any, allowed: frozenset) -> None:
    C.dtype_attr(op, dtype)
    if dtype not in allowed:
        raise C.not_supported(op, dtype, allowed, "dtype")


_DTYPES = {"DecodePng": frozenset((dt.uint8, dt.uint16)), "DecodeWebP": frozenset((dt.uint8,)),
           "DecodeJxl": frozenset((dt.uint8,))}


def _infer(op: str):
    def infer(contents: Any, *, channels: int = 0, dtype: dt.DType = dt.uint8,
              expand_animations: bool = True, **jpeg: Any) -> list:
        _check_contents(op, contents)
        _check_dtype(op, dtype, _DTYPES.get(op, frozenset((dt.uint8, dt.uint16, dt.float32))))
        # (its kernel reads channels, and a JPEG's ratio, as int32s as it is made)
        for what, v in (("channels", channels), ("ratio", jpeg.get("ratio", 1))):
            AV.int_attr(op, v, what)
        if op == "DecodeJpeg":
            if jpeg["ratio"] not in (1, 2, 4, 8):
                raise _error(op, f"ratio must be 1, 2, 4, or 8, got {jpeg['ratio']}")
            if jpeg["dct_method"] not in ("", "INTEGER_FAST", "INTEGER_ACCURATE"):
                raise _error(op, "dct_method must be one of {'', 'INTEGER_FAST', "
                             "'INTEGER_ACCURATE'}")
        last = None if channels == 0 else channels
        if op == "DecodeGif":
            return [((None, None, None, 3), dtype)]
        if op == "DecodeWebP":  # frames first, a still image's too (one frame)
            return [((None, None, None, last), dtype)]
        if op == "DecodeImage" and expand_animations:
            return [(None, dtype)]
        return [((None, None, last), dtype)]
    return infer


def _kernel(op: str):
    def kernel(xp: Any, contents: Any, **attrs: Any) -> np.ndarray:
        return _decode(op, contents, **attrs)
    return kernel


# Samples: images encoded here from known pixels (the reference returns those pixels);
# JPEGs are lossy, so their reference is Pillow's decoder (libjpeg's accurate DCT).
_SOURCES: dict = {}
_DEFAULTS = {
    "DecodePng": {"channels": 0, "dtype": dt.uint8},
    "DecodeImage": {"channels": 0, "dtype": dt.uint8, "expand_animations": True},
    "DecodeJpeg": {"channels": 0, "ratio": 1, "fancy_upscaling": True,
                   "try_recover_truncated": False, "acceptable_fraction": 1.0,
                   "dct_method": ""},
    "DecodeBmp": {"channels": 0},
    "DecodeGif": {},
    "DecodeWebP": {"channels": 0, "dtype": dt.uint8},
    "DecodeJxl": {"channels": 0, "dtype": dt.uint8},
}


def png_chunk(kind: bytes, body: bytes) -> bytes:
    """One PNG chunk: the body's length, the chunk's kind, the body, their CRC-32."""
    return struct.pack(">I", len(body)) + kind + body + \
        struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png_head(height: int, width: int, channels: int, depth: int) -> bytes:
    """A PNG's signature and IHDR chunk, for 1 to 4 channels (grey, grey and alpha, RGB,
    RGBA) of `depth` bits, deflated, non-interlaced."""
    colour = {1: 0, 2: 4, 3: 2, 4: 6}[channels]
    return _PNG_SIGNATURE + png_chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth,
                                                           colour, 0, 0, 0))


def _png_bytes(px: np.ndarray) -> bytes:
    """A PNG of (height, width, channels) uint8 or uint16 pixels, every row unfiltered."""
    height, width, channels = px.shape
    depth = 16 if px.dtype == np.uint16 else 8
    rows = b"".join(b"\x00" + px[y].astype(">u2" if depth == 16 else np.uint8).tobytes()
                    for y in range(height))
    return (png_head(height, width, channels, depth) + png_chunk(b"IDAT", zlib.compress(rows))
            + png_chunk(b"IEND", b""))


def _bmp_bytes(px: np.ndarray) -> bytes:
    """A 24-bit BMP of (height, width, 3) uint8 pixels."""
    height, width, _ = px.shape
    pad = (-3 * width) % 4
    rows = b"".join(px[y, :, ::-1].tobytes() + b"\0" * pad for y in range(height - 1, -1, -1))
    info = struct.pack("<IiiHHIIiiII", 40, width, height, 1, 24, 0, len(rows), 2835, 2835, 0, 0)
    return b"BM" + struct.pack("<IHHI", 54 + len(rows), 0, 0, 54) + info + rows


def _gif_bytes(indices: np.ndarray, palette: np.ndarray) -> bytes:
    """A GIF of palette indices (Pillow writes it; the palette keeps the pixels exact)."""
    im = _pillow().fromarray(indices.astype(np.uint8), "P")
    im.putpalette(palette.astype(np.uint8).reshape(-1).tolist())
    out = io.BytesIO()
    im.save(out, "GIF")
    return out.getvalue()


def _sample(op: str, data: bytes, source: np.ndarray | None, **attrs: Any) -> Sample:
    contents = np.empty((), dtype=object)
    contents[()] = data
    if source is not None:
        _SOURCES[data] = source
    return Sample((contents,), {**_DEFAULTS[op], **attrs}, grad=False)


def _lossless_samples(op: str) -> list:
    rng = np.random.default_rng(19)

    def px(h: int, w: int, c: int, top: int = 256) -> np.ndarray:
        return rng.integers(0, top, (h, w, c)).astype(np.uint16 if top > 256 else np.uint8)

    grey, rgb, rgba, rgb16, grey16 = px(3, 4, 1), px(2, 5, 3), px(4, 3, 4), \
        px(3, 2, 3, 65536), px(2, 3, 1, 65536)
    return [_sample(op, _png_bytes(rgb), rgb), _sample(op, _png_bytes(grey), grey, channels=3),
            _sample(op, _png_bytes(rgba), rgba, channels=1),
            _sample(op, _png_bytes(rgba), rgba, channels=3, dtype=dt.uint16),
            _sample(op, _png_bytes(rgb16), rgb16, dtype=dt.uint16),
            _sample(op, _png_bytes(rgb16), rgb16, channels=4),
            _sample(op, _png_bytes(grey16), grey16, channels=3, dtype=dt.uint16)]


def _gif_samples() -> list:
    rng = np.random.default_rng(5)
    palette = rng.integers(0, 256, (4, 3))
    indices = rng.integers(0, 4, (3, 5))
    return [_sample("DecodeGif", _gif_bytes(indices, palette), palette[indices][None])]


def _webp_bytes(px: np.ndarray) -> bytes:
    """A lossless WebP of (height, width, 3 or 4) uint8 pixels (Pillow writes it)."""
    out = io.BytesIO()
    _pillow().fromarray(px).save(out, "WEBP", lossless=True)
    return out.getvalue()


def _webp_samples() -> list:
    rng = np.random.default_rng(11)
    rgb = rng.integers(0, 256, (3, 5, 3)).astype(np.uint8)
    rgba = rng.integers(0, 256, (4, 2, 4)).astype(np.uint8)
    return [_sample("DecodeWebP", _webp_bytes(rgb), rgb[None]),
            _sample("DecodeWebP", _webp_bytes(rgb), rgb[None], channels=3),
            _sample("DecodeWebP", _webp_bytes(rgba), rgba[None])]


def _jxl_samples() -> list:
    """(none without the jxl extra: the op then refuses every call, as
    tests/ops/test_decode_jxl_without_extra.py checks)"""
    if importlib.util.find_spec("imagecodecs") is None:
        return []
    rng = np.random.default_rng(13)
    encode = _imagecodecs().jpegxl_encode
    grey, rgb, rgba = (rng.integers(0, 256, shape).astype(np.uint8)
                       for shape in ((3, 4), (2, 5, 3), (4, 3, 4)))
    rgb_file = encode(rgb, lossless=True)
    return [_sample("DecodeJxl", rgb_file, rgb), _sample("DecodeJxl", rgb_file, rgb, channels=3),
            _sample("DecodeJxl", encode(rgba, lossless=True), rgba),
            _sample("DecodeJxl", encode(grey, lossless=True), grey[..., None], channels=1)]


def _jpeg_samples() -> list:
    rng = np.random.default_rng(7)
    smooth = np.clip(np.add.outer(np.arange(8) * 20, np.arange(8) * 9)[..., None]
                     + rng.integers(0, 30, (8, 8, 3)), 0, 255).astype(np.uint8)
    data = _simplejpeg().encode_jpeg(smooth, quality=90)
    return [_sample("DecodeJpeg", data, None, dct_method="INTEGER_ACCURATE"),
            _sample("DecodeJpeg", data, None, channels=1, dct_method="INTEGER_ACCURATE")]


def _reference(contents: np.ndarray, channels: int = 0, dtype: dt.DType = dt.uint8,
               **_: Any) -> np.ndarray:
    """The sample's source pixels, converted pixel by pixel (or Pillow's JPEG decoding)."""
    data = bytes(contents[()])
    source = _SOURCES.get(data)
    if source is None:  # a JPEG sample
        source = np.asarray(_pillow().open(io.BytesIO(data)).convert(
            "L" if channels == 1 else "RGB"))
        return source.reshape(source.shape[:2] + (-1,))
    lead, source = source.shape[:-3], source.reshape(source.shape[-3:])
    out = np.empty(source.shape[:2] + (channels or source.shape[2],), np.int64)
    top = 65535 if source.dtype == np.uint16 else 255
    for y, x in np.ndindex(*source.shape[:2]):
        p = [int(v) for v in source[y, x]]
        half = 16384 if top == 65535 else 0
        grey = p[0] if len(p) <= 2 else (9797 * p[0] + 19234 * p[1] + 3737 * p[2] + half) >> 15
        colour = p[:3] if len(p) >= 3 else [p[0]] * 3
        alpha = p[-1] if len(p) in (2, 4) else top
        out[y, x] = {0: p, 1: [grey], 3: colour, 4: colour + [alpha]}[channels]
    if dtype is dt.uint8:
        out = out // 256 if top == 65535 else out
    else:
        out = out * 257 if top == 255 else out
        if dtype is dt.float32:
            out = out.astype(np.float32) * np.float32(1.0 / 65535)
    return out.astype(dtype.as_numpy_dtype).reshape(lead + out.shape)


def _bad(op: str) -> list:
    one = np.empty(1, dtype=object)
    one[0] = b"\x89PNG"
    junk = np.empty((), dtype=object)
    junk[()] = b"not an image"
    attrs = _DEFAULTS[op]
    out = [BadSample((one,), attrs, InvalidArgumentError, "must be scalar"),
           BadSample((junk,), attrs, InvalidArgumentError, "Unknown image file format"),
           BadSample((np.float32(1.0),), attrs, InvalidArgumentError, "string")]
    if "channels" in attrs:
        out.append(BadSample((junk,), {**attrs, "channels": 2}, InvalidArgumentError,
                             "must be 0, 1, 3 or 4"))
    return out


def _register(op: str, samples: Any) -> OpDef:
    return register(OpDef(op, _infer(op), _kernel(op), reference=_reference, samples=samples,
                          bad_samples=lambda: _bad(op), gpu=False))


DECODE_PNG = _register("DecodePng", lambda: _lossless_samples("DecodePng"))
DECODE_IMAGE = _register("DecodeImage", lambda: _lossless_samples("DecodeImage"))
DECODE_JPEG = _register("DecodeJpeg", _jpeg_samples)
DECODE_BMP = _register("DecodeBmp", lambda: [
    _sample("DecodeBmp", _bmp_bytes(s), s) for s in [
        np.random.default_rng(3).integers(0, 256, (3, 5, 3)).astype(np.uint8)]])
DECODE_GIF = _register("DecodeGif", _gif_samples)
DECODE_WEBP = _register("DecodeWebP", _webp_samples)
DECODE_JXL = _register("DecodeJxl", _jxl_samples)


# ---------------------------------------------------------------------------------------
# Public functions
# ---------------------------------------------------------------------------------------

def _contents(contents: Any, *ints: Any) -> Any:
    # (TF's wrappers convert Python and NumPy values to the op's string input: TypeError for
    # numbers; a tensor of another dtype reaches the op, which refuses it, unless an int
    # attr of `ints` sends the wrapper to its fallback, which converts tensors too)
    if isinstance(contents, Tensor) and AV.fast_path_ints(*ints):
        return contents
    return convert_to_tensor(contents, dtype=dt.string)


@dispatch_binding
@eager_api("contents")
def decode_png(contents: Any, channels: int = 0, dtype: Any = dt.uint8,
               name: str | None = None) -> Any:
    """`tf.io.decode_png`: a PNG (or any format but BMP) as uint8 or uint16 pixels."""
    attrs = AV.wrapper_attrs("DecodePng", channels=channels, dtype=dtype)
    return bind(DECODE_PNG, (_contents(contents, channels),), attrs, name)


@dispatch_binding
@eager_api("contents", "acceptable_fraction:float")
def decode_jpeg(contents: Any, channels: int = 0, ratio: int = 1, fancy_upscaling: bool = True,
                try_recover_truncated: bool = False, acceptable_fraction: float = 1,
                dct_method: str = "", name: str | None = None) -> Any:
    """`tf.io.decode_jpeg`: uint8 pixels, scaled down by `ratio` while decoding."""
    attrs = AV.wrapper_attrs("DecodeJpeg", channels=channels, ratio=ratio,
                             fancy_upscaling=fancy_upscaling,
                             try_recover_truncated=try_recover_truncated,
                             acceptable_fraction=acceptable_fraction, dct_method=dct_method)
    # TF's wrapper takes its slow path for the default acceptable_fraction, an int (its fast
    # path takes only a float), which converts the contents to a string tensor (ValueError
    # for another dtype) and names no `name` in its errors (eager_api)
    contents = convert_to_tensor(contents, dtype=dt.string)
    return bind(DECODE_JPEG, (contents,), attrs, name)


@dispatch_binding
@eager_api("contents")
def decode_gif(contents: Any, name: str | None = None) -> Any:
    """`tf.io.decode_gif`: every frame, (frames, height, width, 3) uint8."""
    return bind(DECODE_GIF, (_contents(contents),), {}, name)


@dispatch_binding
@eager_api("contents")
def decode_webp(contents: Any, channels: int = 0, dtype: Any = dt.uint8,
                name: str | None = None) -> Any:
    """`tf.io.decode_webp`: a WebP's frames, (frames, height, width, channels) uint8, a
    still image as one frame (other formats decode as decode_png reads them). TF 2.21
    aborts the process on an animated WebP unless `channels` names its channel count;
    eagerflow decodes its frames."""
    attrs = AV.wrapper_attrs("DecodeWebP", channels=channels, dtype=dtype)
    return bind(DECODE_WEBP, (_contents(contents, channels),), attrs, name)


@dispatch_binding
@eager_api("contents")
def decode_jxl(contents: Any, channels: int = 0, dtype: Any = dt.uint8,
               name: str | None = None) -> Any:
    """`tf.io.decode_jxl`: a JPEG XL's first frame as uint8 pixels, with its own channels
    (`channels` must be 0 or their count); other formats decode as decode_png reads them."""
    attrs = AV.wrapper_attrs("DecodeJxl", channels=channels, dtype=dtype)
    return bind(DECODE_JXL, (_contents(contents, channels),), attrs, name)


@dispatch_binding
@eager_api("contents")
def decode_bmp(contents: Any, channels: int = 0, name: str | None = None) -> Any:
    """`tf.io.decode_bmp`: a BMP's uint8 pixels (other formats are refused)."""
    attrs = AV.wrapper_attrs("DecodeBmp", channels=channels)
    return bind(DECODE_BMP, (_contents(contents, channels),), attrs, name)


@dispatch_binding
@eager_api("contents")
def decode_image(contents: Any, channels: int | None = None, dtype: Any = dt.uint8,
                 name: str | None = None, expand_animations: bool = True) -> Any:
    """`tf.io.decode_image`: any supported format; animations (GIF, WebP) give 4-D frames
    unless `expand_animations` is False. Dtypes other than uint8, uint16 and float32 are
    converted from uint16 by convert_image_dtype, as TF does."""
    # (its op's wrapper's attrs, checked before the contents: a bool attr a bool only)
    attrs = AV.wrapper_attrs("DecodeImage", channels=0 if channels is None else channels,
                             expand_animations=expand_animations)
    dtype = dt.as_dtype(dtype)
    native = dtype in (dt.uint8, dt.uint16, dt.float32)
    out = bind(DECODE_IMAGE, (_contents(contents, channels),), {
        **attrs, "dtype": dtype if native else dt.uint16})
    return out if native else convert_image_dtype(out, dtype)


def is_jpeg(contents: Any, name: str | None = None) -> Any:
    """`tf.io.is_jpeg`: whether the bytes start with JPEG's marker."""
    return equal(substr(_contents(contents), 0, 3), convert_to_tensor(b"\xff\xd8\xff"))
