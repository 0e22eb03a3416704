"""The specs of the batches Keras 3's trainer traces its step functions for, and their
relaxation: a batch of a new shape retraces for the most specific spec that covers it and
the ones traced before (keras/trainer.py's _Step).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import nest
from eagerflow._src.core.sparse_tensor import SparseTensor, SparseTensorSpec
from eagerflow._src.core.tensor import Tensor
from eagerflow._src.core.tensor_spec import TensorSpec


def batch_spec(data: Any, batch: int | tuple | None = None, shapes: tuple | None = None
               ) -> Any:
    """The TensorSpecs of a batch as Keras 3 traces its steps: the batch size its dataset
    states (`batch`: every batch has it; a tuple: each leaf's first dim, as a dataset not
    batched states them), else unknown; the other dims the batch's, but unknown where its
    dataset's element shapes (`shapes`, leaf by leaf) leave them so; None when a leaf is
    not a tensor with a batch dimension (None targets, Python values)."""
    specs = []
    leaves = nest.flatten(data)
    firsts = batch if isinstance(batch, tuple) and len(batch) == len(leaves) else \
        (None if isinstance(batch, tuple) else batch,) * len(leaves)
    stated = shapes if shapes is not None and len(shapes) == len(leaves) else \
        (None,) * len(leaves)
    for leaf, batch, known in zip(leaves, firsts, stated):
        shape = getattr(leaf, "shape", None)
        sparse = isinstance(leaf, SparseTensor)  # (its dataset's SparseTensorSpec, as Keras's)
        if not (isinstance(leaf, Tensor) or sparse) or shape is None or \
                shape.rank in (None, 0):
            return None
        dims = shape.as_list()
        dims = [batch if dims[0] == batch else None] + dims[1:]
        if known is not None and known.rank == len(dims):
            dims = [d if k is not None else None for d, k in zip(dims, known.as_list())]
        specs.append(SparseTensorSpec(dims, leaf.dtype) if sparse else
                     TensorSpec(dims, leaf.dtype))
    return nest.pack_sequence_as(data, specs)


def supertype(a: Any, b: Any) -> Any:
    """The most specific spec nest that both spec nests `a` and `b` are subtypes of (dims
    that differ unknown), or None where they differ in structure, kind or dtype."""
    try:
        nest.assert_same_structure(a, b)
    except (ValueError, TypeError):
        return None
    out = []
    for x, y in zip(nest.flatten(a), nest.flatten(b)):
        common = x.most_specific_common_supertype([y]) if type(x) is type(y) else None
        if common is None:
            return None
        out.append(common)
    return nest.pack_sequence_as(a, out)


def is_subtype(a: Any, b: Any) -> bool:
    """Whether spec nest `a` is a subtype of spec nest `b` (same structure, each spec's
    kind the same and its dims those of `b` or more specific)."""
    try:
        nest.assert_same_structure(a, b)
    except (ValueError, TypeError):
        return False
    return all(type(x) is type(y) and x.is_subtype_of(y)
               for x, y in zip(nest.flatten(a), nest.flatten(b)))
