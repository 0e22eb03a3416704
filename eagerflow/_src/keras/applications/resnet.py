"""keras.applications ResNet50, ResNet101 and ResNet152 (ResNet v1, with Keras's layer
names, so Keras's weight files load into them).

Each stage is a stack of bottleneck blocks (1x1, 3x3, 1x1 convolutions with batch
normalization); the first block of a stage projects its shortcut with a 1x1 convolution.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.keras.applications import common, imagenet_utils
from eagerflow._src.keras.applications.common import layers

_BN = {"axis": 3, "epsilon": 1.001e-5}


def _block(x: Any, filters: int, stride: int = 1, conv_shortcut: bool = True,
           name: str = "") -> Any:
    if conv_shortcut:
        shortcut = layers.Conv2D(4 * filters, 1, strides=stride, name=f"{name}_0_conv")(x)
        shortcut = layers.BatchNormalization(**_BN, name=f"{name}_0_bn")(shortcut)
    else:
        shortcut = x
    x = layers.Conv2D(filters, 1, strides=stride, name=f"{name}_1_conv")(x)
    x = layers.BatchNormalization(**_BN, name=f"{name}_1_bn")(x)
    x = layers.Activation("relu", name=f"{name}_1_relu")(x)
    x = layers.Conv2D(filters, 3, padding="SAME", name=f"{name}_2_conv")(x)
    x = layers.BatchNormalization(**_BN, name=f"{name}_2_bn")(x)
    x = layers.Activation("relu", name=f"{name}_2_relu")(x)
    x = layers.Conv2D(4 * filters, 1, name=f"{name}_3_conv")(x)
    x = layers.BatchNormalization(**_BN, name=f"{name}_3_bn")(x)
    x = layers.Add(name=f"{name}_add")([shortcut, x])
    return layers.Activation("relu", name=f"{name}_out")(x)


def _stack(x: Any, filters: int, blocks: int, stride1: int = 2, name: str = "") -> Any:
    x = _block(x, filters, stride=stride1, name=f"{name}_block1")
    for i in range(2, blocks + 1):
        x = _block(x, filters, conv_shortcut=False, name=f"{name}_block{i}")
    return x


def _body(stages: tuple) -> Callable:
    def body(x: Any) -> Any:
        x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(x)
        x = layers.Conv2D(64, 7, strides=2, name="conv1_conv")(x)
        x = layers.BatchNormalization(**_BN, name="conv1_bn")(x)
        x = layers.Activation("relu", name="conv1_relu")(x)
        x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
        x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
        for i, (filters, blocks) in enumerate(zip((64, 128, 256, 512), stages)):
            x = _stack(x, filters, blocks, stride1=1 if i == 0 else 2, name=f"conv{i + 2}")
        return x
    return body


ResNet50 = common.constructor(_body((3, 4, 6, 3)), "resnet50", "ResNet50")
ResNet101 = common.constructor(_body((3, 4, 23, 3)), "resnet101", "ResNet101")
ResNet152 = common.constructor(_body((3, 8, 36, 3)), "resnet152", "ResNet152")


def preprocess_input(x: Any, data_format: Any = None) -> Any:
    """RGB images in [0, 255] to the networks' input: BGR with ImageNet means subtracted."""
    return imagenet_utils.preprocess_input(x, data_format, mode="caffe")
