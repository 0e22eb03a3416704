"""tf.keras.preprocessing.image's Keras 1 augmentation as Keras 3.15 keeps it:
ImageDataGenerator, its iterators (Iterator, NumpyArrayIterator, DirectoryIterator) and the
single-image functions (apply_affine_transform, apply_brightness_shift, apply_channel_shift,
random_rotation/shift/shear/zoom/channel_shift/brightness).

Keras layer level, NumPy arrays in and out, no tensors: the random draws are NumPy's
global generator's in Keras's order (keras.utils.set_random_seed seeds it, as do the
iterators' `seed`), the geometric warps are SciPy's ndimage.affine_transform (the `scipy`
extra, as Keras needs it) and the brightness shift Pillow's ImageEnhance (the `image`
extra). Deprecated in Keras in favour of the preprocessing layers, kept because old
training scripts still use them.
"""

from __future__ import annotations

import math
import os
import threading
import warnings
from typing import Any, Callable, Generator

import numpy as np

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.data_adapter import PyDataset
from eagerflow._src.keras.utils.image_utils import array_to_img, img_to_array, load_img

WHITE_LIST_FORMATS = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")


# ---------------------------------------------------------------------------------------
# Single-image transforms
# ---------------------------------------------------------------------------------------

def _ndimage() -> Any:
    try:
        import scipy.ndimage
    except ImportError:
        raise ImportError("This requires the scipy module. You can install it via `pip "
                          "install scipy`") from None
    return scipy.ndimage


def _centred(matrix: np.ndarray, height: int, width: int) -> np.ndarray:
    """The map about the image's centre rather than its corner."""
    oy, ox = float(height) / 2 - 0.5, float(width) / 2 - 0.5
    to_centre = np.array([[1, 0, oy], [0, 1, ox], [0, 0, 1]])
    back = np.array([[1, 0, -oy], [0, 1, -ox], [0, 0, 1]])
    return to_centre @ matrix @ back


def apply_affine_transform(x: np.ndarray, theta: float = 0, tx: float = 0, ty: float = 0,
                           shear: float = 0, zx: float = 1, zy: float = 1, row_axis: int = 1,
                           col_axis: int = 2, channel_axis: int = 0,
                           fill_mode: str = "nearest", cval: float = 0.0,
                           order: int = 1) -> np.ndarray:
    """One image (rank 3) rotated by theta degrees, shifted by (tx, ty) pixels along
    (rows, columns), sheared by `shear` degrees and zoomed by (zx, zy), about its centre;
    each channel resampled by scipy.ndimage.affine_transform (spline `order`,
    `fill_mode`, `cval`)."""
    if np.unique([row_axis, col_axis, channel_axis]).size != 3:
        raise ValueError("'row_axis', 'col_axis', and 'channel_axis' must be distinct")
    axes = {row_axis, col_axis, channel_axis}
    if axes != {0, 1, 2}:
        raise ValueError(f"Invalid axis' indices: {axes - {0, 1, 2}}")
    if x.ndim != 3:
        raise ValueError("Input arrays must be multi-channel 2D images.")
    if channel_axis not in [0, 2]:
        raise ValueError("Channels are allowed and the first and last dimensions.")
    matrices = []
    if theta != 0:
        t = np.deg2rad(theta)
        matrices.append(np.array([[np.cos(t), -np.sin(t), 0], [np.sin(t), np.cos(t), 0],
                                  [0, 0, 1]]))
    if tx != 0 or ty != 0:
        matrices.append(np.array([[1, 0, tx], [0, 1, ty], [0, 0, 1]]))
    if shear != 0:
        s = np.deg2rad(shear)
        matrices.append(np.array([[1, -np.sin(s), 0], [0, np.cos(s), 0], [0, 0, 1]]))
    if zx != 1 or zy != 1:
        matrices.append(np.array([[zx, 0, 0], [0, zy, 0], [0, 0, 1]]))
    if not matrices:
        return x
    matrix = matrices[0]
    for m in matrices[1:]:
        matrix = np.dot(matrix, m)
    matrix = _centred(matrix, x.shape[row_axis], x.shape[col_axis])
    if col_axis > row_axis:  # (ndimage's first axis is the rows: swap x and y)
        matrix[:, [0, 1]] = matrix[:, [1, 0]]
        matrix[[0, 1]] = matrix[[1, 0]]
    ndimage = _ndimage()
    planes = np.rollaxis(x, channel_axis, 0)
    warped = np.stack([ndimage.affine_transform(plane, matrix[:2, :2], matrix[:2, 2],
                                                order=order, mode=fill_mode, cval=cval)
                       for plane in planes], axis=0)
    return np.rollaxis(warped, 0, channel_axis + 1)


def apply_channel_shift(x: np.ndarray, intensity: float, channel_axis: int = 0) -> np.ndarray:
    """`intensity` added to every channel, clipped to the image's own min and max."""
    planes = np.rollaxis(x, channel_axis, 0)
    low, high = np.min(planes), np.max(planes)
    shifted = np.stack([np.clip(p + intensity, low, high) for p in planes], axis=0)
    return np.rollaxis(shifted, 0, channel_axis + 1)


def apply_brightness_shift(x: np.ndarray, brightness: float, scale: bool = True) -> np.ndarray:
    """Pillow's ImageEnhance.Brightness by `brightness` (the image scaled to 0-255 first
    when `scale` or when it lies outside 0-255; brought back to its range when not
    `scale`)."""
    try:
        from PIL import ImageEnhance
    except ImportError:
        raise ImportError("Could not import PIL.Image. The use of `array_to_img` requires "
                          "PIL.") from None
    low, high = np.min(x), np.max(x)
    outside = (low < 0) or (high > 255)
    img = ImageEnhance.Brightness(array_to_img(x, scale=outside or scale)).enhance(brightness)
    out = img_to_array(img)
    if not scale and outside:
        out = out / 255 * (high - low) + low
    return out


def random_rotation(x: np.ndarray, rg: float, row_axis: int = 1, col_axis: int = 2,
                    channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                    interpolation_order: int = 1) -> np.ndarray:
    """Rotated by a uniform angle in [-rg, rg] degrees."""
    theta = np.random.uniform(-rg, rg)
    return apply_affine_transform(x, theta=theta, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shift(x: np.ndarray, wrg: float, hrg: float, row_axis: int = 1, col_axis: int = 2,
                 channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                 interpolation_order: int = 1) -> np.ndarray:
    """Shifted by uniform fractions of its height (hrg) and width (wrg)."""
    h, w = x.shape[row_axis], x.shape[col_axis]
    tx = np.random.uniform(-hrg, hrg) * h
    ty = np.random.uniform(-wrg, wrg) * w
    return apply_affine_transform(x, tx=tx, ty=ty, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_shear(x: np.ndarray, intensity: float, row_axis: int = 1, col_axis: int = 2,
                 channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                 interpolation_order: int = 1) -> np.ndarray:
    """Sheared by a uniform angle in [-intensity, intensity] degrees."""
    shear = np.random.uniform(-intensity, intensity)
    return apply_affine_transform(x, shear=shear, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_zoom(x: np.ndarray, zoom_range: Any, row_axis: int = 1, col_axis: int = 2,
                channel_axis: int = 0, fill_mode: str = "nearest", cval: float = 0.0,
                interpolation_order: int = 1) -> np.ndarray:
    """Zoomed by two uniform draws from zoom_range (rows, columns)."""
    if len(zoom_range) != 2:
        raise ValueError("`zoom_range` should be a tuple or list of two floats. Received: "
                         f"{zoom_range}")
    if zoom_range[0] == 1 and zoom_range[1] == 1:
        zx, zy = 1, 1
    else:
        zx, zy = np.random.uniform(zoom_range[0], zoom_range[1], 2)
    return apply_affine_transform(x, zx=zx, zy=zy, row_axis=row_axis, col_axis=col_axis,
                                  channel_axis=channel_axis, fill_mode=fill_mode, cval=cval,
                                  order=interpolation_order)


def random_channel_shift(x: np.ndarray, intensity_range: float,
                         channel_axis: int = 0) -> np.ndarray:
    intensity = np.random.uniform(-intensity_range, intensity_range)
    return apply_channel_shift(x, intensity, channel_axis=channel_axis)


def random_brightness(x: np.ndarray, brightness_range: Any, scale: bool = True) -> np.ndarray:
    if len(brightness_range) != 2:
        raise ValueError("`brightness_range should be tuple or list of two floats. Received: "
                         f"{brightness_range}")
    u = np.random.uniform(brightness_range[0], brightness_range[1])
    return apply_brightness_shift(x, u, scale)


def flip_axis(x: np.ndarray, axis: int) -> np.ndarray:
    return np.flip(np.asarray(x), axis)


# ---------------------------------------------------------------------------------------
# Iterators
# ---------------------------------------------------------------------------------------

class Iterator(PyDataset):
    """Batches of `n` samples: indexable (a PyDataset, reshuffled at each epoch's end) and
    an endless Python iterator; with `seed`, NumPy's generator is reseeded with seed + the
    number of batches seen before each batch, as Keras does."""

    white_list_formats = WHITE_LIST_FORMATS

    def __init__(self, n: int, batch_size: int, shuffle: bool, seed: int | None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.n, self.batch_size, self.seed, self.shuffle = n, batch_size, seed, shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array: np.ndarray | None = None
        self.index_generator = self._flow_index()

    def _set_index_array(self) -> None:
        self.index_array = np.random.permutation(self.n) if self.shuffle else np.arange(self.n)

    def _reseed(self) -> None:
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)

    def __getitem__(self, idx: int) -> Any:
        if idx >= len(self):
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length "
                             f"{len(self)}")
        self._reseed()
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        return self._get_batches_of_transformed_samples(
            self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)])

    def __len__(self) -> int:
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self) -> None:
        self._set_index_array()

    def reset(self) -> None:
        self.batch_index = 0

    def _flow_index(self) -> Generator:
        """Each batch's indices, epoch after epoch (the last batch of an epoch may be
        short)."""
        self.reset()
        while True:
            self._reseed()
            if self.batch_index == 0:
                self._set_index_array()
            start = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            self.batch_index = self.batch_index + 1 if self.n > start + self.batch_size else 0
            self.total_batches_seen += 1
            yield self.index_array[start:start + self.batch_size]

    def __iter__(self) -> Iterator:
        return self

    def __next__(self) -> Any:
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        raise NotImplementedError


def _saved_name(prefix: str, index: int, high: float, save_format: str) -> str:
    return f"{prefix}_{index}_{np.random.randint(high)}.{save_format}"


class NumpyArrayIterator(Iterator):
    """`ImageDataGenerator.flow`'s iterator: batches of x (rank 4; or [x, *extra arrays])
    each image through the generator's random transform and standardize, with y and
    sample_weight alongside."""

    def __init__(self, x: Any, y: Any, image_data_generator: Any, batch_size: int = 32,
                 shuffle: bool = False, sample_weight: Any = None, seed: int | None = None,
                 data_format: str | None = None, save_to_dir: str | None = None,
                 save_prefix: str = "", save_format: str = "png", subset: str | None = None,
                 ignore_class_split: bool = False, dtype: Any = None) -> None:
        data_format = data_format or kb.image_data_format()
        self.dtype = dtype = dtype or kb.floatx()
        x_misc: list = []
        if isinstance(x, (tuple, list)):
            x_misc = [np.asarray(m) for m in (x[1] if isinstance(x[1], list) else [x[1]])]
            x = x[0]
            for m in x_misc:
                if len(x) != len(m):
                    raise ValueError("All of the arrays in `x` should have the same length. "
                                     f"Found a pair with: len(x[0]) = {len(x)}, len(x[?]) = "
                                     f"{len(m)}")
        if y is not None and len(x) != len(y):
            raise ValueError("`x` (images tensor) and `y` (labels) should have the same length. "
                             f"Found: x.shape = {np.asarray(x).shape}, y.shape = "
                             f"{np.asarray(y).shape}")
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError("`x` (images tensor) and `sample_weight` should have the same "
                             f"length. Found: x.shape = {np.asarray(x).shape}, "
                             f"sample_weight.shape = {np.asarray(sample_weight).shape}")
        if subset is not None:
            x, x_misc, y = self._split(x, x_misc, y, subset, image_data_generator,
                                       ignore_class_split)
        self.x = np.asarray(x, dtype=dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You passed "
                             f"an array with shape {self.x.shape}")
        channels_axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in {1, 3, 4}:
            warnings.warn(f'NumpyArrayIterator is set to use the data format convention '
                          f'"{data_format}" (channels on axis {channels_axis}), i.e. expected '
                          f"either 1, 3, or 4 channels on axis {channels_axis}. However, it "
                          f"was passed an array with shape {self.x.shape} "
                          f"({self.x.shape[channels_axis]} channels).", stacklevel=2)
        self.y = None if y is None else np.asarray(y)
        self.sample_weight = None if sample_weight is None else np.asarray(sample_weight)
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir, self.save_prefix = save_to_dir, save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    @staticmethod
    def _split(x: Any, x_misc: list, y: Any, subset: str, generator: Any,
               ignore_class_split: bool) -> tuple:
        """The validation (first) or training (rest) part, by validation_split."""
        if subset not in {"training", "validation"}:
            raise ValueError(f'Invalid subset name: {subset}; expected "training" or '
                             '"validation".')
        cut = int(len(x) * generator._validation_split)
        if y is not None and not ignore_class_split and not np.array_equal(
                np.unique(y[:cut]), np.unique(y[cut:])):
            raise ValueError("Training and validation subsets have different number of classes "
                             "after the split. If your numpy arrays are sorted by the label, "
                             "you might want to shuffle them.")
        part = slice(None, cut) if subset == "validation" else slice(cut, None)
        return (x[part], [np.asarray(m[part]) for m in x_misc],
                None if y is None else y[part])

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        gen = self.image_data_generator
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        for i, j in enumerate(index_array):
            params = gen.get_random_transform(self.x[j].shape)
            batch_x[i] = gen.standardize(gen.apply_transform(self.x[j].astype(self.dtype),
                                                             params))
        if self.save_to_dir:
            for i, j in enumerate(index_array):
                array_to_img(batch_x[i], self.data_format, scale=True).save(os.path.join(
                    self.save_to_dir, _saved_name(self.save_prefix, j, 1e4, self.save_format)))
        extras = [m[index_array] for m in self.x_misc]
        output = ([batch_x] + extras if extras else batch_x,)
        if self.y is None:
            return output[0]
        output += (self.y[index_array],)
        if self.sample_weight is not None:
            output += (self.sample_weight[index_array],)
        return output


def _valid_files(directory: str, follow_links: bool) -> list:
    """(folder, file name) of the images under `directory`, folders and names sorted."""
    found = []
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links),
                                 key=lambda walked: walked[0]):
        for name in sorted(files):
            if name.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause '
                              "distortion. Please verify your output.", stacklevel=2)
            if name.lower().endswith(WHITE_LIST_FORMATS):
                found.append((root, name))
    return found


class DirectoryIterator(Iterator):
    """`ImageDataGenerator.flow_from_directory`'s iterator: the images of each class
    folder (classes: the sub-folders, sorted), loaded, resized to target_size and
    transformed; labels by class_mode."""

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory: str, image_data_generator: Any, target_size: Any = (256, 256),
                 color_mode: str = "rgb", classes: Any = None,
                 class_mode: str | None = "categorical", batch_size: int = 32,
                 shuffle: bool = True, seed: int | None = None, data_format: str | None = None,
                 save_to_dir: str | None = None, save_prefix: str = "",
                 save_format: str = "png", follow_links: bool = False,
                 subset: str | None = None, interpolation: str = "nearest",
                 keep_aspect_ratio: bool = False, dtype: Any = None) -> None:
        self.data_format = data_format or kb.image_data_format()
        self.dtype = dtype or kb.floatx()
        self._set_processing(image_data_generator, target_size, color_mode, save_to_dir,
                             save_prefix, save_format, subset, interpolation,
                             keep_aspect_ratio)
        self.directory = directory
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: "
                             f"{self.allowed_class_modes}")
        self.class_mode = class_mode
        if not classes:
            classes = [d for d in sorted(os.listdir(directory))
                       if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        self.filenames, labels = [], []
        for name in classes:
            folder = os.path.join(directory, name)
            files = _valid_files(folder, follow_links)
            if self.split:
                files = files[int(self.split[0] * len(files)):int(self.split[1] * len(files))]
            for root, fname in files:
                self.filenames.append(os.path.join(
                    os.path.basename(folder), os.path.relpath(os.path.join(root, fname), folder)))
                labels.append(self.class_indices[os.path.basename(folder)])
        self.samples = len(self.filenames)
        self.classes = np.array(labels, dtype="int32")
        print(f"Found {self.samples} images belonging to {self.num_classes} classes.")
        self._filepaths = [os.path.join(directory, f) for f in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    def _set_processing(self, generator: Any, target_size: Any, color_mode: str,
                        save_to_dir: str | None, save_prefix: str, save_format: str,
                        subset: str | None, interpolation: str,
                        keep_aspect_ratio: bool) -> None:
        self.image_data_generator = generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        if color_mode not in {"rgb", "rgba", "grayscale"}:
            raise ValueError(f'Invalid color mode: {color_mode}; expected "rgb", "rgba", or '
                             '"grayscale".')
        self.color_mode = color_mode
        channels = {"rgba": 4, "rgb": 3, "grayscale": 1}[color_mode]
        self.image_shape = (self.target_size + (channels,) if self.data_format ==
                            "channels_last" else (channels,) + self.target_size)
        self.save_to_dir, self.save_prefix = save_to_dir, save_prefix
        self.save_format, self.interpolation = save_format, interpolation
        self.split = None
        if subset is not None:
            cut = generator._validation_split
            if subset not in ("validation", "training"):
                raise ValueError(f'Invalid subset name: {subset};expected "training" or '
                                 '"validation"')
            self.split = (0, cut) if subset == "validation" else (cut, 1)
        self.subset = subset

    @property
    def filepaths(self) -> list:
        return self._filepaths

    @property
    def labels(self) -> np.ndarray:
        return self.classes

    @property
    def sample_weight(self) -> None:
        return None

    def _get_batches_of_transformed_samples(self, index_array: np.ndarray) -> Any:
        gen = self.image_data_generator
        batch_x = np.zeros((len(index_array),) + self.image_shape, dtype=self.dtype)
        for i, j in enumerate(index_array):
            img = load_img(self.filepaths[j], color_mode=self.color_mode,
                           target_size=self.target_size, interpolation=self.interpolation,
                           keep_aspect_ratio=self.keep_aspect_ratio)
            x = img_to_array(img, data_format=self.data_format)
            if hasattr(img, "close"):
                img.close()
            if gen:
                x = gen.standardize(gen.apply_transform(x, gen.get_random_transform(x.shape)))
            batch_x[i] = x
        if self.save_to_dir:
            for i, j in enumerate(index_array):
                array_to_img(batch_x[i], self.data_format, scale=True).save(os.path.join(
                    self.save_to_dir, _saved_name(self.save_prefix, j, 1e7, self.save_format)))
        if self.class_mode == "input":
            return batch_x, batch_x.copy()
        if self.class_mode in {"binary", "sparse"}:
            return batch_x, self.classes[index_array].astype(self.dtype)
        if self.class_mode == "categorical":
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            batch_y[np.arange(len(batch_x)), self.classes[index_array]] = 1.0
            return batch_x, batch_y
        return batch_x


# ---------------------------------------------------------------------------------------
# ImageDataGenerator
# ---------------------------------------------------------------------------------------

def _shift(spec: Any, size: int) -> float:
    """A shift drawn from a width/height_shift_range: a choice (with a random sign) from
    an int or a list, else uniform in [-spec, spec]; fractions of the size below 1."""
    try:  # a 1-D list or an int: np.random.choice draws from it
        shift = np.random.choice(spec)
        shift *= np.random.choice([-1, 1])
    except ValueError:  # a float
        shift = np.random.uniform(-spec, spec)
    if np.max(spec) < 1:
        shift *= size
    return shift


class ImageDataGenerator:
    """Keras 1's real-time augmentation: per image random rotation, shifts, shear, zoom,
    channel shift, flips and brightness (get_random_transform / apply_transform), then
    rescale, preprocessing_function and sample- or feature-wise normalization and ZCA
    whitening (standardize; fit computes the feature-wise statistics)."""

    def __init__(self, featurewise_center: bool = False, samplewise_center: bool = False,
                 featurewise_std_normalization: bool = False,
                 samplewise_std_normalization: bool = False, zca_whitening: bool = False,
                 zca_epsilon: float = 1e-6, rotation_range: float = 0,
                 width_shift_range: Any = 0.0, height_shift_range: Any = 0.0,
                 brightness_range: Any = None, shear_range: float = 0.0,
                 zoom_range: Any = 0.0, channel_shift_range: float = 0.0,
                 fill_mode: str = "nearest", cval: float = 0.0, horizontal_flip: bool = False,
                 vertical_flip: bool = False, rescale: Any = None,
                 preprocessing_function: Callable | None = None,
                 data_format: str | None = None, validation_split: float = 0.0,
                 interpolation_order: int = 1, dtype: Any = None) -> None:
        data_format = data_format or kb.image_data_format()
        self.featurewise_center, self.samplewise_center = featurewise_center, samplewise_center
        self.featurewise_std_normalization = featurewise_std_normalization
        self.samplewise_std_normalization = samplewise_std_normalization
        self.zca_whitening, self.zca_epsilon = zca_whitening, zca_epsilon
        self.rotation_range = rotation_range
        self.width_shift_range, self.height_shift_range = width_shift_range, height_shift_range
        self.shear_range, self.channel_shift_range = shear_range, channel_shift_range
        self.fill_mode, self.cval = fill_mode, cval
        self.horizontal_flip, self.vertical_flip = horizontal_flip, vertical_flip
        self.rescale, self.preprocessing_function = rescale, preprocessing_function
        self.dtype = dtype or kb.floatx()
        self.interpolation_order = interpolation_order
        if data_format not in {"channels_last", "channels_first"}:
            raise ValueError('`data_format` should be `"channels_last"` (channel after row and '
                             'column) or `"channels_first"` (channel before row and column). '
                             f"Received: {data_format}")
        self.data_format = data_format
        self.channel_axis, self.row_axis, self.col_axis = (
            (3, 1, 2) if data_format == "channels_last" else (1, 2, 3))
        if validation_split and not 0 < validation_split < 1:
            raise ValueError("`validation_split` must be strictly between 0 and 1.  Received: "
                             f"{validation_split}")
        self._validation_split = validation_split
        self.mean = self.std = self.zca_whitening_matrix = None
        if isinstance(zoom_range, (float, int)):
            self.zoom_range = [1 - zoom_range, 1 + zoom_range]
        elif len(zoom_range) == 2 and all(isinstance(v, (float, int)) for v in zoom_range):
            self.zoom_range = [zoom_range[0], zoom_range[1]]
        else:
            raise ValueError("`zoom_range` should be a float or a tuple or list of two floats. "
                             f"Received: {zoom_range}")
        self._implied_settings(featurewise_std_normalization, samplewise_std_normalization)
        if brightness_range is not None and (
                not isinstance(brightness_range, (tuple, list)) or len(brightness_range) != 2):
            raise ValueError("`brightness_range should be tuple or list of two floats. "
                             f"Received: {brightness_range}")
        self.brightness_range = brightness_range

    def _implied_settings(self, featurewise_std: bool, samplewise_std: bool) -> None:
        """ZCA implies feature-wise centring (and drops feature-wise std); std
        normalization implies centring: with Keras's warnings."""
        def warn(text: str) -> None:
            warnings.warn(text, stacklevel=3)

        if self.zca_whitening:
            if not self.featurewise_center:
                self.featurewise_center = True
                warn("This ImageDataGenerator specifies `zca_whitening`, which overrides "
                     "setting of `featurewise_center`.")
            if featurewise_std:
                self.featurewise_std_normalization = False
                warn("This ImageDataGenerator specifies `zca_whitening` which overrides "
                     "setting of`featurewise_std_normalization`.")
        if featurewise_std and not self.featurewise_center:
            self.featurewise_center = True
            warn("This ImageDataGenerator specifies `featurewise_std_normalization`, which "
                 "overrides setting of `featurewise_center`.")
        if samplewise_std and not self.samplewise_center:
            self.samplewise_center = True
            warn("This ImageDataGenerator specifies `samplewise_std_normalization`, which "
                 "overrides setting of `samplewise_center`.")

    # -- iterators --
    def flow(self, x: Any, y: Any = None, batch_size: int = 32, shuffle: bool = True,
             sample_weight: Any = None, seed: int | None = None,
             save_to_dir: str | None = None, save_prefix: str = "", save_format: str = "png",
             ignore_class_split: bool = False, subset: str | None = None) -> NumpyArrayIterator:
        return NumpyArrayIterator(x, y, self, batch_size=batch_size, shuffle=shuffle,
                                  sample_weight=sample_weight, seed=seed,
                                  data_format=self.data_format, save_to_dir=save_to_dir,
                                  save_prefix=save_prefix, save_format=save_format,
                                  ignore_class_split=ignore_class_split, subset=subset,
                                  dtype=self.dtype)

    def flow_from_directory(self, directory: str, target_size: Any = (256, 256),
                            color_mode: str = "rgb", classes: Any = None,
                            class_mode: str | None = "categorical", batch_size: int = 32,
                            shuffle: bool = True, seed: int | None = None,
                            save_to_dir: str | None = None, save_prefix: str = "",
                            save_format: str = "png", follow_links: bool = False,
                            subset: str | None = None, interpolation: str = "nearest",
                            keep_aspect_ratio: bool = False) -> DirectoryIterator:
        return DirectoryIterator(directory, self, target_size=target_size,
                                 color_mode=color_mode, keep_aspect_ratio=keep_aspect_ratio,
                                 classes=classes, class_mode=class_mode,
                                 data_format=self.data_format, batch_size=batch_size,
                                 shuffle=shuffle, seed=seed, save_to_dir=save_to_dir,
                                 save_prefix=save_prefix, save_format=save_format,
                                 follow_links=follow_links, subset=subset,
                                 interpolation=interpolation, dtype=self.dtype)

    # -- per image --
    def _unfit(self, what: str) -> None:
        warnings.warn(f"This ImageDataGenerator specifies `{what}`, but it hasn't been fit on "
                      "any training data. Fit it first by calling `.fit(numpy_data)`.",
                      stacklevel=3)

    def standardize(self, x: np.ndarray) -> np.ndarray:
        """preprocessing_function, rescale, then the sample- and feature-wise
        normalizations and ZCA whitening (in place where Keras does it in place)."""
        if self.preprocessing_function:
            x = self.preprocessing_function(x)
        if self.rescale:
            x *= self.rescale
        if self.samplewise_center:
            x -= np.mean(x, keepdims=True)
        if self.samplewise_std_normalization:
            x /= np.std(x, keepdims=True) + 1e-6
        if self.featurewise_center:
            if self.mean is not None:
                x -= self.mean
            else:
                self._unfit("featurewise_center")
        if self.featurewise_std_normalization:
            if self.std is not None:
                x /= self.std + 1e-6
            else:
                self._unfit("featurewise_std_normalization")
        if self.zca_whitening:
            if self.zca_whitening_matrix is not None:
                flat = x.reshape(-1, math.prod(x.shape[-3:]))
                x = np.reshape(flat @ self.zca_whitening_matrix, x.shape)
            else:
                self._unfit("zca_whitening")
        return x

    def get_random_transform(self, img_shape: tuple, seed: int | None = None) -> dict:
        """One image's draws, from NumPy's global generator in Keras's order."""
        if seed is not None:
            np.random.seed(seed)
        theta = np.random.uniform(-self.rotation_range, self.rotation_range) \
            if self.rotation_range else 0
        tx = _shift(self.height_shift_range, img_shape[self.row_axis - 1]) \
            if self.height_shift_range else 0
        ty = _shift(self.width_shift_range, img_shape[self.col_axis - 1]) \
            if self.width_shift_range else 0
        shear = np.random.uniform(-self.shear_range, self.shear_range) \
            if self.shear_range else 0
        if self.zoom_range[0] == 1 and self.zoom_range[1] == 1:
            zx, zy = 1, 1
        else:
            zx, zy = np.random.uniform(self.zoom_range[0], self.zoom_range[1], 2)
        flip_horizontal = (np.random.random() < 0.5) * self.horizontal_flip
        flip_vertical = (np.random.random() < 0.5) * self.vertical_flip
        channel_shift = None if self.channel_shift_range == 0 else np.random.uniform(
            -self.channel_shift_range, self.channel_shift_range)
        brightness = None if self.brightness_range is None else np.random.uniform(
            self.brightness_range[0], self.brightness_range[1])
        return {"theta": theta, "tx": tx, "ty": ty, "shear": shear, "zx": zx, "zy": zy,
                "flip_horizontal": flip_horizontal, "flip_vertical": flip_vertical,
                "channel_shift_intensity": channel_shift, "brightness": brightness}

    def apply_transform(self, x: np.ndarray, transform_parameters: dict) -> np.ndarray:
        """One image (rank 3) through the given parameters: affine warp, channel shift,
        flips, brightness."""
        p = transform_parameters
        rows, cols, channels = self.row_axis - 1, self.col_axis - 1, self.channel_axis - 1
        x = apply_affine_transform(x, p.get("theta", 0), p.get("tx", 0), p.get("ty", 0),
                                   p.get("shear", 0), p.get("zx", 1), p.get("zy", 1),
                                   row_axis=rows, col_axis=cols, channel_axis=channels,
                                   fill_mode=self.fill_mode, cval=self.cval,
                                   order=self.interpolation_order)
        if p.get("channel_shift_intensity") is not None:
            x = apply_channel_shift(x, p["channel_shift_intensity"], channels)
        if p.get("flip_horizontal", False):
            x = flip_axis(x, cols)
        if p.get("flip_vertical", False):
            x = flip_axis(x, rows)
        if p.get("brightness") is not None:
            x = apply_brightness_shift(x, p["brightness"], False)
        return x

    def random_transform(self, x: np.ndarray, seed: int | None = None) -> np.ndarray:
        return self.apply_transform(x, self.get_random_transform(x.shape, seed))

    def fit(self, x: Any, augment: bool = False, rounds: int = 1,
            seed: int | None = None) -> None:
        """The feature-wise mean, std and ZCA matrix of x (rescaled; with `augment`,
        of `rounds` randomly transformed copies)."""
        x = np.asarray(x, dtype=self.dtype)
        if x.ndim != 4:
            raise ValueError("Input to `.fit()` should have rank 4. Got array with shape: "
                             + str(x.shape))
        if x.shape[self.channel_axis] not in {1, 3, 4}:
            warnings.warn(
                "Expected input to be images (as Numpy array) following the data format "
                f'convention "{self.data_format}" (channels on axis {self.channel_axis}), '
                "i.e. expected either 1, 3 or 4 channels on axis "
                f"{self.channel_axis}. However, it was passed an array with shape "
                f"{x.shape} ({x.shape[self.channel_axis]} channels).", stacklevel=2)
        if seed is not None:
            np.random.seed(seed)
        x = np.copy(x)
        if self.rescale:
            x *= self.rescale
        if augment:
            copies = np.zeros((rounds * x.shape[0],) + x.shape[1:], dtype=self.dtype)
            for r in range(rounds):
                for i in range(x.shape[0]):
                    copies[i + r * x.shape[0]] = self.random_transform(x[i])
            x = copies
        shape = [1, 1, 1]
        shape[self.channel_axis - 1] = x.shape[self.channel_axis]
        axes = (0, self.row_axis, self.col_axis)
        if self.featurewise_center:
            self.mean = np.reshape(np.mean(x, axis=axes), shape)
            x -= self.mean
        if self.featurewise_std_normalization:
            self.std = np.reshape(np.std(x, axis=axes), shape)
            x /= self.std + 1e-6
        if self.zca_whitening:
            n = len(x)
            u, s, _ = np.linalg.svd(np.reshape(x, (n, -1)).T, full_matrices=False)
            self.zca_whitening_matrix = (u * (np.sqrt(n) / (s + self.zca_epsilon))).dot(u.T)
