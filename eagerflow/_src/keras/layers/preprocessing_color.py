"""Image preprocessing layers that change colours: RandomBrightness, RandomGrayscale,
RandomInvert, Solarization, RandomPosterization, RandomSaturation, RandomHue,
RandomColorDegeneration, RandomSharpness, AutoContrast, Equalization and
RandomColorJitter.

Keras layer level, on preprocessing_image.py's base layer and keras.ops (the compositions
Keras 3's TF backend runs, so that the numbers are Keras's). Each random layer draws its
parameters per image of the batch with keras.random and its SeedGenerator, in Keras 3's
order and shapes (a seeded layer draws TF's numbers bit for bit), including the draws
Keras makes in inference too (they move the generator on). Labels and segmentation masks
pass through unchanged.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.layers._utils import dims_of, normalize_data_format
from eagerflow._src.keras.layers.preprocessing_image import (
    ImagePreprocessingLayer,
    RandomContrast,
    shape_of,
)
from eagerflow._src.keras.ops import image as kimg
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr
from eagerflow._src.keras.ops import random as krandom
from eagerflow._src.keras.ops.nn_conv import depthwise_conv
from eagerflow._src.keras.random_seeds import SeedGenerator
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast, ones_like, where
from eagerflow._src.ops.tiling import tile

VALUE_RANGE_ERROR = "The `value_range` argument should be a list of two numbers. "


def checked_value_range(value_range: Any) -> list:
    """value_range as Keras keeps it: a sorted list of two numbers."""
    if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
        raise ValueError(VALUE_RANGE_ERROR + f"Received: value_range={value_range}")
    return sorted(value_range)


def batch_size(data: Any, colon: bool = True) -> Any:
    """1 for one image, the batch size for a batch (of get_random_transformation's `data`:
    images or a dict of them); Keras's error for another rank."""
    dims = shape_of(data)
    if len(dims) == 3:
        return 1
    if len(dims) == 4:
        return dims[0]
    received = "Received: inputs.shape=" if colon else "Received inputs.shape="
    raise ValueError(f"Expected the input image to be rank 3 or 4. {received}{dims}")


def rescale(images: Any, source: Any, target: Any, dtype: Any = "float32") -> Any:
    """Values of the range `source` mapped linearly onto `target` (unchanged, not even
    cast, when the ranges are equal, as in Keras)."""
    if source[0] == target[0] and source[1] == target[1]:
        return images
    images = cast(images, dtype)
    low, high = (cast(v, dtype) for v in source)
    new_low, new_high = (cast(v, dtype) for v in target)
    return (images - low) / (high - low) * (new_high - new_low) + new_low


class ColorLayer(ImagePreprocessingLayer):
    """What the colour layers share: a seed and generator, masks and boxes passed
    through."""

    def _seeded(self, seed: int | None) -> None:
        self.seed = seed
        self.generator = SeedGenerator(seed)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        return masks

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        return bounding_boxes

    def _config(self, *keys: str) -> dict:
        return {**ImagePreprocessingLayer.get_config(self),
                **{k: getattr(self, k) for k in keys}}


class FactorColorLayer(ColorLayer):
    """A colour layer of Keras's `(factor, value_range=(0, 255), seed=None)` form, whose
    config is those three."""

    def __init__(self, factor: Any, value_range: Any = (0, 255),
                 data_format: str | None = None, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.value_range = checked_value_range(value_range)
        self._seeded(seed)

    def get_config(self) -> dict:
        return self._config("factor", "value_range", "seed")


class RandomBrightness(ColorLayer):
    """`RandomBrightness(factor, value_range=(0, 255), seed=None)`: adds a draw from
    factor * (the range's width) to each image, clipped to value_range."""

    def __init__(self, factor: Any, value_range: Any = (0, 255), seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(factor=factor, **kwargs)
        self._seeded(seed)
        self.value_range = checked_value_range(value_range)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        n = batch_size(data, colon=False)
        shape = (1, 1, 1) if len(shape_of(data)) == 3 else [n, 1, 1, 1]
        if not training:
            return {"rgb_delta": kn.zeros(shape)}
        delta = self._uniform(shape, self.factor[0], self.factor[1], seed=seed)
        return {"rgb_delta": delta * (self.value_range[1] - self.value_range[0])}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        images = images + cast(transformation["rgb_delta"], images.dtype)
        return km.clip(images, self.value_range[0], self.value_range[1])

    def get_config(self) -> dict:
        return self._config("factor", "value_range", "seed")


class RandomGrayscale(ColorLayer):
    """`RandomGrayscale(factor=0.5, seed=None)`: each image turned to grayscale (kept with
    three channels) with probability `factor`."""

    _USE_BASE_FACTOR = False

    def __init__(self, factor: float = 0.5, data_format: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        if factor < 0 or factor > 1:
            raise ValueError(f"`factor` should be between 0 and 1. Received: factor={factor}")
        self.factor = factor
        self._seeded(seed)

    def get_random_transformation(self, images: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        # (Keras's reads `images.shape`: a dict has none, its AttributeError)
        n = 1 if len(images.shape) != 4 else shape_of(images)[0]
        draws = self._uniform((n,), seed=seed)
        return kn.expand_dims(draws < self.factor, axis=[1, 2, 3])

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        apply = transformation
        if apply is None:
            apply = self.get_random_transformation(images)
        gray = kimg.rgb_to_grayscale(images, data_format=self.data_format)
        return kn.where(apply, gray, images)

    # (Keras's take the transformation by keyword only, the labels' as `transformations`)
    def transform_bounding_boxes(self, bounding_boxes: dict, **kwargs: Any) -> dict:
        return bounding_boxes

    def transform_labels(self, labels: Any, transformations: Any = None, **kwargs: Any) -> Any:
        return labels

    def _output_dtype(self, input_dtype: Any) -> Any:
        # (Keras 3's symbolic output: integers keep their dtype, floats the compute dtype)
        return input_dtype if input_dtype.is_integer else dt.as_dtype(self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("factor")


class RandomInvert(ColorLayer):
    """`RandomInvert(factor=1.0, value_range=(0, 255), seed=None)`: each image replaced by
    value_range[1] - image with a probability drawn from factor."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor: Any = 1.0, value_range: Any = (0, 255),
                 seed: int | None = None, data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.value_range = value_range
        self._seeded(seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        n = batch_size(data, colon=False)
        probability = self._uniform((n,), self.factor[0], self.factor[1], seed=seed)
        return {"apply_inversion": self._uniform((n,), seed=seed) < probability}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        apply = transformation["apply_inversion"]
        images = cast(images, self.compute_dtype)
        return kn.where(apply[:, None, None, None], self.value_range[1] - images, images)

    def get_config(self) -> dict:
        return self._config("factor", "value_range", "seed")


class Solarization(ColorLayer):
    """`Solarization(addition_factor=0.0, threshold_factor=0.0, value_range=(0, 255),
    seed=None)`: on the 0-255 scale, adds a drawn amount, then inverts the pixels at or
    above a drawn threshold."""

    _USE_BASE_FACTOR = False
    _FACTOR_ERROR = ("The `addition_factor` and `threshold_factor` arguments should be a "
                     "number (or a list of two numbers) in the range [0, 1]. ")

    def __init__(self, addition_factor: Any = 0.0, threshold_factor: Any = 0.0,
                 value_range: Any = (0, 255), seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._seeded(seed)
        self.addition_factor = self._bounds(addition_factor, "addition_factor")
        self.threshold_factor = self._bounds(threshold_factor, "threshold_factor")
        self.value_range = checked_value_range(value_range)

    def _bounds(self, factor: Any, name: str) -> tuple:
        if isinstance(factor, (tuple, list)) and len(factor) == 2:
            values = list(factor)
        elif isinstance(factor, (int, float)):
            values = [factor]
        else:
            raise ValueError(self._FACTOR_ERROR + f"Received: {name}={factor}")
        for value in values:
            if value > 1.0 or value < 0:
                raise ValueError(self._FACTOR_ERROR + f"Received: input_number={value}")
        return tuple(sorted(values)) if len(values) == 2 else (0, factor)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        dims = shape_of(data)
        shape = (dims[0], 1, 1, 1) if len(dims) == 4 else (1, 1, 1)
        return {"additions": self._uniform(shape, self.addition_factor[0],
                                           self.addition_factor[1] * 255,
                                           dtype=self.compute_dtype, seed=seed),
                "thresholds": self._uniform(shape, self.threshold_factor[0],
                                            self.threshold_factor[1] * 255,
                                            dtype=self.compute_dtype, seed=seed)}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        images = cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        additions, thresholds = transformation["additions"], transformation["thresholds"]
        x = rescale(images, self.value_range, (0, 255), self.compute_dtype)
        x = km.clip(x + additions, 0, 255)
        x = kn.where(x < thresholds, x, 255 - x)
        return rescale(x, (0, 255), self.value_range, self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("value_range", "addition_factor", "threshold_factor", "seed")


class RandomPosterization(FactorColorLayer):
    """`RandomPosterization(factor, value_range=(0, 255), seed=None)`: keeps a drawn number
    of bits (1 to 8, from factor) of each 8-bit pixel value."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (1, 8)

    def __init__(self, factor: Any, value_range: Any = (0, 255),
                 data_format: str | None = None, seed: int | None = None,
                 **kwargs: Any) -> None:
        # (its own signature, as Keras 3.15's: a missing factor names this class)
        super().__init__(factor, value_range=value_range, data_format=data_format, seed=seed,
                         **kwargs)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        n = batch_size(data)
        if self.factor[0] != self.factor[1]:
            bits = krandom.randint((n,), self.factor[0], self.factor[1], dtype="uint8",
                                   seed=self._seed(seed))
        else:
            bits = kn.ones((n,), dtype="uint8") * self.factor[0]
        return {"shift_factor": 8 - bits}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        shift = ta.reshape(transformation["shift_factor"], [-1, 1, 1, 1])
        x = rescale(images, self.value_range, (0, 255), self.compute_dtype)
        x = cast(x, "uint8")
        x = km.bitwise_left_shift(km.bitwise_right_shift(x, shift), shift)
        x = cast(x, self.compute_dtype)
        return rescale(x, (0, 255), self.value_range, self.compute_dtype)


def _set_channel(hsv: Any, index: int, channel: Any, data_format: str) -> Any:
    """The HSV images with channel `index` replaced."""
    axis = -1 if data_format == "channels_last" else 1
    parts = [hsv[..., i] if axis == -1 else hsv[:, i] for i in range(3)]
    parts[index] = channel
    return kn.stack(parts, axis=axis)


def _channel(hsv: Any, index: int, data_format: str) -> Any:
    return hsv[..., index] if data_format == "channels_last" else hsv[:, index]


class RandomSaturation(FactorColorLayer):
    """`RandomSaturation(factor, value_range=(0, 255), seed=None)`: each image's HSV
    saturation multiplied by f / (1 - f + epsilon), f drawn from factor."""

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        factor = self._uniform((batch_size(data),), self.factor[0], self.factor[1],
                               seed=seed)
        return {"factor": factor / (1 - factor + kb.epsilon())}

    def transform_images(self, images: Any, transformation: Any,
                         training: bool = True) -> Any:
        if not training:
            return images
        factor = ta.reshape(cast(transformation["factor"], self.compute_dtype),
                            [-1, 1, 1])
        hsv = kimg.rgb_to_hsv(images, data_format=self.data_format)
        saturation = km.clip(km.multiply(_channel(hsv, 1, self.data_format), factor),
                             self.value_range[0], self.value_range[1])
        hsv = _set_channel(hsv, 1, saturation, self.data_format)
        return kimg.hsv_to_rgb(hsv, data_format=self.data_format)


class RandomHue(ColorLayer):
    """`RandomHue(factor, value_range=(0, 255), seed=None)`: each image's hue turned by
    +-f/2 of a full turn, f drawn from factor and the sign by a second draw."""

    _FACTOR_BOUNDS = (0, 1)

    def __init__(self, factor: Any, value_range: Any = (0, 255),
                 data_format: str | None = None, seed: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.value_range = value_range
        self._seeded(seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        n = batch_size(data, colon=False)
        invert = self._uniform((n,), seed=seed)
        sign = where(invert > 0.5, -ones_like(invert), ones_like(invert))
        factor = self._uniform((n,), self.factor[0], self.factor[1], seed=seed)
        return {"factor": sign * factor * 0.5}

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        if not training:
            return images
        x = rescale(cast(images, self.compute_dtype), self.value_range, (0, 1))
        factor = ta.reshape(cast(transformation["factor"], x.dtype), [-1, 1, 1])
        hsv = kimg.rgb_to_hsv(x, data_format=self.data_format)
        hue = _channel(hsv, 0, self.data_format) + factor
        hue = where(hue > 1.0, hue - 1.0, hue)
        hue = where(hue < 0.0, hue + 1.0, hue)
        rgb = kimg.hsv_to_rgb(_set_channel(hsv, 0, hue, self.data_format),
                              data_format=self.data_format)
        x = rescale(km.clip(rgb, 0, 1), (0, 1), self.value_range)
        return cast(x, self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("factor", "value_range", "seed")


class RandomColorDegeneration(FactorColorLayer):
    """`RandomColorDegeneration(factor, value_range=(0, 255), seed=None)`: each image moved
    towards its grayscale version by a drawn fraction."""

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        return {"factor": self._uniform((batch_size(data), 1, 1, 1), self.factor[0],
                                        self.factor[1], seed=seed)}

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        if not training:
            return images
        images = cast(images, self.compute_dtype)
        factor = cast(transformation["factor"], self.compute_dtype)
        gray = kimg.rgb_to_grayscale(images, data_format=self.data_format)
        images = images + factor * (gray - images)
        return cast(km.clip(images, self.value_range[0], self.value_range[1]),
                       self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> Any:
        if len(input_shape) not in (3, 4):
            raise ValueError("Invalid images rank: expected rank 3 (single image) or rank 4 "
                             f"(batch of images). Received: input_shape={input_shape}")
        channels = input_shape[-1 if self.data_format == "channels_last" else -3]
        if channels is not None and channels != 3:
            raise ValueError("Input images must have 3 channels, but received images with "
                             f"{channels} channels.")
        return input_shape


class RandomSharpness(FactorColorLayer):
    """`RandomSharpness(factor, value_range=(0, 255), seed=None)`: each image blended with
    its 3x3 smoothing (PIL's kernel) by 1 - 2f, f drawn from factor: below 1/2 it blurs,
    above it sharpens."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> dict:
        return {"factor": self._uniform((batch_size(data),), self.factor[0], self.factor[1],
                                        seed=seed)}

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        images = cast(images, self.compute_dtype)
        if not training:
            return images
        factor = transformation["factor"]
        if self.data_format == "channels_first":
            images = kn.swapaxes(images, -3, -1)
        sharpness = ta.reshape(cast(factor * 2, self.compute_dtype), [-1, 1, 1, 1])
        a, b = 1.0 / 13.0, 5.0 / 13.0
        kernel = kn.reshape(kn.array([[a, a, a], [a, b, a], [a, a, a]], self.compute_dtype),
                            (3, 3, 1, 1))
        kernel = tile(kernel, [1, 1, dims_of(images)[-1], 1])
        smoothed = depthwise_conv(images, kernel, strides=1, padding="same",
                                  data_format="channels_last")
        images = images + (1.0 - sharpness) * (smoothed - images)
        images = km.clip(images, self.value_range[0], self.value_range[1])
        if self.data_format == "channels_first":
            images = kn.swapaxes(images, -3, -1)
        return images


class AutoContrast(ColorLayer):
    """`AutoContrast(value_range=(0, 255))`: each channel of each image stretched to the
    full range (in inference too, as in Keras); a flat channel is left as it was."""

    _USE_BASE_FACTOR = False

    def __init__(self, value_range: Any = (0, 255), **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.value_range = checked_value_range(value_range)

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        original = images
        x = cast(rescale(images, self.value_range, (0, 255), self.compute_dtype),
                    self.compute_dtype)
        low = kr.min(x, axis=(1, 2), keepdims=True)
        high = kr.max(x, axis=(1, 2), keepdims=True)
        scale = 255.0 / (high - low)
        x = km.clip(x * scale + (-low * scale), 0.0, 255.0)
        x = rescale(x, (0, 255), self.value_range, self.compute_dtype)
        return kn.where(km.isnan(x), original, x)

    def get_config(self) -> dict:
        return self._config("value_range")


class Equalization(ColorLayer):
    """`Equalization(value_range=(0, 255), bins=256)`: histogram equalization of each
    channel, the histogram taken over the whole batch (as Keras does)."""

    _USE_BASE_FACTOR = False

    def __init__(self, value_range: Any = (0, 255), bins: int = 256,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.bins = bins
        if not isinstance(value_range, (tuple, list)) or len(value_range) != 2:
            # (Keras's own check fails looking up its message)
            raise AttributeError("'Equalization' object has no attribute "
                                 "'_VALUE_RANGE_VALIDATION_ERROR'")
        self.value_range = sorted(value_range)
        self.data_format = normalize_data_format(data_format)

    def _histogram(self, values: Any) -> Any:
        scaled = cast(values, "float32") * (self.bins - 1) / 255.0
        indices = km.clip(cast(scaled, "int32"), 0, self.bins - 1)
        return kr.bincount(ta.reshape(indices, [-1]), minlength=self.bins)

    def _equalize(self, channel: Any) -> Any:
        low, high = self.value_range
        channel = channel * (255 / (high - low)) + (0 - low * (255 / (high - low)))
        hist = self._histogram(channel)
        cdf = kr.cumsum(hist)
        cdf_min = kn.take(cdf, kn.nonzero(cdf)[0][0])
        denominator = cdf[-1] - cdf_min
        denominator = where(tm.equal(denominator, 0), ones_like(denominator),
                               denominator)
        table = cast(cdf - cdf_min, "float64") * 255 / cast(denominator, "float64")
        table = km.clip(km.round(table), 0, 255)
        indices = cast(km.clip(channel / 255.0 * (self.bins - 1), 0, self.bins - 1),
                          "int32")
        equalized = kn.where(kr.count_nonzero(hist) <= 1, channel,
                             kn.take(table, indices))
        scale = (high - low) / 255
        return equalized * scale + (low - 0 * scale)

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        if not training:
            return images
        images = cast(images, self.compute_dtype)
        axis = -1 if self.data_format == "channels_last" else -3
        channels = [self._equalize(images[..., i] if axis == -1 else images[..., i, :, :])
                    for i in range(dims_of(images)[axis])]
        return cast(kn.stack(channels, axis=axis), self.compute_dtype)

    def _output_dtype(self, input_dtype: Any) -> Any:
        # (Keras 3's symbolic output: integers keep their dtype, floats the compute dtype)
        return input_dtype if input_dtype.is_integer else dt.as_dtype(self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("bins", "value_range")


class RandomColorJitter(ColorLayer):
    """`RandomColorJitter(value_range=(0, 255), brightness_factor=None,
    contrast_factor=None, saturation_factor=None, hue_factor=None, seed=None)`: the given
    adjustments in that order, each drawn with this layer's generator."""

    _USE_BASE_FACTOR = False

    def __init__(self, value_range: Any = (0, 255), brightness_factor: Any = None,
                 contrast_factor: Any = None, saturation_factor: Any = None,
                 hue_factor: Any = None, seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.value_range = value_range
        self.brightness_factor, self.contrast_factor = brightness_factor, contrast_factor
        self.saturation_factor, self.hue_factor = saturation_factor, hue_factor
        self._seeded(seed)
        steps = (("random_brightness", brightness_factor, RandomBrightness),
                 ("random_contrast", contrast_factor, RandomContrast),
                 ("random_saturation", saturation_factor, RandomSaturation),
                 ("random_hue", hue_factor, RandomHue))
        for attr, factor, cls in steps:
            if factor is not None:
                # attributes, as Keras 3 keeps them: the checkpoint's child nodes
                setattr(self, attr, cls(factor=factor, value_range=value_range, seed=seed))

    @property
    def _steps(self) -> list:
        """The adjustments made, in the order they apply."""
        return [getattr(self, a) for a in ("random_brightness", "random_contrast",
                                           "random_saturation", "random_hue") if hasattr(self, a)]

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        if not training:
            return images
        images = cast(images, self.compute_dtype)
        for step in self._steps:
            draw = step.get_random_transformation(images, seed=self.generator)
            if isinstance(step, RandomContrast):
                draw["contrast_factor"] = cast(draw["contrast_factor"], self.compute_dtype)
            images = step.transform_images(images, draw)
        return cast(images, self.compute_dtype)

    def get_config(self) -> dict:
        return self._config("value_range", "brightness_factor", "contrast_factor",
                            "saturation_factor", "hue_factor", "seed")


COLOR_LAYERS = (RandomBrightness, RandomGrayscale, RandomInvert, Solarization,
                RandomPosterization, RandomSaturation, RandomHue, RandomColorDegeneration,
                RandomSharpness, AutoContrast, Equalization, RandomColorJitter)
