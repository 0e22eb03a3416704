"""User functions of tf.data transformations (map, filter, flat_map, scan, ...).

The one place that decides how a user function runs. TF traces these functions
once with symbolic inputs (tf.function semantics: Python side effects once,
tensors symbolic) and runs the graph per element. Until eagerflow's tf.function
is wired in here, functions run eagerly on eager tensors per element, and the
output structure is learnt from a shape-only trace: the function is called once
with symbolic placeholders while a graph that only runs each op's `infer` is
installed, which gives TF's static output shapes (unknown dims stay None). When
that trace fails (Python control flow on tensor values, `.numpy()` calls, ...),
the structure is learnt from the first real element instead, with every
dimension left unknown.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, OperatorNotAllowedInGraphError
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct


class _SymbolicTensor(Tensor):
    """A placeholder that only has a static shape and dtype (for the shape-only trace)."""

    __slots__ = ("_shape", "_dtype", "_name", "_per_element")

    def __init__(self, shape: Any, dtype: _dt.DType, name: str,
                 per_element: bool = False) -> None:
        self._shape = None if shape is None else tuple(shape)
        self._dtype = dtype
        self._name = name
        self._per_element = per_element  # derived from the function's arguments

    @property
    def name(self) -> str:
        return self._name

    def _note_shape_read(self) -> None:
        # Python code that reads an argument's static shape may use it as a constant
        # (x * x.shape[0]); such a function must not run on whole batches.
        g = _state.graph
        if self._per_element and isinstance(g, _ShapeGraph):
            g.vectorizable = False

    @property
    def shape(self) -> Any:
        self._note_shape_read()
        return Tensor.shape.fget(self)

    def get_shape(self) -> Any:
        return self.shape

    @property
    def ndim(self) -> int:
        self._note_shape_read()
        return len(self._shape)

    def __repr__(self) -> str:
        return (f"<tf.Tensor '{self._name}' shape={Tensor.shape.fget(self)} "
                f"dtype={self._dtype.name}>")

    def __str__(self) -> str:
        return (f'Tensor("{self._name}", shape={Tensor.shape.fget(self)}, '
                f'dtype={self._dtype.name})')

    def _refuse(self, what: str) -> Any:
        raise OperatorNotAllowedInGraphError(f"{what} a symbolic `tf.Tensor` is not allowed.")

    def __bool__(self) -> bool:
        return self._refuse("Using as a Python `bool`")

    def __iter__(self) -> Any:
        return self._refuse("Iterating over")

    def __len__(self) -> int:
        return self._refuse("Taking len() of")

    def __index__(self) -> int:
        return self._refuse("Using as an index")

    __int__ = __float__ = __index__

    def __array__(self, *args: Any, **kwargs: Any) -> Any:
        return self._refuse("Converting to NumPy")

    def numpy(self) -> Any:
        return self._refuse("Calling .numpy() on")


# Ops that act element by element with NumPy broadcasting and never fail on particular
# values: a function made only of these gives the same result on a batch as on each
# element, so `map(f).batch(n)` may run `f` once per batch (TF's map vectorization).
_ELEMENTWISE = frozenset((
    "Abs", "Acos", "AddV2", "Asin", "Atan", "Atan2", "BitwiseAnd", "BitwiseOr", "BitwiseXor",
    "Cast", "Ceil", "Conj", "Cos", "Cosh", "Elu", "Equal", "Erf", "Exp", "Expm1", "Floor",
    "Greater", "GreaterEqual", "Identity", "Invert", "IsFinite", "IsInf", "IsNan", "LeakyRelu",
    "Less", "LessEqual", "Log", "Log1p", "LogicalAnd", "LogicalNot", "LogicalOr", "Maximum",
    "Minimum", "Mul", "Neg", "NotEqual", "OnesLike", "Relu", "Relu6", "Round", "Selu",
    "Sigmoid", "Sign", "Sin", "Sinh", "Softplus", "Softsign", "Sqrt", "Square",
    "SquaredDifference", "StopGradient", "Sub", "Tan", "Tanh", "ZerosLike", "SelectV2",
    "Rsqrt", "Reciprocal", "RealDiv", "Pow", "FloorDiv", "FloorMod", "TruncateDiv", "Div",
))
# ... of which these can fail on integer values (division by zero, negative powers).
_FLOAT_ONLY = frozenset(("RealDiv", "Pow", "FloorDiv", "FloorMod", "TruncateDiv", "Div",
                         "Reciprocal", "Rsqrt"))


class _ShapeGraph:
    """Installed as the current graph during a shape-only trace: every op only infers.

    It also notes whether every op touching the function's arguments is elementwise in a
    way that commutes with batching (`vectorizable`)."""

    def __init__(self) -> None:
        self.count = 0
        self.vectorizable = True

    def add_op(self, op: Any, inputs: tuple, attrs: dict) -> tuple:
        specs = op.infer(*inputs, **attrs)
        self.count += 1
        derived = any(getattr(x, "_per_element", False) for x in inputs)
        if derived and self.vectorizable:
            self.vectorizable = _commutes_with_batching(op, inputs, specs)
        name = op.name if self.count == 1 else f"{op.name}_{self.count - 1}"
        return tuple(_SymbolicTensor(shape, dtype, f"{name}:{i}", derived)
                     for i, (shape, dtype) in enumerate(specs))

    def read_variable(self, var: Any) -> _SymbolicTensor:
        return _SymbolicTensor(var.shape.dims, var.dtype, "ReadVariableOp:0")

    def assign_variable(self, var: Any, value: Any, mode: str) -> Any:
        self.vectorizable = False
        return var  # nothing is written while shapes are inferred


def _commutes_with_batching(op: Any, inputs: tuple, specs: list) -> bool:
    if op.name not in _ELEMENTWISE or getattr(op, "stateful", False) or len(specs) != 1:
        return False
    if op.name in _FLOAT_ONLY and not all(x._dtype.is_floating for x in inputs):
        return False
    ranks = set()
    for x in inputs:
        if getattr(x, "_per_element", False):
            if x._shape is None:
                return False
            ranks.add(len(x._shape))
    if len(ranks) != 1:
        return False
    rank = ranks.pop()
    for x in inputs:
        if not getattr(x, "_per_element", False) and (x._shape is None or len(x._shape) > rank):
            return False
    out_shape = specs[0][0]
    return out_shape is not None and len(out_shape) == rank


def _placeholder(spec: Any, i: int) -> Any:
    if isinstance(spec, TensorSpec):
        return _SymbolicTensor(spec.shape.dims, spec.dtype, f"args_{i}:0", True)
    if isinstance(spec, dstruct.DatasetSpec):
        from eagerflow._src.data.sources import ListDataset

        return ListDataset([], dstruct.Structure(spec.element_spec))
    raise TypeError("no placeholder")  # sparse arguments: learn from data instead


def _shape_trace(func: Callable, in_struct: dstruct.Structure) -> tuple:
    """(the nested output of `func` on symbolic placeholders, whether `func` commutes with
    batching), or raises."""
    st = _state
    saved_graph, saved_tapes = st.graph, st.tapes
    graph = _ShapeGraph()
    st.graph, st.tapes = graph, []
    try:
        flat = tuple(_placeholder(s, i) for i, s in enumerate(in_struct.specs))
        args = in_struct.pack(flat)
        out = func(*args) if in_struct.unpack_args else func(args)
    finally:
        st.graph, st.tapes = saved_graph, saved_tapes
    leaves = dstruct.flatten(dstruct.lists_to_tuples(out))
    # Every output must vary per element (a constant output would need tiling).
    vec = graph.vectorizable and bool(leaves) and all(
        getattr(v, "_per_element", False) for v in leaves)
    return out, vec


def _leaf_spec(x: Any) -> Any:
    if isinstance(x, _SymbolicTensor):
        return TensorSpec._make(Tensor.shape.fget(x), x._dtype)
    if isinstance(x, SparseTensor):
        return SparseTensorSpec(x.shape, x.dtype)
    if isinstance(x, Tensor):
        return TensorSpec._make(x.shape, x.dtype)
    return dstruct.spec_of(dstruct.to_component(x))


def _check_signature(func: Callable, in_struct: dstruct.Structure, transformation: str) -> None:
    """Refuses a function whose signature can't take the element (TF fails at trace time)."""
    try:
        sig = inspect.signature(func)
    except (TypeError, ValueError):
        return
    n = len(in_struct.spec) if in_struct.unpack_args else 1
    try:
        sig.bind(*range(n))
    except TypeError as e:
        name = getattr(func, "__qualname__", repr(func))
        raise TypeError(f"in user code:\n\n    TypeError: {name}() {e}\n\n(the function passed "
                        f"to `{transformation}` takes an element of {n} component(s))") from None


class StructuredFunction:
    """A user function over dataset elements, called with flat component tuples.

    `call(flat)` returns the flat output components; `output_structure` is the
    Structure of what it returns.
    """

    def __init__(self, func: Callable, transformation: str, input_structure: dstruct.Structure,
                 input_dataset: Any = None, extra_leading: tuple = ()) -> None:
        if not callable(func):
            raise TypeError(f"`{transformation}` expects a callable, got {func!r}")
        self._func = func
        self._transformation = transformation
        self._in = input_structure
        self._input_dataset = input_dataset
        self._out: dstruct.Structure | None = None
        self._from_data = False
        # True when calling `func` on a batch equals calling it on each element and
        # stacking (only elementwise ops, known ranks): map + batch may then fuse.
        self.vectorizable = False
        _check_signature(func, input_structure, transformation)
        try:
            traced, vec = _shape_trace(func, input_structure)
            self._out = self._structure_of(traced)
            self.vectorizable = vec
        except Exception:  # noqa: BLE001 - any failure means "learn the structure from data"
            self._out = None
        # The switch point: when tf.function lands, trace `func` into a graph here and
        # make `call` run it. Until then elements run eagerly.
        self.call = self._call_eager

    # -- output structure ---------------------------------------------------------------
    def _structure_of(self, value: Any) -> dstruct.Structure:
        value = dstruct.lists_to_tuples(value)
        if value is None or (dstruct.is_nested(value) and not dstruct.flatten(value)):
            raise ValueError(f"The function passed to `{self._transformation}` must return at "
                             f"least one tensor, but it returned {value!r}.")
        if not dstruct.is_nested(value):
            return dstruct.Structure(_leaf_spec(value))

        return dstruct.Structure(dstruct.pack_as(value, [_leaf_spec(v) for v in
                                                          dstruct.flatten(value)]))

    @property
    def output_structure(self) -> dstruct.Structure:
        if self._out is None:
            self._out = self._learn_from_data()
        return self._out

    def _learn_from_data(self) -> dstruct.Structure:
        first = None
        if self._input_dataset is not None:
            it = self._input_dataset._make_iterator()
            try:
                first = next(it, None)
            finally:
                it.close()
        if first is None:
            first = tuple(dstruct.zeros_like_spec(s) for s in self._in.specs)
        args = self._in.pack(first)
        value = self._func(*args) if self._in.unpack_args else self._func(args)
        struct = self._structure_of(value)
        # One element says nothing about which dims vary: leave them unknown.

        passthrough = {id(c) for c in first}
        flat_vals = dstruct.flatten(dstruct.lists_to_tuples(value))
        relaxed = [s if id(v) in passthrough else dstruct.relax_spec(s)
                   for s, v in zip(struct.specs, flat_vals)]
        self._from_data = True
        return dstruct.Structure(relaxed[0] if struct.kind == "leaf"
                           else dstruct.pack_as(struct.spec, relaxed))

    # -- calling --------------------------------------------------------------------------
    def _call_eager(self, flat: tuple) -> tuple:
        st = _state
        if st.tapes:  # as in TF, a dataset's functions are never recorded on a tape
            saved, st.tapes = st.tapes, []
            try:
                return self._call_eager(flat)
            finally:
                st.tapes = saved
        args = self._in.pack(flat)
        out = self._func(*args) if self._in.unpack_args else self._func(args)
        return self.flatten_output(out)

    def flatten_output(self, out: Any) -> tuple:
        """The function's return value as flat components, checked against its structure."""
        st = self._out if self._out is not None else self.output_structure
        if st.kind == "leaf":
            if type(out) is EagerTensor:
                if out._dtype is not st.specs[0].dtype:
                    self._mismatch(out)
                return (out,)
        elif st.kind == "tuple" and type(out) is tuple and len(out) == st.n:
            ok = True
            for v, s in zip(out, st.specs):
                if type(v) is not EagerTensor or v._dtype is not s.dtype:
                    ok = False
                    break
            if ok:
                return out
        return self._flatten_slow(out, st)

    def _flatten_slow(self, out: Any, st: dstruct.Structure) -> tuple:
        out = dstruct.lists_to_tuples(out)
        if dstruct.is_nested(out) != dstruct.is_nested(st.spec):
            self._mismatch(out)
        try:
            from eagerflow._src.core import nest

            if dstruct.is_nested(out):
                nest.assert_same_structure(out, st.spec, check_types=False)
        except (ValueError, TypeError):
            self._mismatch(out)
        try:
            flat = tuple(dstruct.to_component(v) for v in dstruct.flatten(out))
        except (TypeError, ValueError) as e:
            raise TypeError(f"The function passed to `{self._transformation}` returned a value "
                            f"that can't be converted to a tensor: {e}") from e
        for v, s in zip(flat, st.specs):
            if getattr(v, "dtype", None) != getattr(s, "dtype", None) or not isinstance(
                    dstruct.spec_of(v), type(s)):
                self._mismatch(out)
        return flat

    def _mismatch(self, out: Any) -> None:
        got = dstruct.structure_spec(dstruct.normalize_element(dstruct.lists_to_tuples(out))) \
            if out is not None else None
        raise InvalidArgumentError(
            None, None,
            f"The function passed to `{self._transformation}` returned an element whose "
            f"structure or types do not match its other elements: expected "
            f"{dstruct.type_names(self.output_structure.spec)}, got "
            f"{dstruct.type_names(got) if got is not None else None}.")
