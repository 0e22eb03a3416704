"""keras.applications VGG16 and VGG19 (Keras's layer names): blocks of 3x3 convolutions
and 2x2 max pooling, then two 4096-wide dense layers."""

from __future__ import annotations

from typing import Any, Callable

from eagerflow._src.keras.applications import common
from eagerflow._src.keras.applications.common import layers


def _vgg(convs: tuple, model_name: str, include_top: bool, weights: Any, input_tensor: Any,
         input_shape: Any, pooling: str | None, classes: int, classifier_activation: Any,
         name: str) -> Any:
    common.check_weights(weights, include_top, classes,
                         f"{model_name}_weights_tf_dim_ordering_tf_kernels.h5")
    shape = common.obtain_input_shape(input_shape, 224, 32, include_top)
    inputs, x = common.model_input(input_tensor, shape)
    for b, (filters, n) in enumerate(zip((64, 128, 256, 512, 512), convs), start=1):
        for i in range(1, n + 1):
            x = layers.Conv2D(filters, (3, 3), activation="relu", padding="same",
                              name=f"block{b}_conv{i}")(x)
        x = layers.MaxPooling2D((2, 2), strides=(2, 2), name=f"block{b}_pool")(x)

    def top(x: Any) -> Any:
        x = layers.Flatten(name="flatten")(x)
        x = layers.Dense(4096, activation="relu", name="fc1")(x)
        return layers.Dense(4096, activation="relu", name="fc2")(x)

    return common.finish(inputs, x, include_top=include_top, pooling=pooling, classes=classes,
                         classifier_activation=classifier_activation, weights=weights,
                         name=name, top=top, pool_names=False)


def _application(convs: tuple, model_name: str) -> Callable:
    def build(include_top: bool = True, weights: Any = "imagenet", input_tensor: Any = None,
              input_shape: Any = None, pooling: str | None = None, classes: int = 1000,
              classifier_activation: Any = "softmax", name: str = model_name) -> Any:
        return _vgg(convs, model_name, include_top, weights, input_tensor, input_shape,
                    pooling, classes, classifier_activation, name)

    build.__name__ = build.__qualname__ = model_name.upper()
    build.__doc__ = f"keras.applications.{build.__name__} (weights from a local file only)."
    return build


VGG16 = _application((2, 2, 3, 3, 3), "vgg16")
VGG19 = _application((2, 2, 4, 4, 4), "vgg19")


def preprocess_input(x: Any, data_format: Any = None) -> Any:
    return common.preprocess(x, "caffe")
