"""keras.utils' image-file helpers on a fixed 6x9 RGB image (image_utils_golden.json,
written by make_image_utils_golden.py). `make_image(dir)` writes the image; each case is
an expression over `u` (keras.utils), `np`, `path` and `tmp` (a directory)."""

from __future__ import annotations

from pathlib import Path

import numpy as np


def make_image(directory: Path) -> str:
    """A 6x9 RGB PNG of fixed pixels (lossless, so every Pillow reads the same values)."""
    from PIL import Image

    rows = np.arange(6 * 9 * 3, dtype=np.int64).reshape(6, 9, 3)
    pixels = ((rows * 37) % 256).astype("uint8")
    path = directory / "fixed.png"
    Image.fromarray(pixels, "RGB").save(path)
    return str(path)


CASES = [
    "u.img_to_array(u.load_img(path))",
    "u.img_to_array(u.load_img(path, target_size=(4, 5)))",
    "u.img_to_array(u.load_img(path, target_size=(4, 5), interpolation='bilinear'))",
    "u.img_to_array(u.load_img(path, target_size=(3, 3), interpolation='bicubic', "
    "keep_aspect_ratio=True))",
    "u.img_to_array(u.load_img(path, color_mode='grayscale'))",
    "u.img_to_array(u.load_img(path, color_mode='rgba', target_size=(2, 2)))",
    "u.img_to_array(u.load_img(path), data_format='channels_first', dtype='int32')",
    "u.img_to_array(u.load_img(path, color_mode='grayscale'), data_format='channels_first')",
    "u.img_to_array(u.array_to_img(np.arange(12.0).reshape(2, 2, 3)))",
    "u.img_to_array(u.array_to_img(np.arange(12.0).reshape(2, 2, 3), scale=False))",
    "u.img_to_array(u.array_to_img(np.arange(4.0).reshape(2, 2, 1) * 1000, scale=False))",
    "u.array_to_img(np.zeros((2, 2, 4))).mode",
    "u.array_to_img(np.zeros((3, 2, 2)), data_format='channels_first').size",
    "u.save_img(tmp + '/out.png', np.arange(12.0).reshape(2, 2, 3)) or "
    "u.img_to_array(u.load_img(tmp + '/out.png'))",
    "u.load_img(path, color_mode='cmyk')",
    "u.load_img(path, target_size=(2, 2), interpolation='cubic')",
    "u.load_img(42)",
    "u.array_to_img(np.zeros((2, 2)))",
    "u.array_to_img(np.zeros((2, 2, 2)))",
    "u.img_to_array(np.zeros((2, 2, 2, 2)))",
]
