"""Image preprocessing layers: Resizing, CenterCrop, RandomCrop, RandomFlip, RandomContrast,
tf.keras's legacy RandomHeight and RandomWidth, and keras.utils.smart_resize.

Keras layer level, over tf.image and tf.random ops, following Keras 3's
BaseImagePreprocessingLayer: a call draws a transformation for the batch
(`get_random_transformation(data, training, seed)`: `data` images, NumPy or tensor, or a
dict of them; `seed` an int or another SeedGenerator instead of the layer's; the result
Keras's structure, keys and dtypes) and applies it (`transform_images`); a single image (rank 3)
is treated as a batch of one; a dict input has its "images" transformed ("labels" pass
through, "segmentation_masks" are transformed as images where Keras does, and
"bounding_boxes" ({"boxes", "labels"} in the layer's `bounding_box_format`) follow the
geometric layers' transformations: image_boxes.py). Random layers
draw as Keras 3 on TF does, TF's numbers bit for bit: each holds a SeedGenerator made from
its seed (with Python's random module when none is given, so keras.utils.set_random_seed
fixes it), and every draw is keras.random.uniform with it (a stateless TF op on the
generator's next [seed, counter]); in inference (training=False) they return their input.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import context, nest
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor
from eagerflow._src.keras.layers import image_boxes
from eagerflow._src.keras.layers._utils import dims_of, normalize_data_format
from eagerflow._src.keras.layers.preprocessing_lookup import PreprocessingLayer
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_reduce as knr
from eagerflow._src.keras.ops import random as krandom
from eagerflow._src.keras.ops.image import check_resize_args
from eagerflow._src.keras.random_seeds import SeedGenerator, make_default_seed
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import image as timg
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast, where
from eagerflow._src.ops.misc_ops import saturate_cast
from eagerflow._src.ops.padding import pad
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.shaping import reverse
from eagerflow._src.ops.stacking import stack as tf_stack


def images_of(data: Any) -> Any:
    """The images of get_random_transformation's `data`: a dict's "images", else itself."""
    return data["images"] if isinstance(data, dict) else data


def shape_of(data: Any) -> tuple:
    """Keras's `backend.shape` of the images of `data` (a NumPy array's, a tensor's, or a
    dict's "images"): a tuple of ints, a tensor where a dimension is known only at run
    time."""
    images = images_of(data)
    if isinstance(images, Tensor):
        return tuple(dims_of(images))
    return tuple(np.shape(images))


def _to_channels_last(images: Any, data_format: str) -> Any:
    if data_format == "channels_last":
        return images
    return ta.transpose(images, (0, 2, 3, 1) if images.shape.rank == 4 else (1, 2, 0))


def _from_channels_last(images: Any, data_format: str) -> Any:
    if data_format == "channels_last":
        return images
    return ta.transpose(images, (0, 3, 1, 2) if images.shape.rank == 4 else (2, 0, 1))


def _crop_box(height: Any, width: Any, size: tuple) -> tuple:
    """Keras's centred box of `size`'s aspect ratio inside (height, width):
    (top, left, box height, box width); int32 tensors where the size is known only when
    the image is (a decoded file in a dataset map)."""
    target_height, target_width = size
    if isinstance(height, int) and isinstance(width, int):
        crop_height = max(min(height, int(float(width * target_height) / target_width)), 1)
        crop_width = max(min(width, int(float(height * target_width) / target_height)), 1)
        return (int(float(height - crop_height) / 2), int(float(width - crop_width) / 2),
                crop_height, crop_width)

    def scaled(n: Any, num: int, den: int) -> Any:
        return cast(cast(n * num, dt.float32) / den, dt.int32)

    crop_height = tm.maximum(tm.minimum(height, scaled(width, target_height, target_width)), 1)
    crop_width = tm.maximum(tm.minimum(width, scaled(height, target_width, target_height)), 1)
    return (scaled(height - crop_height, 1, 2), scaled(width - crop_width, 1, 2), crop_height,
            crop_width)


def _pad_to_aspect(images: Any, size: tuple, fill_value: float) -> Any:
    """Channels-last images padded evenly (with fill_value) to `size`'s aspect ratio."""
    *_, height, width, _ = images.shape.as_list()
    target_height, target_width = size
    pad_height = max(height, int(float(width * target_height) / target_width))
    pad_width = max(width, int(float(height * target_width) / target_height))
    top, left = int(float(pad_height - height) / 2), int(float(pad_width - width) / 2)
    if top == 0 and left == 0:
        return images
    lead = [[0, 0]] * (images.shape.rank - 3)
    fill = ta.ones((), images.dtype) * fill_value  # (Keras's: a float fill of ints is refused)
    return pad(images, lead + [[top, top], [left, left], [0, 0]], constant_values=fill)


def resize_images(images: Any, size: tuple, interpolation: str = "bilinear",
                  antialias: bool = False, crop_to_aspect_ratio: bool = False,
                  pad_to_aspect_ratio: bool = False, fill_mode: str = "constant",
                  fill_value: float = 0.0, data_format: str = "channels_last") -> Any:
    """Keras's image resize on TensorFlow: optionally cropped or padded to the target aspect
    ratio first, then tf.image.resize (float32 out, except nearest)."""
    check_resize_args(size, interpolation, crop_to_aspect_ratio, pad_to_aspect_ratio,
                      fill_mode)
    if images.shape.rank not in (3, 4):
        raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 "
                         f"(batch of images). Received input with shape: "
                         f"images.shape={images.shape}")
    x = _to_channels_last(images, data_format)
    if crop_to_aspect_ratio:
        *_, height, width, _ = dims_of(x)
        top, left, h, w = _crop_box(height, width, tuple(size))
        x = x[..., top:top + h, left:left + w, :]
    elif pad_to_aspect_ratio:
        x = _pad_to_aspect(x, tuple(size), fill_value)
    out = timg.resize(x, tuple(size), method=interpolation, antialias=antialias)
    return _from_channels_last(out, data_format)


def smart_resize(x: Any, size: Any, interpolation: str = "bilinear",
                 data_format: str = "channels_last", **kwargs: Any) -> Any:
    """`keras.utils.smart_resize`: crops the largest centred window of `size`'s aspect ratio,
    then resizes it to `size` (a NumPy array in, a NumPy array out)."""
    kwargs.pop("backend_module", None)
    if kwargs:
        raise TypeError(f"smart_resize() got unexpected keyword arguments: {list(kwargs)}")
    if len(size) != 2:
        raise ValueError(f"Expected `size` to be a tuple of 2 integers, but got: {size}.")
    img = x if isinstance(x, Tensor) else convert_to_tensor(x)
    if img.shape.rank is not None and not 3 <= img.shape.rank <= 4:
        raise ValueError("Expected an image array with shape `(height, width, channels)`, or "
                         "`(batch_size, height, width, channels)`, but got input with "
                         f"incorrect rank, of shape {img.shape}.")
    out = resize_images(img, tuple(size), interpolation, crop_to_aspect_ratio=True,
                        data_format=data_format)
    return np.array(out) if isinstance(x, np.ndarray) else out


# ---------------------------------------------------------------------------------------
# The base layer
# ---------------------------------------------------------------------------------------

class ImagePreprocessingLayer(PreprocessingLayer):
    """Keras 3's BaseImagePreprocessingLayer: `factor` checks, rank 3/4 and dict inputs."""

    _USE_BASE_FACTOR = True
    _FACTOR_BOUNDS = (-1, 1)

    def __init__(self, factor: Any = None, bounding_box_format: str | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bounding_box_format = bounding_box_format
        self.data_format = normalize_data_format(data_format)
        if self._USE_BASE_FACTOR:
            self._set_factor(factor or 0.0)
        elif factor is not None:
            raise ValueError(f"Layer {type(self).__name__} does not take a `factor` argument. "
                             f"Received: factor={factor}")

    def __call__(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        # Keras 3's DataLayer: traced on values (a tf.data map, a tf.function, fit's step),
        # not KerasTensors, every leaf of the inputs becomes a tensor of the compute dtype
        # first - uint8 images come out float32 there (eagerly, Resizing keeps uint8), and
        # a dict's int labels and box labels float32
        leaves = nest.flatten(inputs)
        if leaves and not context.executing_eagerly() and \
                not isinstance(leaves[0], KerasTensor):
            inputs = nest.map_structure(self._as_compute_tensor, inputs)
        return super().__call__(inputs, *args, **kwargs)

    def _as_compute_tensor(self, x: Any) -> Any:
        if isinstance(x, RaggedTensor):  # (ragged boxes: their values cast, as tf.cast)
            return x if x.dtype == self.compute_dtype else \
                x.with_flat_values(cast(x.flat_values, self.compute_dtype))
        x = x if isinstance(x, Tensor) else convert_to_tensor(x, dtype=self.compute_dtype)
        return x if x.dtype == self.compute_dtype else cast(x, self.compute_dtype)

    def _set_factor(self, factor: Any) -> None:
        low, high = self._FACTOR_BOUNDS
        error = ("The `factor` argument should be a number (or a list of two numbers) in the "
                 f"range [{low}, {high}]. Received: factor={factor}")
        if isinstance(factor, (tuple, list)):
            if len(factor) != 2 or factor[0] > high or factor[1] < low:
                raise ValueError(error)
            lower, upper = sorted(factor)
        elif isinstance(factor, (int, float)):
            if factor < low or factor > high:
                raise ValueError(error)
            factor = abs(factor)
            lower, upper = [max(-factor, low), factor]
        else:
            raise ValueError(error)
        self.factor = lower, upper

    # -- axes --
    @property
    def _height_axis(self) -> int:
        return -3 if self.data_format == "channels_last" else -2

    @property
    def _width_axis(self) -> int:
        return -2 if self.data_format == "channels_last" else -1

    def _seed(self, seed: Any = None) -> Any:
        """The seed a draw uses: get_random_transformation's `seed` (an int, or another
        layer's SeedGenerator: how RandAugment, AugMix and RandomColorJitter draw for the
        layers they hold), else the layer's own generator."""
        return self.generator if seed is None else seed

    def _uniform(self, shape: Any, minval: float = 0.0, maxval: float = 1.0,
                 dtype: Any = dt.float32, seed: Any = None) -> Any:
        """The layer's random draws: keras.random.uniform with `seed` (see _seed)."""
        return krandom.uniform(shape, minval, maxval, dtype=dtype, seed=self._seed(seed))

    # -- what subclasses define --
    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        return None

    def transform_images(self, images: Any, transformation: Any, training: bool = True) -> Any:
        raise NotImplementedError

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        return self.transform_images(masks, transformation, training)

    def transform_labels(self, labels: Any, transformation: Any, training: bool = True) -> Any:
        # (every Keras layer but CLAHE passes them through; Keras's base raises)
        return labels

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        """(batch, boxes, 4) boxes as the transformation moves them (Keras's base layer
        has no default)."""
        raise NotImplementedError()

    # -- one image: given a batch axis there and back, as Keras's base layer does --
    def transform_single_image(self, image: Any, transformation: Any,
                               training: bool = True) -> Any:
        out = self.transform_images(kn.expand_dims(image, 0), transformation=transformation,
                                    training=training)
        return kn.squeeze(out, 0)

    def transform_single_label(self, label: Any, transformation: Any,
                               training: bool = True) -> Any:
        out = self.transform_labels(kn.expand_dims(label, 0), transformation=transformation,
                                    training=training)
        return kn.squeeze(out, 0)

    def transform_single_bounding_box(self, bounding_box: dict, transformation: Any,
                                      training: bool = True) -> dict:
        for key in ("boxes", "labels"):
            if key in bounding_box:
                bounding_box[key] = kn.expand_dims(bounding_box[key], 0)
        out = self.transform_bounding_boxes(bounding_box, transformation=transformation,
                                            training=training)
        for key in ("boxes", "labels"):
            if key in out:
                out[key] = kn.squeeze(out[key], 0)
        return out

    def transform_single_segmentation_mask(self, mask: Any, transformation: Any,
                                           training: bool = True) -> Any:
        out = self.transform_segmentation_masks(kn.expand_dims(mask, 0),
                                                transformation=transformation,
                                                training=training)
        return kn.squeeze(out, 0)

    def _is_batched(self, images: Any) -> bool:
        self._check_rank(images)
        return images.shape.rank == 4

    # -- the call --
    def call(self, data: Any, training: bool = True) -> Any:
        transformation = self.get_random_transformation(data, training=training)
        images = images_of(data)
        images = images if isinstance(images, Tensor) else convert_to_tensor(images)
        batched = self._is_batched(images)
        # (by keyword, as Keras calls them: RandomGrayscale's take them so)
        kw = {"transformation": transformation, "training": training}
        if not isinstance(data, dict):
            return self.transform_images(images, **kw) if batched else \
                self.transform_single_image(images, **kw)
        # (the dict updated in place, as Keras's call does)
        data["images"] = self.transform_images(images, **kw) if batched else \
            self.transform_single_image(images, **kw)
        if "bounding_boxes" in data:
            if not self.bounding_box_format:
                raise ValueError("You passed an input with a 'bounding_boxes' key, but you "
                                 "didn't specify a bounding box format. Pass a "
                                 "`bounding_box_format` argument to your "
                                 f"{type(self).__name__} layer, e.g. "
                                 "`bounding_box_format='xyxy'`.")
            boxes = image_boxes.densify(data["bounding_boxes"])
            data["bounding_boxes"] = self.transform_bounding_boxes(boxes, **kw) if batched \
                else self.transform_single_bounding_box(boxes, **kw)
        if "labels" in data:  # (a tensor out, whatever the layer does with it, as Keras)
            labels = convert_to_tensor(data["labels"])
            data["labels"] = self.transform_labels(labels, **kw) if batched else \
                self.transform_single_label(labels, **kw)
        if "segmentation_masks" in data:
            masks = convert_to_tensor(data["segmentation_masks"])
            data["segmentation_masks"] = self.transform_segmentation_masks(masks, **kw) \
                if batched else self.transform_single_segmentation_mask(masks, **kw)
        return data

    def _image_size(self, shape: Any) -> tuple:
        return shape[self._height_axis], shape[self._width_axis]

    @staticmethod
    def _check_rank(images: Any) -> None:
        if images.shape.rank not in (3, 4):
            raise ValueError("Expected image tensor to have rank 3 (single image) or 4 (batch "
                             f"of images). Received: data.shape={tuple(images.shape)}")

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape

    def _output_dtype(self, input_dtype: Any) -> Any:
        return dt.as_dtype(self.compute_dtype)

    def get_config(self) -> dict:
        config = super().get_config()
        config["data_format"] = self.data_format
        if self.bounding_box_format is not None:
            config["bounding_box_format"] = self.bounding_box_format
        return config


def _cast(images: Any, dtype: str) -> Any:
    return images if images.dtype.name == dtype else cast(images, dtype)


def _sized_shape(layer: Any, input_shape: Any) -> tuple:
    shape = list(TensorShape(input_shape).as_list())
    shape[layer._height_axis] = layer.height
    shape[layer._width_axis] = layer.width
    return tuple(shape)


def _sized_by_rank(layer: Any, input_shape: Any) -> tuple:
    """Resizing's and CenterCrop's shape rule, Keras 3's: a rank-4 shape is a batch, any
    other one image (its first two axes, or with channels first its second and third,
    replaced whatever its rank: (2, 3) resized to 2x2 is (2, 2))."""
    shape = list(TensorShape(input_shape).as_list())
    first = 1 if len(shape) == 4 else 0
    first += layer.data_format == "channels_first"
    shape[first], shape[first + 1] = layer.height, layer.width
    return tuple(shape)


# ---------------------------------------------------------------------------------------
# Resizing and cropping
# ---------------------------------------------------------------------------------------

class Resizing(ImagePreprocessingLayer):
    """`Resizing(height, width, interpolation='bilinear', crop_to_aspect_ratio=False,
    pad_to_aspect_ratio=False, fill_mode='constant', fill_value=0.0, antialias=False)`:
    the output keeps the input's dtype (integers rounded and saturated)."""

    _USE_BASE_FACTOR = False

    def __init__(self, height: int, width: int, interpolation: str = "bilinear",
                 crop_to_aspect_ratio: bool = False, pad_to_aspect_ratio: bool = False,
                 fill_mode: str = "constant", fill_value: float = 0.0, antialias: bool = False,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.height, self.width = height, width
        self.interpolation = interpolation
        self.crop_to_aspect_ratio = crop_to_aspect_ratio
        self.pad_to_aspect_ratio = pad_to_aspect_ratio
        self.fill_mode, self.fill_value = fill_mode, fill_value
        self.antialias = bool(antialias)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> tuple:
        return self._image_size(shape_of(data))  # (Keras' IndexError for rank < 3)

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: tuple,
                                 training: bool = True) -> dict:
        return image_boxes.resize(bounding_boxes, self.bounding_box_format, transformation,
                                  (self.height, self.width), self.crop_to_aspect_ratio,
                                  self.pad_to_aspect_ratio)

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        return self._resize(images, self.interpolation)

    def transform_segmentation_masks(self, masks: Any, transformation: Any = None,
                                     training: bool = True) -> Any:
        return self._resize(masks, "nearest")

    def _resize(self, images: Any, interpolation: str) -> Any:
        resized = resize_images(images, (self.height, self.width), interpolation,
                                self.antialias, self.crop_to_aspect_ratio,
                                self.pad_to_aspect_ratio, self.fill_mode, self.fill_value,
                                self.data_format)
        if resized.dtype == images.dtype:
            return resized
        if images.dtype.is_integer:
            resized = tm.round(resized)
        return saturate_cast(resized, images.dtype)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return _sized_by_rank(self, input_shape)

    def _output_dtype(self, input_dtype: Any) -> Any:
        # (Keras 3's symbolic output: the compute dtype, though an eager call on integers
        # keeps their dtype)
        return dt.as_dtype(self.compute_dtype)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"height": self.height, "width": self.width,
                       "interpolation": self.interpolation,
                       "crop_to_aspect_ratio": self.crop_to_aspect_ratio,
                       "pad_to_aspect_ratio": self.pad_to_aspect_ratio,
                       "fill_mode": self.fill_mode, "fill_value": self.fill_value,
                       "antialias": self.antialias, "data_format": self.data_format})
        return config


def _crop(images: Any, top: Any, left: Any, height: Any, width: Any,
          data_format: str) -> Any:
    if data_format == "channels_last":
        return images[:, top:top + height, left:left + width, :]
    return images[:, :, top:top + height, left:left + width]


class CenterCrop(ImagePreprocessingLayer):
    """`CenterCrop(height, width)`: the central window; an input smaller than the window
    is resized (smart_resize) instead. Outputs the compute dtype."""

    _USE_BASE_FACTOR = False

    def __init__(self, height: int, width: int, data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.height, self.width = height, width

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        return {"input_shape": shape_of(data)}

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: dict,
                                 training: bool = True) -> dict:
        return image_boxes.center_crop(bounding_boxes, self.bounding_box_format,
                                       self._image_size(transformation["input_shape"]),
                                       (self.height, self.width))

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        images = _cast(images, self.compute_dtype)
        dims = dims_of(images)
        h_diff = dims[self._height_axis] - self.height
        w_diff = dims[self._width_axis] - self.width
        static = isinstance(h_diff, int) and isinstance(w_diff, int)
        if not static or (h_diff >= 0 and w_diff >= 0):
            return _crop(images, h_diff // 2, w_diff // 2, self.height, self.width,
                         self.data_format)
        return smart_resize(images, (self.height, self.width), data_format=self.data_format)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = list(input_shape)
        if (shape and isinstance(shape[0], (list, tuple))) or len(shape) not in (3, 4):
            raise ValueError("`input_shape` must be a non-nested tuple or list of rank-1 with "
                             "size 3 (unbatched) or 4 (batched). ")
        return _sized_by_rank(self, input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"height": self.height, "width": self.width,
                       "data_format": self.data_format})
        return config


class RandomCrop(ImagePreprocessingLayer):
    """`RandomCrop(height, width, seed=None)`: a random window of the batch while training
    (one window for the whole batch, as Keras 3); the central window of the target's aspect
    ratio, resized, in inference or when the input is not larger than the window."""

    _convert_input_args = False  # as Keras 3's
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    _USE_BASE_FACTOR = False

    def __init__(self, height: int, width: int, seed: int | None = None,
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(name=name, **kwargs)
        self.height, self.width = height, width
        self.seed = seed if seed is not None else make_default_seed()
        self.generator = SeedGenerator(seed)  # (unseeded: a second default seed, as Keras)
        # (checked after the seeds are drawn, as Keras 3 checks it)
        self.data_format = normalize_data_format(data_format)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> tuple:
        images = images_of(data)
        dims = tuple(images.shape.as_list()) if isinstance(images, Tensor) \
            else np.shape(images)
        height, width = dims[self._height_axis], dims[self._width_axis]  # (Keras's IndexError)
        if height is None or width is None:
            raise ValueError("RandomCrop requires the input to have a fully defined height and "
                             f"width. Received: images.shape={images.shape}")
        if training and height > self.height and width > self.width:
            top = cast(self._uniform((), 0, float(height - self.height + 1), seed=seed),
                          dt.int32)
            left = cast(self._uniform((), 0, float(width - self.width + 1), seed=seed),
                           dt.int32)
            return top, left
        top, left, _, _ = _crop_box(height, width, (self.height, self.width))
        return top, left

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: tuple,
                                 training: bool = True) -> dict:
        if not training:
            return bounding_boxes
        return image_boxes.random_crop(bounding_boxes, self.bounding_box_format,
                                       *transformation, (self.height, self.width))

    def transform_segmentation_masks(self, masks: Any, transformation: tuple,
                                     training: bool = True) -> Any:
        # (Keras's crops them even in inference: it does not hand `training` on)
        return self.transform_images(masks, transformation)

    def transform_images(self, images: Any, transformation: tuple,
                         training: bool = True) -> Any:
        if not training:
            return images
        images = _cast(images, self.compute_dtype)
        top, left = transformation
        images = _crop(images, top, left, self.height, self.width, self.data_format)
        dims = images.shape.as_list()
        if (dims[self._height_axis], dims[self._width_axis]) != (self.height, self.width):
            images = _cast(resize_images(images, (self.height, self.width),
                                         data_format=self.data_format), self.compute_dtype)
        return images

    def compute_output_shape(self, input_shape: Any) -> tuple:
        return _sized_shape(self, input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"height": self.height, "width": self.width, "seed": self.seed,
                       "data_format": self.data_format})
        return config


# ---------------------------------------------------------------------------------------
# Random flips and contrast
# ---------------------------------------------------------------------------------------

HORIZONTAL, VERTICAL = "horizontal", "vertical"
HORIZONTAL_AND_VERTICAL = "horizontal_and_vertical"


class RandomFlip(ImagePreprocessingLayer):
    """`RandomFlip(mode='horizontal_and_vertical', seed=None)`: each image of the batch is
    flipped with probability 1/2 (in both directions by the same draw, as Keras 3)."""

    _convert_input_args = False  # as Keras 3's

    _USE_BASE_FACTOR = False

    def __init__(self, mode: str = HORIZONTAL_AND_VERTICAL, seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self.mode = mode

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        dims = shape_of(data)
        shape = (1, 1, 1) if len(dims) == 3 else (dims[0], 1, 1, 1)
        return {"flips": tm.less_equal(self._uniform(shape, seed=seed), 0.5),
                "input_shape": dims}

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        if not training:
            return bounding_boxes
        return image_boxes.flip(bounding_boxes, self.bounding_box_format,
                                transformation["flips"],
                                *self._image_size(transformation["input_shape"]),
                                horizontal=self.mode in (HORIZONTAL, HORIZONTAL_AND_VERTICAL),
                                vertical=self.mode in (VERTICAL, HORIZONTAL_AND_VERTICAL))

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        images = _cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        flips = transformation["flips"]
        if self.mode in (HORIZONTAL, HORIZONTAL_AND_VERTICAL):
            images = where(flips, reverse(images, [self._width_axis]), images)
        if self.mode in (VERTICAL, HORIZONTAL_AND_VERTICAL):
            images = where(flips, reverse(images, [self._height_axis]), images)
        return images

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"seed": self.seed, "mode": self.mode, "data_format": self.data_format})
        return config


class RandomContrast(ImagePreprocessingLayer):
    """`RandomContrast(factor, value_range=(0, 255), seed=None)`: each image's deviation
    from its per-channel mean is scaled by a factor drawn from [1 - lower, 1 + upper], and
    the result clipped to value_range."""

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor: Any, value_range: Any = (0, 255), seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._set_factor(factor)
        self.value_range = value_range
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        dims = shape_of(data)
        if len(dims) not in (3, 4):
            raise ValueError("Expected the input image to be rank 3 or 4. Received "
                             f"inputs.shape={dims}")
        shape = (1, 1, 1) if len(dims) == 3 else (dims[0], 1, 1, 1)
        if not training:  # (Keras's: zeros, a factor that would blank the images)
            return {"contrast_factor": ta.zeros(shape)}
        return {"contrast_factor": self._uniform(shape, 1.0 - self.factor[0],
                                                 1.0 + self.factor[1],
                                                 dtype=self.compute_dtype, seed=seed)}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        factor = transformation["contrast_factor"]
        # Keras's: the mean over the height, then over the width (its last bits), each in
        # float32 for integer and half images; then, as in Keras, the integer images minus
        # a float mean is refused (InvalidArgumentError)
        mean = knr.mean(knr.mean(images, axis=self._height_axis, keepdims=True),
                        axis=self._width_axis, keepdims=True)
        out = (images - mean) * factor + mean
        return tm.clip_by_value(out, self.value_range[0], self.value_range[1])

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        return masks

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        return bounding_boxes

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"factor": self.factor, "value_range": self.value_range,
                       "seed": self.seed})
        return config


# ---------------------------------------------------------------------------------------
# tf.keras's legacy random resizing
# ---------------------------------------------------------------------------------------

class _RandomSize(Layer):
    """tf.keras's legacy RandomHeight/RandomWidth: the batch resized along one axis by
    1 + a draw from factor (one draw per call) while training."""

    _dim = "height"
    _bound_word = "lesser"
    _keras_module = "keras._legacy.layers"  # (where Keras exports tf.keras's classes)

    def __init__(self, factor: Any, interpolation: str = "bilinear", seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seed_generator = SeedGenerator(seed)
        self.factor = factor
        lower, upper = factor if isinstance(factor, (tuple, list)) else (-factor, factor)
        if upper < lower:
            raise ValueError(f"`factor` argument cannot have an upper bound {self._bound_word}"
                             f" than the lower bound. Received: factor={factor}")
        if lower < -1.0 or upper < -1.0:
            raise ValueError("`factor` argument must have values larger than -1. Received: "
                             f"factor={factor}")
        self._bounds = lower, upper
        self.interpolation = interpolation
        self.seed = seed

    def call(self, inputs: Any, training: bool = True) -> Any:
        inputs = convert_to_tensor(inputs, dtype=self.compute_dtype)
        if not training:
            return inputs
        dims = ta.shape(inputs)
        axis = -3 if self._dim == "height" else -2
        scale = krandom.uniform([], 1.0 + self._bounds[0], 1.0 + self._bounds[1],
                                seed=self.seed_generator)
        size = [dims[-3], dims[-2]]
        size[axis + 3] = cast(scale * cast(dims[axis], dt.float32), dt.int32)
        out = timg.resize(inputs, tf_stack(size), method=self.interpolation)
        return cast(out, self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = list(TensorShape(input_shape).as_list())
        shape[-3 if self._dim == "height" else -2] = None
        return tuple(shape)

    def get_config(self) -> dict:
        return {**super().get_config(), "factor": self.factor,
                "interpolation": self.interpolation, "seed": self.seed}


class RandomHeight(_RandomSize):
    """`tf.keras.layers.RandomHeight(factor, interpolation='bilinear', seed=None)`."""


class RandomWidth(_RandomSize):
    """`tf.keras.layers.RandomWidth(factor, interpolation='bilinear', seed=None)`."""

    _dim = "width"
    _bound_word = "less"
