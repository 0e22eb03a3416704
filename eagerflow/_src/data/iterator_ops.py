"""TF's iterator ops over dataset variants: the iterator resource
(AnonymousIterator, AnonymousIteratorV2, AnonymousIteratorV3, IteratorV2), MakeIterator,
the IteratorGetNext family and DeleteIterator.

Data layer, over dataset_variants.py. An iterator is an IteratorResource named by a
resource handle of TF's type "tensorflow::data::IteratorResource": an anonymous one
("Resource-<n>-at-0x...", container "Anonymous") is new on each call; IteratorV2's is kept
under its shared_name (else the private name TF's cached kernel keeps for its attrs), so
a TF 1 graph's iterator is the same one each run. MakeIterator starts it over a dataset
(TF's check that the dataset gives the iterator's components first); IteratorGetNext gives
the next element's components, OutOfRangeError "End of sequence" after the last.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE, finalize
from eagerflow._src.core.errors import FailedPreconditionError, OpError, OutOfRangeError
from eagerflow._src.core.resource import RESOURCES, ResourceHandle
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import fn_errors
from eagerflow._src.data.dataset_variants import (
    check_components,
    check_element,
    check_specs,
    dataset_of,
    tf_attrs_load,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import OpDef, TFForm, register
from eagerflow._src.ops.table_handles import held_resource, object_scalar, resource_name

KIND = "tensorflow::data::IteratorResource"
_MANGLED = "N10tensorflow4data16IteratorResourceE"
_UIDS = itertools.count(1)
_NAMED = re.compile(r" \[Op:[^\]\s]+\]$")  # (an error its op already named)
_NOT_INITIALIZED = ("GetNext() failed because the iterator has not been initialized. Ensure "
                    "that you have run the initializer operation for this iterator before "
                    "getting the next element.")


class IteratorResource:
    """An iterator's state: the components it gives, and the pipeline's iterator once
    MakeIterator has started it."""

    def __init__(self, types: tuple, shapes: tuple) -> None:
        self.specs = tuple(TensorSpec(s, d) for d, s in zip(types, shapes))
        self.it: Any = None
        self.dataset: Any = None

    def start(self, dataset: Any) -> None:
        check_components(dataset, self.specs)
        self.close()
        self.it = dataset._make_iterator(IterContext(dataset.options()))
        self.dataset = dataset

    def next(self, op: str) -> tuple:
        if self.it is None:
            raise FailedPreconditionError(None, None, f"{_NOT_INITIALIZED} [Op:{op}]")
        try:
            return next(self.it)
        except StopIteration:
            raise OutOfRangeError(None, None, f"End of sequence [Op:{op}]") from None
        except OpError as e:  # (raised inside the pipeline: TF names the iterator's op)
            fn_errors.at_root(e, self.dataset)
            if not _NAMED.search(e._message):
                e._message += f" [Op:{op}]"
                e.args = (e._message,) + e.args[1:]
            raise

    def close(self) -> None:
        it, self.it = self.it, None
        if it is not None:
            finalize(it.close)

    def __del__(self) -> None:
        if finalize is not None:  # (None once the interpreter is tearing modules down)
            self.close()


def _handle(name: str, container: str, state: IteratorResource) -> np.ndarray:
    return object_scalar(ResourceHandle(name, CPU_DEVICE, container, KIND, (), state))


def iterator_of(op: str, h: Any) -> IteratorResource:
    return held_resource(op, h, IteratorResource, KIND, _MANGLED,
                         "Expected a resource handle of type "
                         "'tensorflow::data::IteratorResource'")


def _anonymous(op: str, output_types: tuple, output_shapes: tuple) -> np.ndarray:
    state = IteratorResource(output_types, output_shapes)
    return _handle(f"Resource-{next(_UIDS)}-at-0x{id(state):x}", "Anonymous", state)


def _deleter() -> np.ndarray:
    return object_scalar(_Deleter())


class _Deleter:
    """AnonymousIteratorV2's deleter variant (TF's prints as "<[empty]>")."""

    variant_text = "<[empty]>"


def _iterator_v2(shared_name: str, container: str, output_types: tuple,
                 output_shapes: tuple) -> np.ndarray:
    container = container or "localhost"
    attrs = {"output_types": output_types, "output_shapes": output_shapes}
    name = resource_name("IteratorV2", (), container, shared_name, False, None, attrs)
    state = RESOURCES.lookup(container, name)
    if state is None:
        state = IteratorResource(output_types, output_shapes)
        RESOURCES.create(container, name, state)
    return _handle(name, container, state)


def _check_types(op: str, attrs: dict) -> None:
    if len(attrs["output_types"]) != len(attrs["output_shapes"]):
        raise C.fail(op, f"Length for attr 'output_shapes' of {len(attrs['output_shapes'])} "
                         f"must equal the length of attr 'output_types' "
                         f"{len(attrs['output_types'])}")
    if not attrs["output_types"]:
        raise C.fail(op, "Length for attr 'output_types' of 0 must be at least minimum 1")


def _creator(name: str, kernel: Any, outs: int = 1) -> OpDef:
    def infer(*ins: Any, **attrs: Any) -> list:
        if "output_types" in attrs:
            _check_types(name, attrs)
        return [((), dt.resource)] + [((), dt.variant)] * (outs - 1)

    return register(OpDef(name, infer, kernel, num_outputs=outs, stateful=True, gpu=False,
                          tf=TFForm(load=tf_attrs_load(name), takes_handles=True)))


ANONYMOUS = {op: _creator(op, lambda xp, *, output_types, output_shapes, op=op:
                          _anonymous(op, output_types, output_shapes))
             for op in ("AnonymousIterator", "AnonymousIteratorV3")}
ANONYMOUS_V2 = _creator(
    "AnonymousIteratorV2", lambda xp, *, output_types, output_shapes:
    (_anonymous("AnonymousIteratorV2", output_types, output_shapes), _deleter()), outs=2)
ITERATOR_V2 = _creator(
    "IteratorV2", lambda xp, *, shared_name="", container="", output_types, output_shapes:
    _iterator_v2(shared_name, container, output_types, output_shapes))


def _make_kernel(xp: Any, dataset: Any, iterator: Any) -> tuple:
    ds = dataset_of("MakeIterator", dataset, "dataset")
    iterator_of("MakeIterator", iterator).start(ds)
    return ()


MAKE_ITERATOR = register(OpDef(
    "MakeIterator", lambda dataset, iterator: [], _make_kernel, num_outputs=0,
    stateful=True, gpu=False, tf=TFForm(load=tf_attrs_load("MakeIterator"),
                                        takes_handles=True)))


def _get_next_infer(op: str) -> Any:
    def infer(iterator: Any, *, output_types: tuple, output_shapes: tuple) -> list:
        _check_types(op, {"output_types": output_types, "output_shapes": output_shapes})
        return [(None if s is None else tuple(s), d)
                for d, s in zip(output_types, output_shapes)]
    return infer


def _get_next_kernel(op: str) -> Any:
    def kernel(xp: Any, iterator: Any, *, output_types: tuple, output_shapes: tuple) -> tuple:
        state = iterator_of(op, iterator)
        check_specs(op, state.specs, output_types, output_shapes)
        flat = state.next(op)
        # (each element against what it asks for: a dataset op's attrs declare its
        # components, which its functions' results may not be)
        check_element(op, flat, output_types, output_shapes)
        return tuple(c._numpy() if hasattr(c, "_numpy") else c for c in flat)
    return kernel


GET_NEXT = {op: register(OpDef(op, _get_next_infer(op), _get_next_kernel(op), num_outputs=-1,
                               stateful=True, gpu=False,
                               tf=TFForm(load=tf_attrs_load(op), takes_handles=True)))
            for op in ("IteratorGetNext", "IteratorGetNextSync")}


def _delete_kernel(xp: Any, handle: Any, deleter: Any) -> tuple:
    # (an anonymous iterator lives as long as a handle names it, as TF's, which counts
    # references to it: only the check is left to do)
    iterator_of("DeleteIterator", handle)
    return ()


DELETE_ITERATOR = register(OpDef(
    "DeleteIterator", lambda handle, deleter: [], _delete_kernel, num_outputs=0,
    stateful=True, gpu=False, tf=TFForm(load=tf_attrs_load("DeleteIterator"),
                                        takes_handles=True)))

OPS = (*ANONYMOUS, "AnonymousIteratorV2", "IteratorV2", "MakeIterator", *GET_NEXT,
       "DeleteIterator")
