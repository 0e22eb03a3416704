"""InputSpec: what a layer accepts (rank, dtype, fixed axes), checked at every call.

Messages are Keras 3.15's: "Input 0 with name 'None' of layer 'dense' is incompatible with
the layer: expected axis -1 of input shape to have value 16, but received input with shape
(4, 8)" (the spec's name, None for most layers' specs).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor


class InputSpec:
    """`InputSpec(dtype=None, shape=None, ndim=None, max_ndim=None, min_ndim=None, axes=None,
    optional=False)`."""

    # what assert_input_compatibility's check read when it last passed (see there)
    _passed: tuple | None = None

    def __init__(self, dtype: Any = None, shape: Any = None, ndim: int | None = None,
                 max_ndim: int | None = None, min_ndim: int | None = None,
                 axes: dict | None = None, allow_last_axis_squeeze: bool = False,
                 name: str | None = None, optional: bool = False) -> None:
        self.optional = optional  # Keras 3: an input that may be None
        self.dtype = dt.as_dtype(dtype).name if dtype is not None else None
        shape = TensorShape(shape)
        if shape.rank is None:
            shape = None
        else:
            shape = tuple(shape.as_list())
        if shape is not None:
            self.ndim = len(shape)
            self.shape = shape
        else:
            self.ndim = ndim
            self.shape = None
        self.max_ndim = max_ndim
        self.min_ndim = min_ndim
        self.name = name
        self.allow_last_axis_squeeze = allow_last_axis_squeeze
        try:
            axes = axes or {}
            self.axes = {int(k): axes[k] for k in axes}
        except (ValueError, TypeError):
            raise TypeError(f"Argument `axes` must be a dict with integer keys. "
                            f"Received: axes={axes}") from None
        if self.axes and (self.ndim is not None or self.max_ndim is not None):
            max_dim = (self.ndim if self.ndim else self.max_ndim) - 1
            max_axis = max(self.axes)
            if max_axis > max_dim:
                raise ValueError(f"Axis {max_axis} is greater than the maximum allowed value: "
                                 f"{max_dim}")

    def __repr__(self) -> str:
        spec = [f"dtype={self.dtype}" if self.dtype else "",
                f"shape={self.shape}" if self.shape else "",
                f"ndim={self.ndim}" if self.ndim else "",
                f"max_ndim={self.max_ndim}" if self.max_ndim else "",
                f"min_ndim={self.min_ndim}" if self.min_ndim else "",
                f"axes={self.axes}" if self.axes else ""]
        return f"InputSpec({', '.join(x for x in spec if x)})"

    def get_config(self) -> dict:
        return {"dtype": self.dtype, "shape": self.shape, "ndim": self.ndim,
                "max_ndim": self.max_ndim, "min_ndim": self.min_ndim, "axes": self.axes,
                "optional": self.optional}

    @classmethod
    def from_config(cls, config: dict) -> InputSpec:
        return cls(**config)


def display_shape(shape: TensorShape) -> str:
    return str(tuple(shape.as_list())) if shape.rank is not None else "<unknown>"


def assert_input_compatibility(input_spec: Any, inputs: Any, layer: Any) -> None:
    """Raises ValueError when `inputs` don't satisfy `input_spec`. `layer`: the layer (its
    name read for an error alone: a layer's every call checks its inputs) or its name."""
    if not input_spec:
        return
    if type(input_spec) is list and len(input_spec) == 1:
        input_spec = input_spec[0]  # (a functional model's one input)
    if type(inputs) is EagerTensor and isinstance(input_spec, InputSpec):
        # the common case, checked without building shapes: fall through only on failure
        spec, dims = input_spec, inputs._shape
        # what the check reads: a spec passes inputs of the dims it last passed for as long
        # as it reads the same (a layer's every call, on a batch of the same shape)
        axes = spec.axes
        facts = (dims, spec.ndim, spec.min_ndim, spec.max_ndim, spec.dtype, spec.shape,
                 tuple(axes.items()) if axes.__class__ is dict else None)
        if facts == spec._passed:
            return
        n = len(dims)
        if (spec.ndim is None or spec.ndim == n) and (spec.min_ndim is None
                                                     or n >= spec.min_ndim) \
                and (spec.max_ndim is None or n <= spec.max_ndim) and spec.dtype is None \
                and (spec.shape is None or len(spec.shape) == n and all(
                    w is None or w == d for w, d in zip(spec.shape, dims))) \
                and all(-n <= a < n and dims[a] == v for a, v in spec.axes.items()
                        if v is not None):
            if facts[-1] is not None:  # (axes of another kind: not remembered)
                spec._passed = facts
            return
    layer_name = layer if isinstance(layer, str) else layer.name
    input_spec = nest.flatten(input_spec)
    inputs = _inputs_in_spec_order(input_spec, inputs, layer_name)
    for index, (x, spec) in enumerate(zip(inputs, input_spec)):
        if spec is None or (x is None and spec.optional):
            continue
        if x is None and hasattr(layer, "_flat_inputs"):  # (a functional model's Input)
            refuse_none(layer._flat_inputs[index])
        if not hasattr(x, "shape"):
            raise ValueError(f"Inputs to a layer should be tensors. Got '{x}' (of type "
                             f"{type(x)}) as input for layer '{layer_name}'.")
        # (the dtype read only where the spec names one: a functional model's inputs come
        # unconverted, a pandas Series with a dtype TF has no name for among them)
        dtype = dt.as_dtype(x.dtype).name if spec.dtype is not None else None
        _check_one(index, spec, TensorShape(x.shape), dtype, layer_name)


def refuse_none(input_tensor: Any) -> None:
    """Keras 3's error for None given for a functional model's Input `input_tensor` that
    is not optional (an Input made optional takes it)."""
    layer = getattr(getattr(input_tensor, "_keras_history", None), "layer", None)
    if layer is not None and hasattr(layer, "optional") and not layer.optional:
        raise ValueError(f"The input '{input_tensor.name}' is not optional, but None was "
                         "passed. Please provide a valid tensor.")


def _inputs_in_spec_order(input_spec: list, inputs: Any, layer_name: str) -> list:
    """The inputs as a flat list matching `input_spec`; a dict is read by the specs' names."""
    names = [getattr(spec, "name", None) for spec in input_spec]
    if isinstance(inputs, dict) and all(names):
        for name in names:
            if name not in inputs:
                raise ValueError(f'Missing data for input "{name}". You passed a data '
                                 f"dictionary with keys {list(inputs.keys())}. Expected the "
                                 f"following keys: {names}")
        inputs = [inputs[name] for name in names]
    inputs = nest.flatten(inputs)
    if len(inputs) != len(input_spec):
        named = [n for spec, n in zip(input_spec, names) if spec is not None]
        if len(named) == len(input_spec) and all(named):
            example = ", ".join(f"'{n}': ..." for n in named)
            raise ValueError(f'Layer "{layer_name}" expects {len(input_spec)} named input(s) '
                             f"with keys {named}, but it received {len(inputs)} input tensors."
                             f" Pass inputs as a dict, e.g. `layer({{{example}}})`.")
        raise ValueError(f'Layer "{layer_name}" expects {len(input_spec)} input(s), but it '
                         f"received {len(inputs)} input tensors. Inputs received: {inputs}")
    return inputs


def _check_one(index: int, spec: InputSpec, shape: TensorShape, dtype: str | None,
               layer_name: str) -> None:
    head = (f"Input {index} with name '{spec.name}' of layer '{layer_name}' is incompatible "
            f"with the layer: ")
    if shape.rank is None:
        if spec.ndim is not None or spec.min_ndim is not None or spec.max_ndim is not None:
            raise ValueError(head + "its rank is undefined, but the layer requires a "
                             "defined rank.")
        return
    ndim = shape.rank
    if spec.ndim is not None and not spec.allow_last_axis_squeeze and ndim != spec.ndim:
        raise ValueError(head + f"expected ndim={spec.ndim}, found ndim={ndim}. "
                         f"Full shape received: {display_shape(shape)}")
    if spec.max_ndim is not None and ndim > spec.max_ndim:
        raise ValueError(head + f"expected max_ndim={spec.max_ndim}, found ndim={ndim}")
    if spec.min_ndim is not None and ndim < spec.min_ndim:
        raise ValueError(head + f"expected min_ndim={spec.min_ndim}, found ndim={ndim}. "
                         f"Full shape received: {display_shape(shape)}")
    if spec.dtype is not None and dtype != spec.dtype:
        raise ValueError(head + f"expected dtype={spec.dtype}, found dtype={dtype}")
    dims = shape.as_list()
    for axis, value in spec.axes.items():
        if value is not None and (axis >= ndim or axis < -ndim
                                  or dims[axis] not in (value, None)):
            raise ValueError(head + f"expected axis {axis} of input shape to have value "
                             f"{value}, but received input with shape {display_shape(shape)}")
    if spec.shape is not None:
        want, got = spec.shape, tuple(dims)
        if spec.allow_last_axis_squeeze:
            # Keras compares the two with a trailing 1 dropped, over their common length
            got = got[:-1] if got and got[-1] == 1 else got
            want = want[:-1] if want and want[-1] == 1 else want
        elif len(want) != len(got):
            raise ValueError(head + f"expected shape={spec.shape}, found shape={got}")
        if any(w is not None and g is not None and w != g for w, g in zip(want, got)):
            raise ValueError(head + f"expected shape={spec.shape}, found shape={got}")
