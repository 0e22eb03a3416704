"""Discretization and HashedCrossing: numbers into bins, feature pairs into hashed buckets.

Keras layer level. Discretization learns its bin boundaries in adapt() by Keras 3's
approximate quantile summary (every step-th sorted value, merged and compressed by
linear interpolation of cumulative weights), then bins with an UpperBound over the
boundaries (TF's Bucketize). HashedCrossing is tf.sparse.cross_hashed over its inputs.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.layers.category_encoding import encode_categorical
from eagerflow._src.keras.layers.preprocessing_lookup import (
    PreprocessingLayer,
    _batches,
    validate_string_arg,
)
from eagerflow._src.keras.ops.numpy_reduce import digitize
from eagerflow._src.ops import array as ta
from eagerflow._src.ops.crosses import cross_hashed
from eagerflow._src.ops.math_base import cast
from eagerflow._src.ops.ragged import RaggedTensor
from eagerflow._src.ops.sparse_functions import from_dense
from eagerflow._src.ops.sparse_ops import to_dense

# ---------------------------------------------------------------------------------------
# Quantile summaries (Keras 3's approximate quantiles).
# ---------------------------------------------------------------------------------------

def summarize(values: np.ndarray, epsilon: float) -> np.ndarray:
    """[values, weights]: every step-th sorted value, weighted by the step."""
    values = np.sort(np.reshape(values, [-1]))
    step = max(values.size / (1.0 / epsilon), 1)
    picked = values[int(step - 1)::int(step)]
    return np.stack([picked, np.ones_like(picked) * step])


def compress(summary: np.ndarray, epsilon: float) -> np.ndarray:
    """A summary resampled at 1/epsilon cumulative-weight quantiles."""
    if summary.shape[1] * epsilon < 1:
        return summary
    percents = epsilon + np.arange(0.0, 1.0, epsilon)
    cum = summary[1].cumsum()
    share = cum / cum[-1]
    bins = np.interp(percents, share, summary[0])
    cum = np.interp(percents, share, cum)
    weights = cum - np.concatenate((np.array([0]), cum[:-1]))
    return np.stack((bins, weights)).astype("float32")


def merge(a: np.ndarray, b: np.ndarray, epsilon: float) -> np.ndarray:
    both = np.concatenate((a, b), axis=1)
    return compress(np.take(both, np.argsort(both[0]), axis=1), epsilon)


class Discretization(PreprocessingLayer):
    """`keras.layers.Discretization(bin_boundaries=None, num_bins=None, epsilon=0.01,
    output_mode='int')`."""

    @property
    def input_dtype(self) -> str:
        return kb.floatx()

    def __init__(self, bin_boundaries: Any = None, num_bins: int | None = None,
                 epsilon: float = 0.01, output_mode: str = "int", sparse: bool = False,
                 dtype: Any = None, name: str | None = None) -> None:
        super().__init__(name=name, dtype=dtype)
        if sparse and output_mode == "int":
            raise ValueError("`sparse=True` may only be used if `output_mode` is "
                             "`'one_hot'`, `'multi_hot'`, or `'count'`. Received: "
                             f"sparse={sparse} and output_mode={output_mode}")
        validate_string_arg(output_mode, ("int", "one_hot", "multi_hot", "count"),
                            type(self).__name__, "output_mode")
        if num_bins is not None and num_bins < 0:
            raise ValueError(f"`num_bins` must be greater than or equal to 0. Received: "
                             f"`num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError(f"Both `num_bins` and `bin_boundaries` should not be set. "
                             f"Received: `num_bins={num_bins}` and "
                             f"`bin_boundaries={bin_boundaries}`")
        if num_bins is None and bin_boundaries is None:
            raise ValueError("You need to set either `num_bins` or `bin_boundaries`.")
        self.bin_boundaries, self.num_bins = bin_boundaries, num_bins
        self.epsilon, self.output_mode, self.sparse = epsilon, output_mode, sparse
        self.summary = None if bin_boundaries else np.array([[], []], dtype="float32")

    @property
    def output_dtype(self) -> str:
        return self.compute_dtype if self.output_mode != "int" else "int32"

    def adapt(self, data: Any, steps: int | None = None) -> None:
        if self.num_bins is None:
            raise ValueError("Cannot adapt a Discretization layer that has been initialized "
                             "with `bin_boundaries`, use `num_bins` instead.")
        self.reset_state()
        for batch in _batches(data, steps):
            self.update_state(batch)
        self.finalize_state()

    def update_state(self, data: Any) -> None:
        values = np.array(data.numpy() if isinstance(data, Tensor) else data).astype("float32")
        self.summary = merge(summarize(values, self.epsilon), self.summary, self.epsilon)

    def finalize_state(self) -> None:
        if self.num_bins is not None:
            self.bin_boundaries = compress(self.summary, 1.0 / self.num_bins)[0, :-1].tolist()

    def reset_state(self) -> None:
        if self.num_bins is not None:
            self.summary = np.array([[], []], dtype="float32")

    def compute_output_shape(self, input_shape: Any) -> tuple:
        shape = tuple(input_shape)
        if self.output_mode == "int":
            return shape
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None \
            else self.num_bins
        if self.output_mode == "one_hot":
            if shape and shape[-1] == 1 and len(shape) > 1:
                return shape[:-1] + (depth,)
            return shape + (depth,)
        return (shape[0],) + shape[2:] + (depth,) if len(shape) >= 2 else (depth,)

    _spec_dtype_is_output_dtype = True

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        return dt.as_dtype(self.output_dtype)

    def call(self, inputs: Any) -> Any:
        if self.bin_boundaries is None:
            raise ValueError("You need to either pass the `bin_boundaries` argument at "
                             "construction time or call `adapt(dataset)` before you can start "
                             "using the `Discretization` layer.")
        x = inputs if isinstance(inputs, Tensor) else convert_to_tensor(inputs)
        idx = digitize(x, self.bin_boundaries)  # (TF's Bucketize: unsorted ones refused)
        return encode_categorical(idx, self.output_mode, len(self.bin_boundaries) + 1,
                                  self.output_dtype)

    def get_config(self) -> dict:
        return {"bin_boundaries": self.bin_boundaries, "num_bins": self.num_bins,
                "epsilon": self.epsilon, "output_mode": self.output_mode,
                "sparse": self.sparse, "name": self.name, "dtype": self.compute_dtype}

    @classmethod
    def from_config(cls, config: dict) -> Discretization:
        if config.get("bin_boundaries") is not None and config.get("num_bins") is not None:
            config = dict(config)
            boundaries = config.pop("bin_boundaries")
            layer = cls(**config)
            layer.bin_boundaries = boundaries
            return layer
        return cls(**config)


class HashedCrossing(PreprocessingLayer):
    """`keras.layers.HashedCrossing(num_bins, output_mode='int')`: each row's combination of
    two or more categorical features, hashed into `num_bins` (tf.sparse.cross_hashed)."""

    _convert_input_args = False  # as Keras 3's
    supports_jit = False  # (as Keras 3's: a model holding one refuses jit_compile)

    def __init__(self, num_bins: int, output_mode: str = "int", sparse: bool = False,
                 name: str | None = None, dtype: Any = None, **kwargs: Any) -> None:
        if output_mode == "int" and dtype is None:
            dtype = "int64"
        super().__init__(name=name, dtype=dtype)
        validate_string_arg(output_mode, ("int", "one_hot"), type(self).__name__,
                            "output_mode")
        self.num_bins, self.output_mode, self.sparse = num_bins, output_mode, sparse

    def __call__(self, inputs: Any, *args: Any, **kwargs: Any) -> Any:
        # (no conversion of the list or its items: call's errors show them as given)
        return Layer.__call__(self, inputs, *args, **kwargs)

    def compute_output_shape(self, input_shape: Any) -> tuple:
        if len(input_shape) != 2 or not isinstance(input_shape[0], tuple) or \
                not isinstance(input_shape[1], tuple):
            raise ValueError(f"Expected as input a list/tuple of 2 tensors. Received "
                             f"input_shape={input_shape}")
        first = tuple(input_shape[0])
        if self.output_mode == "int":
            return first
        if first and first[-1] != 1:
            return first + (self.num_bins,)
        return first[:-1] + (self.num_bins,)

    def _output_dtype(self, input_dtype: dt.DType) -> dt.DType:
        return dt.as_dtype(self.compute_dtype)

    def call(self, inputs: Any) -> Any:
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"`HashedCrossing` should be called on a list or tuple of "
                             f"inputs. Received: inputs={inputs}")
        if len(inputs) < 2:
            raise ValueError(f"`HashedCrossing` should be called on at least two inputs. "
                             f"Received: inputs={inputs}")
        # (ragged and sparse inputs kept as they are, to be refused below by name)
        xs = [x if isinstance(x, (Tensor, RaggedTensor, SparseTensor)) else convert_to_tensor(x)
              for x in inputs]
        first = tuple(xs[0].shape)
        rank = len(first)
        if rank > 2 or (rank == 2 and first[-1] != 1):
            raise ValueError("All `HashedCrossing` inputs should have shape `()`, "
                             f"`(batch_size)` or `(batch_size, 1)`. Received: inputs={xs}")
        if not all(tuple(x.shape) == first for x in xs[1:]):
            raise ValueError(f"All `HashedCrossing` inputs should have equal shape. "
                             f"Received: inputs={xs}")
        if any(isinstance(x, (RaggedTensor, SparseTensor)) for x in xs):
            raise ValueError(f"All `HashedCrossing` inputs should be dense tensors. "
                             f"Received: inputs={xs}")
        if not all(x.dtype.is_integer or x.dtype == dt.string for x in xs):
            raise ValueError(f"All `HashedCrossing` inputs should have an integer or string "
                             f"dtype. Received: inputs={xs}")
        while len(xs[0].shape) < 2:
            xs = [ta.expand_dims(x, -1) for x in xs]
        out = to_dense(cross_hashed(xs, self.num_bins))
        # (the cross's last dimension is unknown in a graph: reshaped to the inputs' rank,
        # as Keras 3 does, so a traced one-hot encodes a (batch, 1) cross as one row)
        out = ta.reshape(out, {2: [-1, 1], 1: [-1], 0: []}[rank])
        out = cast(encode_categorical(out, self.output_mode, self.num_bins,
                                         self.compute_dtype), self.compute_dtype)
        if self.sparse and self.output_mode == "one_hot":
            return from_dense(out)  # (one entry per row: Keras's sparse one-hot's)
        return out

    def get_config(self) -> dict:
        return {"num_bins": self.num_bins, "output_mode": self.output_mode,
                "sparse": self.sparse, "name": self.name, "dtype": self.compute_dtype}


