"""Spatial reshaping layers: ZeroPadding1D/2D/3D, Cropping1D/2D/3D, UpSampling1D/2D/3D."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.shape import TensorShape
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.input_spec import InputSpec
from eagerflow._src.keras.layers._utils import normalize_data_format, normalize_tuple
from eagerflow._src.keras.ops.image import resize
from eagerflow._src.ops import array as ta
from eagerflow._src.ops.padding import pad as tf_pad
from eagerflow._src.ops.tiling import tile

_ORDINALS = ("1st", "2nd", "3rd")
# Keras 3's words for an argument of neither form (ZeroPadding2D's repeat Cropping2D's)
_EITHER = {
    2: "`{name}` should be either an int, a tuple of 2 ints (symmetric_height_crop, "
       "symmetric_width_crop), or a tuple of 2 tuples of 2 ints ((top_crop, bottom_crop), "
       "(left_crop, right_crop)). Received: {name}={value}.",
    3: "`{name}` should be either an int, a tuple of 3 ints (symmetric_dim1_{short}, "
       "symmetric_dim2_{short}, symmetric_dim3_{short}), or a tuple of 3 tuples of 2 ints "
       "((left_dim1_{short}, right_dim1_{short}), (left_dim2_{short}, right_dim2_{short}), "
       "(left_dim3_{short}, right_dim2_{short})). Received: {shown}.",
}


def _pairs(value: Any, n: int, name: str) -> tuple:
    """An int, n ints, or n (before, after) pairs, as n pairs; refused in Keras 3's words
    (which differ between ranks 2 and 3, and let a negative int padding through)."""
    shown = f"{name}={value}" if n == 2 else f"{value}"
    if isinstance(value, int):
        if value < 0 and name == "cropping":
            raise ValueError(f"`cropping` cannot be negative. Received: cropping={value}.")
        return ((value, value),) * n
    if not hasattr(value, "__len__"):
        short = "pad" if name == "padding" else "crop"
        raise ValueError(_EITHER[n].format(name=name, value=value, short=short,
                                           shown=f"{name}={value}" if name == "padding"
                                           else shown))
    if len(value) != n:
        count = "two" if n == 2 else str(n)
        raise ValueError(f"`{name}` should have {count} elements. Received: {shown}.")
    return tuple(normalize_tuple(v, 2, f"{_ORDINALS[i]} entry of {name}", allow_zero=True)
                 for i, v in enumerate(value))


def _add(d: int | None, k: int) -> int | None:
    return None if d is None else d + k


class _Spatial(Layer):
    rank = 2

    def __init__(self, data_format: str | None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data_format = normalize_data_format(data_format)
        self.input_spec = InputSpec(ndim=self.rank + 2)

    def _spatial_axes(self) -> list:
        if self.data_format == "channels_last":
            return list(range(1, self.rank + 1))
        return list(range(2, self.rank + 2))


class ZeroPadding1D(_Spatial):
    """`ZeroPadding1D(padding=1, data_format=None)`."""

    rank = 1

    def __init__(self, padding: Any = 1, data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format, **kwargs)
        self.padding = normalize_tuple(padding, 2, "padding", allow_zero=True)

    def call(self, inputs: Any) -> Any:
        pads = [[0, 0], [0, 0], [0, 0]]
        pads[self._spatial_axes()[0]] = list(self.padding)
        return tf_pad(inputs, pads)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = TensorShape(input_shape).as_list()
        axis = self._spatial_axes()[0]
        s[axis] = _add(s[axis], sum(self.padding))
        return TensorShape(s)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"padding": self.padding, "data_format": self.data_format})
        return config


class _ZeroPadding(_Spatial):
    def __init__(self, padding: Any, data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format, **kwargs)
        self.padding = _pairs(padding, self.rank, "padding")

    def call(self, inputs: Any) -> Any:
        pads = [(0, 0)] * (self.rank + 2)
        for axis, p in zip(self._spatial_axes(), self.padding):
            pads[axis] = p
        return tf_pad(inputs, [list(p) for p in pads])

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = TensorShape(input_shape).as_list()
        for axis, p in zip(self._spatial_axes(), self.padding):
            s[axis] = _add(s[axis], sum(p))
        return TensorShape(s)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"padding": self.padding, "data_format": self.data_format})
        return config


class ZeroPadding2D(_ZeroPadding):
    """`ZeroPadding2D(padding=(1, 1), data_format=None)`."""

    rank = 2

    def __init__(self, padding: Any = (1, 1), data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(padding, data_format, **kwargs)


class ZeroPadding3D(_ZeroPadding):
    """`ZeroPadding3D(padding=((1, 1), (1, 1), (1, 1)), data_format=None)`."""

    rank = 3

    def __init__(self, padding: Any = ((1, 1), (1, 1), (1, 1)), data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(padding, data_format, **kwargs)


class Cropping1D(_Spatial):
    rank = 1

    def __init__(self, cropping: Any = (1, 1), **kwargs: Any) -> None:
        super().__init__("channels_last", **kwargs)
        self.cropping = normalize_tuple(cropping, 2, "cropping", allow_zero=True)

    def _check(self, s: list, shown: str) -> None:
        if s[1] is not None and sum(self.cropping) >= s[1]:
            raise ValueError("`cropping` parameter of `Cropping1D` layer must be smaller than "
                             f"the input length. Received: {shown}={tuple(s)}, "
                             f"cropping={self.cropping}")

    def call(self, inputs: Any) -> Any:
        self._check(inputs.shape.as_list(), "inputs.shape")
        n = inputs.shape[1]
        return inputs[:, self.cropping[0]:n - self.cropping[1], :]

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = tuple(TensorShape(input_shape).as_list())  # (a tuple's IndexError, as Keras's)
        self._check(s, "input_shape")
        length = None if s[1] is None else s[1] - sum(self.cropping)
        return TensorShape([s[0], length, s[2]])

    def get_config(self) -> dict:
        config = super().get_config()
        config["cropping"] = self.cropping
        return config


class _Cropping(_Spatial):
    def __init__(self, cropping: Any, data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(data_format, **kwargs)
        self.cropping = _pairs(cropping, self.rank, "cropping")

    def _check(self, s: list, shown: str) -> None:
        """Keras 3's refusal of a cropping that leaves nothing of a spatial axis (`shown`:
        "inputs.shape" in a call, "input_shape" in compute_output_shape)."""
        for axis, (a, b) in zip(self._spatial_axes(), self.cropping):
            if s[axis] is not None and a + b >= s[axis]:
                raise ValueError("Values in `cropping` argument should be smaller than the "
                                 "corresponding spatial dimension of the input. Received: "
                                 f"{shown}={tuple(s)}, cropping={self.cropping}")

    def call(self, inputs: Any) -> Any:
        s = inputs.shape.as_list()
        self._check(s, "inputs.shape")
        key = [slice(None)] * (self.rank + 2)
        for axis, (a, b) in zip(self._spatial_axes(), self.cropping):
            key[axis] = slice(a, s[axis] - b)
        return inputs[tuple(key)]

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        s = TensorShape(input_shape).as_list()
        self._check(s, "input_shape")
        for axis, (a, b) in zip(self._spatial_axes(), self.cropping):
            s[axis] = None if s[axis] is None else s[axis] - a - b
        return TensorShape(s)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"cropping": self.cropping, "data_format": self.data_format})
        return config


def _fixed_rank_shape(layer: Any, input_shape: Any, resize: Any) -> TensorShape:
    """Keras 3's 2-D and 3-D upsampling and 2-D cropping shape rule: the input's axes read
    by index from a tuple (a shorter shape is its IndexError), the output of the layer's
    rank + 2 whatever the input's (a longer one's trailing axes dropped); `resize(d, i)`
    gives spatial axis i's known length d."""
    s = tuple(TensorShape(input_shape).as_list())
    n, first = layer.rank, 2 if layer.data_format == "channels_first" else 1
    spatial = [None if s[first + i] is None else resize(s[first + i], i) for i in range(n)]
    if first == 1:
        return TensorShape([s[0], *spatial, s[n + 1]])
    return TensorShape([s[0], s[1], *spatial])


class Cropping2D(_Cropping):
    """`Cropping2D(cropping=((0, 0), (0, 0)), data_format=None)`."""

    rank = 2

    def __init__(self, cropping: Any = ((0, 0), (0, 0)), data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(cropping, data_format, **kwargs)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        self._check(tuple(TensorShape(input_shape).as_list()), "input_shape")
        return _fixed_rank_shape(self, input_shape, lambda d, i: d - sum(self.cropping[i]))


class Cropping3D(_Cropping):
    """`Cropping3D(cropping=((1, 1), (1, 1), (1, 1)), data_format=None)`."""

    rank = 3

    def __init__(self, cropping: Any = ((1, 1), (1, 1), (1, 1)),
                 data_format: str | None = None, **kwargs: Any) -> None:
        super().__init__(cropping, data_format, **kwargs)


def _repeat(x: Any, axis: int, n: int) -> Any:
    """Each slice along `axis` repeated n times (nearest-neighbour upsampling)."""
    if n == 1:
        return x
    dims = x.shape.as_list()
    ex = ta.expand_dims(x, axis + 1)
    mult = [1] * (len(dims) + 1)
    mult[axis + 1] = n
    tiled = tile(ex, mult)
    new = [-1 if d is None else d for d in dims]
    new[axis] = -1 if dims[axis] is None else dims[axis] * n
    if new.count(-1) > 1:
        new[0] = dims[0] if dims[0] is not None else -1
    return ta.reshape(tiled, new)


class UpSampling1D(_Spatial):
    rank = 1

    def __init__(self, size: int = 2, **kwargs: Any) -> None:
        super().__init__("channels_last", **kwargs)
        if not isinstance(size, int) or isinstance(size, bool):
            raise TypeError(f"Expected an integer value for `size`, got {type(size)}.")
        if size <= 0:
            raise ValueError(f"Argument `size` should be a positive integer. Received: "
                             f"size={size}")
        self.size = size

    def call(self, inputs: Any) -> Any:
        return _repeat(inputs, 1, self.size)

    def compute_output_shape(self, input_shape: Any) -> list:
        s = tuple(TensorShape(input_shape).as_list())  # (indexed as Keras's tuple)
        return [s[0], None if s[1] is None else s[1] * self.size, s[2]]  # (a list, as
        # Keras 3.15 gives it)

    def get_config(self) -> dict:
        config = super().get_config()
        config["size"] = self.size
        return config


class _SpatialUpSampling(_Spatial):
    """Nearest-neighbour upsampling by `self.size` along each spatial axis (2-D and 3-D)."""

    def call(self, inputs: Any) -> Any:
        out = inputs
        for axis, n in zip(self._spatial_axes(), self.size):
            out = _repeat(out, axis, n)
        return out

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return _fixed_rank_shape(self, input_shape, lambda d, i: d * self.size[i])


class UpSampling2D(_SpatialUpSampling):
    """`UpSampling2D(size=(2, 2), data_format=None, interpolation='nearest')`."""

    def __init__(self, size: Any = (2, 2), data_format: str | None = None,
                 interpolation: str = "nearest", **kwargs: Any) -> None:
        super().__init__(data_format, **kwargs)
        self.size = normalize_tuple(size, 2, "size")
        # (any of keras.ops.image.resize's methods; another is refused when called, by it)
        self.interpolation = interpolation.lower()

    def call(self, inputs: Any) -> Any:
        if self.interpolation == "nearest":
            return super().call(inputs)
        x = inputs
        if self.data_format == "channels_first":
            x = ta.transpose(x, [0, 2, 3, 1])
        s = x.shape.as_list()
        out = resize(x, (s[1] * self.size[0], s[2] * self.size[1]),
                     interpolation=self.interpolation, data_format="channels_last")
        if self.data_format == "channels_first":
            out = ta.transpose(out, [0, 3, 1, 2])
        return out

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"size": self.size, "data_format": self.data_format,
                       "interpolation": self.interpolation})
        return config


class UpSampling3D(_SpatialUpSampling):
    """`UpSampling3D(size=(2, 2, 2), data_format=None)`: nearest-neighbour repetition."""

    rank = 3

    def __init__(self, size: Any = (2, 2, 2), data_format: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(data_format, **kwargs)
        self.size = normalize_tuple(size, 3, "size")

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"size": self.size, "data_format": self.data_format})
        return config
