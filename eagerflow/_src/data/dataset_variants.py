"""Datasets as TF's variant tensors: `Dataset._variant_tensor`,
`tf.data.experimental.to_variant` / `from_variant`, and what TF's dataset ops
(tf.raw_ops.RangeDataset, MapDataset, ...; raw_dataset_*.py) share.

Data layer, over dataset.py. A dataset op's output is a scalar variant whose value is a
DatasetVariant: the eagerflow pipeline it stands for and TF's debug text of its kernel
("RangeDatasetOp(0, 5, 1)::Dataset", what a tensor's repr shows). TF's datasets are flat:
their elements are lists of component tensors, `output_types` and `output_shapes` say
them, and functions take and return components. So a dataset op reads its input
datasets flat (`flat_input`), builds the result from the public Dataset methods, and
checks the result's components against its attributes.

`from_variant(v, spec)` is a VariantDataset: the variant's pipeline, its components
packed as `spec`. Eagerly it reads the variant's value at once; inside a tf.function a
symbolic variant is a tensor the pipeline reads when it is iterated (as a source built
from the function's tensors is fed: graph_ops.pipeline_captures).

A func attribute arrives as a ConcreteFunction (tf.raw_ops) or as a library function of an
imported graph (anything with `concrete_for(specs)`): `concrete_of` gives the concrete
function for the argument specs a dataset calls it with.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.variant_value import DatasetVariant, variant_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY, OpDef, TFForm


def dataset_of(op: str, value: Any, arg: str = "input_dataset") -> DatasetV2:
    """The pipeline a dataset op's variant input holds, with TF's error for another
    variant (a TensorList's, an iterator's)."""
    held = value[()] if isinstance(value, np.ndarray) and value.dtype == object else value
    if not isinstance(held, DatasetVariant):
        # (TF's iterator ops name the input; its dataset ops don't: `arg` "")
        raise C.fail(op, "Tensor must be a Dataset object." + (f" {arg}" if arg else ""))
    return held.dataset


def flat_specs(dataset: DatasetV2) -> tuple:
    return dataset._structure.specs


def flat_input(op: str, value: Any, arg: str = "input_dataset") -> DatasetV2:
    """The input dataset as TF's kernels see it: elements as flat tuples of components (a
    lone component as itself), so functions take them as arguments."""
    ds = dataset_of(op, value, arg)
    specs = flat_specs(ds)
    if ds._structure.spec == (specs[0] if len(specs) == 1 else specs):
        return ds
    return VariantDataset(ds, specs[0] if len(specs) == 1 else specs)


def structure_of(types: tuple, shapes: tuple) -> Any:
    """The element spec `output_types` / `output_shapes` say, flat (a lone component as
    itself)."""
    specs = tuple(TensorSpec(s, d) for d, s in zip(types, shapes))
    return specs[0] if len(specs) == 1 else specs


def check_specs(op: str | None, have: tuple, types: tuple, shapes: tuple) -> None:
    """TF's check that components of specs `have` are those `types` and `shapes` ask for
    (as MakeIterator and IteratorGetNext check them against the iterator's)."""
    if len(have) != len(types):
        raise _fail(op, f"Number of components does not match: expected {len(types)} types "
                        f"but got {len(have)}.")
    for i, (h, d, want) in enumerate(zip(have, types, shapes)):
        if h.dtype != d:
            raise _fail(op, f"Data type mismatch at component {i}: expected "
                            f"{C.dtype_word(d)} but got {C.dtype_word(h.dtype)}.")
        if want is not None and not h.shape.is_compatible_with(want):
            raise _fail(op, f"Incompatible shapes at component {i}: expected {_dims(want)} "
                            f"but got {_dims(h.shape.as_list())}.")


def _fail(op: str | None, message: str) -> InvalidArgumentError:
    return C.fail(op, message) if op else InvalidArgumentError(None, None, message)


def _types_text(types: Any) -> str:
    return "[" + ", ".join(C.dtype_word(t) for t in types) + "]"


def _dims(dims: Any) -> str:
    return "<unknown>" if dims is None else "[" + ",".join(
        "?" if d is None else str(d) for d in dims) + "]"


def concrete_of(fn: Any, specs: list) -> Any:
    """The concrete function a func attribute stands for, for arguments of `specs`."""
    return fn.concrete_for(specs) if hasattr(fn, "concrete_for") else fn


def as_element_fn(fn: Any, specs: list, others: tuple) -> Callable:
    """A func attribute as a tf.data function of flat components: it takes an element's
    components (then `others`, the op's other_arguments) and gives its outputs' (a lone
    one as itself)."""
    others_specs = [TensorSpec(o.shape, o.dtype) for o in others]
    cf = concrete_of(fn, list(specs) + others_specs)

    def call(*components: Any) -> Any:
        out = list(cf.call_flat_outputs(list(components) + list(others)))
        return out[0] if len(out) == 1 else tuple(out)

    return call


def others_of(values: tuple, types: tuple) -> tuple:
    """An op's `other_arguments` as eager tensors of their `Targuments`."""
    return tuple(EagerTensor(np.asarray(v), t, CPU_DEVICE) for v, t in zip(values, types))


# -- from_variant ------------------------------------------------------------------------------

class VariantDataset(DatasetV2):
    """`tf.data.experimental.from_variant(variant, structure)`: the variant's pipeline, its
    components packed as `structure`."""

    _repr_name = "_VariantDataset"

    def __init__(self, source: Any, element_spec: Any) -> None:
        super().__init__((), Structure(element_spec))
        self._source = source  # a dataset, or a symbolic variant tensor
        if isinstance(source, Tensor):
            self._variant = source
            self._symbolic = (source,)

    def _inner(self, ctx: IterContext | None) -> DatasetV2:
        src = self._source
        if isinstance(src, DatasetV2):
            return src
        feed = ctx.feed if ctx is not None else None
        value = feed.get(id(src)) if feed else getattr(src, "_arr", None)
        if value is None:
            raise InvalidArgumentError(None, None, "The variant of a dataset made inside a "
                                                   "tf.function is read only when the "
                                                   "function runs")
        return dataset_of("MakeIterator", value, "dataset")

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inner = self._inner(ctx)
        check_components(inner, self._structure.specs)
        return inner._make_iterator(ctx)

    def _cardinality(self) -> int:
        src = self._source
        return src._cardinality() if isinstance(src, DatasetV2) else -2


def check_components(dataset: DatasetV2, specs: tuple) -> None:
    """TF's check, as an iterator is made, that the dataset gives components of `specs`
    (a SparseTensor's is a variant of unknown shape to TF: its dense shape is not
    checked)."""
    check_specs(None, flat_specs(dataset), tuple(s.dtype for s in specs),
                tuple(None if s.shape.rank is None or not isinstance(s, TensorSpec)
                      else s.shape.as_list() for s in specs))


def from_variant(variant: Any, structure: Any) -> DatasetV2:
    """tf.data.experimental.from_variant."""
    if isinstance(variant, EagerTensor):
        return VariantDataset(dataset_of("from_variant", variant._arr, "variant"), structure)
    return VariantDataset(variant, structure)


def to_variant(dataset: DatasetV2) -> Any:
    """tf.data.experimental.to_variant: the dataset's variant tensor."""
    return dataset._variant_tensor


# -- dataset ops -------------------------------------------------------------------------------

def _dataset_infer(name: str, scalars: tuple) -> Callable:
    def infer(*ins: Any, **attrs: Any) -> list:
        for arg, x in zip(scalars, ins):
            if arg and x._shape != ():
                raise C.fail(name, f"{arg} must be a scalar")
        return [((), dt.variant)]
    return infer


def dataset_op(name: str, build: Callable, text: Callable | None = None,
               funcs: bool = False, scalars: tuple = (), kernel: str | None = None,
               **kw: Any) -> OpDef:
    """The OpDef of TF's dataset op `name`: `build(op, *input_arrays, **attrs)` makes the
    pipeline (attrs: TF's, all of them), `text(*input_arrays, **attrs)` the words inside
    its debug text (none when None). (Like TF's kernels, it doesn't check the pipeline
    against its output_types and output_shapes: an iterator made of it does.) `funcs`: it
    has func attributes. `scalars`: the names of its first inputs, each TF's kernel wants
    a scalar (None for one it doesn't check). `kernel`: the op whose kernel it runs, which
    its debug text names (an ExperimentalX op runs X's)."""
    shown = kernel or name

    def run(xp: Any, *ins: Any, **attrs: Any) -> np.ndarray:
        ds = build(name, *ins, **attrs)
        words = f"({text(*ins, **attrs)})" if text is not None else ""
        return variant_array(ds, f"{shown}Op{words}::Dataset")

    kw.setdefault("tf", TFForm(load=tf_attrs_load(name), takes_handles=True,
                               takes_funcs=funcs))
    infer = kw.pop("infer", None) or _dataset_infer(name, scalars)
    return OpDef(name, infer, run, stateful=True, gpu=False, **kw)


def tf_attrs_load(name: str) -> Callable:
    """An op's import (and tf.raw_ops call) that passes TF's inputs and attrs as they are."""
    def load(node: Any) -> Any:
        return bind(REGISTRY[name], tuple(node.inputs), dict(node.attrs))
    return load
