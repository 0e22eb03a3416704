"""Image preprocessing layers that warp: RandomTranslation, RandomZoom, RandomRotation,
RandomShear and RandomPerspective.

Keras layer level, on preprocessing_image.py's base layer. Each draws, per image of the
batch, the parameters of an affine map (Keras 3's draws: a uniform per image and
dimension), builds TF's 8-coefficient projective transform from them, and warps the batch
with keras.ops.image.affine_transform (TF's ImageProjectiveTransformV3: the fill modes
reflect/wrap/constant/nearest, nearest or bilinear sampling); RandomPerspective draws
corner moves and warps with keras.ops.image.perspective_transform. Images are cast to the
layer's compute dtype first, as Keras does; segmentation masks are warped with nearest
sampling. In inference the input passes through (cast). Bounding boxes follow the draws
(image_boxes.py). A transformation is Keras's dict of the draws (RandomTranslation's
"translations", RandomZoom's "height_zoom"/"width_zoom", RandomShear's "shear_factor", with
the images' "input_shape"; RandomRotation's "angle" with its "rotation_matrix"), from which
the [batch, 8] transform is built when it applies.
"""

from __future__ import annotations

import math
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras.layers import image_boxes
from eagerflow._src.keras.layers.preprocessing_image import (
    ImagePreprocessingLayer,
    _cast,
    shape_of,
)
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops.image import _homography, affine_transform, perspective_transform
from eagerflow._src.keras.random_seeds import SeedGenerator
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast, ones_like, where

FILL_MODES = ("reflect", "wrap", "constant", "nearest")
INTERPOLATIONS = ("nearest", "bilinear")


class _AffineLayer(ImagePreprocessingLayer):
    """What the three layers share: fill/interpolation checks, the cast, the warp."""

    # Keras draws before the call checks the rank: for a rank other than 3 or 4, the batch
    # is RandomZoom's 1 and the others' first dimension
    _BATCH_ONLY_AT_RANK4 = False
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    _FACTOR_ERROR = ("The `factor` argument should be a number (or a list of two numbers) in "
                     "the range [-1.0, 1.0]. ")
    # get_config's keys after the base layer's, in Keras's order.
    _CONFIG_KEYS = ("height_factor", "width_factor", "fill_mode", "interpolation", "seed",
                    "fill_value")

    def _set_warp(self, fill_mode: str, interpolation: str, fill_value: float,
                  seed: int | None, seed_first: bool = False) -> None:
        if seed_first:  # (RandomRotation's unseeded generator draws before the checks)
            self.generator = SeedGenerator(seed)
        if fill_mode not in FILL_MODES:
            raise NotImplementedError(f"Unknown `fill_mode` {fill_mode}. Expected of one "
                                      f"{FILL_MODES}.")
        if interpolation not in INTERPOLATIONS:
            raise NotImplementedError(f"Unknown `interpolation` {interpolation}. Expected of "
                                      f"one {INTERPOLATIONS}.")
        self.fill_mode, self.interpolation = fill_mode, interpolation
        self.fill_value, self.seed = fill_value, seed
        if not seed_first:
            self.generator = SeedGenerator(seed)  # (the base layer's draws use it)

    def _range(self, factor: Any, name: str, open_below: bool = False) -> tuple:
        """A height/width factor as (lower, upper): a number f means (-|f|, |f|)."""
        def check(v: float) -> None:
            if v > 1.0 or (v <= -1.0 if open_below else v < -1.0):
                raise ValueError(self._FACTOR_ERROR + f"Received: input_number={v}")

        if isinstance(factor, (tuple, list)):
            if len(factor) != 2:
                raise ValueError(self._FACTOR_ERROR + f"Received: {name}={factor}")
            check(factor[0])
            check(factor[1])
            lower, upper = sorted(factor)
            return lower, upper
        if isinstance(factor, (int, float)) and not isinstance(factor, bool):
            check(factor)
            return -abs(factor), abs(factor)
        raise ValueError(self._FACTOR_ERROR + f"Received: {name}={factor}")

    def _sizes(self, data: Any) -> tuple:
        """(batch, shape) of the images of `data` (a single image: batch 1)."""
        dims = shape_of(data)
        if self._BATCH_ONLY_AT_RANK4:
            return (dims[0] if len(dims) == 4 else 1), dims
        return (1 if len(dims) == 3 else dims[0]), dims

    def _size_of(self, transformation: dict) -> tuple:
        """(height, width) of the images a transformation was drawn for."""
        shape = transformation["input_shape"]
        return shape[self._height_axis], shape[self._width_axis]

    def _matrix(self, transformation: dict) -> Any:
        """The [batch, 8] transforms that warp the images by `transformation`."""
        raise NotImplementedError

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        raise NotImplementedError()

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        if not training or transformation is None:
            return bounding_boxes
        return self._boxes(bounding_boxes, transformation)

    def _warp(self, images: Any, transformation: Any, interpolation: str,
              training: bool) -> Any:
        images = _cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        return affine_transform(images, self._matrix(transformation), interpolation=interpolation,
                                fill_mode=self.fill_mode, fill_value=self.fill_value,
                                data_format=self.data_format)

    def transform_images(self, images: Any, transformation: Any, training: bool = True) -> Any:
        return self._warp(images, transformation, self.interpolation, training)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        return self._warp(masks, transformation, "nearest", training)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({key: getattr(self, key) for key in self._CONFIG_KEYS})
        return config


def _columns(*columns: Any) -> Any:
    """[batch, 8] float32 from eight [batch, 1] columns."""
    return ta.concat([cast(c, dt.float32) for c in columns], axis=1)


class RandomTranslation(_AffineLayer):
    """`RandomTranslation(height_factor, width_factor, fill_mode='reflect', ...)`: each
    image shifted by a uniform fraction of its height and of its width."""

    _USE_BASE_FACTOR = False

    def __init__(self, height_factor: Any, width_factor: Any, fill_mode: str = "reflect",
                 interpolation: str = "bilinear", seed: int | None = None,
                 fill_value: float = 0.0, data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = self._range(height_factor, "height_factor")
        self.width_lower, self.width_upper = self._range(width_factor, "width_factor")
        self._set_warp(fill_mode, interpolation, fill_value, seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        batch, dims = self._sizes(data)  # (a lower rank: Keras's IndexError)
        height, width = dims[self._height_axis], dims[self._width_axis]
        dy = self._uniform([batch, 1], self.height_lower, self.height_upper, seed=seed) * \
            cast(height, dt.float32)
        dx = self._uniform([batch, 1], self.width_lower, self.width_upper, seed=seed) * \
            cast(width, dt.float32)
        return {"translations": ta.concat([dx, dy], axis=1), "input_shape": dims}

    def _matrix(self, transformation: dict) -> Any:
        moves = transformation["translations"]
        batch = ta.shape(moves)[0]
        zeros, ones = ta.zeros([batch, 1]), ta.ones([batch, 1])
        return _columns(ones, zeros, -moves[:, 0:1], zeros, ones, -moves[:, 1:], zeros, zeros)

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        return image_boxes.translate(bounding_boxes, self.bounding_box_format,
                                     self._matrix(transformation),
                                     *self._size_of(transformation))


class RandomZoom(_AffineLayer):
    """`RandomZoom(height_factor, width_factor=None, fill_mode='reflect', ...)`: each image
    zoomed about its centre by 1 + a uniform draw per axis (positive: out, negative: in);
    without width_factor both axes take the height's draw."""

    _USE_BASE_FACTOR = False
    _BATCH_ONLY_AT_RANK4 = True
    _FACTOR_ERROR = ("The `height_factor` and `width_factor` arguments should be a number (or "
                     "a list of two numbers) in the range (-1.0, 1.0]. ")

    def __init__(self, height_factor: Any, width_factor: Any = None, fill_mode: str = "reflect",
                 interpolation: str = "bilinear", seed: int | None = None,
                 fill_value: float = 0.0, data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.height_factor, self.width_factor = height_factor, width_factor
        self.height_lower, self.height_upper = self._range(height_factor, "height_factor", True)
        if width_factor is not None:
            self.width_lower, self.width_upper = self._range(width_factor, "width_factor", True)
        self._set_warp(fill_mode, interpolation, fill_value, seed)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        batch, dims = self._sizes(data)
        zoom_y = self._uniform([batch, 1], 1.0 + self.height_lower, 1.0 + self.height_upper,
                               seed=seed)
        zoom_x = zoom_y if self.width_factor is None else \
            self._uniform([batch, 1], 1.0 + self.width_lower, 1.0 + self.width_upper,
                          seed=seed)
        return {"height_zoom": zoom_y, "width_zoom": zoom_x, "input_shape": dims}

    def _matrix(self, transformation: dict) -> Any:
        height, width = self._size_of(transformation)
        zoom_y, zoom_x = transformation["height_zoom"], transformation["width_zoom"]
        # The centre ((size - 1) / 2) stays where it is.
        x_offset = (cast(width, dt.float32) - 1.0) / 2.0 * (1.0 - zoom_x)
        y_offset = (cast(height, dt.float32) - 1.0) / 2.0 * (1.0 - zoom_y)
        zeros = ta.zeros([ta.shape(zoom_x)[0], 1])
        return _columns(zoom_x, zeros, x_offset, zeros, zoom_y, y_offset, zeros, zeros)

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        return image_boxes.zoom(bounding_boxes, self.bounding_box_format,
                                self._matrix(transformation), *self._size_of(transformation))


class RandomRotation(_AffineLayer):
    """`RandomRotation(factor, fill_mode='reflect', ...)`: each image rotated about its
    centre by a uniform angle in factor * 360 degrees (positive: counter-clockwise)."""

    _CONFIG_KEYS = ("factor", "fill_mode", "fill_value", "interpolation", "seed")

    def __init__(self, factor: Any, fill_mode: str = "reflect", interpolation: str = "bilinear",
                 seed: int | None = None, fill_value: float = 0.0,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(factor=factor, data_format=data_format, **kwargs)
        self._set_warp(fill_mode, interpolation, fill_value, seed, seed_first=True)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        dims = shape_of(data)
        # (Keras reads height and width after the batch axis, if any, whatever the rank)
        batch, rest = (dims[0], dims[1:]) if len(dims) == 4 else (1, dims)
        first = self.data_format == "channels_first"
        height, width = (rest[1], rest[2]) if first else (rest[0], rest[1])
        lower, upper = self.factor
        degrees = self._uniform([batch], lower * 360.0, upper * 360.0, seed=seed)
        angle = degrees * (math.pi / 180.0)
        cx = (cast(width, dt.float32) - 1.0) * 0.5
        cy = (cast(height, dt.float32) - 1.0) * 0.5
        cos, sin = tm.cos(angle)[:, None], tm.sin(angle)[:, None]
        zeros = ta.zeros([batch, 1])
        # Output pixel (x, y) reads the input at R(angle) applied about the centre.
        matrix = _columns(cos, -sin, cx - cx * cos + cy * sin,
                          sin, cos, cy - cx * sin - cy * cos, zeros, zeros)
        if len(dims) == 3:  # (a single image's: one transform, as Keras)
            matrix = ta.squeeze(matrix, 0)
        return {"angle": degrees, "rotation_matrix": matrix, "image_height": height,
                "image_width": width, "batch_size": batch}

    def _matrix(self, transformation: dict) -> Any:
        return ta.reshape(transformation["rotation_matrix"], [-1, 8])

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        return image_boxes.rotate(bounding_boxes, self.bounding_box_format,
                                  transformation["angle"], transformation["image_height"],
                                  transformation["image_width"])



class RandomShear(_AffineLayer):
    """`RandomShear(x_factor=0.0, y_factor=0.0, interpolation='bilinear',
    fill_mode='reflect', fill_value=0.0, seed=None)`: each image sheared along x and y by
    draws from the factors, both negated together with probability 1/2."""

    _USE_BASE_FACTOR = False
    _SHEAR_ERROR = ("The `factor` argument should be a number (or a list of two numbers) in "
                    "the range [0, 1.0]. ")
    _CONFIG_KEYS = ("x_factor", "y_factor", "fill_mode", "interpolation", "seed",
                    "fill_value", "data_format")

    def __init__(self, x_factor: Any = 0.0, y_factor: Any = 0.0,
                 interpolation: str = "bilinear", fill_mode: str = "reflect",
                 fill_value: float = 0.0, data_format: str | None = None,
                 seed: int | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.x_factor = self._shear_range(x_factor, "x_factor")
        self.y_factor = self._shear_range(y_factor, "y_factor")
        self._set_warp(fill_mode, interpolation, fill_value, seed)

    def _shear_range(self, factor: Any, name: str) -> tuple:
        def check(v: float) -> None:
            if v > 1.0 or v < 0.0:
                raise ValueError(self._SHEAR_ERROR + f"Received: input_number={v}")

        if isinstance(factor, (tuple, list)) and len(factor) == 2:
            check(factor[0])
            check(factor[1])
            return tuple(sorted(factor))
        if isinstance(factor, (int, float)) and not isinstance(factor, (tuple, list)):
            check(factor)
            return -abs(factor), abs(factor)
        raise ValueError(self._SHEAR_ERROR + f"Received: {name}={factor}")

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        batch, dims = self._sizes(data)
        dtype = self.compute_dtype
        invert = self._uniform([batch, 1], dtype=dtype, seed=seed)
        sign = where(invert > 0.5, -ones_like(invert), ones_like(invert))
        shear_y = self._uniform([batch, 1], self.y_factor[0], self.y_factor[1], dtype=dtype,
                                seed=seed)
        shear_x = self._uniform([batch, 1], self.x_factor[0], self.x_factor[1], dtype=dtype,
                                seed=seed)
        return {"shear_factor": ta.concat([shear_x, shear_y], axis=1) * sign,
                "input_shape": dims}

    def _matrix(self, transformation: dict) -> Any:
        shears = transformation["shear_factor"]
        zeros, ones = ta.zeros([ta.shape(shears)[0], 1]), ta.ones([ta.shape(shears)[0], 1])
        return _columns(ones, shears[:, 0:1], zeros, shears[:, 1:2], ones, zeros, zeros, zeros)

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        shears = cast(transformation["shear_factor"], self.compute_dtype)
        return image_boxes.shear(bounding_boxes, self.bounding_box_format, shears[:, 0:1],
                                 shears[:, 1:2], *self._size_of(transformation),
                                 self.compute_dtype)


class RandomPerspective(_AffineLayer):
    """`RandomPerspective(factor=1.0, scale=1.0, interpolation='bilinear', fill_value=0.0,
    seed=None)`: with a probability drawn from factor, each image warped by moving its
    four corners by up to scale/2 of their coordinates."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)
    _CONFIG_KEYS = ("factor", "scale", "interpolation", "fill_value", "seed")

    def __init__(self, factor: Any = 1.0, scale: float = 1.0, interpolation: str = "bilinear",
                 fill_value: float = 0.0, seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self._set_factor(factor)
        self.scale = scale
        if scale < 0.0 or scale > 1.0:
            raise ValueError("The `scale` argument should be a number in the range [0,1]. "
                             f"Received: scale={scale}")
        self._set_warp("constant", interpolation, fill_value, seed)
        del self.fill_mode  # (none to choose: outside the image is fill_value)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        batch, dims = self._sizes(data)  # (a lower rank: Keras's IndexError)
        height, width = dims[self._height_axis], dims[self._width_axis]
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        probability = self._uniform((batch,), self.factor[0], self.factor[1], seed=seed)
        apply = self._uniform((batch,), 0.0, 1.0, seed=seed) < probability
        moves = self._uniform((batch, 4, 2), -0.5 * self.scale, 0.5 * self.scale,
                              dtype=self.compute_dtype, seed=seed)
        corners = [[0.0, 0.0], [width - 1, 0.0], [0.0, height - 1], [width - 1, height - 1]]
        start = kn.repeat(kn.array([corners], self.compute_dtype), batch, axis=0)
        return {"apply_perspective": apply, "start_points": start,
                "end_points": start + start * moves, "input_shape": dims}

    def _boxes(self, bounding_boxes: dict, transformation: dict) -> dict:
        homography = _homography(transformation["start_points"],
                                 transformation["end_points"])
        return image_boxes.perspective(bounding_boxes, self.bounding_box_format, homography,
                                       transformation["apply_perspective"],
                                       *self._size_of(transformation), self.compute_dtype)

    def _warp(self, images: Any, transformation: Any, interpolation: str,
              training: bool) -> Any:
        images = _cast(images, self.compute_dtype)
        if not training or transformation is None:
            return images
        apply, start, end = (transformation[k] for k in ("apply_perspective", "start_points",
                                                         "end_points"))
        warped = perspective_transform(images, start, end, interpolation=interpolation,
                                       fill_value=self.fill_value,
                                       data_format=self.data_format)
        return kn.where(apply[:, None, None, None], warped, images)
