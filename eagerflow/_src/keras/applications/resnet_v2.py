"""keras.applications ResNet50V2, ResNet101V2 and ResNet152V2 (Keras's layer names).

As ResNet v1 (resnet.py), stages of bottleneck blocks, but pre-activation: each block
normalizes its input first; the first block of a stage projects its shortcut with a 1x1
convolution and the last one strides (its shortcut is then a 1x1 max pooling).
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.keras.applications import common, imagenet_utils
from eagerflow._src.keras.applications.common import layers
from eagerflow._src.keras.applications.resnet import _BN


def _block_v2(x: Any, filters: int, stride: int = 1, conv_shortcut: bool = False,
              name: str = "") -> Any:
    preact = layers.BatchNormalization(**_BN, name=f"{name}_preact_bn")(x)
    preact = layers.Activation("relu", name=f"{name}_preact_relu")(preact)
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(preact)
    else:
        shortcut = layers.MaxPooling2D(1, strides=stride)(x) if stride > 1 else x
    x = layers.Conv2D(filters, 1, strides=1, use_bias=False, name=f"{name}_1_conv")(preact)
    x = layers.BatchNormalization(**_BN, name=f"{name}_1_bn")(x)
    x = layers.Activation("relu", name=f"{name}_1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name=f"{name}_2_pad")(x)
    x = layers.Conv2D(filters, 3, strides=stride, use_bias=False, name=f"{name}_2_conv")(x)
    x = layers.BatchNormalization(**_BN, name=f"{name}_2_bn")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    return layers.Add(name=f"{name}_out")([shortcut, x])


def _stack_v2(x: Any, filters: int, blocks: int, stride1: int = 2, name: str = "") -> Any:
    x = _block_v2(x, filters, conv_shortcut=True, name=f"{name}_block1")
    for i in range(2, blocks):
        x = _block_v2(x, filters, name=f"{name}_block{i}")
    return _block_v2(x, filters, stride=stride1, name=f"{name}_block{blocks}")


def _body_v2(stages: tuple) -> Callable:
    def body(x: Any) -> Any:
        x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(x)
        x = layers.Conv2D(64, 7, strides=2, name="conv1_conv")(x)
        x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
        x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
        for i, (filters, blocks) in enumerate(zip((64, 128, 256, 512), stages)):
            x = _stack_v2(x, filters, blocks, stride1=1 if i == 3 else 2, name=f"conv{i + 2}")
        x = layers.BatchNormalization(**_BN, name="post_bn")(x)
        return layers.Activation("relu", name="post_relu")(x)
    return body


ResNet50V2 = common.constructor(_body_v2((3, 4, 6, 3)), "resnet50v2", "ResNet50V2")
ResNet101V2 = common.constructor(_body_v2((3, 4, 23, 3)), "resnet101v2", "ResNet101V2")
ResNet152V2 = common.constructor(_body_v2((3, 8, 36, 3)), "resnet152v2", "ResNet152V2")


def preprocess_input(x: Any, data_format: Any = None) -> Any:
    """RGB images in [0, 255] scaled to [-1, 1]."""
    return imagenet_utils.preprocess_input(x, data_format, mode="tf")
