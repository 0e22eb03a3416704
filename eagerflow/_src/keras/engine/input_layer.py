"""keras.Input and InputLayer: the entry points of a functional model (Keras 3's API)."""

from __future__ import annotations

import warnings
from typing import Any

from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine import operation  # noqa: F401  (KerasTensor's operators)
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, Node
from eagerflow._src.keras.engine.layer_helpers import standardize_shape as _as_shape


class InputLayer(Layer):
    """`InputLayer(shape=None, batch_size=None, dtype=None, sparse=None, ragged=None,
    batch_shape=None, input_tensor=None, optional=False, name=None)`."""

    _saves_build_shapes = False

    def __init__(self, shape: Any = None, batch_size: int | None = None, dtype: Any = None,
                 sparse: bool | None = None, ragged: bool | None = None,
                 batch_shape: Any = None, input_tensor: Any = None, optional: bool = False,
                 name: str | None = None, **kwargs: Any) -> None:
        super().__init__(name=name)
        if "input_shape" in kwargs:
            warnings.warn("Argument `input_shape` is deprecated. Use `shape` instead.",
                          stacklevel=1)  # (Keras's line, not the caller's)
            shape = kwargs.pop("input_shape")
        if "batch_input_shape" in kwargs:
            batch_shape = kwargs.pop("batch_input_shape")
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments passed to InputLayer: {kwargs}")
        if input_tensor is not None:
            if not isinstance(input_tensor, KerasTensor):
                raise ValueError("Argument `input_tensor` must be a KerasTensor. Received "
                                 f"invalid type: input_tensor={input_tensor} (of type "
                                 f"{type(input_tensor)})")
            batch_shape = input_tensor.shape
            dtype = input_tensor.dtype
            sparse = input_tensor.sparse
        else:
            if shape is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `shape` and `batch_shape` at the same "
                                 "time.")
            if batch_size is not None and batch_shape is not None:
                raise ValueError("You cannot pass both `batch_size` and `batch_shape` at the "
                                 "same time.")
            if shape is None and batch_shape is None:
                raise ValueError("You must pass a `shape` argument.")
            if shape is not None:
                batch_shape = (batch_size,) + _as_shape(shape)
        self._batch_shape = _as_shape(batch_shape)
        try:
            self._input_dtype = kb.standardize_dtype(dtype).name
        except TypeError:  # (no dtype of that name: Keras 3's words)
            raise ValueError(f"Invalid dtype: {dtype}") from None
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        if input_tensor is None:
            input_tensor = KerasTensor(self._batch_shape, self._input_dtype, sparse=self.sparse,
                                       ragged=self.ragged, name=name)
        Node(self, (), {}, input_tensor)
        self.built = True
        self.optional = optional
        self.is_placeholder = True

    @property
    def batch_shape(self) -> tuple:
        return self._batch_shape

    @property
    def dtype(self) -> str:
        return self._input_dtype

    def get_config(self) -> dict:
        return {"batch_shape": self._batch_shape, "dtype": self._input_dtype,
                "sparse": self.sparse, "ragged": self.ragged, "name": self.name,
                "optional": self.optional}

    @classmethod
    def from_config(cls, config: dict) -> InputLayer:
        return cls(**config)

    def call(self, inputs: Any = None) -> Any:
        return inputs  # (a graph model feeds its inputs past it)

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape


def Input(shape: Any = None, batch_size: int | None = None, dtype: Any = None,
          sparse: bool | None = None, ragged: bool | None = None, batch_shape: Any = None,
          name: str | None = None, tensor: Any = None, optional: bool = False) -> KerasTensor:
    """`keras.Input(shape=(784,), name='img')`: a symbolic input of a functional model."""
    layer = InputLayer(shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse,
                       ragged=ragged, batch_shape=batch_shape, name=name, input_tensor=tensor,
                       optional=optional)
    return layer._inbound_nodes[0].outputs
