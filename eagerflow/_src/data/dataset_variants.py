"""Datasets as TF's variant tensors: `Dataset._variant_tensor`,
`tf.data.experimental.to_variant` / `from_variant`, and what TF's dataset ops
(tf.raw_ops.RangeDataset, MapDataset, ...; raw_dataset_*.py) share.

Data layer, over dataset.py. A dataset op's output is a scalar variant whose value is a
DatasetVariant: the eagerflow pipeline it stands for and TF's debug text of its kernel
("RangeDatasetOp(0, 5, 1)::Dataset", what a tensor's repr shows). TF's datasets are flat:
their elements are lists of component tensors, `output_types` and `output_shapes` say
them, and functions take and return components. So a dataset op reads its input
datasets flat (`flat_input`) and builds the result from the public Dataset methods; as
TF's kernels, it leaves checking the components against output_types / output_shapes to
the iterator made of it (MakeIterator).

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
from eagerflow._src.core.composite import NoneTensorSpec
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InternalError, InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor, Tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.iterators import ElementIterator, IterContext, note_symbolic
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.variant_value import DatasetVariant, variant_array
from eagerflow._src.ops import attr_values as AV
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import tf_op_defs
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.registry import REGISTRY, OpDef, TFForm

# the attrs of a dataset of int64 scalars (the raw ops' samples of Range's datasets)
I64_ATTRS = {"output_types": (dt.int64,), "output_shapes": ((),)}


def range_variant(start: int, stop: int | None = None) -> np.ndarray:
    """The variant array of Dataset.range(start, stop) (of range(start) without a stop), its
    kernel text as TF's ("RangeDatasetOp(0, 5, 1)::Dataset"): the raw ops' sample input."""
    if stop is None:
        return variant_array(DatasetV2.range(start), f"RangeDatasetOp(0, {start}, 1)::Dataset")
    return variant_array(DatasetV2.range(start, stop),
                         f"RangeDatasetOp({start}, {stop}, 1)::Dataset")


def dataset_of(op: str, value: Any) -> DatasetV2:
    """The pipeline a dataset op's variant input holds, with TF's error for another
    variant (a TensorList's, an iterator's, a wrapped dataset's: TF's words name no
    argument)."""
    held = value[()] if isinstance(value, np.ndarray) and value.dtype == object else value
    if not isinstance(held, DatasetVariant):
        raise C.fail(op, "Tensor must be a Dataset object.")
    return held.dataset


def flat_specs(dataset: DatasetV2) -> tuple:
    return dataset._structure.specs


def flat_input(op: str, value: Any) -> DatasetV2:
    """The input dataset as TF's kernels see it: elements as flat tuples of components (a
    lone component as itself), so functions take them as arguments."""
    ds = dataset_of(op, value)
    specs = flat_specs(ds)
    if ds._structure.spec == (specs[0] if len(specs) == 1 else specs):
        return ds
    return VariantDataset(ds, specs[0] if len(specs) == 1 else specs)


def structure_of(types: tuple, shapes: tuple) -> Any:
    """The element spec `output_types` / `output_shapes` say, flat (a lone component as
    itself)."""
    specs = tuple(TensorSpec(s, d) for d, s in zip(types, shapes))
    return specs[0] if len(specs) == 1 else specs


def check_specs(op: str | None, have: tuple, types: tuple, shapes: tuple | None) -> None:
    """TF's check that components of specs `have` are those `types` and `shapes` (None:
    any) ask for (as MakeIterator and IteratorGetNext check them against the iterator's)."""
    if len(have) != len(types):
        raise _fail(op, f"Number of components does not match: expected {len(types)} types "
                        f"but got {len(have)}.")
    if shapes is not None and len(have) != len(shapes):
        raise _fail(op, f"Number of components does not match: expected {len(shapes)} shapes "
                        f"but got {len(have)}.")
    for i, (h, d, want) in enumerate(zip(have, types, shapes or [None] * len(types))):
        if h.dtype != d:
            raise _fail(op, f"Data type mismatch at component {i}: expected "
                            f"{C.dtype_word(d)} but got {C.dtype_word(h.dtype)}.")
        if want is not None and not h.shape.is_compatible_with(want):
            raise _fail(op, f"Incompatible shapes at component {i}: expected {_dims(want)} "
                            f"but got {_dims(h.shape.as_list())}.")


def check_element(op: str | None, flat: Any, types: tuple, shapes: tuple) -> None:
    """TF's check, as an element is given (IteratorGetNext, DatasetToSingleElement), that
    its components are those `types` and `shapes` ask for: InternalError for another
    count of them."""
    if len(flat) != len(types):
        message = f"Expected {len(types)} components but got {len(flat)}."
        raise InternalError(None, None, f"{message} [Op:{op}]" if op else message)
    specs = tuple(TensorSpec(c.shape, c._dtype) if isinstance(c, Tensor) else
                  TensorSpec(np.shape(c), dt.as_dtype(np.asarray(c).dtype)) for c in flat)
    check_specs(op, specs, types, shapes)


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
        out = list(call_flat(cf, list(components) + list(others)))
        return out[0] if len(out) == 1 else tuple(out)

    return call


def call_flat(cf: Any, args: list) -> tuple:
    """Concrete function `cf` on the arguments a dataset op passes it. As TF's runtime, it
    ignores any past its own: with TF's convention, `*_other_args=cf.captured_inputs`, the
    values of the tensors it captured (TF's function takes them as further arguments,
    eagerflow's binds its own)."""
    fed = getattr(getattr(cf, "graph", None), "fed_inputs", None)
    if fed is not None:
        args = args[:len(fed) - len(getattr(cf, "_captured_tensors", ()))]
    return cf.call_flat_outputs(args)


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
            note_symbolic(self._symbolic)  # (a function returning it computes it: fed then)

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
        return dataset_of("MakeIterator", value)

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        inner = self._inner(ctx)
        try:
            check_components(inner, self._structure.specs)
        except InvalidArgumentError as e:
            e.at_iter = True  # (TF's MakeIterator fails: `iter(dataset)` raises)
            raise
        return inner._make_iterator(ctx)

    def _cardinality(self) -> int:
        src = self._source
        return src._cardinality() if isinstance(src, DatasetV2) else -2

    def options(self) -> Any:
        # (the variant's pipeline keeps its options, as TF's dataset does)
        src = self._source
        return src.options() if isinstance(src, DatasetV2) else super().options()


def check_components(dataset: DatasetV2, specs: tuple) -> None:
    """TF's check, as an iterator is made, that the dataset gives components of `specs`
    (a SparseTensor's is a variant of unknown shape to TF: its dense shape is not
    checked; a None is no tensor to TF: not counted)."""
    have = tuple(s for s in flat_specs(dataset) if not isinstance(s, NoneTensorSpec))
    specs = tuple(s for s in specs if not isinstance(s, NoneTensorSpec))
    check_specs(None, have, tuple(s.dtype for s in specs),
                tuple(None if s.shape.rank is None or not isinstance(s, TensorSpec)
                      else s.shape.as_list() for s in specs))


def from_variant(variant: Any, structure: Any) -> DatasetV2:
    """tf.data.experimental.from_variant."""
    if isinstance(variant, EagerTensor):
        return VariantDataset(dataset_of("from_variant", variant._arr), structure)
    return VariantDataset(variant, structure)


def to_variant(dataset: DatasetV2) -> Any:
    """tf.data.experimental.to_variant: the dataset's variant tensor."""
    return dataset._variant_tensor


# -- dataset ops -------------------------------------------------------------------------------

def check_signature(op: str, ins: tuple, attrs: dict) -> None:
    """A call against TF's definition of the op, as TF checks a node before its kernel
    runs: the number of inputs, the dtype of each input of a fixed one, list attributes'
    minimum lengths and output_types / output_shapes."""
    sig = tf_op_defs.signatures()[op]
    count: int | None = 0
    for arg in sig.get("inputArg", []):
        listed = arg.get("numberAttr") or arg.get("typeListAttr")
        if listed:
            v = attrs.get(listed)
            n = v if isinstance(v, int) else len(v) if isinstance(v, (list, tuple)) else None
            count = None if n is None or count is None else count + n
            continue
        want = arg.get("type")
        i = count if count is not None else None
        if want and i is not None and 0 <= i < len(ins) and C.dt_enum(ins[i]._dtype) != want:
            raise C.wrong_input_dtype(op, i, tf_op_defs.type_words([want]), ins[i]._dtype)
        count = None if count is None else count + 1
    if count is not None and count != len(ins):
        raise TypeError(f"{op} takes {count} inputs, got {len(ins)}")
    for a in sig.get("attr", []):
        v = attrs.get(a["name"])
        if a["type"].startswith("list(") and v is not None and not isinstance(v, (list, tuple)):
            raise TypeError(f"Expected list for attr {a['name']} of {op}, not {v!r}")
        if a["type"].startswith("list(") and isinstance(v, (list, tuple)) and \
                a.get("hasMinimum") and len(v) < int(a.get("minimum", 0)):
            raise C.fail(op, f"Length for attr '{a['name']}' of {len(v)} must be at least "
                             f"minimum {a.get('minimum', 0)}\n\t; NodeDef: {{{{node {op}}}}}; "
                             f"{tf_op_defs.summary(op)}")
    types, shapes = attrs.get("output_types"), attrs.get("output_shapes")
    if types is not None:
        for t in types:
            AV.make_type(t, "output_types")
    if shapes is not None and (not isinstance(shapes, (list, tuple)) or any(
            s is not None and not isinstance(s, (list, tuple)) for s in shapes)):
        raise TypeError(f"{op}'s output_shapes must be a list of shapes, not {shapes!r}")


def _dataset_infer(name: str, scalars: tuple) -> Callable:
    def infer(*ins: Any, **attrs: Any) -> list:
        check_signature(name, ins, attrs)
        for arg, x in zip(scalars, ins):
            if arg and x._shape != ():
                raise C.fail(name, f"{arg} must be a scalar")
        return [((), dt.variant)]
    return infer


def dataset_op(name: str, build: Callable, text: Callable | None = None,
               funcs: bool = False, scalars: tuple = (), kernel_name: str | None = None,
               **kw: Any) -> OpDef:
    """The OpDef of TF's dataset op `name`: `build(op, *input_arrays, **attrs)` makes the
    pipeline (attrs: TF's, all of them), `text(*input_arrays, **attrs)` the words inside
    its debug text (none when None). (Like TF's kernels, it doesn't check the pipeline
    against its output_types and output_shapes: an iterator made of it does.) `funcs`: it
    has func attributes. `scalars`: the names of its first inputs, each TF's kernel wants
    a scalar (None for one it doesn't check). `kernel_name`: the op whose kernel TF runs
    for it, which its debug text names (an ExperimentalX op's is X's)."""

    def run(xp: Any, *ins: Any, **attrs: Any) -> np.ndarray:
        ds = build(name, *ins, **attrs)
        words = f"({text(*ins, **attrs)})" if text is not None else ""
        return variant_array(ds, f"{kernel_name or name}Op{words}::Dataset")

    kw.setdefault("tf", TFForm(load=tf_attrs_load(name), takes_handles=True,
                               takes_funcs=funcs))
    infer = kw.pop("infer", None) or _dataset_infer(name, scalars)
    return OpDef(name, infer, run, stateful=True, gpu=False, **kw)


def tf_attrs_load(name: str) -> Callable:
    """An op's import (and tf.raw_ops call) that passes TF's inputs and attrs as they are."""
    def load(node: Any) -> Any:
        return bind(REGISTRY[name], tuple(node.inputs), dict(node.attrs))
    return load
