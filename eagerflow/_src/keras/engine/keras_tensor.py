"""KerasTensor (the symbolic values of the functional API), Node, and Keras masks.

`keras.Input(shape=(784,))` returns a KerasTensor: a shape and dtype with no value.
Calling a layer on KerasTensors records a Node (layer, call arguments, outputs), and
`Model(inputs, outputs)` replays those nodes on real tensors. When a layer's output
shape must come from running its `call`, the call is traced into a scratch FuncGraph
(`symbolic_scope`, as Keras 3's TF backend traces it): its ops only record what the op
registry's `infer` says, so no layer needs a second shape implementation, and tf.cond,
tf.while_loop and Python control flow on tensors behave as in a tf.function.

Masks (Embedding(mask_zero=True), Masking) ride along with tensors: KerasTensors
carry them in a slot, eager tensors in a side table keyed weakly by identity.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_attrs import SET_TO_NONE, attached
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.keras import backend as kb


class KerasHistory(NamedTuple):
    layer: Any
    node_index: int
    tensor_index: int


class SymbolicTensor(Tensor):
    """A value traced under `symbolic_scope`: a static shape (dims may be None) and a
    dtype, as a TF graph tensor has them (`.shape` a TensorShape, `.dtype` a DType). A
    layer's `call` sees these while the functional API records it."""

    __slots__ = ("_shape", "_dtype", "_keras_mask", "_keras_sparse", "__weakref__")

    def __init__(self, shape: Any, dtype: Any = dt.float32) -> None:
        ts = TensorShape(shape)
        self._shape = tuple(ts.as_list()) if ts.rank is not None else None
        self._dtype = dt.as_dtype(dtype)
        self._keras_mask: Any = None
        # the sparse flag of the KerasTensor this stands for (an op's rule may read it;
        # the tracing itself is dense)
        self._keras_sparse = False

    def __repr__(self) -> str:
        return f"<tf.Tensor 'Placeholder:0' shape={self.shape} dtype={self._dtype.name}>"

    __str__ = __repr__

    def __len__(self) -> int:
        raise TypeError("len is not well defined for a symbolic Tensor. Please call `x.shape` "
                        "rather than `len(x)` for shape information.")

    def __iter__(self):
        raise TypeError(f"Iterating over a symbolic `tf.Tensor` is not allowed: {self!r}")

    def __bool__(self) -> bool:
        raise TypeError("Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. "
                        "You can attempt the following resolutions to the problem: If you are "
                        "running in Graph mode, use Eager execution mode or decorate this "
                        "function with @tf.function.")

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        raise NotImplementedError(f"Cannot convert a symbolic tf.Tensor ({self!r}) to a numpy "
                                  "array.")

    def numpy(self) -> Any:
        raise TypeError(f"{self!r} is symbolic: it has no value (it stands for the inputs a "
                        "Model will be called on)")


class KerasTensor(SymbolicTensor):
    """Keras 3's symbolic tensor: what `keras.Input` and layers called on it return.

    Its `shape` is a tuple and its `dtype` a string, as in Keras 3; `_keras_history`
    says which layer call made it.
    """

    __slots__ = ("_keras_history", "_name", "sparse", "ragged", "ragged_rank",
                 "row_splits_dtype", "record_history", "_pre_serialization_keras_history")

    def __init__(self, shape: Any, dtype: Any = "float32", sparse: bool = False,
                 ragged: bool = False, record_history: bool = True, name: str | None = None,
                 **kwargs: Any) -> None:
        # (Keras 3 keeps a ragged tensor's `ragged_rank` and `row_splits_dtype`)
        unknown = [k for k in kwargs if k not in ("ragged_rank", "row_splits_dtype")]
        if unknown:
            raise TypeError(f"Unexpected keyword arguments: {', '.join(unknown)}")
        super().__init__(shape, dtype)
        if sparse and ragged:  # (Keras 3's check, before the tensor takes a name)
            raise ValueError("KerasTensor cannot have `sparse=True` and `ragged=True` at the "
                             "same time.")
        self.record_history = record_history
        self._keras_history: KerasHistory | None = None
        self._name = name or kb.auto_name("KerasTensor")
        self.sparse = bool(sparse)
        self.ragged = bool(ragged)
        self.ragged_rank = kwargs.get("ragged_rank")
        self.row_splits_dtype = kwargs.get("row_splits_dtype")

    @property
    def shape(self) -> Any:  # type: ignore[override]
        return self._shape

    @property
    def dtype(self) -> str:  # type: ignore[override]
        return self._dtype.name

    @property
    def name(self) -> str:
        return self._name

    @property
    def node(self) -> Any:
        h = self._keras_history
        return h.layer._inbound_nodes[h.node_index] if h is not None else None

    @property
    def ndim(self) -> int:  # type: ignore[override]
        return len(self._shape) if self._shape is not None else None

    def __repr__(self) -> str:
        return (f"<KerasTensor shape={self._shape}, dtype={self._dtype.name}, "
                f"sparse={self.sparse}, ragged={self.ragged}, name={self._name}>")

    __str__ = __repr__

    def __len__(self) -> int:
        raise TypeError("object of type 'KerasTensor' has no len()")

    def __iter__(self):
        raise NotImplementedError("Iterating over a symbolic KerasTensor is not supported.")

    def __bool__(self) -> bool:
        raise TypeError("A symbolic KerasTensor cannot be used as a boolean.")

    # `==` is identity, as Keras 3's (no `equal` operation; `!=` makes `not_equal`), so
    # `t in list_of_tensors` works
    __eq__ = object.__eq__
    __hash__ = object.__hash__

    def __array__(self, dtype: Any = None, copy: Any = None) -> Any:
        raise ValueError(_NO_VALUE + "a NumPy array.")

    def __int__(self) -> int:
        raise ValueError(_NO_VALUE + "an int.")

    def __float__(self) -> float:
        raise ValueError(_NO_VALUE + "a float.")

    @property
    def numpy(self) -> Any:  # type: ignore[override]
        raise AttributeError("'KerasTensor' object has no attribute 'numpy'")

    @property
    def _arr(self) -> Any:
        # what an eager TensorFlow op reads from its inputs
        raise ValueError(_NOT_A_TF_INPUT)


_NO_VALUE = ("A KerasTensor is symbolic: it's a placeholder for a shape an a dtype. It doesn't "
             "have any actual numerical value. You cannot convert it to ")


class _Absent(property):
    """A NumPy method a TF tensor refuses with TF's hint (numpy behavior), which a Keras 3
    KerasTensor simply lacks: Python's plain AttributeError."""

    def __init__(self, name: str) -> None:
        def absent(kt: Any) -> Any:
            raise AttributeError(f"'KerasTensor' object has no attribute '{name}'")
        super().__init__(absent)


for _name in ("T", "astype", "ravel", "transpose", "clip", "size", "tolist", "data"):
    setattr(KerasTensor, _name, _Absent(_name))
_NOT_A_TF_INPUT = (
    "A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a "
    "symbolic placeholder for a shape and dtype, used when constructing Keras Functional "
    "models or Keras Functions. You can only use it as input to a Keras layer or a Keras "
    "operation (from the namespaces `keras.layers` and `keras.ops`). You are likely doing "
    "something like:\n\n```\nx = Input(...)\n...\ntf_fn(x)  # Invalid.\n```\n\nWhat you "
    "should do instead is wrap `tf_fn` in a layer:\n\n```\nclass MyLayer(Layer):\n    def "
    "call(self, x):\n        return tf_fn(x)\n\nx = MyLayer()(x)\n```\n")


def symbolic(x: Any) -> Any:
    """A KerasTensor as the SymbolicTensor a traced `call` sees (its mask carried)."""
    if not isinstance(x, KerasTensor):
        return x
    t = SymbolicTensor(x._shape, x._dtype)
    if x._keras_mask is not None:
        t._keras_mask = x._keras_mask
    t._keras_sparse = x.sparse
    return t


def is_keras_tensor(x: Any) -> bool:
    """Whether `x` is a KerasTensor that a layer or an operation made (what a functional
    graph is built from)."""
    return isinstance(x, KerasTensor) and x._keras_history is not None


def is_any_keras_tensor(x: Any) -> bool:
    """keras.utils.is_keras_tensor: whether `x` is a KerasTensor, one made directly
    (`keras.KerasTensor(shape)`) included, as Keras 3 answers."""
    return isinstance(x, KerasTensor)


class ShapeGraph(FuncGraph):
    """A scratch graph a symbolic call is traced into, as Keras 3's TF backend traces
    `call` into a scratch FuncGraph: ops record their inferred outputs and nothing runs,
    so tf.cond, tf.while_loop and shape arithmetic build as in a tf.function, and Python
    control flow on a tensor raises as it does there. SymbolicTensors used directly by
    an op become the graph's placeholders."""

    records_variables = False  # (the variables made while it traces: the outer function's)

    def __init__(self) -> None:
        super().__init__("scratch_graph")
        self._fed: dict = {}  # id(SymbolicTensor) -> (it, its placeholder)

    def capture(self, x: Any, const_name: str | None = None,
                op_scope: str | None = None) -> Any:
        if isinstance(x, SymbolicTensor):
            return self.feed(x)
        return super().capture(x, const_name, op_scope)

    def feed(self, x: SymbolicTensor) -> Any:
        """The placeholder standing for `x` (its mask fed too)."""
        hit = self._fed.get(id(x))
        if hit is None:
            ph = self.placeholder(x._shape, x._dtype)
            mask = getattr(x, "_keras_mask", None)
            if isinstance(mask, SymbolicTensor):
                ph._keras_mask = self.feed(mask)
            hit = self._fed[id(x)] = (x, ph)
        return hit[1]


class symbolic_scope:  # noqa: N801 - a context manager
    """Runs a block tracing into a fresh ShapeGraph (and recording nothing on tapes)."""

    __slots__ = ("_saved", "graph")

    def __init__(self) -> None:
        self.graph = ShapeGraph()

    def __enter__(self) -> ShapeGraph:
        st = _state
        self._saved = (st.graph, st.tapes, kb.call_context.symbolic, st.name_scopes)
        st.lifted.append(st.graph)
        # the name scopes TF's init_scope lifts a variable made inside back to: those open
        # when the outermost scratch graph was entered (the layer scopes opened inside it
        # are the graph's own, as in TF)
        self.graph.outer_name_scopes = getattr(st.graph, "outer_name_scopes",
                                               list(st.name_scopes))
        st.graph = self.graph
        st.name_scopes = []  # (a fresh graph's ops are named from its root: "add", as TF's)
        st.tapes = []
        kb.call_context.symbolic = True
        return self.graph

    def __exit__(self, *exc: Any) -> None:
        st = _state
        st.graph, st.tapes, kb.call_context.symbolic, st.name_scopes = self._saved
        st.lifted.pop()


def in_symbolic_scope() -> bool:
    return kb.call_context.symbolic and _state.graph is not None


def trace_symbolic(fn: Any, args: tuple, kwargs: dict) -> Any:
    """`fn(*args, **kwargs)` traced in a symbolic scope, the SymbolicTensors among the
    arguments fed as placeholders: its outputs as SymbolicTensors (an argument returned
    as it is stays itself), with the masks the outputs carry."""
    with symbolic_scope() as graph:
        def feed(x: Any) -> Any:
            return graph.feed(x) if isinstance(x, SymbolicTensor) else x
        out = fn(*nest.map_structure(feed, args), **nest.map_structure(feed, kwargs))
    back = {id(ph): x for x, ph in graph._fed.values()}

    def unfeed(t: Any) -> Any:
        if not isinstance(t, Tensor) or isinstance(t, SymbolicTensor):
            return t
        hit = back.get(id(t))
        if hit is not None:
            return hit
        sym = SymbolicTensor(t._shape, t._dtype)
        mask = getattr(t, "_keras_mask", None)
        if mask is not None:
            sym._keras_mask = unfeed(mask)
        return sym

    return nest.map_structure(unfeed, out)


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
        # arguments with nothing nested (the common `layer(x)`), or nested one level in
        # plain lists and tuples (`Add()([a, b])`), are replaced without nest
        plain = isinstance(call_args, tuple) and isinstance(call_kwargs, dict)
        given = (*call_args, *call_kwargs.values()) if plain else ()
        self._flat_call = plain and not any(map(nest.is_nested, given))
        self._shallow_call = plain and all(
            type(a) in (list, tuple) and not any(map(nest.is_nested, a))
            or not nest.is_nested(a) for a in given)
        # positional arguments all KerasTensors and none among the keywords (`layer(x)`,
        # `bn(x, mask=None)`): their ids, replaced in C calls
        self._arg_ids = tuple(map(id, call_args)) if self._flat_call and all(
            isinstance(a, KerasTensor) for a in call_args) and not any(
            isinstance(v, KerasTensor) for v in call_kwargs.values()) else None
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
        if self._arg_ids is not None:
            return tuple(map(values.__getitem__, self._arg_ids)), dict(self.call_kwargs)
        if self._flat_call:
            return (tuple([values[id(a)] if isinstance(a, KerasTensor) else a
                           for a in self.call_args]),
                    {k: values[id(v)] if isinstance(v, KerasTensor) else v
                     for k, v in self.call_kwargs.items()} if self.call_kwargs else {})

        def sub(x: Any) -> Any:
            return values[id(x)] if isinstance(x, KerasTensor) else x
        if self._shallow_call:
            def level(a: Any) -> Any:  # (a list or tuple of leaves keeps its type)
                return type(a)(map(sub, a)) if type(a) in (list, tuple) else sub(a)
            return (tuple(map(level, self.call_args)),
                    {k: level(v) for k, v in self.call_kwargs.items()})
        args = nest.map_structure(sub, self.call_args)
        kwargs = nest.map_structure(sub, self.call_kwargs)
        return args, kwargs

    def __repr__(self) -> str:
        return f"<Node of layer {self.layer.name!r}>"


# ---------------------------------------------------------------------------------------
# Masks carried by tensors.
# ---------------------------------------------------------------------------------------

def set_mask(t: Any, mask: Any) -> None:
    if isinstance(t, Tensor):
        t._keras_mask = mask


def get_mask(t: Any) -> Any:
    """A tensor's Keras mask; None where it has none (or no such attribute)."""
    if t.__class__ is EagerTensor:  # (its mask is attached beside it: see core/tensor.py)
        mask = attached(t, "_keras_mask")
        return None if mask is SET_TO_NONE else mask
    return getattr(t, "_keras_mask", None) if isinstance(t, Tensor) else None
