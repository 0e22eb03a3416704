"""`tf.compat.v1.data`'s TF 1 iterators: `make_one_shot_iterator`,
`make_initializable_iterator`, `Iterator` (`from_structure` + `make_initializer`,
`from_string_handle`, `string_handle`) and `get_output_shapes/types/classes`.

TF 1 layer (v1/), above data/ and function/. In a TF 1 graph an iterator is a Python
object its operations name in their attributes; what it has reached lives in the running
Session's store (graph_variables.RUN.store, where the Session keeps its variables), so each
Session iterates on its own, as TF's per-session iterator resources do. `MakeIterator`
starts a pass over the dataset (the dataset's graph tensors, placeholders included, are
its inputs, read when it runs); `IteratorGetNext` takes the next element (TF's
FailedPreconditionError before an initializer ran, OutOfRangeError at the end); a one-shot
iterator starts itself on its first `get_next` in a Session. A string handle names the
iterator in this process; `from_string_handle` reads whichever iterator is fed.
Eagerly, `make_one_shot_iterator` is `iter(dataset)` and the rest are refused as TF's.
"""

from __future__ import annotations

import itertools
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core import nest
from eagerflow._src.core.context import _state, executing_eagerly
from eagerflow._src.core.dtypes import dtype_word
from eagerflow._src.core.errors import (
    FailedPreconditionError,
    InvalidArgumentError,
    OutOfRangeError,
)
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.graph_ops import _output_specs, pipeline_captures
from eagerflow._src.data.iterator_ops import NOT_INITIALIZED
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.function.graph_variables import RUN
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.ragged import RaggedTensor, RaggedTensorSpec
from eagerflow._src.ops.registry import OpDef

_ITERATOR_OPS = "tensorflow.python.data.ops.iterator_ops"
_NO_INITIALIZER = ("The iterator does not have an initializer. This means it was likely "
                   "created using `tf.data.Dataset.make_one_shot_iterator()`. For an "
                   "initializable iterator, use `tf.data.Dataset.make_initializable_iterator()`"
                   " instead.")
_handles: weakref.WeakValueDictionary = weakref.WeakValueDictionary()
_counter = itertools.count()


# -- output shapes, types and classes -------------------------------------------------------

def _leaf_shape(spec: Any) -> TensorShape:
    return spec.shape if hasattr(spec, "shape") else TensorShape(None)


def _leaf_type(spec: Any) -> Any:
    return spec.dtype


def _leaf_class(spec: Any) -> type:
    if isinstance(spec, SparseTensorSpec):
        return SparseTensor
    if isinstance(spec, RaggedTensorSpec):
        return RaggedTensor
    return Tensor if isinstance(spec, TensorSpec) else type(spec).value_type.fget(spec)


def _spec_of(dataset_or_iterator: Any) -> Any:
    return dataset_or_iterator.element_spec


def get_output_shapes(dataset_or_iterator: Any) -> Any:
    """The shapes of the elements of a dataset or iterator (a nest of TensorShapes)."""
    return nest.map_structure(_leaf_shape, _spec_of(dataset_or_iterator))


def get_output_types(dataset_or_iterator: Any) -> Any:
    """The dtypes of the elements of a dataset or iterator."""
    return nest.map_structure(_leaf_type, _spec_of(dataset_or_iterator))


def get_output_classes(dataset_or_iterator: Any) -> Any:
    """The Python classes of the elements (Tensor, SparseTensor, RaggedTensor)."""
    return nest.map_structure(_leaf_class, _spec_of(dataset_or_iterator))


# -- the operations -----------------------------------------------------------------------

def _session_store() -> dict:
    store = RUN.store
    if store is None:  # (only a Session runs a TF 1 graph's iterator operations)
        raise FailedPreconditionError(None, None, NOT_INITIALIZED)
    return store


def _make_kernel(xp: Any, *values: Any, iterator: Any, dataset: Any, ids: tuple) -> None:
    iterator._start(_session_store(), dataset, dict(zip(ids, values)))


def _make_infer(*inputs: Any, iterator: Any, dataset: Any, ids: tuple) -> list:
    return []


MAKE_ITERATOR = OpDef("MakeIterator", _make_infer, _make_kernel, num_outputs=0,
                      stateful=True, gpu=False)


def _to_handle_kernel(xp: Any, iterator: Any) -> Any:
    return np.array(iterator._handle, dtype=object)


TO_STRING_HANDLE = OpDef("IteratorToStringHandle", lambda iterator: [((), dt.string)],
                         _to_handle_kernel, stateful=True, gpu=False)


def _from_handle(handle: Any) -> Any:
    key = handle.item() if isinstance(handle, np.ndarray) else handle
    key = key if isinstance(key, bytes) else str(key).encode()
    iterator = _handles.get(key)
    if iterator is None:
        raise InvalidArgumentError(None, None,
                                   "Could not parse string_handle as a valid ResourceHandle")
    return iterator


def _check_components(mine: Any, theirs: Any) -> None:
    """A fed handle's iterator gives elements of this iterator's types and shapes."""
    for i, (a, b) in enumerate(zip(_output_specs(mine.specs), _output_specs(theirs.specs))):
        if a[1] != b[1]:
            raise InvalidArgumentError(
                None, None, f"Data type mismatch at component {i}: expected "
                            f"{dtype_word(a[1])} but got {dtype_word(b[1])}.")


def _next_kernel(xp: Any, *handle: Any, iterator: Any, structure: Any, n: int) -> Any:
    source = _from_handle(handle[0]) if handle else iterator
    if handle:
        _check_components(structure, source._structure)
    flat = source._next(_session_store())
    arrays = dstruct.component_arrays(flat)
    return arrays[0] if n == 1 else tuple(arrays)


def _next_infer(*handle: Any, iterator: Any, structure: Any, n: int) -> list:
    return _output_specs(structure.specs)


_GET_NEXT: dict = {}


def _get_next_op(n: int) -> OpDef:
    """The IteratorGetNext operation of `n` components."""
    if n not in _GET_NEXT:
        _GET_NEXT[n] = OpDef("IteratorGetNext", _next_infer, _next_kernel, num_outputs=n,
                             stateful=True, gpu=False)
    return _GET_NEXT[n]


# -- Iterator -------------------------------------------------------------------------------

def _structure_from(output_types: Any, output_shapes: Any, output_classes: Any) -> Any:
    """The element spec TF's `from_structure` builds from types, shapes and classes."""
    if output_shapes is None:
        output_shapes = nest.map_structure(lambda _: TensorShape(None), output_types)
    if output_classes is None:
        output_classes = nest.map_structure(lambda _: Tensor, output_types)
    nest.assert_same_structure(output_types, output_shapes)

    def leaf(dtype: Any, shape: Any, cls: Any) -> Any:
        shape = TensorShape(shape)
        if cls is SparseTensor:
            return SparseTensorSpec(shape, dt.as_dtype(dtype))
        return TensorSpec(shape, dt.as_dtype(dtype))

    return nest.map_structure(leaf, output_types, output_shapes, output_classes)


class Iterator:
    """`tf.compat.v1.data.Iterator`: TF 1's iterator over the elements of a dataset, run
    in a Session (its position kept per Session)."""

    def __init__(self, element_spec: Any, initializer: Any = None, dataset: Any = None,
                 handle: Any = None) -> None:
        self._element_spec = element_spec
        self._structure = dstruct.Structure(element_spec)
        self._initializer = initializer
        self._one_shot = dataset
        self._fed_handle = handle
        self._key = f"tf1-iterator:{next(_counter)}"
        self._handle = self._key.encode()
        _handles[self._handle] = self
        # (TF's constructor makes the handle op first: it takes its name)
        self._string_handle = bind(TO_STRING_HANDLE, (), {"iterator": self})

    # -- per-session state --

    def _start(self, store: dict, dataset: Any, feed: dict) -> None:
        old = store.get(self._key)
        if old is not None:
            old.close()
        ctx = IterContext(dataset.options())
        ctx.feed = feed
        store[self._key] = dataset._make_iterator(ctx)

    def _next(self, store: dict) -> Any:
        it = store.get(self._key)
        if it is None:
            if self._one_shot is None:
                raise FailedPreconditionError(None, None, NOT_INITIALIZED)
            self._start(store, self._one_shot, {})
            it = store[self._key]
        try:
            return next(it)
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence") from None

    # -- TF's API --

    @staticmethod
    def from_structure(output_types: Any, output_shapes: Any = None, shared_name: Any = None,
                       output_classes: Any = None) -> Iterator:
        """An iterator that `make_initializer` points at datasets of this structure."""
        return Iterator(_structure_from(output_types, output_shapes, output_classes))

    @staticmethod
    def from_string_handle(string_handle: Any, output_types: Any, output_shapes: Any = None,
                           output_classes: Any = None) -> Iterator:
        """An iterator reading whichever iterator `string_handle` (fed) names."""
        string_handle = convert_to_tensor(string_handle, dtype=dt.string)
        if executing_eagerly():
            try:
                _from_handle(string_handle.numpy())
            except InvalidArgumentError as e:  # (the eager op's error names it)
                raise InvalidArgumentError(None, None, f"{e.message} "
                                           "[Op:IteratorFromStringHandleV2]") from None
        spec = _structure_from(output_types, output_shapes, output_classes)
        return Iterator(spec, handle=string_handle)

    @property
    def initializer(self) -> Any:
        if self._initializer is None:
            raise ValueError(_NO_INITIALIZER)
        return self._initializer

    def make_initializer(self, dataset: Any, name: str | None = None) -> Any:
        """The MakeIterator operation starting this iterator over `dataset`."""
        theirs = dataset.element_spec
        nest.assert_same_structure(self._element_spec, theirs)
        types, shapes = get_output_types(self), get_output_shapes(self)
        their_types, their_shapes = get_output_types(dataset), get_output_shapes(dataset)
        for a, b in zip(nest.flatten(types), nest.flatten(their_types)):
            if a != b:
                raise TypeError(f"Expected output types {_types_text(types)} but got dataset "
                                f"with output types {_types_text(their_types)}.")
        for a, b in zip(nest.flatten(shapes), nest.flatten(their_shapes)):
            if not a.is_compatible_with(b):
                raise TypeError(f"Expected output shapes compatible with {_shapes_text(shapes)}"
                                " but got dataset with output shapes "
                                f"{_shapes_text(their_shapes)}.")
        return self._make_op(dataset, name or "make_initializer")

    def _make_op(self, dataset: Any, name: str) -> Any:
        captures = pipeline_captures(dataset)
        ids = tuple(id(t) for t in captures)
        bind(MAKE_ITERATOR, tuple(captures), {"iterator": self, "dataset": dataset, "ids": ids},
             name)
        return _state.graph.operations[-1]  # (the operation: it has no outputs)

    def get_next(self, name: str | None = None) -> Any:
        """The next element's tensors (one IteratorGetNext operation per call)."""
        specs = self._structure.specs
        inputs = () if self._fed_handle is None else (self._fed_handle,)
        n = len(_output_specs(specs))
        attrs = {"iterator": self, "structure": self._structure, "n": n}
        outs = bind(_get_next_op(n), inputs, attrs, name or "IteratorGetNext")
        outs = (outs,) if n == 1 else tuple(outs)
        return self._structure.pack(dstruct.from_outputs(outs, specs))

    def string_handle(self, name: str | None = None) -> Any:
        """A string tensor naming this iterator, to feed a `from_string_handle` one."""
        if name is None:
            return self._string_handle
        return bind(TO_STRING_HANDLE, (), {"iterator": self}, name)

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    @property
    def output_shapes(self) -> Any:
        deprecated_call("Iterator.output_shapes", _ITERATOR_OPS,
                        "Use `tf.compat.v1.data.get_output_shapes(iterator)`.")
        return get_output_shapes(self)

    @property
    def output_types(self) -> Any:
        deprecated_call("Iterator.output_types", _ITERATOR_OPS,
                        "Use `tf.compat.v1.data.get_output_types(iterator)`.")
        return get_output_types(self)

    @property
    def output_classes(self) -> Any:
        deprecated_call("Iterator.output_classes", _ITERATOR_OPS,
                        "Use `tf.compat.v1.data.get_output_classes(iterator)`.")
        return get_output_classes(self)


def _types_text(types: Any) -> str:
    return str(nest.map_structure(lambda d: _Repr(repr(d)), types))


def _shapes_text(shapes: Any) -> str:
    return str(nest.map_structure(lambda s: _Repr(f"TensorShape({s.as_list()!r})"
                                                  if s.rank is not None
                                                  else "TensorShape(None)"), shapes))


class _Repr(str):
    def __repr__(self) -> str:
        return str(self)


def make_one_shot_iterator(dataset: Any) -> Any:
    """An iterator over `dataset` that starts itself (eagerly: `iter(dataset)`)."""
    if executing_eagerly():
        return iter(dataset)
    return Iterator(dataset.element_spec, dataset=dataset)


def make_initializable_iterator(dataset: Any, shared_name: Any = None) -> Iterator:
    """An iterator over `dataset` that its `initializer` (re)starts."""
    if executing_eagerly():
        raise RuntimeError("`make_initializable_iterator()` is not supported in eager mode. "
                           "Use Python-style iteration instead.")
    it = Iterator(dataset.element_spec)
    it._initializer = it._make_op(dataset, "MakeIterator")
    return it
