"""KerasTensor (the symbolic values of the functional API), Node, and Keras masks.

`keras.Input(shape=(784,))` returns a KerasTensor: a shape and dtype with no value.
Calling a layer on KerasTensors records a Node (layer, call arguments, outputs), and
`Model(inputs, outputs)` replays those nodes on real tensors. When a layer's output
shape must come from running its `call`, the call runs under a scratch graph
(`symbolic_scope`) whose ops only infer shapes and dtypes: the op registry's
`infer` is the one rule, so no layer needs a second shape implementation.

Masks (Embedding(mask_zero=True), Masking) ride along with tensors: KerasTensors
carry them in a slot, eager tensors in a side table keyed weakly by identity.
"""

from __future__ import annotations

import weakref
from typing import Any, NamedTuple

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.keras import backend as kb


class KerasHistory(NamedTuple):
    layer: Any
    node_index: int
    tensor_index: int


class KerasTensor(Tensor):
    """A symbolic tensor: static shape (dims may be None) and dtype, plus where it came from."""

    __slots__ = ("_shape", "_dtype", "_keras_history", "_name", "_keras_mask", "__weakref__")

    def __init__(self, shape: Any, dtype: Any = dt.float32, name: str | None = None) -> None:
        ts = TensorShape(shape)
        self._shape = tuple(ts.as_list()) if ts.rank is not None else None
        self._dtype = dt.as_dtype(dtype)
        self._keras_history: KerasHistory | None = None
        self._name = name
        self._keras_mask: Any = None

    @property
    def name(self) -> str | None:
        return self._name

    @property
    def node(self) -> Any:
        h = self._keras_history
        return h.layer._inbound_nodes[h.node_index] if h is not None else None

    @property
    def ndim(self) -> int:  # type: ignore[override]
        return len(self._shape) if self._shape is not None else None

    def __repr__(self) -> str:
        shape = "<unknown>" if self._shape is None else str(self._shape).replace(",)", ",)")
        by = f" (created by layer '{self._keras_history.layer.name}')" \
            if self._keras_history is not None else ""
        return f"<KerasTensor: shape={shape} dtype={self._dtype.name}{by}>"

    __str__ = __repr__

    def __len__(self) -> int:
        raise TypeError("Keras symbolic inputs/outputs do not implement `__len__`. You may be "
                        "trying to pass Keras symbolic inputs/outputs to a TF API that does not "
                        "register dispatching, preventing Keras from automatically converting "
                        "the API call to a lambda layer in the Functional Model.")

    def __iter__(self):
        raise TypeError(f"Cannot iterate over a Tensor with unknown first dimension: {self!r}"
                        if not self._shape or self._shape[0] is None else
                        f"Iterating over a symbolic KerasTensor is not supported: {self!r}")

    def __bool__(self) -> bool:
        raise TypeError("Using a symbolic KerasTensor as a Python `bool` is not allowed. You "
                        "can attempt the following resolutions to the problem: If you are "
                        "running in Graph mode, use Eager execution mode or decorate this "
                        "function with @tf.function.")

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        raise TypeError(f"You are passing {self!r}, an intermediate Keras symbolic input/output, "
                        "to a TF API that does not allow registering custom dispatchers, such "
                        "as `tf.cond`, `tf.function`, gradient tapes, or `tf.map_fn`. Keras "
                        "Functional model construction only supports TF API calls that *do* "
                        "support dispatching, such as `tf.math.add` or `tf.reshape`.")

    def numpy(self) -> Any:
        raise TypeError(f"{self!r} is symbolic: it has no value (it stands for the inputs a "
                        "Model will be called on)")


def is_keras_tensor(x: Any) -> bool:
    return isinstance(x, KerasTensor) and x._keras_history is not None


class SymbolicGraph:
    """A scratch graph: every op only infers its outputs (shapes and dtypes)."""

    def add_op(self, op: Any, inputs: tuple, attrs: dict) -> tuple:
        specs = op.infer(*inputs, **attrs)
        return tuple(KerasTensor(shape, dtype) for shape, dtype in specs)

    def read_variable(self, var: Any) -> KerasTensor:
        return KerasTensor(var.shape, var.dtype)

    def assign_variable(self, var: Any, value: Any, mode: str) -> Any:
        return var


_SCRATCH = SymbolicGraph()


class symbolic_scope:  # noqa: N801 - a context manager
    """Runs a block with ops that only infer shapes (and records nothing on tapes)."""

    __slots__ = ("_saved",)

    def __enter__(self) -> None:
        st = _state
        self._saved = (st.graph, st.tapes, kb.call_context.symbolic)
        st.graph = _SCRATCH
        st.tapes = []
        kb.call_context.symbolic = True

    def __exit__(self, *exc: Any) -> None:
        st = _state
        st.graph, st.tapes, kb.call_context.symbolic = self._saved


def in_symbolic_scope() -> bool:
    return _state.graph is _SCRATCH


class Node:
    """One call of a layer on KerasTensors: what the functional model replays."""

    def __init__(self, layer: Any, call_args: tuple, call_kwargs: dict, outputs: Any) -> None:
        self.layer = layer
        self.call_args = call_args
        self.call_kwargs = call_kwargs
        self.outputs = outputs
        self.flat_inputs = [x for x in nest.flatten((call_args, call_kwargs))
                            if isinstance(x, KerasTensor)]
        self.flat_outputs = nest.flatten(outputs)
        self.is_input = not self.flat_inputs
        layer._inbound_nodes.append(self)
        node_index = len(layer._inbound_nodes) - 1
        for i, t in enumerate(self.flat_outputs):
            t._keras_history = KerasHistory(layer, node_index, i)
        for t in self.flat_inputs:
            if t._keras_history is not None:
                t._keras_history.layer._outbound_nodes.append(self)

    @property
    def parent_nodes(self) -> list:
        return [t.node for t in self.flat_inputs if t._keras_history is not None]

    @property
    def input_shapes(self) -> Any:
        shapes = [TensorShape(t._shape) for t in self.flat_inputs]
        return shapes[0] if len(shapes) == 1 else shapes

    @property
    def output_shapes(self) -> Any:
        shapes = [TensorShape(t._shape) for t in self.flat_outputs]
        return shapes[0] if len(shapes) == 1 else shapes

    def map_arguments(self, values: dict) -> tuple:
        """call_args and call_kwargs with each KerasTensor replaced by `values[id(kt)]`."""
        def sub(x: Any) -> Any:
            return values[id(x)] if isinstance(x, KerasTensor) else x
        args = nest.map_structure(sub, self.call_args)
        kwargs = nest.map_structure(sub, self.call_kwargs)
        return args, kwargs

    def __repr__(self) -> str:
        return f"<Node of layer {self.layer.name!r}>"


# ---------------------------------------------------------------------------------------
# Masks carried by tensors.
# ---------------------------------------------------------------------------------------

_masks: dict = {}


def _drop(key: int) -> Any:
    def cb(_ref: Any) -> None:
        _masks.pop(key, None)
    return cb


def set_mask(t: Any, mask: Any) -> None:
    if isinstance(t, KerasTensor):
        t._keras_mask = mask
        return
    if not isinstance(t, Tensor):
        return
    key = id(t)
    if mask is None:
        _masks.pop(key, None)
        return
    try:
        _masks[key] = (weakref.ref(t, _drop(key)), mask)
    except TypeError:  # a tensor type without weak references: no mask can ride on it
        pass


def get_mask(t: Any) -> Any:
    if isinstance(t, KerasTensor):
        return t._keras_mask
    if not _masks:
        return None
    entry = _masks.get(id(t))
    if entry is not None and entry[0]() is t:
        return entry[1]
    return None


# ---------------------------------------------------------------------------------------
# Python operators on KerasTensors (`x * 2`, `a + b`, `x[:, 0]`) outside any layer: each
# becomes a TFOpLambda layer in the functional graph, as in Keras 2.
# ---------------------------------------------------------------------------------------

_OPERATORS = ("add", "radd", "sub", "rsub", "mul", "rmul", "truediv", "rtruediv", "floordiv",
              "rfloordiv", "mod", "rmod", "pow", "rpow", "matmul", "rmatmul", "neg", "abs",
              "getitem", "lt", "le", "gt", "ge", "and", "rand", "or", "ror", "xor", "rxor",
              "invert")


_LAYER_NAMES = {"mul": "tf.math.multiply", "rmul": "tf.math.multiply",
                "sub": "tf.math.subtract", "rsub": "tf.math.subtract",
                "truediv": "tf.math.truediv", "rtruediv": "tf.math.truediv",
                "floordiv": "tf.math.floordiv", "rfloordiv": "tf.math.floordiv",
                "mod": "tf.math.floormod", "rmod": "tf.math.floormod", "pow": "tf.math.pow",
                "rpow": "tf.math.pow", "matmul": "tf.linalg.matmul",
                "rmatmul": "tf.linalg.matmul", "neg": "tf.math.negative", "abs": "tf.math.abs",
                "lt": "tf.math.less", "le": "tf.math.less_equal", "gt": "tf.math.greater",
                "ge": "tf.math.greater_equal", "radd": "tf.__operators__.add"}


def _operator(name: str) -> Any:
    dunder = f"__{name}__"
    layer_name = _LAYER_NAMES.get(name, f"tf.__operators__.{name}")

    def method(self: KerasTensor, *args: Any) -> Any:
        base = getattr(Tensor, dunder)
        if in_symbolic_scope() or self._keras_history is None:
            return base(self, *args)
        from eagerflow._src.keras.engine.base_layer import TFOpLambda

        return TFOpLambda(base, name=kb.unique_object_name(layer_name))(
            self, *args)

    method.__name__ = dunder
    return method


for _name in _OPERATORS:
    setattr(KerasTensor, f"__{_name}__", _operator(_name))
