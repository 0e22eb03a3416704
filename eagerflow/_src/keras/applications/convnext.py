"""keras.applications ConvNeXtTiny, Small, Base, Large and XLarge (Keras's layer names):
a patchify stem and three downsampling steps (each a small Sequential, as Keras builds
them), stages of blocks of a 7x7 depthwise convolution, layer normalization, an inverted
bottleneck of two Dense layers with GELU, a learned per-channel scale (LayerScale) and
a residual connection (through StochasticDepth when drop_path_rate > 0)."""

from __future__ import annotations

from typing import Any, Callable

import numpy as np

from eagerflow._src.keras import initializers
from eagerflow._src.keras.applications import common
from eagerflow._src.keras.applications.common import layers
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.sequential import Sequential
from eagerflow._src.keras.layers.normalization import LayerNormalization
from eagerflow._src.keras.ops import random as krandom
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops.math_base import cast

# variant -> (blocks per stage, channels per stage)
_CONFIGS = {"tiny": ((3, 3, 9, 3), (96, 192, 384, 768)),
            "small": ((3, 3, 27, 3), (96, 192, 384, 768)),
            "base": ((3, 3, 27, 3), (128, 256, 512, 1024)),
            "large": ((3, 3, 27, 3), (192, 384, 768, 1536)),
            "xlarge": ((3, 3, 27, 3), (256, 512, 1024, 2048))}


class StochasticDepth(Layer):
    """Drops the whole residual branch of a sample with probability `drop_path_rate`
    while training (scaling the kept ones by 1 / keep probability)."""

    def __init__(self, drop_path_rate: float, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.drop_path_rate = drop_path_rate

    def call(self, x: Any, training: Any = None) -> Any:
        if not training:
            return x
        keep = 1 - self.drop_path_rate
        shape = ta.concat([ta.shape(x)[:1], cast(np.ones(len(x.shape) - 1), "int32")], 0)
        mask = tm.floor(keep + krandom.uniform(shape, 0, 1, dtype=x.dtype.name))
        return x / keep * mask

    def get_config(self) -> dict:
        return {**super().get_config(), "drop_path_rate": self.drop_path_rate}


class LayerScale(Layer):
    """Multiplies by a learned per-channel scale `gamma`, initialized to `init_values`."""

    def __init__(self, init_values: float, projection_dim: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.init_values = init_values
        self.projection_dim = projection_dim

    def build(self, _: Any) -> None:
        self.gamma = self.add_weight(shape=(self.projection_dim,),
                                     initializer=initializers.Constant(self.init_values),
                                     trainable=True)
        self.built = True

    def call(self, x: Any) -> Any:
        return x * self.gamma

    def get_config(self) -> dict:
        return {**super().get_config(), "init_values": self.init_values,
                "projection_dim": self.projection_dim}


def _block(inputs: Any, dim: int, drop_path_rate: float, layer_scale: float | None,
           name: str) -> Any:
    x = layers.Conv2D(dim, kernel_size=7, padding="same", groups=dim,
                      name=f"{name}_depthwise_conv")(inputs)
    x = LayerNormalization(epsilon=1e-6, name=f"{name}_layernorm")(x)
    x = layers.Dense(4 * dim, name=f"{name}_pointwise_conv_1")(x)
    x = layers.Activation("gelu", name=f"{name}_gelu")(x)
    x = layers.Dense(dim, name=f"{name}_pointwise_conv_2")(x)
    if layer_scale is not None:
        x = LayerScale(layer_scale, dim, name=f"{name}_layer_scale")(x)
    if drop_path_rate:
        x = StochasticDepth(drop_path_rate, name=f"{name}_stochastic_depth")(x)
    else:
        x = layers.Activation("linear", name=f"{name}_identity")(x)
    return inputs + x


def _downsampling(dims: tuple, name: str) -> list:
    """The stem and the three downsampling steps, each a Sequential."""
    steps = [Sequential([layers.Conv2D(dims[0], kernel_size=4, strides=4,
                                       name=f"{name}_stem_conv"),
                         LayerNormalization(epsilon=1e-6, name=f"{name}_stem_layernorm")],
                        name=f"{name}_stem")]
    for i in range(3):
        steps.append(Sequential(
            [LayerNormalization(epsilon=1e-6, name=f"{name}_downsampling_layernorm_{i}"),
             layers.Conv2D(dims[i + 1], kernel_size=2, strides=2,
                           name=f"{name}_downsampling_conv_{i}")],
            name=f"{name}_downsampling_block_{i}"))
    return steps


def _convnext(variant: str) -> Callable:
    depths, dims = _CONFIGS[variant]
    public_name = f"ConvNeXt{'XLarge' if variant == 'xlarge' else variant.capitalize()}"

    def build(include_top: bool = True, include_preprocessing: bool = True,
              weights: Any = "imagenet", input_tensor: Any = None, input_shape: Any = None,
              pooling: str | None = None, classes: int = 1000,
              classifier_activation: Any = "softmax", name: str = f"convnext_{variant}") -> Any:
        common.check_weights(weights, include_top, classes, f"{name}.h5", "convnext")
        shape = common.obtain_input_shape(input_shape, 224, 32, include_top)
        inputs, x = common.model_input(input_tensor, shape)
        if include_preprocessing and shape[-1] == 3:
            x = layers.Normalization(
                mean=[0.485 * 255, 0.456 * 255, 0.406 * 255],
                variance=[(0.229 * 255) ** 2, (0.224 * 255) ** 2, (0.225 * 255) ** 2],
                name=f"{name}_prestem_normalization")(x)
        for i, step in enumerate(_downsampling(dims, name)):
            x = step(x)
            for j in range(depths[i]):
                x = _block(x, dims[i], 0.0, 1e-6, f"{name}_stage_{i}_block_{j}")

        def head(t: Any) -> Any:
            t = layers.GlobalAveragePooling2D(name=f"{name}_head_gap")(t)
            t = LayerNormalization(epsilon=1e-6, name=f"{name}_head_layernorm")(t)
            return layers.Dense(classes, activation=classifier_activation,
                                name=f"{name}_head_dense")(t)

        if not include_top:  # the features are normalized last, pooled or not
            if pooling == "avg":
                x = layers.GlobalAveragePooling2D()(x)
            elif pooling == "max":
                x = layers.GlobalMaxPooling2D()(x)
            x = LayerNormalization(epsilon=1e-6)(x)
        return common.finish(inputs, x, include_top=include_top, pooling=None,
                             classes=classes, classifier_activation=classifier_activation,
                             weights=weights, name=name, head=head)

    return common.public(build, public_name)


ConvNeXtTiny = _convnext("tiny")
ConvNeXtSmall = _convnext("small")
ConvNeXtBase = _convnext("base")
ConvNeXtLarge = _convnext("large")
ConvNeXtXLarge = _convnext("xlarge")


def preprocess_input(x: Any, data_format: Any = None) -> Any:
    """The identity: the models normalize their input themselves."""
    return x
