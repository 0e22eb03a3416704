"""Preprocessing layers: Rescaling and Normalization (with `adapt`)."""

from __future__ import annotations

import itertools
import math
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras import train_ops as K
from eagerflow._src.keras.data_adapter import PyDataset, is_dataset
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import math as tm
from eagerflow._src.ops import reduce as rd
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.tiling import broadcast_to


class Rescaling(Layer):
    """`Rescaling(scale, offset=0.0)`: `inputs * scale + offset`."""

    def __init__(self, scale: Any, offset: Any = 0.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.scale = scale
        self.offset = offset
        self.supports_masking = True  # (as Keras 3's: a mask passes through)

    def call(self, inputs: Any) -> Any:
        dtype = self.compute_dtype
        x = cast(inputs, dtype) if inputs.dtype.name != dtype else inputs
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
    `axis` as Keras 3 does (an array's in float64 by NumPy, a tensor's in float32, a
    dataset's batch by batch in float32, merged by the lack-of-fit sum of squares); calls
    return `(x - mean) / sqrt(variance)` (or its inverse). `mean` and `variance` are
    Keras 3's: tensors of the broadcast shape taken when the layer is built, adapted or
    loaded (None before), which the call uses.
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
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self.supports_masking = True
        self._build_input_shape = None
        self.mean = None
        if (mean is not None) != (variance is not None):
            raise ValueError("When setting values directly, both `mean` and `variance` must be "
                             f"set. Received: mean={mean} and variance={variance}")
        if mean is not None:
            if np.shape(mean) != np.shape(variance):
                raise ValueError("When setting values directly, `mean` and `variance` must "
                                 f"have the same shape. Received: mean shape {np.shape(mean)} "
                                 f"and variance shape {np.shape(variance)}")
            if len(np.shape(mean)) > len(self.axis):
                raise ValueError("The rank of `mean` must be less than or equal to the number "
                                 f"of axes ({len(self.axis)}). Received: mean shape "
                                 f"{np.shape(mean)} for axis {self.axis}")

    def build(self, input_shape: Any) -> None:
        if input_shape is None:
            return
        shape = tuple(TensorShape(input_shape).as_list())
        ndim = len(shape)
        self._build_input_shape = shape
        if any(a < -ndim or a >= ndim for a in self.axis):
            raise ValueError("All `axis` values must be in the range [-ndim, ndim). Received "
                             f"inputs with ndim={ndim}, while axis={self.axis}")
        self._keep_axis = tuple(sorted(a % ndim for a in self.axis))
        for d in self._keep_axis:
            if shape[d] is None:
                raise ValueError("All `axis` values to be kept must have a known shape. "
                                 f"Received axis={self.axis}, inputs.shape={shape}, with "
                                 f"unknown axis at index {d}")
        self._reduce_axis = tuple(d for d in range(ndim) if d not in self._keep_axis)
        self._broadcast_shape = [shape[d] if d in self._keep_axis else 1 for d in range(ndim)]
        self._mean_and_var_shape = tuple(shape[d] for d in self._keep_axis)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight(name="mean", shape=self._mean_and_var_shape,
                                              initializer="zeros", trainable=False)
            self.adapt_variance = self.add_weight(name="variance", shape=self._mean_and_var_shape,
                                                  initializer="ones", trainable=False)
            # Kept, as Keras keeps it, for files of older models.
            self.count = self.add_weight(name="count", shape=(), dtype="int64",
                                         initializer="zeros", trainable=False)
            self.built = True
            self.finalize_state()
            return
        # (by TF's ops, as Keras 3 does: given values that do not fit fail as TF's
        # Reshape or BroadcastTo does)
        mean = convert_to_tensor(self.input_mean)
        variance = convert_to_tensor(self.input_variance)
        if mean.shape.rank:
            # The given values' dims align with the kept axes from the right.
            expanded = [1] * ndim
            for i in range(1, mean.shape.rank + 1):
                expanded[self._keep_axis[-i]] = mean.shape[-i]
            mean, variance = ta.reshape(mean, expanded), ta.reshape(variance, expanded)
        mean = broadcast_to(mean, self._broadcast_shape)
        variance = broadcast_to(variance, self._broadcast_shape)
        self.mean = cast(mean, self.compute_dtype)
        self.variance = cast(variance, self.compute_dtype)
        self.built = True

    def adapt(self, data: Any) -> None:
        """Computes the mean and variance of `data`: an array, a tensor, a dataset, a
        PyDataset, or an iterable of batches (each element of a dataset or iterable is one
        batch; a dataset of vectors is batched by 128 first, as Keras batches it)."""
        iterable = False
        if isinstance(data, (np.ndarray, Tensor)):
            input_shape = tuple(TensorShape(data.shape).as_list())
        elif is_dataset(data):
            input_shape = _x_shape(data)
            if len(input_shape) == 1:
                data = data.batch(128)
                input_shape = _x_shape(data)
        elif isinstance(data, PyDataset):
            input_shape = tuple(_first_of(data[0]).shape)
        elif hasattr(data, "__iter__"):
            iterable = True
            it = iter(data)
            first = next(it, None)
            if first is None:
                raise ValueError("adapt() received an empty iterable (no batches). Expected at "
                                 "least one batch. Pass a non-empty iterable of arrays or "
                                 "tensors, e.g. layer.adapt([x]) or "
                                 "layer.adapt(list_of_batches).")
            first = _first_of(first)
            if getattr(first, "shape", None) is None:
                raise TypeError("adapt() expects an iterable that yields arrays or tensors with "
                                "a `.shape` attribute (e.g. numpy arrays or backend tensors). "
                                f"Got an element of type {type(first).__name__}. Ensure each "
                                "yielded element is array-like with a `.shape` attribute.")
            input_shape = tuple(TensorShape(first.shape).as_list())
            data = itertools.chain([first], it)
        else:
            raise TypeError(f"Unsupported data type: {type(data)}. `adapt` supports "
                            "`np.ndarray`, backend tensors, `tf.data.Dataset`, "
                            "`keras.utils.PyDataset`, and iterables of batches (e.g. list, "
                            "generator).")
        if not self.built:
            self.build(input_shape)
        else:
            for d in self._keep_axis:
                if input_shape[d] != self._build_input_shape[d]:
                    raise ValueError(f"The layer was built with input_shape="
                                     f"{self._build_input_shape}, but adapt() is being called "
                                     "with data with an incompatible shape, data.shape="
                                     f"{input_shape}")
        if self.input_mean is not None:
            # (Keras 3 has no adapt weights to assign then: its AttributeError, as it is)
            raise AttributeError(f"'{type(self).__name__}' object has no attribute "
                                 "'adapt_mean'")
        if isinstance(data, np.ndarray):
            total_mean = np.mean(data, axis=self._reduce_axis)
            total_var = np.var(data, axis=self._reduce_axis)
        elif isinstance(data, Tensor):
            x = cast(data, "float32") if not data.dtype.is_floating else data
            total_mean = rd.reduce_mean(x, axis=self._reduce_axis)
            total_var = rd.reduce_variance(x, axis=self._reduce_axis)
        else:
            total_mean, total_var = self._stream_stats(data, iterable)
        self.adapt_mean.assign(cast(total_mean, self.adapt_mean.dtype))
        self.adapt_variance.assign(cast(total_var, self.adapt_variance.dtype))
        self.finalize_state()

    def _stream_stats(self, data: Any, iterable: bool) -> tuple:
        """Keras 3's running mean and variance over batches, in the compute dtype."""
        total_mean = ta.zeros(self._mean_and_var_shape)
        total_var = ta.zeros(self._mean_and_var_shape)
        total_count = 0
        for batch in data:
            # (Keras's backend conversion: a tensor of another dtype is cast)
            batch = K.t(_first_of(batch), self.compute_dtype)
            for d in self._keep_axis:
                got, expected = batch.shape.as_list()[d], self._build_input_shape[d]
                if got is not None and expected is not None and got != expected:
                    raise ValueError("adapt() yielded a batch with incompatible shape. "
                                     f"Expected {self._build_input_shape}, got "
                                     f"{tuple(batch.shape.as_list())}.")
            batch_mean = rd.reduce_mean(batch, axis=self._reduce_axis)
            batch_var = rd.reduce_variance(batch, axis=self._reduce_axis)
            dims = batch.shape.as_list()
            count = math.prod(dims[d] for d in self._reduce_axis) if self._reduce_axis else 1
            total_count += count
            weight = float(count) / total_count
            existing = 1.0 - weight
            new_mean = total_mean * existing + batch_mean * weight
            total_var = (total_var + (total_mean - new_mean) ** 2) * existing + \
                (batch_var + (batch_mean - new_mean) ** 2) * weight
            total_mean = new_mean
        return total_mean, total_var

    def finalize_state(self) -> None:
        """Takes `mean` and `variance` from the adapt weights (Keras 3 does this after
        adapt and loading only, so a set_weights leaves them as they were)."""
        if self.input_mean is not None or not self.built:
            return
        self.mean = cast(ta.reshape(self.adapt_mean, self._broadcast_shape),
                            self.compute_dtype)
        self.variance = cast(ta.reshape(self.adapt_variance, self._broadcast_shape),
                                self.compute_dtype)

    def call(self, inputs: Any) -> Any:
        if self.mean is None:
            raise ValueError("You must call `.build(input_shape)` on the layer before using "
                             "it.")
        x = cast(inputs, self.compute_dtype) if inputs.dtype.name != self.compute_dtype \
            else inputs
        std = tm.maximum(tm.sqrt(self.variance), kb.epsilon())
        if self.invert:
            return self.mean + x * std
        return (x - self.mean) / std

    def compute_output_shape(self, input_shape: Any) -> TensorShape:
        return TensorShape(input_shape)

    def _output_dtype(self, input_dtype: Any) -> Any:
        return dt.as_dtype(self.compute_dtype)  # (an integer input's too, as Keras 3's)

    def get_config(self) -> dict:
        config = super().get_config()
        config.update({"axis": self.axis, "invert": self.invert,
                       "mean": np.array(self.input_mean).tolist(),
                       "variance": np.array(self.input_variance).tolist()})
        return config

    def load_own_variables(self, store: Any) -> None:
        super().load_own_variables(store)
        self.finalize_state()

    def get_build_config(self) -> dict | None:
        if self._build_input_shape:
            return {"input_shape": self._build_input_shape}
        return None

    def build_from_config(self, config: dict) -> None:
        if config:
            self.build(config["input_shape"])


def _x_shape(dataset: Any) -> tuple:
    spec = dataset.element_spec
    spec = spec[0] if isinstance(spec, tuple) else spec
    return tuple(spec.shape.as_list())


def _first_of(batch: Any) -> Any:
    """A batch's inputs: the first of an (x, y) or (x, y, sample_weight) tuple."""
    return batch[0] if isinstance(batch, tuple) else batch
