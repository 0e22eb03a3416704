"""Image preprocessing layers that mix, mask or distort images: MixUp, CutMix,
RandomErasing, RandomGaussianBlur and RandomElasticTransform.

Keras layer level, on preprocessing_image.py's base layer and keras.ops. MixUp and
CutMix blend each image with another of the batch (a shuffled order) and transform the
labels of a dict input with the same weights; RandomErasing and CutMix cut boxes whose
corners are drawn per image. The draws are Keras 3's, in its order and shapes, through
keras.random with the layer's SeedGenerator (a seeded layer draws TF's numbers).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.keras.layers._utils import dims_of
from eagerflow._src.keras.layers.preprocessing_color import ColorLayer, batch_size
from eagerflow._src.keras.layers.preprocessing_image import (
    ImagePreprocessingLayer,
    shape_of,
)
from eagerflow._src.keras.ops import image as kimg
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import random as krandom
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast


def _mixed_labels(labels: Any, transformation: dict) -> Any:
    """MixUp's and CutMix's labels: w * each one's + (1 - w) * the one it is mixed with."""
    weight, order = transformation["mix_weight"], transformation["permutation_order"]
    weight = ta.reshape(weight, [-1, 1])
    return weight * labels + (1.0 - weight) * kn.take(labels, order, axis=0)


class MixUp(ColorLayer):
    """`MixUp(alpha=0.2, seed=None)`: each image (and label) becomes w * itself +
    (1 - w) * another's of the batch, w ~ Beta(alpha, alpha)."""

    _USE_BASE_FACTOR = False

    def __init__(self, alpha: float = 0.2, data_format: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.alpha = alpha
        self._seeded(seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        dims = shape_of(data)
        n = 1 if len(dims) == 3 else dims[0]
        seed = self._seed(seed)
        order = krandom.shuffle(kn.arange(0, n, dtype="int64"), seed=seed)
        weight = krandom.beta((n,), self.alpha, self.alpha, seed=seed)
        return {"mix_weight": weight, "permutation_order": order}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        weight, order = transformation["mix_weight"], transformation["permutation_order"]
        images = cast(images, self.compute_dtype)
        weight = cast(ta.reshape(weight, [-1, 1, 1, 1]), self.compute_dtype)
        others = cast(kn.take(images, order, axis=0), self.compute_dtype)
        return weight * images + (1.0 - weight) * others

    def transform_labels(self, labels: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return labels
        return _mixed_labels(labels, transformation)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        if not training:
            return masks
        weight, order = transformation["mix_weight"], transformation["permutation_order"]
        weight = ta.reshape(weight, [-1, 1, 1, 1])
        # (Keras takes from the flattened masks: no axis)
        return weight * masks + (1.0 - weight) * kn.take(masks, order)

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        """Each image keeps its boxes and gains its partner's (Keras joins the labels
        along the batch axis, not the boxes')."""
        if not training:
            return bounding_boxes
        order = transformation["permutation_order"]
        boxes, labels = bounding_boxes["boxes"], bounding_boxes["labels"]
        return {"boxes": kn.concatenate([boxes, kn.take(boxes, order, axis=0)], axis=1),
                "labels": kn.concatenate([labels, kn.take(labels, order, axis=0)], axis=0)}

    def get_config(self) -> dict:
        return self._config("alpha", "seed")


class _BoxLayer(ColorLayer):
    """CutMix's and RandomErasing's boxes: corners drawn per image, as masks."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)

    @property
    def _channel_axis(self) -> int:
        return -1 if self.data_format == "channels_last" else -3

    def _bounds(self, n: Any, length: int, ratio: Any, seed: Any) -> tuple:
        crop = cast(ratio * length, self.compute_dtype)
        start = self._uniform([n], 0, 1, dtype=self.compute_dtype, seed=seed) * (length - crop)
        return start, start + crop

    def _box_masks(self, dims: tuple, x0: Any, x1: Any, y0: Any, y1: Any) -> Any:
        height, width = dims[self._height_axis], dims[self._width_axis]
        grid_y, grid_x = kn.meshgrid(kn.arange(height, dtype=self.compute_dtype),
                                     kn.arange(width, dtype=self.compute_dtype),
                                     indexing="ij")
        index = (None, slice(None), slice(None), None)
        if self.data_format != "channels_last":
            index = (None, None, slice(None), slice(None))
        grid_x, grid_y = grid_x[index], grid_y[index]
        x0, x1, y0, y1 = (v[:, None, None, None] for v in (x0, x1, y0, y1))
        inside = tm.logical_and(tm.logical_and(grid_x >= x0, grid_x < x1),
                                tm.logical_and(grid_y >= y0, grid_y < y1))
        return kn.repeat(inside, dims[self._channel_axis], axis=self._channel_axis)


class CutMix(_BoxLayer):
    """`CutMix(factor=1.0, seed=None)`: pastes into each image a box of another image of
    the batch (its area drawn from Beta(a, a), a drawn from factor); labels mix by the
    pasted area."""

    def __init__(self, factor: Any = 1.0, seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self._seeded(seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        dims = shape_of(data)
        if len(dims) == 3:
            return None
        n, height, width = dims[0], dims[self._height_axis], dims[self._width_axis]
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        alpha = self._uniform((), self.factor[0], self.factor[1],
                              dtype=self.compute_dtype, seed=seed) + 1e-6
        weight = krandom.beta((n,), alpha, alpha, seed=seed, dtype=self.compute_dtype)
        ratio = km.sqrt(1.0 - weight)
        x0, x1 = self._bounds(n, width, ratio, seed)
        y0, y1 = self._bounds(n, height, ratio, seed)
        masks = self._box_masks(dims, x0, x1, y0, y1)
        x0, x1, y0, y1 = (v[:, None, None, None] for v in (x0, x1, y0, y1))
        weight = 1.0 - (x1 - x0) * (y1 - y0) / (width * height)
        order = krandom.shuffle(kn.arange(0, n, dtype="int32"), seed=seed)
        return {"permutation_order": order, "batch_masks": masks, "mix_weight": weight}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        images = cast(images, self.compute_dtype)
        if training and transformation is not None:
            order, masks = transformation["permutation_order"], transformation["batch_masks"]
            images = kn.where(masks, kn.take(images, order, axis=0), images)
        return cast(images, self.compute_dtype)

    def transform_labels(self, labels: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training or transformation is None:
            return labels
        return _mixed_labels(labels, transformation)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        return self.transform_images(masks, transformation, training)

    # (Keras has no box transform for it)
    transform_bounding_boxes = ImagePreprocessingLayer.transform_bounding_boxes

    def get_config(self) -> dict:
        return self._config("factor", "seed")


def _factor_by_name(factor: Any, name: str, bounds: tuple) -> tuple:
    """Keras's factor check for a second factor-like argument (its message says
    `factor=` whatever the argument's name)."""
    error = (f"The `{name}` argument should be a number (or a list of two numbers) in the "
             f"range [{bounds[0]}, {bounds[1]}]. Received: factor={factor}")
    if isinstance(factor, (tuple, list)):
        if len(factor) != 2 or factor[0] > bounds[1] or factor[1] < bounds[0]:
            raise ValueError(error)
        return tuple(sorted(factor))
    if isinstance(factor, (int, float)):
        if factor < bounds[0] or factor > bounds[1]:
            raise ValueError(error)
        return max(-abs(factor), bounds[0]), abs(factor)
    raise ValueError(error)


class RandomErasing(_BoxLayer):
    """`RandomErasing(factor=1.0, scale=(0.02, 0.33), fill_value=None,
    value_range=(0, 255), seed=None)`: with a probability drawn from factor, a box of each
    image (sides sqrt(scale) of the image's) is filled with fill_value, or with Gaussian
    noise times value_range[1] when None."""

    _FILL_ERROR = "The `fill_value` argument should be a number (or a list of three numbers) "

    def __init__(self, factor: Any = 1.0, scale: Any = (0.02, 0.33), fill_value: Any = None,
                 value_range: Any = (0, 255), seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.scale = _factor_by_name(scale, "scale", self._FACTOR_BOUNDS)
        self.fill_value = fill_value
        self.value_range = value_range
        self._seeded(seed)

    def _fill(self, shape: tuple, seed: Any) -> Any:
        fill = self.fill_value
        if fill is None:
            fill = krandom.normal(shape, dtype=self.compute_dtype,
                                  seed=seed) * self.value_range[1]
        elif isinstance(fill, (tuple, list)):
            if len(fill) != 3:
                raise ValueError(self._FILL_ERROR)
            fill = kn.ones(shape, dtype=self.compute_dtype) * kn.array(fill,
                                                                         self.compute_dtype)
        elif isinstance(fill, (int, float)):
            fill = kn.ones(shape, dtype=self.compute_dtype) * fill
        else:
            raise ValueError(self._FILL_ERROR)
        return km.clip(fill, self.value_range[0], self.value_range[1])

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        n = batch_size(data, colon=False)
        dims = shape_of(data)
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        ratio = km.sqrt(self._uniform((n, 2), self.scale[0], self.scale[1],
                                      dtype=self.compute_dtype, seed=seed))
        x0, x1 = self._bounds(n, dims[self._width_axis], ratio[:, 0], seed)
        y0, y1 = self._bounds(n, dims[self._height_axis], ratio[:, 1], seed)
        masks = self._box_masks(dims, x0, x1, y0, y1)
        probability = self._uniform((n,), self.factor[0], self.factor[1], seed=seed)
        apply = self._uniform((n,), 0.0, 1.0, seed=seed) < probability
        return {"apply_erasing": apply, "batch_masks": masks,
                "fill_value": self._fill(dims, seed)}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if training:
            images = cast(images, self.compute_dtype)
            apply, masks, fill = (transformation[k] for k in ("apply_erasing", "batch_masks",
                                                              "fill_value"))
            erased = kn.where(masks, fill, images)
            images = kn.where(apply[:, None, None, None], erased, images)
        return cast(images, self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("factor", "scale", "fill_value", "value_range", "seed")


class RandomGaussianBlur(ColorLayer):
    """`RandomGaussianBlur(factor=1.0, kernel_size=3, sigma=1.0, value_range=(0, 255),
    seed=None)`: with a probability drawn from factor, each image blurred with a Gaussian
    kernel whose two sigmas are drawn (once for the batch) from sigma."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor: Any = 1.0, kernel_size: Any = 3, sigma: Any = 1.0,
                 value_range: Any = (0, 255), data_format: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.kernel_size = self._kernel_size(kernel_size)
        self.sigma = _factor_by_name(sigma, "sigma", self._FACTOR_BOUNDS)
        self.value_range = value_range
        self._seeded(seed)

    @staticmethod
    def _kernel_size(size: Any) -> tuple:
        error = f"kernel_size must be an odd number. Received: kernel_size={size}"
        if isinstance(size, (tuple, list)):
            if len(size) != 2:
                raise ValueError("The `kernel_size` argument should be a number (or a list "
                                 f"of two numbers) Received: kernel_size={size}")
            if size[0] % 2 == 0 or size[1] % 2 == 0:
                raise ValueError(error)
            return tuple(size)
        if isinstance(size, (int, float)):
            if size % 2 == 0:
                raise ValueError(error)
            return size, size
        raise ValueError(error)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        n = batch_size(data, colon=False)
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        probability = self._uniform((n,), self.factor[0], self.factor[1], seed=seed)
        apply = self._uniform((n,), 0.0, 1.0, seed=seed) < probability
        sigma = self._uniform((2,), self.sigma[0], self.sigma[1],
                              dtype=self.compute_dtype, seed=seed) + 1e-6
        return {"should_apply_blur": apply, "blur_factor": sigma}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        images = cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        apply, sigma = transformation["should_apply_blur"], transformation["blur_factor"]
        blurred = kimg.gaussian_blur(images, kernel_size=self.kernel_size, sigma=sigma,
                                     data_format=self.data_format)
        images = kn.where(apply[:, None, None, None], blurred, images)
        return cast(km.clip(images, self.value_range[0], self.value_range[1]),
                       self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("factor", "kernel_size", "sigma", "value_range", "seed")


class RandomElasticTransform(ColorLayer):
    """`RandomElasticTransform(factor=1.0, scale=1.0, interpolation='bilinear',
    fill_mode='reflect', fill_value=0.0, value_range=(0, 255), seed=None)`: with a
    probability drawn from factor, each image displaced by a smoothed random field whose
    strength is drawn (once for the batch) from scale."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)
    _INTERPOLATIONS = ("nearest", "bilinear")
    _FILL_MODES = {"constant", "nearest", "wrap", "mirror", "reflect"}

    def __init__(self, factor: Any = 1.0, scale: Any = 1.0, interpolation: str = "bilinear",
                 fill_mode: str = "reflect", fill_value: float = 0.0,
                 value_range: Any = (0, 255), seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.scale = _factor_by_name(scale, "scale", self._FACTOR_BOUNDS)
        self.interpolation, self.fill_mode = interpolation, fill_mode
        self.fill_value, self.value_range = fill_value, value_range
        self._seeded(seed)
        if interpolation not in self._INTERPOLATIONS:
            raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of "
                                      f"one {self._INTERPOLATIONS}.")
        if fill_mode not in self._FILL_MODES:
            raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one "
                                      f"{self._FILL_MODES}.")

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training or self.scale[1] == 0 or self.factor[1] == 0:
            return None
        dims = shape_of(data)
        n = 1 if len(dims) == 3 else dims[0]
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        probability = self._uniform((n,), self.factor[0], self.factor[1], seed=seed)
        apply = self._uniform((n,), 0.0, 1.0, seed=seed) < probability
        strength = self._uniform((), self.scale[0], self.scale[1], dtype=self.compute_dtype,
                                 seed=seed)
        # (the seed the displacement field is drawn with, as Keras hands it on)
        return {"apply_transform": apply, "distortion_factor": strength, "seed": seed}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        images = cast(images, self.compute_dtype)
        return self._warp(images, transformation, self.interpolation) if training else images

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        # (Keras's base layer's: the masks warped as the images, with nearest sampling)
        return self._warp(masks, transformation, "nearest") if training else masks

    def _warp(self, images: Any, transformation: Any, interpolation: str) -> Any:
        if transformation is None:
            return images
        apply, strength = transformation["apply_transform"], transformation["distortion_factor"]
        dims = dims_of(images)
        height, width = dims[self._height_axis], dims[self._width_axis]
        warped = kimg.elastic_transform(
            images, alpha=max(height, width) * (0.1 * strength),
            sigma=min(height, width) * (0.05 * strength), interpolation=interpolation,
            fill_mode=self.fill_mode, fill_value=self.fill_value, seed=transformation["seed"],
            data_format=self.data_format)
        images = kn.where(apply[:, None, None, None], warped, images)
        return cast(km.clip(images, self.value_range[0], self.value_range[1]),
                       self.compute_dtype)

    # (Keras has no box transform for it)
    transform_bounding_boxes = ImagePreprocessingLayer.transform_bounding_boxes

    def get_config(self) -> dict:
        return self._config("factor", "scale", "interpolation", "fill_mode", "fill_value",
                            "value_range", "seed")
