"""`tf.data.Iterator` (OwnedIterator, what `iter(dataset)` returns) and NumpyIterator.

Data layer, above the element iterators (iterators.py) and the graph operations that
iterate inside a tf.function (graph_ops.py), below the Dataset class. An OwnedIterator
packs flat elements into the user's structure, raises StopIteration from `next()` and
OutOfRangeError from `get_next()`, saves its position in checkpoints, and closes the
whole chain when it is closed or collected.
"""

from __future__ import annotations

import re
import weakref
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core import trace_events
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE, _state, finalize
from eagerflow._src.core.errors import InvalidArgumentError, OpError, OutOfRangeError
from eagerflow._src.core.lazy import lazy_module
from eagerflow._src.core.sparse_tensor import SparseTensor
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TypeSpec
from eagerflow._src.core.trackable import Trackable
from eagerflow._src.data import external_state, fn_errors, graph_ops, tf_iterator_state
from eagerflow._src.data.iterators import ElementIterator, IterContext, _Counted
from eagerflow._src.data.optional import Optional
from eagerflow._src.data.structure import (
    DatasetSpec,
    Structure,
    flatten,
    is_variant_spec,
    map_structure,
    most_specific_common,
    specs_compatible,
)
from eagerflow._src.io import structured_value
from eagerflow._src.ops import eager_errors

# An iterator's checkpointed state is a protobuf message: its descriptors load on the first
# save or restore of an iterator, not with tf.data.
iterator_state = lazy_module("eagerflow._src.io.iterator_state")

# An error already named by its op (" [Op:Op]", the eager wrapper's " name: ...")
_NAMED = re.compile(r" \[Op:[^\]\s]+\](?: name: \S*)?$")


def _name_op(e: OpError, structure: Any, root: Any) -> None:
    """TF names the iterator op on errors raised inside a pipeline of dataset `root`,
    worded as that eager op's (its function named after its components, one each: TF's
    `output_types`), and the path of its optimized pipeline to a failing function."""
    fn_errors.at_root(e, root)
    msg = e._message
    if not _NAMED.search(msg):
        e._message = msg + " [Op:IteratorGetNext]"
        e.args = (e._message,) + e.args[1:]
    if e._message.endswith(" [Op:IteratorGetNext]"):
        # (TF's output_types: one per tensor component, a None's none)
        n = sum(not isinstance(s, NoneTensorSpec) for s in structure.specs)
        eager_errors.decorate(e, _GET_NEXT, (), {"output_types": n}, CPU_DEVICE, None)


class _GetNext:
    """What eager_errors.decorate reads of the IteratorGetNext op (a pipeline's error is
    raised by no op of the registry: the iterator stands for it)."""

    name = "IteratorGetNext"

    @staticmethod
    def arity(inputs: tuple, attrs: dict) -> dict:
        return attrs


_GET_NEXT = _GetNext()



# The position as a checkpoint holds it (under TF's key, ITERATOR_STATE).
_STATE_FORMAT = "eagerflow.data.Iterator position:"


class IteratorSpec(TypeSpec):
    """tf.data.IteratorSpec: the type of a tf.data iterator, given by its elements' spec
    (TF's keeps it as `_element_spec`; its value, a resource, has no public spec of its
    own). What `iterator._type_spec` and tf.type_spec_from_value(iterator) give, and what
    a traced function's structured_input_signature shows for an iterator argument."""

    __slots__ = ("_element_spec",)

    def __init__(self, element_spec: Any) -> None:
        self._element_spec = element_spec

    @property
    def value_type(self) -> type:
        return OwnedIterator

    @staticmethod
    def from_value(value: Any) -> IteratorSpec:
        return IteratorSpec(value.element_spec)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        if isinstance(spec_or_value, OwnedIterator):
            spec_or_value = spec_or_value._type_spec
        if not isinstance(spec_or_value, IteratorSpec):
            return False
        return specs_compatible(self._element_spec, spec_or_value._element_spec)

    def _traced_from(self, handle: Any) -> ArgumentIterator:
        """The iterator a trace for this spec (an input signature's) sees: one read
        through the resource placeholder `handle`."""
        return ArgumentIterator(Structure(self._element_spec), handle)

    def _common(self, other: Any) -> IteratorSpec | None:
        if not isinstance(other, IteratorSpec):
            return None
        common = most_specific_common(self._element_spec, other._element_spec)
        return None if common is None else IteratorSpec(common)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, IteratorSpec) and self._element_spec == other._element_spec

    def __hash__(self) -> int:
        return hash(("iterator", repr(self._element_spec)))

    def __repr__(self) -> str:
        return f"IteratorSpec({self._element_spec!r},)"


# (a saved function's iterator argument, as TF's TypeSpecProto DATA_ITERATOR_SPEC: its
# element spec; one component, the iterator's resource)
structured_value.register_element_spec_type(IteratorSpec, 6)


class OwnedIterator(Trackable):
    """`tf.data.Iterator` in eager mode: `next(it)`, `it.get_next()`, `it.element_spec`.

    In a tf.train.Checkpoint it saves its position; restoring it replays the dataset from
    the start up to that element, with each shuffle's reshuffle counter set back to what it
    was when this iterator began (the same elements where the pipeline is deterministic:
    seeded shuffles and random ops; TF saves the buffers themselves)."""

    def __init__(self, dataset: Any) -> None:
        self._dataset = dataset
        self._structure = dataset._structure
        self._pack = self._structure.pack
        self._it: ElementIterator | None = self._start()

    def _reshufflers(self) -> list:
        """The datasets of the pipeline that count their iterators (shuffles), in order."""
        out, seen, todo = [], set(), [self._dataset]
        while todo:
            ds = todo.pop()
            if id(ds) in seen:
                continue
            seen.add(id(ds))
            if hasattr(ds, "_iterations"):
                out.append(ds)
            todo.extend(reversed(getattr(ds, "_inputs", ())))
        return out

    def _start(self, epochs: list | None = None) -> ElementIterator:
        """A new iterator of the dataset; `epochs`: each shuffle's reshuffle counter to
        start from (a restore's), else the counters as they are."""
        shufflers = self._reshufflers()
        if epochs is not None and len(epochs) == len(shufflers):
            for d, e in zip(shufflers, epochs):
                d._iterations = e
        self._epochs = [d._iterations for d in shufflers]
        try:
            ds = self._dataset
            inner = ds._make_iterator(IterContext(ds.options(), ds))
        except OpError as e:  # TF's iterator fails when asked for its first element
            if getattr(e, "at_iter", False):  # (or, for some errors, when it is made)
                raise
            inner = _Failed(e)
        return _Counted(inner)

    # TF lists the state as the saveable "ITERATOR", under the key "ITERATOR_STATE"
    _SAVEABLE_NAME = "ITERATOR"

    def _serialize_to_tensors(self) -> dict:
        """TF's serialized state (a variant) where this pipeline has one that
        tf_iterator_state.py writes, else eagerflow's own (a string)."""
        external_state.check(self._dataset)
        count = -1 if self._it is None else self._it.count  # -1: closed, nothing more comes
        try:
            epochs = {id(d): e for d, e in zip(self._reshufflers(), self._epochs)}
            state = tf_iterator_state.tf_state(self._dataset, count, epochs)
        except OpError:
            a = np.empty((), dtype=object)
            a[()] = self._position_text().encode()
            return {"ITERATOR_STATE": EagerTensor(a, _dt.string)}
        return {"ITERATOR_STATE": EagerTensor(iterator_state.write(state), _dt.variant)}

    def _position_text(self) -> str:
        """eagerflow's own form of the position: the count of elements given (-1: closed,
        nothing more comes) and each shuffle's reshuffle counter when it began."""
        count = -1 if self._it is None else self._it.count
        return f"{_STATE_FORMAT}{count};{','.join(map(str, self._epochs))}"

    def _restore_from_tensors(self, tensors: dict) -> None:
        saved = np.asarray(tensors["ITERATOR_STATE"])
        if saved.ndim == 1:  # (TF's: one element per iterator of its pipeline)
            count, began = tf_iterator_state.position(self._dataset,
                                                      iterator_state.read(saved))
            self._replay(count, [began.get(id(d), e) for d, e in
                                 zip(self._reshufflers(), self._epochs)])
            return
        text = saved.reshape(()).item()
        text = text.decode() if isinstance(text, bytes) else str(text)
        if not text.startswith(_STATE_FORMAT):
            raise InvalidArgumentError(None, None, "This iterator state was not saved by "
                                       "eagerflow or TensorFlow [Op:DeserializeIterator]")
        count, _, epochs = text[len(_STATE_FORMAT):].partition(";")
        self._replay(int(count), [int(e) for e in epochs.split(",") if e])

    def _replay(self, count: int, epochs: list) -> None:
        """Starts the pipeline again and skips the `count` elements it had given (-1: all);
        `epochs`: each shuffle's reshuffle counter when it began (none: as they are)."""
        self._close()
        if count < 0:
            return
        shufflers = self._reshufflers()
        now = [d._iterations for d in shufflers]
        self._it = it = self._start(epochs)
        for _ in range(count):  # (a repeat's later shuffles take the counters in turn)
            try:
                next(it)
            except StopIteration:
                break
        for d, n in zip(shufflers, now):  # later iterators still reshuffle afresh
            d._iterations = max(d._iterations, n)

    def __iter__(self) -> OwnedIterator:
        return self

    def __next__(self) -> Any:
        if _state.graph is not None:
            return self._graph_next()
        it = self._it
        if it is None:
            raise StopIteration
        start = trace_events.now() if trace_events.ACTIVE[0] else None
        try:
            element = self._pack(next(it))
        except OpError as e:
            _name_op(e, self._structure, self._dataset)
            raise
        if start is not None:  # tf.profiler: TF's iterator op and its root iterator
            end = trace_events.now()
            trace_events.eager_op("IteratorGetNext", start, end)
            trace_events.add("Iterator::Root", start, end, {"name": repr(self._dataset)})
        return element

    def next(self) -> Any:
        return self.__next__()

    def get_next(self, name: str | None = None) -> Any:
        if _state.graph is not None:
            return self._graph_next()
        try:
            return self.__next__()
        except StopIteration:
            raise OutOfRangeError(None, None, "End of sequence [Op:IteratorGetNext]") from None

    def get_next_as_optional(self) -> Any:
        if _state.graph is not None:
            return graph_ops.graph_optional(self._graph_handle(), self._structure)
        try:
            return Optional.from_value(self.__next__())
        except StopIteration:
            return Optional.empty(self._structure.spec)

    # -- inside a tf.function: operations that use this iterator when the function runs --
    def _graph_next(self) -> Any:
        if not graph_ops.in_function():
            raise RuntimeError("`tf.data.Iterator` only supports `next()` in eager mode or "
                               "within tf.function.")
        return graph_ops.graph_next(self, self._graph_handle(), self._structure)

    def _graph_handle(self) -> Any:
        """What a function's iterator ops take for this iterator: the iterator itself,
        used by reference (an iterator a traced function reads without taking it as an
        argument)."""
        return self

    def _ag_for_stmt(self, extra_test: Any, body: Any, get_state: Any, set_state: Any,
                     symbol_names: tuple, opts: dict) -> None:
        graph_ops.for_over_iterator(self._graph_handle(), self._structure, extra_test, body,
                                    get_state, set_state, symbol_names, opts)

    # -- as a tf.function's argument: traced by its spec, fed as a resource --------------
    @property
    def _iterator_resource(self) -> Any:
        """The scalar resource tensor a tf.function call feeds for this iterator (TF's
        iterator resource): it names this iterator by a weak reference, so the tensor it
        keeps makes no cycle that would keep the pipeline open."""
        h = self.__dict__.get("_resource_tensor")
        if h is None:
            h = self._resource_tensor = self._new_resource()
        return h

    def _new_resource(self) -> EagerTensor:
        """Another scalar resource tensor naming this iterator (weakly): a distributed
        iterator over it feeds one per device, where TF's MultiDeviceIterator has an
        iterator of its own for each."""
        arr = np.empty((), dtype=object)
        arr[()] = _IteratorRef(self)
        return EagerTensor(arr, _dt.resource)

    def _traced_from(self, handle: Any) -> ArgumentIterator:
        """The iterator a trace sees for this argument: one of its spec, read through
        the resource placeholder `handle`."""
        return ArgumentIterator(self._structure, handle)

    @property
    def element_spec(self) -> Any:
        return self._structure.spec

    @property
    def _type_spec(self) -> IteratorSpec:
        return IteratorSpec(self._structure.spec)

    @property
    def output_types(self) -> Any:
        return map_structure(lambda s: s.dtype, self._structure.spec)

    @property
    def output_shapes(self) -> Any:
        return map_structure(lambda s: s.shape, self._structure.spec)

    def _close(self) -> None:
        it, self._it = self._it, None
        if it is not None:
            it.close()

    def __del__(self) -> None:
        finalize(self._close)

    def __getstate__(self) -> Any:
        raise TypeError("tf.data iterators can't be pickled; save them with tf.train.Checkpoint")


class _IteratorRef:
    """What an iterator's resource tensor holds: the iterator, weakly (its `_it`: the
    pipeline's element iterator, None once the iterator is closed or gone)."""

    __slots__ = ("_ref",)

    def __init__(self, it: OwnedIterator) -> None:
        self._ref = weakref.ref(it)

    @property
    def _it(self) -> Any:
        it = self._ref()
        return None if it is None else it._it

    def iterator_state(self) -> _FedIterator:
        """The iterator as the state TF's iterator ops read (iterator_ops.py): what a
        loaded function's IteratorGetNext reads of the iterator passed to it."""
        it = self._ref()
        return _FedIterator(self, () if it is None else it._structure.specs)


class _FedIterator:
    """An eager iterator passed to a loaded function, read by TF's iterator ops: its
    next element's components, OutOfRangeError after the last."""

    __slots__ = ("_ref", "specs")

    def __init__(self, ref: _IteratorRef, specs: tuple) -> None:
        self._ref, self.specs = ref, specs

    def next(self, op: str) -> tuple:
        it = self._ref._it
        element = None if it is None else next(it, None)
        if element is None:
            raise OutOfRangeError(None, None, f"End of sequence [Op:{op}]")
        return element


class ArgumentIterator(OwnedIterator):
    """The tf.data.Iterator a traced function sees for an iterator argument (TF traces
    one by its IteratorSpec): `next(it)`, `get_next_as_optional()` and `for x in it` become
    iterator ops on the function's resource placeholder, which each call feeds with the
    iterator passed."""

    def __init__(self, structure: Any, handle: Any) -> None:
        # (no pipeline: nothing is iterated while tracing)
        self._structure = structure
        self._pack = structure.pack
        self._it = None
        self._handle = handle

    def _graph_handle(self) -> Any:
        return self._handle

    @property
    def _iterator_resource(self) -> Any:
        return self._handle


class _Failed(ElementIterator):
    """An iterator whose pipeline could not start: its error, raised by the first next()."""

    __slots__ = ("_error",)

    def __init__(self, error: OpError) -> None:
        self._error = error

    def __next__(self) -> tuple:
        raise self._error

    def close(self) -> None:
        pass


class NumpyIterator(Trackable):
    """`dataset.as_numpy_iterator()`: elements with tensors converted to NumPy values; in a
    tf.train.Checkpoint it saves its iterator's position, as TF's does."""

    def __init__(self, dataset: Any) -> None:
        for spec in flatten(dataset.element_spec):
            if isinstance(spec, DatasetSpec) or is_variant_spec(spec):  # (an Optional too)
                raise TypeError(f"`tf.data.Dataset.as_numpy_iterator()` is not supported for "
                                f"datasets that produce values of type {spec.value_type}")
        self._iterator = OwnedIterator(dataset)
        self._structure = self._iterator._structure

    def __iter__(self) -> NumpyIterator:
        return self

    def __next__(self) -> Any:
        it = self._iterator._it
        if it is None:
            raise StopIteration
        try:
            flat = next(it)
        except OpError as e:
            _name_op(e, self._structure, self._iterator._dataset)
            raise
        return self._structure.pack(tuple(None if c is None else _to_numpy(c) for c in flat))

    next = __next__

    # (TF keys its state "_STATE", an OwnedIterator's "ITERATOR_STATE")
    def _serialize_to_tensors(self) -> dict:
        return {"_STATE": self._iterator._serialize_to_tensors()["ITERATOR_STATE"]}

    def _restore_from_tensors(self, tensors: dict) -> None:
        self._iterator._restore_from_tensors({"ITERATOR_STATE": tensors["_STATE"]})

    def __repr__(self) -> str:
        return f"NumpyIterator(iterator={self._iterator!r})"


def _to_numpy(c: Any) -> Any:
    if isinstance(c, SparseTensor):
        # TF 2.21's NumpyIterator gives a SparseTensor's dense array (its _numpy())
        return _sparse_to_dense_array(c)
    return c.numpy()


def _sparse_to_dense_array(st: SparseTensor) -> np.ndarray:
    values = st.values.numpy()
    arr = np.zeros([int(d) for d in st.dense_shape.numpy()], dtype=values.dtype)
    for i, v in zip(st.indices.numpy(), values):
        arr[tuple(i)] = v
    return arr
