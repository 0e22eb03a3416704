"""keras.utils' image files: load_img, img_to_array, array_to_img, save_img.

Sits in keras/utils/. Images are PIL images, as Keras's are; Pillow is the optional
`image` extra, imported on first use. Arrays follow Keras's layout rules (channels last
by default, a grayscale image gaining a channel axis) and its min-max scaling to 0-255.
"""

from __future__ import annotations

import io
import pathlib
import warnings
from typing import Any

import numpy as np

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.layers._utils import normalize_data_format

# Keras's names of Pillow's resampling filters (their values are Pillow's enum)
INTERPOLATIONS = {"nearest": 0, "bilinear": 2, "bicubic": 3, "hamming": 5, "box": 4,
                  "lanczos": 1}


def _pil(what: str) -> Any:
    try:
        from PIL import Image
    except ImportError:
        raise ImportError(f"Could not import PIL.Image. The use of `{what}` requires PIL.") \
            from None
    return Image


def array_to_img(x: Any, data_format: str | None = None, scale: bool = True,
                 dtype: Any = None) -> Any:
    """A rank-3 array as a PIL image (RGBA, RGB or grayscale by its channels), scaled to
    0-255 from its own min and max unless `scale` is False."""
    image = _pil("array_to_img")
    x = np.asarray(x, dtype=dtype or kb.floatx())
    if x.ndim != 3:
        raise ValueError(f"Expected image array to have rank 3 (single image). Got array "
                         f"with shape: {x.shape}")
    if normalize_data_format(data_format) == "channels_first":
        x = x.transpose(1, 2, 0)
    if scale:
        x = x - np.min(x)
        top = np.max(x)
        if top != 0:
            x /= top
        x *= 255
    channels = x.shape[2]
    if channels in (3, 4):
        return image.fromarray(x.astype("uint8"), "RGBA" if channels == 4 else "RGB")
    if channels == 1:
        if np.max(x) > 255:  # a 32-bit grayscale image: PIL's mode "I"
            return image.fromarray(x[:, :, 0].astype("int32"), "I")
        return image.fromarray(x[:, :, 0].astype("uint8"), "L")
    raise ValueError(f"Unsupported channel number: {channels}")


def img_to_array(img: Any, data_format: str | None = None, dtype: Any = None) -> np.ndarray:
    """A PIL image (or array) as a float array of shape (height, width, channels)."""
    x = np.asarray(img, dtype=dtype or kb.floatx())
    first = normalize_data_format(data_format) == "channels_first"
    if x.ndim == 3:
        return x.transpose(2, 0, 1) if first else x
    if x.ndim == 2:
        return x.reshape((1,) + x.shape if first else x.shape + (1,))
    raise ValueError(f"Unsupported image shape: {x.shape}")


def save_img(path: Any, x: Any, data_format: str | None = None, file_format: str | None = None,
             scale: bool = True, **kwargs: Any) -> None:
    """Writes array `x` as an image file, its format from `file_format` or the suffix."""
    if file_format is None and isinstance(path, (str, pathlib.Path)):
        file_format = pathlib.Path(path).suffix[1:].lower()
    if file_format and file_format.lower() == "jpg":
        file_format = "jpeg"
    img = array_to_img(x, data_format=data_format, scale=scale)
    if img.mode == "RGBA" and file_format == "jpeg":
        warnings.warn("The JPEG format does not support RGBA images, converting to RGB.",
                      stacklevel=2)
        img = img.convert("RGB")
    img.save(path, format=file_format, **kwargs)


def load_img(path: Any, color_mode: str = "rgb", target_size: Any = None,
             interpolation: str = "nearest", keep_aspect_ratio: bool = False) -> Any:
    """An image file as a PIL image in `color_mode`, resized to `target_size` (height,
    width), centre-cropped to its aspect ratio first when `keep_aspect_ratio`."""
    image = _pil("load_img")
    if isinstance(path, io.BytesIO):
        img = image.open(path)
    elif isinstance(path, (pathlib.Path, bytes, str)):
        with open(str(path.resolve()) if isinstance(path, pathlib.Path) else path, "rb") as f:
            img = image.open(io.BytesIO(f.read()))
    else:
        raise TypeError(f"path should be path-like or io.BytesIO, not {type(path)}")
    img = _converted(img, color_mode)
    if target_size is None:
        return img
    size = (target_size[1], target_size[0])
    if img.size == size:
        return img
    if interpolation not in INTERPOLATIONS:
        raise ValueError(f"Invalid interpolation method {interpolation} specified. Supported "
                         f"methods are {', '.join(INTERPOLATIONS)}")
    resample = INTERPOLATIONS[interpolation]
    if not keep_aspect_ratio:
        return img.resize(size, resample)
    width, height = img.size
    crop_w = min(width, (height * size[0]) // size[1])
    crop_h = min(height, (width * size[1]) // size[0])
    left, top = (width - crop_w) // 2, (height - crop_h) // 2
    return img.resize(size, resample, box=[left, top, left + crop_w, top + crop_h])


def _converted(img: Any, color_mode: str) -> Any:
    if color_mode == "grayscale":
        return img if img.mode in ("L", "I;16", "I") else img.convert("L")
    if color_mode in ("rgb", "rgba"):
        mode = color_mode.upper()
        return img if img.mode == mode else img.convert(mode)
    raise ValueError('color_mode must be "grayscale", "rgb", or "rgba"')
