"""keras.utils.image_dataset_from_directory: labelled image files as a tf.data pipeline.

Keras layer level, over tf.data and tf.io.decode_image. Files are indexed and split as
for text (dataset_utils.index_directory: Keras 3's order for the same seed); each is read,
decoded to `color_mode`'s channels and resized to `image_size` (optionally cropped or
padded to its aspect ratio first), as Keras 3 does on TensorFlow.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.keras.layers._utils import normalize_data_format
from eagerflow._src.keras.layers.preprocessing_image import smart_resize
from eagerflow._src.keras.utils.dataset_utils import (
    check_label_args,
    datasets_from_files,
    labels_dataset,
)
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import image as timg
from eagerflow._src.ops import image_bounds, io_ops
from eagerflow._src.ops.image_codecs import decode_image
from eagerflow._src.ops.misc_ops import ensure_shape

ALLOWLIST_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")
_INTERPOLATIONS = ("bilinear", "nearest", "bicubic", "area", "lanczos3", "lanczos5", "gaussian",
                   "mitchellcubic")


def _load_image(path: Any, image_size: tuple, num_channels: int, interpolation: str,
                data_format: str, crop_to_aspect_ratio: bool, pad_to_aspect_ratio: bool) -> Any:
    img = decode_image(io_ops.read_file(path), channels=num_channels, expand_animations=False)
    if pad_to_aspect_ratio and crop_to_aspect_ratio:
        raise ValueError("Only one of `pad_to_aspect_ratio`, `crop_to_aspect_ratio` can be "
                         "set to `True`.")
    if crop_to_aspect_ratio:
        if data_format == "channels_first":
            img = ta.transpose(img, (2, 0, 1))
        img = smart_resize(img, image_size, interpolation=interpolation,
                           data_format=data_format)
    else:
        if pad_to_aspect_ratio:
            img = image_bounds.resize_with_pad(img, image_size[0], image_size[1],
                                               method=interpolation)
        else:
            img = timg.resize(img, image_size, method=interpolation)
        if data_format == "channels_first":
            img = ta.transpose(img, (2, 0, 1))
    shape = (image_size[0], image_size[1], num_channels) if data_format == "channels_last" \
        else (num_channels, image_size[0], image_size[1])
    return ensure_shape(img, shape)


def _image_dataset(paths: list, labels: Any, label_mode: Any, num_classes: int, load: Any,
                   shuffle: bool, buffer: int, seed: Any) -> DatasetV2:
    ds = DatasetV2.from_tensor_slices(np.array(paths, dtype=object))
    if label_mode:
        ds = DatasetV2.zip((ds, labels_dataset(labels, label_mode, num_classes)))
    if shuffle:
        ds = ds.shuffle(buffer_size=buffer, seed=seed)
    if label_mode:
        return ds.map(lambda path, label: (load(path), label), num_parallel_calls=-1)
    return ds.map(load, num_parallel_calls=-1)


def image_dataset_from_directory(directory: str, labels: Any = "inferred",
                                 label_mode: Any = "int", class_names: Any = None,
                                 color_mode: str = "rgb", batch_size: int | None = 32,
                                 image_size: Any = (256, 256), shuffle: bool = True,
                                 seed: int | None = None, validation_split: float | None = None,
                                 subset: str | None = None, interpolation: str = "bilinear",
                                 follow_links: bool = False, crop_to_aspect_ratio: bool = False,
                                 pad_to_aspect_ratio: bool = False,
                                 data_format: str | None = None, format: str = "tf",  # noqa: A002
                                 verbose: bool = True) -> Any:
    """`keras.utils.image_dataset_from_directory`: a dataset of (image, label) batches
    from the image files (.bmp, .gif, .jpeg, .jpg, .png) of `directory`'s class folders."""
    labels, label_mode = check_label_args(labels, label_mode, class_names, "image")
    channels = {"rgb": 3, "rgba": 4, "grayscale": 1}.get(color_mode)
    if channels is None:
        raise ValueError('`color_mode` must be one of {"rgb", "rgba", "grayscale"}. '
                         f"Received: color_mode={color_mode}")
    if isinstance(image_size, int):
        image_size = (image_size, image_size)
    elif not isinstance(image_size, (list, tuple)) or len(image_size) != 2:
        raise ValueError("Invalid `image_size` value. Expected a tuple of 2 integers. "
                         f"Received: image_size={image_size}")
    interpolation = interpolation.lower()
    if interpolation not in _INTERPOLATIONS:
        raise ValueError(f"Argument `interpolation` should be one of {_INTERPOLATIONS}. "
                         f"Received: interpolation={interpolation}")
    if format not in ("tf", "grain"):
        raise ValueError(f'`format` should be either "tf" or "grain". Received: format={format}')
    if format == "grain":
        raise NotImplementedError('eagerflow builds tf.data pipelines only (format="tf")')

    def make(paths: list, labels: Any, label_mode: Any, num_classes: int, shuffle: bool,
             buffer: int, seed: Any) -> DatasetV2:
        # (Keras reads `data_format` only once the directory is indexed: an invalid one is
        # refused after the "Found N files" line)
        fmt = normalize_data_format(data_format)

        def load(path: Any) -> Any:
            return _load_image(path, tuple(image_size), channels, interpolation, fmt,
                               crop_to_aspect_ratio, pad_to_aspect_ratio)
        return _image_dataset(paths, labels, label_mode, num_classes, load, shuffle, buffer,
                              seed)

    out = datasets_from_files(
        directory, ALLOWLIST_FORMATS, make,
        lambda kind: f"No {kind}images found in directory {directory}. Allowed formats: "
                     f"{ALLOWLIST_FORMATS}",
        labels, label_mode, class_names, batch_size, shuffle, seed, validation_split, subset,
        follow_links, verbose)
    for ds, paths in out:
        ds.file_paths = paths
    return [ds for ds, _ in out] if subset == "both" else out[0][0]
