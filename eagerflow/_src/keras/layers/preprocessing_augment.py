"""Keras 3's composite image augmentation layers: RandAugment and AugMix (which draw and
apply the geometric and colour layers they hold), ContrastLimitedAdaptiveHistogramEqualization,
and MaxNumBoundingBoxes.

Keras layer level, on preprocessing_image.py's base layer and the layers of
preprocessing_affine.py / preprocessing_color.py. RandAugment and AugMix draw every held
layer's transformation from their own SeedGenerator (get_random_transformation's `seed`), in
Keras's order, so seeded runs give Keras's numbers; AugMix picks its chains' operations with
Python's `random`, as Keras does (keras.utils.set_random_seed seeds it).
"""

from __future__ import annotations

import random
from typing import Any

from eagerflow._src.keras.layers.preprocessing_affine import (
    RandomRotation,
    RandomShear,
    RandomTranslation,
)
from eagerflow._src.keras.layers.preprocessing_color import (
    AutoContrast,
    Equalization,
    RandomBrightness,
    RandomColorDegeneration,
    RandomPosterization,
    RandomSharpness,
    Solarization,
    rescale,
)
from eagerflow._src.keras.layers.preprocessing_image import ImagePreprocessingLayer, RandomContrast
from eagerflow._src.keras.ops import core as kc
from eagerflow._src.keras.ops import nn as knn
from eagerflow._src.keras.ops import numpy_array as kn
from eagerflow._src.keras.ops import numpy_math as km
from eagerflow._src.keras.ops import numpy_reduce as kr
from eagerflow._src.keras.ops import random as krandom
from eagerflow._src.keras.random_seeds import SeedGenerator

GEOMETRIC = ("random_shear", "random_translation", "random_rotation")
TONAL = ("random_brightness", "random_color_degeneration", "random_contrast",
         "random_sharpness")


class _HeldLayers(ImagePreprocessingLayer):
    """What RandAugment and AugMix share: the layers they hold, made with their arguments
    (and every other keyword, as Keras passes them on), built with them."""

    _USE_BASE_FACTOR = False
    _FACTOR_BOUNDS = (0, 1)
    _LAYERS: tuple = ()

    def _hold(self, names: tuple, interpolation: str, data_format: str | None,
              kwargs: dict) -> None:
        common = {"data_format": data_format, **kwargs}
        seeded = {"seed": self.seed, **common}
        factor, value_range = self.factor, self.value_range
        makers = {
            "random_shear": lambda: RandomShear(x_factor=factor, y_factor=factor,
                                                interpolation=interpolation, **seeded),
            "random_translation": lambda: RandomTranslation(
                height_factor=factor, width_factor=factor, interpolation=interpolation,
                **seeded),
            "random_rotation": lambda: RandomRotation(factor=factor,
                                                      interpolation=interpolation, **seeded),
            "random_brightness": lambda: RandomBrightness(factor=factor,
                                                          value_range=value_range, **seeded),
            "random_color_degeneration": lambda: RandomColorDegeneration(
                factor=factor, value_range=value_range, **seeded),
            "random_contrast": lambda: RandomContrast(factor=factor, value_range=value_range,
                                                      **seeded),
            "random_sharpness": lambda: RandomSharpness(factor=factor,
                                                        value_range=value_range, **seeded),
            "solarization": lambda: Solarization(addition_factor=factor,
                                                 threshold_factor=factor,
                                                 value_range=value_range, **seeded),
            "random_posterization": lambda: RandomPosterization(
                factor=max(1, int(8 * factor[1])), value_range=value_range, **seeded),
            "auto_contrast": lambda: AutoContrast(value_range=value_range, **common),
            "equalization": lambda: Equalization(value_range=value_range, **common)}
        for name in names:  # (in Keras's order of construction: unseeded ones draw seeds)
            setattr(self, name, makers[name]())

    def build(self, input_shape: Any) -> None:
        for name in self._LAYERS:
            getattr(self, name).build(input_shape)
        super().build(input_shape)

    def transform_labels(self, labels: Any, transformation: Any, training: bool = True) -> Any:
        return labels

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape


class RandAugment(_HeldLayers):
    """`RandAugment(value_range=(0, 255), num_ops=2, factor=0.5, interpolation='bilinear',
    seed=None)`: `num_ops` times, one of eleven augmentations (drawn for the batch) applied
    to the whole batch."""

    _LAYERS = ("random_shear", "random_translation", "random_rotation", "random_brightness",
               "random_color_degeneration", "random_contrast", "random_sharpness",
               "random_posterization", "solarization", "auto_contrast", "equalization")
    _CONSTRUCTION = GEOMETRIC + TONAL + ("solarization", "random_posterization",
                                         "auto_contrast", "equalization")

    def __init__(self, value_range: Any = (0, 255), num_ops: int = 2, factor: Any = 0.5,
                 interpolation: str = "bilinear", seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.value_range, self.num_ops = value_range, num_ops
        self._set_factor(factor)
        self.interpolation, self.seed = interpolation, seed
        self.generator = SeedGenerator(seed)
        self._hold(self._CONSTRUCTION, interpolation, data_format, kwargs)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        # (Keras draws with its own generator whatever `seed` says)
        choices = krandom.randint((self.num_ops,), 0, len(self._LAYERS), seed=self.generator)
        transforms = {name: getattr(self, name).get_random_transformation(
            data, training=training, seed=self.generator) for name in self._LAYERS}
        return {"transforms": transforms, "layer_idxes": choices}

    def _each_op(self, x: Any, transformation: dict, method: str) -> Any:
        """x through the chosen layer's `method`, op after op (every layer computed, the
        chosen one's result kept, as Keras does)."""
        for i in range(self.num_ops):
            for idx, (name, draw) in enumerate(transformation["transforms"].items()):
                applied = getattr(getattr(self, name), method)(x, draw)
                x = kn.where(transformation["layer_idxes"][i] == idx, applied, x)
        return x

    def transform_images(self, images: Any, transformation: Any, training: bool = True) -> Any:
        if training:
            images = self._each_op(kc.cast(images, self.compute_dtype), transformation,
                                   "transform_images")
        return kc.cast(images, self.compute_dtype)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        if not training:
            return masks
        return self._each_op(masks, transformation, "transform_segmentation_masks")

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        if not training:
            return bounding_boxes
        boxes = dict(bounding_boxes)
        choices = transformation["layer_idxes"]
        for idx, (name, draw) in enumerate(transformation["transforms"].items()):
            moved = getattr(self, name).transform_bounding_boxes(dict(boxes), draw)
            for i in range(self.num_ops):
                for key in ("boxes", "labels"):
                    boxes[key] = kn.where(choices[i] == idx, moved[key], boxes[key])
        return boxes

    def get_config(self) -> dict:
        return {**super().get_config(), "value_range": self.value_range,
                "num_ops": self.num_ops, "factor": self.factor,
                "interpolation": self.interpolation, "seed": self.seed}


class AugMix(_HeldLayers):
    """`AugMix(value_range=(0, 255), num_chains=3, chain_depth=3, factor=0.3, alpha=1.0,
    all_ops=True, interpolation='bilinear', seed=None)`: `num_chains` chains of up to
    `chain_depth` augmentations, mixed by Dirichlet weights, then blended with the input by
    a Beta draw (one draw of each for the batch)."""

    _BASIC = ("random_shear", "random_translation", "random_rotation", "random_posterization",
              "solarization", "auto_contrast", "equalization")

    def __init__(self, value_range: Any = (0, 255), num_chains: int = 3, chain_depth: int = 3,
                 factor: Any = 0.3, alpha: float = 1.0, all_ops: bool = True,
                 interpolation: str = "bilinear", seed: int | None = None,
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.value_range, self.num_chains, self.chain_depth = value_range, num_chains, \
            chain_depth
        self._set_factor(factor)
        self.alpha, self.all_ops, self.interpolation = alpha, all_ops, interpolation
        self.seed = seed
        self.generator = SeedGenerator(seed)
        self._LAYERS = self._BASIC + (TONAL if all_ops else ())
        self._hold(GEOMETRIC + ("solarization", "random_posterization", "auto_contrast",
                                "equalization") + (TONAL if all_ops else ()),
                   interpolation, data_format, kwargs)

    def get_random_transformation(self, data: Any, training: bool = True,
                                  seed: Any = None) -> Any:
        if not training:
            return None
        seed = seed or self.generator  # (Keras's `or`: a seed of 0 is the generator)
        gammas = krandom.gamma([self.num_chains], self.alpha, seed=seed)
        weights = gammas / kr.sum(gammas, axis=-1, keepdims=True)
        blend = krandom.beta((), self.alpha, self.alpha, seed=seed)
        chains = []
        for _ in range(self.num_chains):
            chain = []
            for _ in range(self.chain_depth):
                name = random.choice(list(self._LAYERS) + [None])
                if name is not None:
                    chain.append({"layer_name": name,
                                  "transformation": getattr(self, name).get_random_transformation(
                                      data, seed=self.generator)})
            chains.append(chain)
        return {"chain_mixing_weights": weights, "weight_sample": blend,
                "chain_transforms": chains}

    def _mix(self, x: Any, transformation: dict, method: str) -> Any:
        """The chains' outputs mixed, then blended with x."""
        weights = kc.cast(transformation["chain_mixing_weights"], self.compute_dtype)
        blend = kc.cast(transformation["weight_sample"], self.compute_dtype)
        mixed = kn.zeros_like(x)
        for idx, chain in enumerate(transformation["chain_transforms"]):
            y = x
            for step in chain:
                y = getattr(getattr(self, step["layer_name"]), method)(y, step["transformation"])
            mixed = mixed + y * weights[idx]
        return blend * x + (1 - blend) * mixed

    def transform_images(self, images: Any, transformation: Any, training: bool = True) -> Any:
        if training:
            images = self._mix(kc.cast(images, self.compute_dtype), transformation,
                               "transform_images")
            images = km.clip(images, self.value_range[0], self.value_range[1])
        return kc.cast(images, self.compute_dtype)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        if not training:
            return masks
        return self._mix(masks, transformation, "transform_segmentation_masks")

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        return bounding_boxes

    def get_config(self) -> dict:
        return {**super().get_config(), "value_range": self.value_range,
                "num_chains": self.num_chains, "chain_depth": self.chain_depth,
                "factor": self.factor, "alpha": self.alpha, "all_ops": self.all_ops,
                "interpolation": self.interpolation, "seed": self.seed}


# ---------------------------------------------------------------------------------------
# CLAHE
# ---------------------------------------------------------------------------------------

class ContrastLimitedAdaptiveHistogramEqualization(ImagePreprocessingLayer):
    """`ContrastLimitedAdaptiveHistogramEqualization(value_range=(0, 255), clip_limit=4.0,
    tile_grid_size=(8, 8))`: each channel equalized tile by tile (histograms clipped at
    clip_limit times the mean bin, the excess spread evenly), the tiles' mappings blended
    bilinearly. Applied in inference too; the output keeps the input's dtype."""

    def __init__(self, value_range: Any = (0, 255), clip_limit: float = 4.0,
                 tile_grid_size: Any = (8, 8), data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format=data_format, **kwargs)
        self.value_range, self.clip_limit = value_range, clip_limit
        self.tile_grid_size = tile_grid_size

    def transform_labels(self, labels: Any, transformation: Any, training: bool = True) -> Any:
        raise NotImplementedError()  # (Keras's base layer's: CLAHE has none)

    def transform_segmentation_masks(self, masks: Any, transformation: Any,
                                     training: bool = True) -> Any:
        raise NotImplementedError()  # (Keras's base layer's: CLAHE has none)

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        first = self.data_format == "channels_first"
        if first:
            images = kn.transpose(images, (0, 2, 3, 1))
        dtype = images.dtype
        x = rescale(images, self.value_range, (0, 255), "float32")
        x = rescale(self._equalize(x), (0, 255), self.value_range, "float32")
        x = kc.cast(x, dtype)
        return kn.transpose(x, (0, 3, 1, 2)) if first else x

    def _tile_maps(self, padded: Any, sizes: tuple) -> Any:
        """Each tile's clipped, normalized cumulative histogram (0-255), with one tile of
        edge padding around the grid: [batch, grid_h + 2, grid_w + 2, channels, 256]."""
        batch, grid_h, grid_w, tile_h, tile_w, channels = sizes
        tiles = kn.reshape(padded, (batch, grid_h, tile_h, grid_w, tile_w, channels))
        tiles = kn.reshape(kn.transpose(tiles, (0, 1, 3, 5, 2, 4)),
                           (batch, grid_h, grid_w, channels, tile_h * tile_w))
        levels = km.clip(kc.cast(tiles, "int32"), 0, 255)
        hists = kr.sum(knn.one_hot(levels, 256), axis=-2)
        if self.clip_limit > 0:
            limit = kc.cast(self.clip_limit * (tile_h * tile_w) / 256.0, hists.dtype)
            clipped = km.clip(hists, 0, limit)
            hists = clipped + kr.sum(hists - clipped, axis=-1, keepdims=True) / 256.0
        cdf = kr.cumsum(hists, axis=-1)
        low = kr.min(cdf, axis=-1, keepdims=True)
        span = kc.cast(tile_h * tile_w, cdf.dtype) - low
        span = kn.where(span == 0, kn.ones_like(span), span)
        maps = km.clip((cdf - low) * 255.0 / span, 0, 255)
        maps = kn.concatenate([maps[:, :1], maps, maps[:, -1:]], axis=1)
        return kn.concatenate([maps[:, :, :1], maps, maps[:, :, -1:]], axis=2)

    def _equalize(self, images: Any) -> Any:
        batch, height, width, channels = (d if d is not None else kc.shape(images)[i]
                                          for i, d in enumerate(images.shape))
        grid_h, grid_w = self.tile_grid_size
        tile_h, tile_w = (height + grid_h - 1) // grid_h, (width + grid_w - 1) // grid_w
        pad_h, pad_w = tile_h * grid_h - height, tile_w * grid_w - width
        padded = images
        if not (isinstance(pad_h, int) and isinstance(pad_w, int) and pad_h == pad_w == 0):
            planes = kn.reshape(kn.transpose(images, (0, 3, 1, 2)), (-1, height, width))
            planes = kn.pad(planes, [[0, 0], [0, pad_h], [0, pad_w]], mode="symmetric")
            padded = kn.transpose(kn.reshape(planes, (-1, channels, height + pad_h,
                                                      width + pad_w)), (0, 2, 3, 1))
        maps = kn.reshape(self._tile_maps(padded, (batch, grid_h, grid_w, tile_h, tile_w,
                                                   channels)), (-1,))
        # each pixel's position between tile centres (in tiles, from the padded grid's edge)
        ys = (kn.arange(tile_h * grid_h, dtype="float32") - tile_h / 2.0) / tile_h + 1.0
        xs = (kn.arange(tile_w * grid_w, dtype="float32") - tile_w / 2.0) / tile_w + 1.0
        y0, x0 = km.floor(ys), km.floor(xs)
        wy, wx = (ys - y0)[None, :, None, None], (xs - x0)[None, None, :, None]

        def index(v: Any, high: int) -> Any:
            return kc.cast(km.clip(v, 0, high + 1), "int32")

        rows = [index(y, grid_h)[None, :, None, None] for y in (y0, y0 + 1.0)]
        cols = [index(x, grid_w)[None, None, :, None] for x in (x0, x0 + 1.0)]
        stride_x = 256 * channels
        stride_y = stride_x * (grid_w + 2)
        stride_b = stride_y * (grid_h + 2)
        pixels = kc.cast(km.clip(padded, 0, 255), "int32")
        base = (kn.arange(batch, dtype="int32")[:, None, None, None] * stride_b
                + kn.arange(channels, dtype="int32")[None, None, None, :] * 256 + pixels)
        (nw, ne), (sw, se) = ([kn.take(maps, base + r * stride_y + c * stride_x)
                               for c in cols] for r in rows)
        top, bottom = nw * (1.0 - wx) + ne * wx, sw * (1.0 - wx) + se * wx
        return (top * (1.0 - wy) + bottom * wy)[:, :height, :width, :]

    def get_config(self) -> dict:
        return {**super().get_config(), "value_range": self.value_range,
                "clip_limit": self.clip_limit, "tile_grid_size": self.tile_grid_size,
                "data_format": self.data_format}


# ---------------------------------------------------------------------------------------
# MaxNumBoundingBoxes
# ---------------------------------------------------------------------------------------

class MaxNumBoundingBoxes(ImagePreprocessingLayer):
    """`MaxNumBoundingBoxes(max_number, fill_value=-1)`: every image's boxes and labels cut
    or padded (with fill_value) to max_number; images pass unchanged. (Keras's config
    omits fill_value.)"""

    def __init__(self, max_number: int, fill_value: int = -1, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.max_number, self.fill_value = int(max_number), int(fill_value)

    def transform_images(self, images: Any, transformation: Any = None,
                         training: bool = True) -> Any:
        return images

    def transform_bounding_boxes(self, bounding_boxes: dict, transformation: Any,
                                 training: bool = True) -> dict:
        boxes, labels = bounding_boxes["boxes"], bounding_boxes["labels"]
        batch, count = kc.shape(boxes)[0], kc.shape(boxes)[1]
        extra = km.maximum(self.max_number - count, 0)
        boxes = kn.pad(boxes[:, :self.max_number, ...], [[0, 0], [0, extra], [0, 0]],
                       constant_values=self.fill_value)
        labels = kn.pad(labels[:, :self.max_number], [[0, 0], [0, extra]],
                        constant_values=self.fill_value)
        out = dict(bounding_boxes)
        out["boxes"] = kn.reshape(boxes, [batch, self.max_number, 4])
        out["labels"] = kn.reshape(labels, [batch, self.max_number])
        return out

    def compute_output_shape(self, input_shape: Any) -> Any:
        if isinstance(input_shape, dict) and "bounding_boxes" in input_shape:
            extra = set(input_shape["bounding_boxes"]) - {"boxes", "labels"}
            if extra:
                raise KeyError(f"There are unsupported keys in `bounding_boxes`: "
                               f"{list(extra)}. Only `boxes` and `labels` are supported.")
            for key in ("boxes", "labels"):
                shape = list(input_shape["bounding_boxes"][key])
                shape[1] = self.max_number
                input_shape["bounding_boxes"][key] = shape
        return input_shape

    def get_config(self) -> dict:
        return {**super().get_config(), "max_number": self.max_number}
