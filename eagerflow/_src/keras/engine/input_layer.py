"""keras.Input and InputLayer: the entry points of a functional model."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import backend as kb
from eagerflow._src.keras.engine.base_layer import Layer
from eagerflow._src.keras.engine.keras_tensor import KerasTensor, Node


def _as_shape(shape: Any) -> tuple | None:
    if shape is None:
        return None
    if isinstance(shape, int):
        return (shape,)
    return tuple(None if d is None else int(d) for d in shape)


class InputLayer(Layer):
    """`InputLayer(input_shape=None, batch_size=None, dtype=None, ..., name=None)`.

    Keras 3's `shape=` and `batch_shape=` are accepted too.
    """

    def __init__(self, input_shape: Any = None, batch_size: int | None = None,
                 dtype: Any = None, input_tensor: Any = None, sparse: bool | None = None,
                 name: str | None = None, ragged: bool | None = None, type_spec: Any = None,
                 **kwargs: Any) -> None:
        shape = kwargs.pop("shape", None)
        batch_shape = kwargs.pop("batch_shape", None)
        batch_input_shape = kwargs.pop("batch_input_shape", None)
        kwargs.pop("optional", None)
        if input_shape is None:
            input_shape = shape
        if batch_input_shape is None:
            batch_input_shape = batch_shape
        if input_shape is not None and batch_input_shape is not None:
            raise ValueError("Only provide the input_shape OR batch_input_shape argument to "
                             "InputLayer, not both at the same time.")
        if input_tensor is not None and batch_input_shape is None:
            batch_input_shape = tuple(input_tensor.shape.as_list())
            if dtype is None:
                dtype = input_tensor.dtype
        if batch_input_shape is None:
            if input_shape is None:
                raise ValueError("Please provide to Input a `shape` or a `tensor` or a "
                                 "`type_spec` argument. Note that `shape` does not include the "
                                 "batch dimension.")
            batch_input_shape = (batch_size,) + _as_shape(input_shape)
        else:
            batch_input_shape = _as_shape(batch_input_shape)
        if not name:
            name = kb.unique_object_name("input", zero_based=False)
        if dtype is None:
            dtype = kb.floatx()
        super().__init__(dtype=dtype, name=name, **kwargs)
        self.built = True
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.is_placeholder = True
        object.__setattr__(self, "_batch_input_shape", batch_input_shape)
        kt = KerasTensor(batch_input_shape, dt.as_dtype(dtype), name=name)
        Node(self, (), {}, kt)

    def get_config(self) -> dict:
        return {"batch_input_shape": self._batch_input_shape, "dtype": self.dtype,
                "sparse": self.sparse, "ragged": self.ragged, "name": self.name}

    @classmethod
    def from_config(cls, config: dict) -> InputLayer:
        return cls(**config)

    def compute_output_shape(self, input_shape: Any) -> Any:
        return input_shape


def Input(shape: Any = None, batch_size: int | None = None, name: str | None = None,
          dtype: Any = None, sparse: bool | None = None, tensor: Any = None,
          ragged: bool | None = None, type_spec: Any = None, **kwargs: Any) -> KerasTensor:
    """`keras.Input(shape=(784,), name='img')`: a symbolic input of a functional model."""
    batch_shape = kwargs.pop("batch_shape", None) or kwargs.pop("batch_input_shape", None)
    kwargs.pop("optional", None)
    if kwargs:
        raise ValueError(f"Unrecognized keyword arguments: {list(kwargs)}")
    if shape is None and batch_shape is None and tensor is None:
        raise ValueError("Please provide to Input a `shape` or a `tensor` or a `type_spec` "
                         "argument. Note that `shape` does not include the batch dimension.")
    if shape is not None and batch_shape is not None:
        raise ValueError("Only provide the `shape` OR `batch_shape` argument to Input, not "
                         "both at the same time.")
    layer = InputLayer(input_shape=shape, batch_size=batch_size, dtype=dtype, sparse=sparse,
                       name=name, ragged=ragged, input_tensor=tensor,
                       batch_input_shape=batch_shape)
    return layer._inbound_nodes[0].outputs
