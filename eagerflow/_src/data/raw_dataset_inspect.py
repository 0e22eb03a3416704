"""TF's ops that check or describe a dataset rather than transform its elements:
AssertNextDataset (and its Experimental alias), AssertPrevDataset, DatasetFingerprint,
IteratorGetModelProto and the stats aggregator ops (StatsAggregatorHandle, V2 and
Experimental, StatsAggregatorSummary and Experimental, StatsAggregatorSetSummaryWriter,
SetStatsAggregatorDataset and Experimental).

Data layer, over raw_dataset_access.py (how a pipeline is read: kernel texts, TF op names),
iterator_ops.py and iterator_path.py.

AssertNextDataset checks, as an iterator of the pipeline is made, the names of the
transformations applied after it, as TF's path of iterators names them after its default
rewrites (iterator_path.py: "Prefetch", "MapAndBatch", "FiniteTake", "BatchV2", and the
"Root" of every iterator): name i must be the i-th iterator's above it, or that name with
a version ("Batch" matches "BatchV2"); as TF's, it counts itself among those it found. A
pipeline holding a dataset whose name in that path is not known here is not checked.
AssertPrevDataset checks those before it: each is a NameAttrList in text form
(`name: "MapDataset"`) that the i-th dataset below must match by its TF op name after
TF's rewrites (a map and batch fused, a stateless map made parallel); attrs are parsed,
not compared. Both give their input's elements.

DatasetFingerprint is a hash of the pipeline's kernels, element specs, counts and
attributes (TF hashes its dataset graph, which eagerflow doesn't build: equal pipelines
agree, others differ, but the values are not TF's). IteratorGetModelProto gives TF's
ModelProto of the iterator's chain (Root, then each iterator down the first inputs, as
the path names them) with the elements it gave; no timings (eagerflow measures none).

A stats aggregator is a resource of TF's type "tensorflow::data::StatsAggregatorResource":
as TF 2.21's, its summary is an empty Summary whatever ran with it, and a dataset set to
report to it gives its input's elements.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, cpu_handle, wrong_type
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data import (
    dataset_methods,  # noqa: F401 (the methods built on)
    iterator_path,
)
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    check_signature,
    dataset_of,
    range_variant,
    tf_attrs_load,
)
from eagerflow._src.data.iterator_ops import iterator_of
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.model_proto import model_names, model_proto
from eagerflow._src.data.raw_dataset_access import (
    inputs_of,
    kernel_text,
    op_name,
    transparent,
)
from eagerflow._src.data.raw_dataset_extra import listed_op
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.table_handles import held, resource_name

_I64 = np.int64
# -- AssertNextDataset, AssertPrevDataset --------------------------------------------------------

def matches_any_version(prefix: str, name: str) -> bool:
    """TF's match of a transformation's name: itself, or itself with a version ("V2")."""
    return name == prefix or (name.startswith(prefix) and
                              re.fullmatch(r"V\d+", name[len(prefix):]) is not None)


class _Site:
    """What iterator_path.py finds an assert dataset by."""

    def __init__(self) -> None:
        self._site = self


class AssertedDataset(DatasetV2):
    """Its input as it is, with TF's check of the transformations after (AssertNext) or
    before (AssertPrev) it as an iterator of the pipeline is made."""

    _after = True

    def __init__(self, input_dataset: DatasetV2, names: list) -> None:
        super().__init__((input_dataset,), input_dataset._structure)
        self._names, self._marker = names, _Site()

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        root = getattr(ctx, "root", None) or self
        try:
            if self._after:
                _check_next(self._names, root, self)
            else:
                _check_prev(self._names, self._inputs[0], root)
        except InvalidArgumentError as e:
            e.at_iter = True  # (TF's fails as the iterator is made, in MakeIterator)
            e._message += " [Op:MakeIterator]"
            e.args = (e._message,) + e.args[1:]
            raise
        return self._inputs[0]._make_iterator(ctx)

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


class _AssertNextDataset(AssertedDataset):
    _repr_name = "_AssertNextDataset"


class _AssertPrevDataset(AssertedDataset):
    _repr_name = "_AssertPrevDataset"
    _after = False


def _check_next(names: list, root: DatasetV2, site: AssertedDataset) -> None:
    path = iterator_path.tf_path(root, site._marker, ["AssertNext"])
    if path is None:  # (a dataset TF's path names is not known here: no check)
        return
    tokens = ["Iterator", "Root", *path]
    n = len(tokens)
    if len(names) > n - 2:
        raise InvalidArgumentError(None, None, f"Asserted next {len(names)} transformations "
                                               f"but encountered only {n - 2}.")
    for i, name in enumerate(names):
        if not matches_any_version(name, tokens[n - 2 - i]):
            raise InvalidArgumentError(None, None, f"Asserted transformation matching {name} "
                                                   f"at offset {i} but encountered "
                                                   f"{tokens[n - 2 - i]} transformation "
                                                   f"instead.")


_NAME_ATTR = re.compile(r'\s*name\s*:\s*"((?:[^"\\]|\\.)*)"\s*(.*)', re.S)


def _parsed_name(text: str) -> str | None:
    """The name of a NameAttrList in text form, or None where it doesn't parse (its attrs
    are read as balanced braces only)."""
    found = _NAME_ATTR.fullmatch(text)
    if text.strip() == "":
        return ""
    if found is None:
        return None
    rest = found.group(2)
    depth = 0
    for token in re.findall(r"[{}]|attr", rest):
        depth += {"{": 1, "}": -1}.get(token, 0)
        if depth < 0:
            return None
    return found.group(1) if depth == 0 else None


def prev_chain(ds: DatasetV2, root: DatasetV2) -> list:
    """The TF op names of the datasets from `ds` down its first inputs, after TF's rewrites
    that rename them (map and batch fused, maps made parallel)."""
    opt = iterator_path._optimizations(root)
    out: list = []
    while ds is not None:
        if not transparent(ds):
            name = op_name(ds)
            inner = inputs_of(ds)
            if name.startswith("BatchDataset") and inner and \
                    op_name(inner[0]) in ("MapDataset", "ParallelMapDatasetV2") and \
                    opt["map_and_batch_fusion"]:
                name, inner = "MapAndBatchDataset", inputs_of(inner[0])
            elif name == "MapDataset" and opt["map_parallelization"] and \
                    iterator_path._stateless(getattr(ds, "_fn", None)):
                name = "ParallelMapDatasetV2"
            out.append(name)
        else:
            inner = inputs_of(ds)
        ds = inner[0] if inner else None
    return out


def _check_prev(names: list, input_dataset: DatasetV2, root: DatasetV2) -> None:
    chain = prev_chain(input_dataset, root)
    for i, text in enumerate(names):
        name = _parsed_name(text)
        if name is None:
            raise InvalidArgumentError(None, None, f"Failure checking transformations at "
                                                   f"offset {i}: Couldn't parse "
                                                   f"transformation '{text}'.")
        if i >= len(chain):
            raise InvalidArgumentError(None, None, f"Asserted previous {len(names)} "
                                                   f"transformations but encountered only "
                                                   f"{len(chain)}.")
        if not matches_any_version(name, chain[i]):
            raise InvalidArgumentError(None, None, f"Failure checking transformations at "
                                                   f"offset {i}: Asserted transformation "
                                                   f"matching '{name}', but found "
                                                   f"'{chain[i]}'.")


def _texts(op: str, transformations: Any) -> list:
    if np.ndim(transformations) != 1:
        raise C.fail(op, "transformations must be a vector")
    return [t.decode("utf-8", "replace") if isinstance(t, bytes) else str(t)
            for t in np.asarray(transformations, object).reshape(-1)]


def _asserted(after: bool) -> Any:
    def build(op: str, input_dataset: Any, transformations: Any, **_: Any) -> tuple:
        ds = dataset_of(op, input_dataset)
        names = _texts(op, transformations)
        cls = _AssertNextDataset if after else _AssertPrevDataset
        return cls(ds, names), f"{cls._repr_name[1:]}Op::Dataset"
    return build


def _names(*names: str) -> np.ndarray:
    return np.array([n.encode() for n in names], object)


def _same(v: Any, *_: Any, **__: Any) -> Any:
    return elements_variant(v[()].elements())


ASSERT_NEXT = {op: listed_op(
    op, _asserted(True), scalars=(None,), reference=_same,
    samples=lambda: [Sample((range_variant(0, 4), _names()), I64_ATTRS, grad=False),
                     Sample((range_variant(0, 4), _names("Prefetch")), I64_ATTRS,
                            grad=False)],
    bad_samples=lambda: [BadSample((range_variant(0, 4), np.array(b"Map", object)),
                                   I64_ATTRS, InvalidArgumentError,
                                   "transformations must be a vector")])
    for op in ("AssertNextDataset", "ExperimentalAssertNextDataset")}
ASSERT_PREV = listed_op(
    "AssertPrevDataset", _asserted(False), scalars=(None,), reference=_same,
    samples=lambda: [Sample((range_variant(0, 4), _names('name: "RangeDataset"')),
                            I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((range_variant(0, 4), np.array(b"x", object)),
                                   I64_ATTRS, InvalidArgumentError,
                                   "transformations must be a vector")])


# -- DatasetFingerprint --------------------------------------------------------------------------

def fingerprint(ds: DatasetV2) -> int:
    """A uint64 of the pipeline's kernels and element specs, down every input."""
    digest = hashlib.blake2b(digest_size=8)
    todo = [ds]
    while todo:
        d = todo.pop()
        if not transparent(d):
            digest.update(kernel_text(d).encode())
            digest.update(repr(d._structure.specs).encode())
            digest.update(repr(d._cardinality()).encode())
            for value in vars(d).values():
                digest.update(_attr_bytes(value))
        todo.extend(reversed(inputs_of(d)))
    return int.from_bytes(digest.digest(), "little")


def _attr_bytes(value: Any) -> bytes:
    """What a dataset's attribute adds to its fingerprint: a number's or text's value, a
    tensor's bytes (functions and datasets add nothing here)."""
    if isinstance(value, (bool, int, float, str, bytes)):
        return repr(value).encode()
    if isinstance(value, EagerTensor):
        value = value._numpy()
    if isinstance(value, np.ndarray) and value.dtype != object:
        return value.tobytes() + repr(value.shape).encode()
    if isinstance(value, (tuple, list)):
        return b"(" + b",".join(_attr_bytes(v) for v in value) + b")"
    return b"?"


def _fingerprint(xp: Any, input_dataset: Any) -> np.ndarray:
    return np.uint64(fingerprint(dataset_of("DatasetFingerprint", input_dataset)))


DATASET_FINGERPRINT = register(OpDef(
    "DatasetFingerprint",
    lambda input_dataset: check_signature("DatasetFingerprint", (input_dataset,), {}) or
    [((), dt.uint64)],
    _fingerprint, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("DatasetFingerprint"), takes_handles=True),
    reference=lambda v: np.uint64(fingerprint(v[()].dataset)),
    samples=lambda: [Sample((range_variant(0, 5),), grad=False)],
    bad_samples=lambda: [BadSample((np.int64(1),), {}, InvalidArgumentError,
                                   "cannot compute DatasetFingerprint as input #0(zero-based) "
                                   "was expected to be a variant tensor but is a int64 "
                                   "tensor")]))


# -- IteratorGetModelProto -----------------------------------------------------------------------

def _model_proto_kernel(xp: Any, iterator: Any) -> np.ndarray:
    op = "IteratorGetModelProto"
    state = iterator_of(op, iterator)
    if state.it is None:
        raise FailedPreconditionError(None, None, "GetModelProto() failed because the iterator "
                                                  "has not been initialized. Ensure that you "
                                                  "have run the initializer operation for "
                                                  "this iterator before getting the next "
                                                  f"element. [Op:{op}]")
    return np.array(model_proto(model_names(state.dataset), state.count), object)


GET_MODEL_PROTO = register(OpDef(
    "IteratorGetModelProto",
    lambda iterator: check_signature("IteratorGetModelProto", (iterator,), {}) or
    [((), dt.string)],
    _model_proto_kernel, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("IteratorGetModelProto"), takes_handles=True)))


# -- stats aggregators ---------------------------------------------------------------------------

STATS_AGGREGATOR = "tensorflow::data::StatsAggregatorResource"
_SUMMARY_WRITER = "tensorflow::SummaryWriterInterface"


class StatsAggregator:
    """A StatsAggregatorHandle's resource. TF 2.21's records nothing its summary shows (an
    empty Summary), and so this holds nothing but the writer it was given."""

    def __init__(self) -> None:
        self.writer: Any = None


def resource_of(op: str, h: Any, kind: str) -> Any:
    """The handle `h` (of TF's resource type `kind`), with TF's error for one of another."""
    hh = held(h)
    if hh is None:
        raise C.fail(op, f"Expected a resource handle of type '{kind}'")
    if hh.kind != kind:
        raise C.fail(op, wrong_type(hh.name, hh.kind, kind))
    return hh


def _aggregator_handle(op: str) -> Any:
    def kernel(xp: Any, *, container: str = "", shared_name: str = "") -> np.ndarray:
        container = container or "localhost"
        name = resource_name(op, (), container, shared_name, False, None, {})
        if RESOURCES.lookup(container, name) is None:
            RESOURCES.create(container, name, StatsAggregator())
        return cpu_handle(name, container, STATS_AGGREGATOR)
    return kernel


def _handle_reference(*, shared_name: str = "", container: str = "") -> Any:
    """A shared aggregator's handle text; an unshared one's name is the kernel's count."""
    if not shared_name:
        return np.empty((), object)
    return repr(ResourceHandle(shared_name, CPU_DEVICE, container or "localhost",
                               STATS_AGGREGATOR))


AGGREGATOR_HANDLES = {op: register(OpDef(
    op, lambda **_: [((), dt.resource)], _aggregator_handle(op), stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load(op), takes_handles=True), reference=_handle_reference,
    nondeterministic=True,
    samples=lambda: [Sample((), {}, grad=False),
                     Sample((), {"shared_name": "aggregator", "container": "c"}, grad=False)]))
    for op in ("StatsAggregatorHandle", "StatsAggregatorHandleV2",
               "ExperimentalStatsAggregatorHandle")}


def _aggregator() -> np.ndarray:
    return cpu_handle("sample_aggregator", "localhost", STATS_AGGREGATOR, StatsAggregator())


def _summary(op: str) -> Any:
    def kernel(xp: Any, iterator: Any) -> np.ndarray:
        resource_of(op, iterator, STATS_AGGREGATOR)
        return np.array(b"", object)  # (an empty Summary proto, as TF 2.21's)
    return kernel


_WRONG = ("Trying to access a handle's resource using the wrong type. The handle points to a "
          "resource (name 'dummy_resource') of type 'tensorflow::data::SeedGenerator' (hash "
          "code 4819294061521843419) but you are trying to access the resource as type "
          f"'{STATS_AGGREGATOR}' (hash code 9093829314517310100)")


def _seed_dummy() -> np.ndarray:
    return cpu_handle("dummy_resource", "localhost", "tensorflow::data::SeedGenerator")


AGGREGATOR_SUMMARIES = {op: register(OpDef(
    op, lambda iterator: check_signature(op, (iterator,), {}) or [((), dt.string)],
    _summary(op), stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load(op), takes_handles=True),
    reference=lambda h: np.array(b"", object),
    samples=lambda: [Sample((_aggregator(),), grad=False)],
    bad_samples=lambda: [BadSample((_seed_dummy(),), {}, InvalidArgumentError, _WRONG)]))
    for op in ("StatsAggregatorSummary", "ExperimentalStatsAggregatorSummary")}


def _set_writer(xp: Any, stats_aggregator: Any, summary: Any) -> tuple:
    op = "StatsAggregatorSetSummaryWriter"
    hh = resource_of(op, stats_aggregator, STATS_AGGREGATOR)
    writer = resource_of(op, summary, _SUMMARY_WRITER)
    target = hh.target if hh.target is not None else RESOURCES.lookup(hh.container, hh.name)
    if isinstance(target, StatsAggregator):
        target.writer = writer
    return ()


SET_SUMMARY_WRITER = register(OpDef(
    "StatsAggregatorSetSummaryWriter",
    lambda stats_aggregator, summary: check_signature(
        "StatsAggregatorSetSummaryWriter", (stats_aggregator, summary), {}) or [],
    _set_writer, num_outputs=0, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("StatsAggregatorSetSummaryWriter"), takes_handles=True)))


def _set_stats(op: str, input_dataset: Any, stats_aggregator: Any, tag: Any,
               counter_prefix: Any, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    resource_of(op, stats_aggregator, STATS_AGGREGATOR)
    for arg, value in (("tag", tag), ("counter_prefix", counter_prefix)):
        if np.ndim(value):
            raise C.fail(op, f"{arg} must be a scalar")
    return ds, "SetStatsAggregatorDatasetOp::Dataset"


_TAG = np.array(b"t", object)
SET_STATS_AGGREGATOR = {op: listed_op(
    op, _set_stats, reference=_same,
    samples=lambda: [Sample((range_variant(0, 4), _aggregator(), _TAG, _TAG), I64_ATTRS,
                            grad=False)],
    bad_samples=lambda: [
        BadSample((range_variant(0, 4), _aggregator(), np.array([b"t"], object), _TAG),
                  I64_ATTRS, InvalidArgumentError, "tag must be a scalar"),
        BadSample((range_variant(0, 4), _seed_dummy(), _TAG, _TAG), I64_ATTRS,
                  InvalidArgumentError, _WRONG)])
    for op in ("SetStatsAggregatorDataset", "ExperimentalSetStatsAggregatorDataset")}

# (ops whose samples would need an iterator or a summary writer made first)
NO_SAMPLES = ("IteratorGetModelProto", "StatsAggregatorSetSummaryWriter")
