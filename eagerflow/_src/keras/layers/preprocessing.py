"""Preprocessing layers: Rescaling and Normalization (with `adapt`)."""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm


class Rescaling(Layer):
    """`Rescaling(scale, offset=0.0)`: `inputs * scale + offset`."""

    def __init__(self, scale: Any, offset: Any = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset

    def call(self, inputs: Any) -> Any:
        dtype = self.compute_dtype
        x = tm.cast(inputs, dtype) if inputs.dtype.name != dtype else inputs
        scale = convert_to_tensor(np.asarray(self.scale, dtype=x.dtype.as_numpy_dtype))
        offset = convert_to_tensor(np.asarray(self.offset, dtype=x.dtype.as_numpy_dtype))
        return x * scale + offset

    def _output_dtype(self, input_dtype: Any) -> Any:
        return dt.as_dtype(self.compute_dtype)

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"scale": self.scale, "offset": self.offset})
        return config


class Normalization(Layer):
    """`Normalization(axis=-1, mean=None, variance=None, invert=False)`.

    `adapt(data)` computes the mean and variance of `data` over every axis except
    `axis`; calls return `(x - mean) / sqrt(variance)` (or its inverse).
    """

    def __init__(self, axis: Any = -1, mean: Any = None, variance: Any = None,
                 invert: bool = False, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if axis is None:
            axis = ()
        elif isinstance(axis, int):
            axis = (axis,)
        else:
            axis = tuple(axis)
        self.axis = axis
        if (mean is not None) != (variance is not None):
            raise ValueError("When setting values directly, both `mean` and `variance` must be "
                             f"set. Received: mean={mean} and variance={variance}")
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self._adapted = mean is not None

    def build(self, input_shape: Any) -> None:
        shape = TensorShape(input_shape).as_list()
        ndim = len(shape)
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError("All `axis` values must be in the range [-ndim, ndim). Received "
                             f"inputs with ndim={ndim}, while axis={self.axis}")
        self._keep_axis = sorted(a % ndim for a in self.axis)
        self._reduce_axis = [i for i in range(ndim) if i not in self._keep_axis]
        self._broadcast_shape = [shape[i] if i in self._keep_axis else 1 for i in range(ndim)]
        for i in self._keep_axis:
            if shape[i] is None:
                raise ValueError("All `axis` values to be kept must have known shape. Got "
                                 f"axis: {self.axis}, input shape: {shape}, with unknown axis "
                                 f"at index: {i}")
        mean_shape = [shape[i] for i in self._keep_axis]
        if self.input_mean is None:
            self.adapt_mean = self.add_weight("mean", shape=mean_shape, initializer="zeros",
                                              trainable=False)
            self.adapt_variance = self.add_weight("variance", shape=mean_shape,
                                                  initializer="ones", trainable=False)
            self.count = self.add_weight("count", shape=(), dtype="int64",
                                         initializer="zeros", trainable=False)
        self.built = True

    def adapt(self, data: Any, batch_size: Any = None, steps: Any = None) -> None:
        """Computes the mean and variance of `data` (an array, tensor or dataset of batches)."""
        if hasattr(data, "_as_tensor") or hasattr(data, "numpy") or isinstance(
                data, (np.ndarray, list)):
            batches = [np.asarray(data.numpy() if hasattr(data, "numpy") else data,
                                  dtype=np.float64)]
        else:
            batches = [np.asarray(b.numpy() if hasattr(b, "numpy") else b, dtype=np.float64)
                       for b in data]
        if not batches:
            raise ValueError("`adapt()` needs data to compute statistics on")
        if not self.built:
            shape = list(batches[0].shape)
            shape[0] = None
            self.build(shape)
        if self.input_mean is not None:
            raise ValueError("Cannot adapt a Normalization layer built with a fixed mean and "
                             "variance.")
        stacked = np.concatenate([b.reshape((-1,) + b.shape[1:]) if b.ndim else b.reshape(1)
                                  for b in batches], axis=0)
        red = tuple(self._reduce_axis)
        mean = stacked.mean(axis=red)
        var = stacked.var(axis=red)
        count = int(np.prod([stacked.shape[i] for i in red])) if red else 1
        self.adapt_mean.assign(mean.reshape(self.adapt_mean.shape.as_list())
                               .astype(np.float32))
        self.adapt_variance.assign(var.reshape(self.adapt_variance.shape.as_list())
                                   .astype(np.float32))
        self.count.assign(np.int64(count))
        self._adapted = True

    def _stats(self) -> tuple:
        if self.input_mean is not None:
            mean = np.broadcast_to(np.asarray(self.input_mean, np.float32),
                                   self._broadcast_shape)
            var = np.broadcast_to(np.asarray(self.input_variance, np.float32),
                                  self._broadcast_shape)
            return convert_to_tensor(np.array(mean)), convert_to_tensor(np.array(var))
        return (ta.reshape(self.adapt_mean, self._broadcast_shape),
                ta.reshape(self.adapt_variance, self._broadcast_shape))

    def call(self, inputs: Any) -> Any:
        mean, var = self._stats()
        x = tm.cast(inputs, self.compute_dtype) if inputs.dtype.name != self.compute_dtype \
            else inputs
        std = tm.maximum(tm.sqrt(var), kb.epsilon())
        if self.invert:
            return mean + x * std
        return (x - mean) / std

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def get_config(self) -> dict:
        config = super().get_config()
        mean = self.input_mean
        var = self.input_variance
        config.update({"axis": self.axis, "invert": self.invert,
                       "mean": np.asarray(mean).tolist() if mean is not None else None,
                       "variance": np.asarray(var).tolist() if var is not None else None})
        return config
