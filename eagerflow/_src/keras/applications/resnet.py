"""keras.applications ResNet50, ResNet101 and ResNet152 (ResNet v1, with Keras's layer
names, so Keras's weight files load into them).

Each stage is a stack of bottleneck blocks (1x1, 3x3, 1x1 convolutions with batch
normalization); the first block of a stage projects its shortcut with a 1x1 convolution.
"""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.keras.applications import common
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


def _resnet(stages: tuple, model_name: str, include_top: bool, weights: Any,
            input_tensor: Any, input_shape: Any, pooling: str | None, classes: int,
            classifier_activation: Any, name: str) -> Any:
    common.check_weights(weights, include_top, classes,
                         f"{model_name}_weights_tf_dim_ordering_tf_kernels.h5")
    shape = common.obtain_input_shape(input_shape, 224, 32, include_top)
    inputs, x = common.model_input(input_tensor, shape)
    x = layers.ZeroPadding2D(padding=((3, 3), (3, 3)), name="conv1_pad")(x)
    x = layers.Conv2D(64, 7, strides=2, name="conv1_conv")(x)
    x = layers.BatchNormalization(**_BN, name="conv1_bn")(x)
    x = layers.Activation("relu", name="conv1_relu")(x)
    x = layers.ZeroPadding2D(padding=((1, 1), (1, 1)), name="pool1_pad")(x)
    x = layers.MaxPooling2D(3, strides=2, name="pool1_pool")(x)
    for i, (filters, blocks) in enumerate(zip((64, 128, 256, 512), stages)):
        x = _stack(x, filters, blocks, stride1=1 if i == 0 else 2, name=f"conv{i + 2}")
    return common.finish(inputs, x, include_top=include_top, pooling=pooling, classes=classes,
                         classifier_activation=classifier_activation, weights=weights,
                         name=name)


def _application(stages: tuple, model_name: str) -> Callable:
    def build(include_top: bool = True, weights: Any = "imagenet", input_tensor: Any = None,
              input_shape: Any = None, pooling: str | None = None, classes: int = 1000,
              classifier_activation: Any = "softmax", name: str = model_name) -> Any:
        return _resnet(stages, model_name, include_top, weights, input_tensor, input_shape,
                       pooling, classes, classifier_activation, name)

    build.__name__ = build.__qualname__ = model_name.replace("resnet", "ResNet")
    build.__doc__ = (f"keras.applications.{build.__name__}: the ImageNet classifier (weights "
                     "from a local file only).")
    return build


ResNet50 = _application((3, 4, 6, 3), "resnet50")
ResNet101 = _application((3, 4, 23, 3), "resnet101")
ResNet152 = _application((3, 8, 36, 3), "resnet152")


def preprocess_input(x: Any, data_format: Any = None) -> Any:
    """RGB images in [0, 255] to the networks' input: BGR with ImageNet means subtracted."""
    return common.preprocess(x, "caffe")
