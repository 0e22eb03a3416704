"""Pooling layers: Max/AveragePooling1D/2D/3D, the global poolings and the adaptive ones
(AdaptiveAverage/AdaptiveMaxPooling1D/2D/3D, over keras.ops.adaptive_*_pool)."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers._utils import (
    normalize_data_format,
    normalize_tuple,
)
from eagerflow._src.keras.layers.conv import to_channels_first, to_channels_last
from eagerflow._src.keras.ops.nn_conv import adaptive_average_pool, adaptive_max_pool
from eagerflow._src.keras.ops.numpy_reduce import amax, mean
from eagerflow._src.keras.utils.conv_utils import pooling_output_shape
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import nn_pool as tn_pool
from eagerflow._src.ops import reduce as tr
from eagerflow._src.ops.math_base import cast


class Pooling(Layer):
    """N-D max or average pooling (`kind` "max" or "avg")."""

    def __init__(self, rank: int, kind: str, pool_size: Any, strides: Any, padding: str,
                 data_format: str | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if strides is None:
            strides = pool_size
        self.rank = rank
        self._kind = kind
        self.pool_size = normalize_tuple(pool_size, rank, "pool_size")
        # (a zero stride passes here, as in Keras 3: the op or the shape inference refuses it)
        self.strides = normalize_tuple(strides, rank, "strides", allow_zero=True)
        # (kept as given, as Keras 3.15 keeps it: a call upper-cases it for TF's op, which
        # checks it; only the shape inference asks for lower-case 'valid' or 'same')
        self.padding = padding
        self.data_format = normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=rank + 2)
        self._build_at_init()

    def call(self, inputs: Any) -> Any:
        x = inputs
        if self.data_format == "channels_first":
            x = to_channels_last(x, self.rank)
        pool = tn_pool.max_pool if self._kind == "max" else tn_pool.avg_pool
        out = pool(x, list(self.pool_size), list(self.strides), self.padding.upper())
        if self.data_format == "channels_first":
            out = to_channels_first(out, self.rank)
        return out

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(pooling_output_shape(TensorShape(input_shape).as_list(),
                                                self.pool_size, self.strides, self.padding,
                                                self.data_format))

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"pool_size": self.pool_size, "padding": self.padding,
                       "strides": self.strides, "data_format": self.data_format})
        return config


class MaxPooling1D(Pooling):
    def __init__(self, pool_size: Any = 2, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(1, "max", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class AveragePooling1D(Pooling):
    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(1, "avg", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class MaxPooling2D(Pooling):
    def __init__(self, pool_size: Any = (2, 2), strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(2, "max", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class AveragePooling2D(Pooling):
    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(2, "avg", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class MaxPooling3D(Pooling):
    def __init__(self, pool_size: Any = (2, 2, 2), strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(3, "max", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class AveragePooling3D(Pooling):
    def __init__(self, pool_size: Any, strides: Any = None, padding: str = "valid",
                 data_format: str | None = None, name: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(3, "avg", pool_size, strides, padding, data_format, name=name,
                         **kwargs)


class GlobalPooling(Layer):
    def __init__(self, rank: int, kind: str, data_format: str | None = None,
                 keepdims: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.rank = rank
        self._kind = kind
        self.data_format = normalize_data_format(data_format)
        self.keepdims = keepdims
        self.input_spec = InputSpec(ndim=rank + 2)
        self.supports_masking = rank == 1 and kind == "avg"  # (GlobalAveragePooling1D)
        self._build_at_init()

    def _axes(self) -> list:
        if self.data_format == "channels_last":
            return list(range(1, self.rank + 1))
        return list(range(2, self.rank + 2))

    def call(self, inputs: Any) -> Any:
        return self._pool(inputs)

    def _pool(self, inputs: Any, mask: Any = None) -> Any:
        axes = self._axes()
        if self._kind == "avg":
            if mask is not None:
                m = cast(mask, inputs.dtype)
                m = ta.expand_dims(m, 2 if self.data_format == "channels_last" else 1)
                total = tr.reduce_sum(inputs * m, axis=axes, keepdims=self.keepdims)
                return total / tr.reduce_sum(m, axis=axes, keepdims=self.keepdims)
            # (keras.ops, as Keras 3: an integer input's mean is float32, a bool's max bool)
            return mean(inputs, axis=axes, keepdims=self.keepdims)
        return amax(inputs, axis=axes, keepdims=self.keepdims)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        # Keras 3's rule, blind to the layer's rank: the batch and the channels, with a
        # 1 for each axis between them kept (a (2, 3, 4, 5) shape given a 1-D pooling is
        # (2, 5), a (2, 3) one (2, 3))
        s = TensorShape(input_shape).as_list()
        ones = [1] * (len(s) - 2) if self.keepdims else []
        if self.data_format == "channels_last":
            return TensorShape([s[0]] + ones + [s[-1]])
        return TensorShape([s[0], s[1]] + ones)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"data_format": self.data_format, "keepdims": self.keepdims})
        return config


class GlobalAveragePooling1D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(1, "avg", data_format, keepdims, **kwargs)

    def call(self, inputs: Any, mask: Any = None) -> Any:  # (the only one taking a mask)
        return self._pool(inputs, mask)

    def compute_mask(self, inputs: Any, mask: Any = None) -> Any:
        return None  # (the others keep Layer's: they warn that they drop a mask)


class GlobalAveragePooling2D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(2, "avg", data_format, keepdims, **kwargs)


class GlobalMaxPooling1D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(1, "max", data_format, keepdims, **kwargs)


class GlobalMaxPooling2D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(2, "max", data_format, keepdims, **kwargs)


class GlobalAveragePooling3D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(3, "avg", data_format, keepdims, **kwargs)


class GlobalMaxPooling3D(GlobalPooling):
    def __init__(self, data_format: str | None = None, keepdims: bool = False,
                 **kwargs: Any) -> None:
        super().__init__(3, "max", data_format, keepdims, **kwargs)


class AdaptivePooling(Layer):
    """Pools to a fixed spatial size `output_size`, whatever the input's (Keras 3's
    BaseAdaptivePooling): an int, or a tuple of one size per spatial axis."""

    _rank = 1
    _pool: Any = staticmethod(adaptive_average_pool)
    _size_names = {1: "1 integer", 2: "(height, width) tuple", 3: "(depth, height, width) tuple"}

    def __init__(self, output_size: Any, data_format: str | None = None,
                 **kwargs: Any) -> None:
        n = self._rank
        if isinstance(output_size, int):
            output_size = (output_size,) * n
        elif n == 1 and isinstance(output_size, (tuple, list)) and len(output_size) != 1:
            raise ValueError("For 1D input, `output_size` tuple must have length 1. "
                             f"Received: {output_size}")
        elif not isinstance(output_size, (tuple, list)) or len(output_size) != n:
            what = "tuple of 1 integer" if n == 1 else self._size_names[n]
            raise TypeError(f"`output_size` must be an integer or {what}. Received: "
                            f"{output_size} of type {type(output_size)}")
        super().__init__(**kwargs)
        self.output_size = tuple(output_size)
        self.data_format = data_format or normalize_data_format(None)
        if self.data_format not in ("channels_first", "channels_last"):
            raise ValueError(f"Invalid data_format: {self.data_format}. Expected "
                             "'channels_first' or 'channels_last'.")

    def call(self, inputs: Any) -> Any:
        return self._pool(inputs, self.output_size, data_format=self.data_format)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        s = tuple(TensorShape(input_shape).as_list())
        if self.data_format == "channels_last":
            return (s[0], *self.output_size, s[-1])
        return (s[0], s[1], *self.output_size)

    def get_config(self) -> dict:
        return {**super().get_config(), "output_size": self.output_size,
                "data_format": self.data_format}


class AdaptiveAveragePooling1D(AdaptivePooling):
    """`AdaptiveAveragePooling1D(output_size, data_format=None)`."""


class AdaptiveAveragePooling2D(AdaptivePooling):
    """`AdaptiveAveragePooling2D(output_size, data_format=None)`."""

    _rank = 2


class AdaptiveAveragePooling3D(AdaptivePooling):
    """`AdaptiveAveragePooling3D(output_size, data_format=None)`."""

    _rank = 3


class AdaptiveMaxPooling1D(AdaptivePooling):
    """`AdaptiveMaxPooling1D(output_size, data_format=None)`."""

    _pool = staticmethod(adaptive_max_pool)


class AdaptiveMaxPooling2D(AdaptivePooling):
    """`AdaptiveMaxPooling2D(output_size, data_format=None)`."""

    _rank = 2
    _pool = staticmethod(adaptive_max_pool)


class AdaptiveMaxPooling3D(AdaptivePooling):
    """`AdaptiveMaxPooling3D(output_size, data_format=None)`."""

    _rank = 3
    _pool = staticmethod(adaptive_max_pool)


MaxPool1D = MaxPooling1D
MaxPool2D = MaxPooling2D
AvgPool1D = AveragePooling1D
AvgPool2D = AveragePooling2D
GlobalAvgPool1D = GlobalAveragePooling1D
GlobalAvgPool2D = GlobalAveragePooling2D
GlobalMaxPool1D = GlobalMaxPooling1D
GlobalMaxPool2D = GlobalMaxPooling2D
MaxPool3D = MaxPooling3D
AvgPool3D = AveragePooling3D
GlobalAvgPool3D = GlobalAveragePooling3D
GlobalMaxPool3D = GlobalMaxPooling3D
