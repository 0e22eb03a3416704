"""TF's dataset ops of choosing, sampling and sharding, and the runtime's resources and
wrappers no other module has: DirectedInterleaveDataset (and its Experimental alias),
SamplingDataset, AutoShardDataset (and alias), ThreadPoolHandle / ThreadPoolDataset (and
aliases), the stats wrappers (LatencyStatsDataset, BytesProducedStatsDataset and aliases),
DummyIterationCounter, InitializeTableFromDataset and ChooseFastestDataset (and alias).

Data layer, over dataset_variants.py, raw_dataset_misc.py and ops/table_handles.py. A
directed interleave is the public `choose_from_datasets` (combining.ChooseFromDatasets) of
its flat inputs; AutoShardDataset is `shard` of the files a pipeline's reader reads, or
of its elements; the wrappers give their input as it is (eagerflow has no stats
aggregator, and runs no thread pools). As TF: a directed interleave checks that its
selector gives scalar int64s and its inputs one list of dtypes; SamplingDataset keeps an
element where the next float of the Philox stream of (seed, seed2) is below `rate`
(seeds both 0: random ones for each iterator). AutoShardDataset shards a pipeline's
files where it reads files (its AUTO and FILE policies), else its elements (AUTO, DATA).
InitializeTableFromDataset fills a table not yet initialized and keeps one that is (TF
2.21 ends the process for a dataset of other components: this refuses it in
InitializeTableV2's words).
ChooseFastestDataset's inputs give the same elements: TF times them and keeps the
fastest, this the first.
"""

from __future__ import annotations

import copy
import os
from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError
from eagerflow._src.core.resource import RESOURCES, ResourceHandle, cpu_handle, wrong_type
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.combining import ChooseFromDatasets
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    dataset_of,
    dataset_op,
    flat_input,
    flat_specs,
    range_variant,
    tf_attrs_load,
)
from eagerflow._src.data.experimental import assert_cardinality
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.random_seed import Words
from eagerflow._src.data.raw_dataset_misc import dummy_handle, signature_infer
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.ops import checks as C
from eagerflow._src.ops import table_refs as R
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.table_handles import (
    fill,
    held,
    resource_name,
    state_of,
)

_I64 = np.int64


def listed_op(name: str, build: Any, **kw: Any) -> OpDef:
    """A dataset op whose `build(op, *inputs, **attrs)` gives (pipeline, whole debug text),
    its inputs checked against TF's definition (list inputs too)."""
    base = dataset_op(name, build, **kw)

    def kernel(xp: Any, *ins: Any, **attrs: Any) -> np.ndarray:
        return variant_array(*build(name, *ins, **attrs))

    return register(replace(base, kernel=kernel))


def _slices(values: list, dtype: Any = np.int64) -> np.ndarray:
    return variant_array(DatasetV2.from_tensor_slices(np.array(values, dtype)),
                         "TensorSliceDatasetOp::Dataset")


def _elements(v: np.ndarray) -> list:
    return v[()].elements()


def _same(v: Any, *_: Any, **__: Any) -> DatasetVariant:
    return elements_variant(_elements(v))


# -- DirectedInterleaveDataset ------------------------------------------------------------------

_SELECTOR_BAD = "The selector input must be a dataset of scalar int64 elements."


def _directed(op: str, selector_input_dataset: Any, *data_input_datasets: Any,
              stop_on_empty_dataset: bool = False, **_: Any) -> tuple:
    C.attr_at_least(op, "N", len(data_input_datasets), 1)
    selector = flat_input(op, selector_input_dataset)
    datasets = [flat_input(op, d) for d in data_input_datasets]
    spec = selector.element_spec
    if not (isinstance(spec, TensorSpec) and spec.dtype is dt.int64 and spec.shape == []):
        raise C.fail(op, _SELECTOR_BAD)
    first = [s.dtype for s in flat_specs(datasets[0])]
    for i, d in enumerate(datasets[1:], 1):
        have = [s.dtype for s in flat_specs(d)]
        if have != first:
            raise C.fail(op, f"All inputs must have the same output_dtypes. First input has "
                             f"types {_words(first)}, and input {i} has types {_words(have)}")
    return (ChooseFromDatasets(datasets, selector, stop_on_empty_dataset),
            "DirectedInterleaveDatasetOp::Dataset")


def _words(types: list) -> str:
    return ", ".join(C.dtype_word(t) for t in types)


def _directed_reference(selector: Any, *data: Any, stop_on_empty_dataset: bool = False,
                        **_: Any) -> DatasetVariant:
    pending = [list(_elements(d)) for d in data]
    out = []
    for (k,) in _elements(selector):
        if pending[int(k)]:
            out.append(pending[int(k)].pop(0))
        elif stop_on_empty_dataset:
            break
        if not any(pending):
            break
    return elements_variant(out)


def _directed_samples() -> list:
    data = (range_variant(0, 2), range_variant(10, 12))
    sel = _slices([0, 0, 0, 0, 1, 1])
    return [Sample((sel, *data), dict(I64_ATTRS, N=2), grad=False),
            Sample((_slices([0, 1, 1, 0, 2]), range_variant(0, 3), range_variant(10, 12),
                    range_variant(20, 25)), dict(I64_ATTRS, N=3), grad=False)]


DIRECTED_INTERLEAVE = listed_op(
    "DirectedInterleaveDataset", _directed, reference=_directed_reference,
    samples=lambda: _directed_samples() + [Sample(
        (_slices([0, 0, 0, 0, 1, 1]), range_variant(0, 2), range_variant(10, 12)),
        dict(I64_ATTRS, N=2, stop_on_empty_dataset=True), grad=False)],
    bad_samples=lambda: [
        BadSample((_slices([0, 1], np.int32), range_variant(0, 2), range_variant(10, 12)),
                  dict(I64_ATTRS, N=2), InvalidArgumentError, _SELECTOR_BAD),
        BadSample((_slices([0, 1]), range_variant(0, 2), _slices([1., 2.], np.float32)),
                  dict(I64_ATTRS, N=2), InvalidArgumentError,
                  "All inputs must have the same output_dtypes. First input has types "
                  "int64, and input 1 has types float")])
EXPERIMENTAL_DIRECTED_INTERLEAVE = listed_op(
    "ExperimentalDirectedInterleaveDataset", _directed, reference=_directed_reference,
    samples=_directed_samples)


# -- SamplingDataset ---------------------------------------------------------------------------

def _keeps(word: int, rate: float) -> bool:
    """TF's draw: a uniform float in [0, 1) of a 32-bit word's low 23 bits, below `rate`."""
    return float(np.array((word & 0x7FFFFF) | 0x3F800000, np.uint32).view(np.float32)) - 1.0 \
        < rate


class SampledDataset(DatasetV2):
    """The elements of its input each kept with probability `rate`."""

    _repr_name = "_SamplingDataset"

    def __init__(self, input_dataset: DatasetV2, rate: float, seeds: tuple) -> None:
        super().__init__((input_dataset,), input_dataset._structure)
        self._rate, self._seeds = rate, seeds

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        seeds = self._seeds
        if seeds == (0, 0):
            seeds = tuple(int(w) for w in np.frombuffer(os.urandom(16), np.int64))
        return _SampledIterator(self._inputs[0]._make_iterator(ctx), Words(seeds), self._rate)

    def _cardinality(self) -> int:
        return UNKNOWN


class _SampledIterator(ElementIterator):
    __slots__ = ("_it", "_word", "_rate")

    def __init__(self, it: ElementIterator, word: Words, rate: float) -> None:
        self._it, self._word, self._rate = it, word, rate

    def __next__(self) -> tuple:
        while True:
            element = next(self._it)
            if _keeps(self._word(), self._rate):
                return element

    def close(self) -> None:
        self._it.close()


def _sampling(op: str, input_dataset: Any, rate: Any, seed: Any, seed2: Any,
              **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    return SampledDataset(ds, float(rate), (int(seed), int(seed2))), \
        "SamplingDatasetOp::Dataset"


def _sampling_reference(v: Any, rate: Any, seed: Any, seed2: Any, **_: Any) -> DatasetVariant:
    word = Words((int(seed), int(seed2)))
    return elements_variant([e for e in _elements(v) if _keeps(word(), float(rate))])


_F32 = np.float32
SAMPLING = listed_op(
    "SamplingDataset", _sampling, scalars=(None, "rate", "seed", "seed2"),
    reference=_sampling_reference,
    samples=lambda: [Sample((range_variant(0, 20), _F32(0.5), _I64(1), _I64(2)), I64_ATTRS,
                            grad=False),
                     Sample((range_variant(0, 30), _F32(0.3), _I64(-5), _I64(7)), I64_ATTRS,
                            grad=False),
                     Sample((range_variant(0, 5), _F32(0), _I64(1), _I64(2)), I64_ATTRS,
                            grad=False)],
    bad_samples=lambda: [BadSample((range_variant(0, 5), _F32([0.5]), _I64(1), _I64(2)),
                                   I64_ATTRS, InvalidArgumentError, "rate must be a scalar"),
                         BadSample((range_variant(0, 5), _F32(0.5), _I64(1), _I64([2])),
                                   I64_ATTRS, InvalidArgumentError,
                                   "seed2 must be a scalar")])


# -- AutoShardDataset --------------------------------------------------------------------------

# (TF's AutoShardPolicy: OFF -1, AUTO 0, FILE 1, DATA 2, HINT 3)
_OFF, _AUTO, _FILE, _DATA, _HINT = -1, 0, 1, 2, 3


def _auto_shard(op: str, input_dataset: Any, num_workers: Any, index: Any, *,
                auto_shard_policy: int = 0, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    workers, i = int(num_workers), int(index)
    if workers <= 0:
        raise C.fail(op, "num_workers must be greater than zero.")
    if not 0 <= i < workers:
        raise C.fail(op, f"index must be between 0 and {workers - 1}")
    policy = int(auto_shard_policy)
    if policy not in (_OFF, _AUTO, _FILE, _DATA, _HINT):
        raise C.fail(op, "auto_shard_policy is invalid.")
    if policy in (_OFF, _HINT):  # (TF's rewrite leaves the pipeline as it is)
        return ds, dataset_variant_text(input_dataset)
    by_files = file_sharded(ds, workers, i) if policy in (_AUTO, _FILE) else None
    if by_files is not None:
        return by_files, dataset_variant_text(input_dataset)
    if policy == _FILE:
        raise NotFoundError(None, None, f"Found an unshardable source dataset [Op:{op}]")
    return ds.shard(workers, i), f"ShardDatasetOp({workers}, {i})::Dataset"


_READERS = ("eagerflow._src.data.readers", "eagerflow._src.data.csv_dataset")


def file_sharded(ds: DatasetV2, workers: int, index: int) -> DatasetV2 | None:
    """The pipeline with its file reader reading every `workers`-th file from `index`, as
    TF's rewrite shards it (None: it reads no files)."""
    if type(ds).__module__ in _READERS and ds._inputs:
        files = ds._inputs[0]
        count = files._cardinality()
        if 0 <= count < workers:
            return _Refused(ds, f"Could not apply FILE based sharding: the dataset only has "
                                f"{count} file(s), which is not enough for the required "
                                f"{workers} shards/workers. If you are using datasets with "
                                f"distribution strategy, consider setting the auto sharding "
                                f"policy to either DATA or OFF using the "
                                f"`experimental_distribute.auto_shard_policy` option of "
                                f"`tf.data.Options()`. Or, split your input files into a "
                                f"larger number of small files such that number of files is "
                                f"greater than number of shards/workers.")
        return _with_inputs(ds, (files.shard(workers, index),) + tuple(ds._inputs[1:]))
    inputs = tuple(getattr(ds, "_inputs", ()))
    for k, d in enumerate(inputs):
        if isinstance(d, DatasetV2):
            sharded = file_sharded(d, workers, index)
            if sharded is not None:
                return _with_inputs(ds, inputs[:k] + (sharded,) + inputs[k + 1:])
    return None


def _with_inputs(ds: DatasetV2, inputs: tuple) -> DatasetV2:
    """A copy of a pipeline's dataset reading other inputs."""
    out = copy.copy(ds)
    if getattr(ds, "_input_dataset", None) is ds._inputs[0]:
        out._input_dataset = inputs[0]
    out._inputs = inputs
    return out


class _Refused(DatasetV2):
    """A pipeline TF's rewrite could not shard: its iterator fails with TF's words."""

    def __init__(self, ds: DatasetV2, message: str) -> None:
        super().__init__((ds,), ds._structure)
        self._message = message

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        raise InvalidArgumentError(None, None, f"{self._message} [Op:IteratorGetNext]")


def dataset_variant_text(value: Any) -> str:
    """A variant input's debug text, without its brackets."""
    return value[()].variant_text[1:-1]


def _auto_shard_reference(v: Any, workers: Any, index: Any, *, auto_shard_policy: int = 0,
                          **_: Any) -> DatasetVariant:
    items = _elements(v)
    if auto_shard_policy in (_OFF, _HINT):
        return elements_variant(items)
    return elements_variant(items[int(index)::int(workers)])


def _auto_shard_samples() -> list:
    return [Sample((range_variant(0, 10), _I64(3), _I64(1)), I64_ATTRS, grad=False),
            Sample((range_variant(0, 10), _I64(3), _I64(2)),
                   dict(I64_ATTRS, auto_shard_policy=_DATA), grad=False),
            Sample((range_variant(0, 4), _I64(2), _I64(0)),
                   dict(I64_ATTRS, auto_shard_policy=_OFF), grad=False)]


def _auto_shard_bad() -> list:
    r = range_variant(0, 10)
    return [BadSample((r, _I64(0), _I64(0)), I64_ATTRS, InvalidArgumentError,
                      "num_workers must be greater than zero."),
            BadSample((r, _I64(3), _I64(3)), I64_ATTRS, InvalidArgumentError,
                      "index must be between 0 and 2"),
            BadSample((r, _I64(3), _I64(1)), dict(I64_ATTRS, auto_shard_policy=5),
                      InvalidArgumentError, "auto_shard_policy is invalid."),
            BadSample((r, _I64([3]), _I64(1)), I64_ATTRS, InvalidArgumentError,
                      "num_workers must be a scalar")]


AUTO_SHARD = {op: listed_op(op, _auto_shard, scalars=(None, "num_workers", "index"),
                            reference=_auto_shard_reference, samples=_auto_shard_samples,
                            bad_samples=_auto_shard_bad)
              for op in ("AutoShardDataset", "ExperimentalAutoShardDataset")}


# -- thread pools ------------------------------------------------------------------------------

THREAD_POOL = "tensorflow::data::experimental::ThreadPoolResource"


class ThreadPool:
    """A ThreadPoolHandle's resource: what it was made with (eagerflow runs no threads)."""

    def __init__(self, num_threads: int, max_intra_op_parallelism: int, name: str) -> None:
        self.num_threads, self.max_intra_op_parallelism = num_threads, max_intra_op_parallelism
        self.display_name = name


def _thread_pool_handle(op: str) -> Any:
    def kernel(xp: Any, *, num_threads: int, display_name: str, max_intra_op_parallelism: int = 1,
               container: str = "", shared_name: str = "", **attrs: Any) -> np.ndarray:
        if int(num_threads) < 0:
            raise C.fail(op, "`num_threads` must be >= 0")
        container = container or "localhost"
        name = resource_name(op, (), container, shared_name, False, None, dict(
            attrs, num_threads=num_threads, display_name=display_name,
            max_intra_op_parallelism=max_intra_op_parallelism))
        pool = RESOURCES.lookup(container, name)
        if pool is None:
            pool = ThreadPool(int(num_threads), int(max_intra_op_parallelism), display_name)
            RESOURCES.create(container, name, pool)
        return cpu_handle(name, container, THREAD_POOL)
    return kernel


def _pool_of(op: str, h: Any) -> ThreadPool:
    """The pool a handle names, with TF's error for a handle of another kind."""
    hh = held(h)
    if hh is None:
        raise C.fail(op, "Expected a resource handle")
    if hh.kind != THREAD_POOL:
        raise C.fail(op, wrong_type(hh.name, hh.kind, THREAD_POOL))
    pool = hh.target if hh.target is not None else RESOURCES.lookup(hh.container, hh.name)
    if pool is None:
        raise NotFoundError(None, None, f"Resource {hh.container}/{hh.name} does not exist. "
                                        f"[Op:{op}]")
    return pool


def _pool_reference(*, shared_name: str = "", container: str = "", **_: Any) -> Any:
    """A shared pool's handle text; an unshared one's name is the kernel's count."""
    if not shared_name:
        return np.empty((), object)
    return repr(ResourceHandle(shared_name, CPU_DEVICE, container or "localhost", THREAD_POOL))


_POOL_ATTRS = {"num_threads": 2, "display_name": "pool"}
THREAD_POOL_HANDLES = {op: register(OpDef(
    op, lambda **_: [((), dt.resource)], _thread_pool_handle(op), stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load(op), takes_handles=True),
    reference=_pool_reference, nondeterministic=True,
    samples=lambda: [Sample((), _POOL_ATTRS, grad=False),
                     Sample((), dict(_POOL_ATTRS, num_threads=0, shared_name="shared_pool"),
                            grad=False)],
    bad_samples=lambda op=op: [BadSample((), dict(_POOL_ATTRS, num_threads=-1),
                                         InvalidArgumentError, "`num_threads` must be >= 0")]))
    for op in ("ThreadPoolHandle", "ExperimentalThreadPoolHandle")}


def _thread_pool_dataset(op: str, input_dataset: Any, thread_pool: Any, **_: Any) -> tuple:
    ds = dataset_of(op, input_dataset)
    _pool_of(op, thread_pool)
    return ds, "ThreadPoolDatasetOp::Dataset"


def _pool_handle() -> np.ndarray:
    pool = ThreadPool(2, 1, "pool")
    return cpu_handle("sample_pool", "localhost", THREAD_POOL, pool)


THREAD_POOL_DATASETS = {op: listed_op(
    op, _thread_pool_dataset, infer=signature_infer(op, "vr", (), (dt.variant,)),
    reference=_same, samples=lambda: [Sample((range_variant(0, 4), _pool_handle()),
                                             I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample(
        (range_variant(0, 4), dummy_handle("tensorflow::data::SeedGenerator")), I64_ATTRS,
        InvalidArgumentError, "Trying to access a handle's resource using the wrong type. "
                              "The handle points to a resource (name 'dummy_resource') of "
                              "type 'tensorflow::data::SeedGenerator' (hash code "
                              "4819294061521843419)")])
    for op in ("ThreadPoolDataset", "ExperimentalThreadPoolDataset")}


# -- stats wrappers ----------------------------------------------------------------------------

def _stats(text: str) -> Any:
    def build(op: str, input_dataset: Any, tag: Any, **_: Any) -> tuple:
        return dataset_of(op, input_dataset), f"{text}Op::Dataset"
    return build


STATS = {op: listed_op(op, _stats(kernel), infer=signature_infer(op, "vs", (None, "tag"),
                                                                 (dt.variant,)),
                       reference=_same,
                       samples=lambda: [Sample((range_variant(0, 3), np.array(b"t", object)),
                                               I64_ATTRS, grad=False)],
                       bad_samples=lambda: [BadSample(
                           (range_variant(0, 3), np.array([b"t"], object)), I64_ATTRS,
                           InvalidArgumentError, "tag must be a scalar")])
         for kernel, ops in (("LatencyStatsDataset", ("LatencyStatsDataset",
                                                      "ExperimentalLatencyStatsDataset")),
                             ("BytesProducedStatsDataset",
                              ("BytesProducedStatsDataset",
                               "ExperimentalBytesProducedStatsDataset")))
         for op in ops}


# -- DummyIterationCounter ---------------------------------------------------------------------

_COUNTER = "tensorflow::data::IterationCounter"
DUMMY_ITERATION_COUNTER = register(OpDef(
    "DummyIterationCounter", signature_infer("DummyIterationCounter", "", (), (dt.resource,)),
    lambda xp: dummy_handle(_COUNTER), stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("DummyIterationCounter"), takes_handles=True),
    reference=lambda: repr(dummy_handle(_COUNTER)[()]), samples=lambda: [Sample((), grad=False)]))


# -- InitializeTableFromDataset ----------------------------------------------------------------

def _initialize_from_dataset(xp: Any, table_handle: Any, dataset: Any) -> tuple:
    op = "InitializeTableFromDataset"
    table = state_of(op, table_handle)
    ds = dataset_of(op, dataset)
    specs = flat_specs(ds)
    # (TF 2.21's kernel aborts the process on a dataset of other components: these are
    # InitializeTableV2's words for the same mistakes)
    if len(specs) != 2:
        raise C.fail(op, f"Expected dataset to have two components, but got {len(specs)}.")
    if [s.dtype for s in specs] != [table.key_dtype, table.value_dtype] or \
            any(s.shape != [] for s in specs):
        raise C.fail(op, f"Signature mismatch, have: {_words([s.dtype for s in specs])} "
                         f"expected: {_words([table.key_dtype, table.value_dtype])}")
    if table.initialized:
        # (TF's iterator of a dataset tells no size to compare: its table is kept as it is)
        return ()
    pairs = DatasetVariant(ds, "").elements()
    keys, values = (_column([p[i] for p in pairs], specs[i].dtype) for i in (0, 1))
    if not pairs:
        table.initialized = True
        return ()
    fill(table, keys, values, op)
    return ()


def _column(items: list, dtype: dt.DType) -> np.ndarray:
    if dtype is dt.string:
        out = np.empty(len(items), object)
        out[:] = [x[()] for x in items]
        return out
    return np.array(items, dtype.as_numpy_dtype).reshape(len(items))


def _init_reference(t: Any, dataset: Any) -> tuple:
    pairs = _elements(dataset)
    keys = np.empty(len(pairs), object)
    keys[:] = [p[0][()] for p in pairs]
    return R.init_ref(t, keys, np.array([p[1] for p in pairs]))


def _pairs(keys: list, values: list) -> np.ndarray:
    return variant_array(DatasetV2.from_tensor_slices(
        (np.array(keys, object), np.array(values, np.int64))), "TensorSliceDatasetOp::Dataset")


INITIALIZE_TABLE_FROM_DATASET = register(OpDef(
    "InitializeTableFromDataset",
    signature_infer("InitializeTableFromDataset", "rv", (), ()), _initialize_from_dataset,
    num_outputs=0, stateful=True, gpu=False,
    tf=TFForm(load=tf_attrs_load("InitializeTableFromDataset"), takes_handles=True),
    reference=_init_reference,
    samples=lambda: [Sample((R.uninitialized(), _pairs([b"k", b"l"], [4, 5])), grad=False),
                     Sample((R.static(), _pairs([b"x", b"y", b"z"], [4, 5, 6])), grad=False)],
    bad_samples=lambda: [BadSample((R.uninitialized(), range_variant(0, 3)), {},
                                   InvalidArgumentError,
                                   "Expected dataset to have two components")]))


# -- ChooseFastestDataset ----------------------------------------------------------------------

def _choose_fastest(op: str, *input_datasets: Any, num_experiments: int = 0, **_: Any) -> tuple:
    datasets = [flat_input(op, d) for d in input_datasets]
    first = flat_specs(datasets[0])
    card = datasets[0]._cardinality()
    for i, d in enumerate(datasets[1:], 1):
        specs = flat_specs(d)
        if [s.dtype for s in specs] != [s.dtype for s in first]:
            raise C.fail(op, f"All inputs to ChooseFastestDataset must have the same output "
                             f"types. Input {i} has output types: "
                             f"{_words([s.dtype for s in specs])}. Expected: "
                             f"{_words([s.dtype for s in first])}.")
        for j, (s, want) in enumerate(zip(specs, first)):
            if not s.shape.is_compatible_with(want.shape):
                raise C.fail(op, f"All inputs to ChooseFastestDataset must have compatible "
                                 f"output shapes. Component {j} of input {i} has shape: "
                                 f"{_dims(s.shape)}. Expected to be compatible with shape: "
                                 f"{_dims(want.shape)}.")
        n = d._cardinality()
        if UNKNOWN not in (n, card) and n != card:
            raise C.fail(op, f"All inputs to ChooseFastestDataset must have compatible "
                             f"cardinalities. Input {i} has cardinality: {n}, while all prior "
                             f"inputs have cardinality: {card}.")
        card = n if card == UNKNOWN else card
    # (TF times its inputs' first elements and goes on with the fastest: all give the same
    # elements, and eagerflow runs one thread, so the first, of the count one of them knows)
    chosen = datasets[0]
    if chosen._cardinality() == UNKNOWN and card != UNKNOWN:
        chosen = chosen.apply(assert_cardinality(card))
    return chosen, "ChooseFastestDatasetOp::Dataset"


def _dims(shape: Any) -> str:
    dims = shape.as_list()
    return "<unknown>" if dims is None else "[" + ",".join(
        "?" if d is None else str(d) for d in dims) + "]"


def _fastest_bad() -> list:
    attrs = dict(I64_ATTRS, N=2, num_experiments=2)
    return [BadSample((range_variant(0, 4), range_variant(0, 5)), attrs, InvalidArgumentError,
                      "All inputs to ChooseFastestDataset must have compatible cardinalities. "
                      "Input 1 has cardinality: 5, while all prior inputs have cardinality: 4."),
            BadSample((range_variant(0, 2), _slices([1., 2.], np.float32)), attrs,
                      InvalidArgumentError, "All inputs to ChooseFastestDataset must have the "
                                            "same output types. Input 1 has output types: "
                                            "float. Expected: int64.")]


CHOOSE_FASTEST = {op: listed_op(
    op, _choose_fastest, reference=_same,
    samples=lambda: [Sample((range_variant(0, 4), range_variant(0, 4)),
                            dict(I64_ATTRS, N=2, num_experiments=2), grad=False)],
    bad_samples=_fastest_bad)
    for op in ("ChooseFastestDataset", "ExperimentalChooseFastestDataset")}
