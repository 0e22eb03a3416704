"""TF's dataset ops over datasets read by index (TF's random access): GlobalShuffleDataset,
WeightedFlatMapDataset and IndexFlatMapDataset.

Data layer, over raw_dataset_misc.py (seed generators) and the RandomIndexShuffle op. As
TF's: the input must give random access (no filter, shuffle, interleave, flat_map,
unbatch, padded batch, batch keeping a remainder, endless repeat below it: TF's words
name the first it finds) and a known, finite, non-empty count n. Each iteration draws two
seed pairs (s1, s2), (s3, _) from its seed generator (a dataset's own seeds, reseeded
each iteration where it reshuffles: then words 4k .. 4k + 2 of the Philox stream of its
seeds) and gives the input's element at RandomIndexShuffle(i, (s1, s2, s3), n - 1, 8
rounds) as its i-th. (TF reads the input by index; this reads it once an iteration
starts.)

WeightedFlatMapDataset gives a share of each input's first elements, one input after
another: as TF's, with m the smallest of card_i * w_i / max(w) (its input k), input i's
share is the whole part of m * w_i / w_k (an input with fewer elements is refused). It
checks its inputs after the first against its output_types and output_shapes, and wants
known counts and positive weights.

IndexFlatMapDataset gives, for each position p, the slice `offset` of the components
`map_func` made of an input element, where index_map_func(p) = (element, offset): as TF's
iterator, it maps the next input element where `element` is past the last one it mapped
(or none is mapped yet), and ends with its input. Its count is `output_cardinality`.
(TF 2.21 ends the process for an offset past the element's first dimension; this refuses
it.)
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import FailedPreconditionError, InvalidArgumentError
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.dataset import INFINITE, UNKNOWN, DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    call_flat,
    concrete_of,
    flat_input,
    flat_specs,
    others_of,
    range_variant,
    structure_of,
)
from eagerflow._src.data.iterators import ElementIterator, IterContext, ListIterator
from eagerflow._src.data.random_seed import iterator_seeds
from eagerflow._src.data.raw_dataset_extra import dataset_variant_text, listed_op
from eagerflow._src.data.raw_dataset_misc import (
    SeedGenerator,
    dummy_handle,
    op_seeds,
    signature_infer,
)
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.structure import Structure
from eagerflow._src.data.variant_value import variant_array
from eagerflow._src.function.polymorphic import function
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.random_stateless import INDEX_SHUFFLE
from eagerflow._src.ops.registry import BadSample, Sample
from eagerflow._src.ops.stacking import stack
from eagerflow._src.ops.table_handles import held

_I64 = np.int64
_ROUNDS = 8  # (TF's global shuffle's, twice tf.random.experimental.index_shuffle's)
_NEEDS = "`global_shuffle` requires all upstream transformations be compatible with random " \
         "access. Got: "
_NOT_RANDOM = {"_FilterDataset": "FilterDataset", "_ShuffleDataset": "ShuffleDatasetV3",
               "_InterleaveDataset": "InterleaveDataset",
               "_ParallelInterleaveDataset": "ParallelInterleaveDatasetV4",
               "_UnbatchDataset": "UnbatchDataset",
               "_PaddedBatchDataset": "PaddedBatchDatasetV2"}


def not_random_access(ds: DatasetV2) -> str | None:
    """TF's words for the first dataset of the pipeline that cannot be read by index, or
    None. (TF's take doesn't ask its input.)"""
    name = getattr(ds, "_repr_name", type(ds).__name__)
    if name in _NOT_RANDOM:
        return f"FAILED_PRECONDITION: {_NOT_RANDOM[name]} does not support random access."
    if name == "_FlatMapDataset":
        return ("UNIMPLEMENTED: Please consider applying maps on each dataset, concatenating "
                "them into one dataset and apply global shuffle dataset op onto the dataset "
                "to achieve the same result as flat map with global shuffling.")
    if name == "_RepeatDataset" and getattr(ds, "_count", None) == -1:
        return "FAILED_PRECONDITION: `repeat(-1)` does not support random access of tf.data " \
               "datasets."
    if name == "_BatchDataset" and not getattr(ds, "_drop", False):
        return "FAILED_PRECONDITION: BatchDatasetV2 does not support global shuffling with " \
               "`drop_remainder=False`."
    if name == "_TakeDataset":
        return None
    for d in getattr(ds, "_inputs", ()):
        if isinstance(d, DatasetV2):
            found = not_random_access(d)
            if found:
                return found
    return None


def shuffled_positions(n: int, key: tuple) -> list:
    """TF's permutation of n positions under the index shuffle's key (three words)."""
    seed = EagerTensor(np.array([k & 0xFFFFFFFF for k in key], np.int64), dt.int64, CPU_DEVICE)
    index = EagerTensor(np.arange(n, dtype=np.int64), dt.int64, CPU_DEVICE)
    top = EagerTensor(np.int64(n - 1), dt.int64, CPU_DEVICE)
    return bind(INDEX_SHUFFLE, (index, seed, top), {"rounds": _ROUNDS})._numpy().tolist()


def iteration_key(seeds: tuple, k: int, reshuffle: bool) -> tuple:
    """The key of an iteration whose seed pairs are the k-th and (k + 1)-th drawn."""
    a, b = iterator_seeds(seeds, k, reshuffle), iterator_seeds(seeds, k + 1, reshuffle)
    return a[0], a[1], b[0]


class GlobalShuffled(DatasetV2):
    """Its input's elements in the order of the index shuffle of each iteration's key."""

    _repr_name = "_GlobalShuffleDataset"

    def __init__(self, input_dataset: DatasetV2, seeds: tuple, reshuffle: bool,
                 generator: SeedGenerator | None) -> None:
        super().__init__((input_dataset,), input_dataset._structure)
        self._seeds, self._reshuffle, self._generator = seeds, reshuffle, generator
        self._draws = 0

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        gen = self._generator
        if gen is not None:
            key = iteration_key(gen.seeds, gen.count, gen.reshuffle)
            gen.count += 2
        else:
            key = iteration_key(self._seeds, self._draws, self._reshuffle)
            self._draws += 2
        it = self._inputs[0]._make_iterator(ctx)
        try:
            items = list(it)
        finally:
            it.close()
        return ListIterator([items[i] for i in shuffled_positions(len(items), key)])

    def _cardinality(self) -> int:
        return self._inputs[0]._cardinality()


def _global_shuffle(op: str, input_dataset: Any, seed: Any, seed2: Any, seed_generator: Any,
                    *, reshuffle_each_iteration: bool = True, **_: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    why = not_random_access(ds)
    if why:
        raise FailedPreconditionError(None, None, f"{_NEEDS}{why} [Op:{op}]")
    n = ds._cardinality()
    if n <= 0:
        raise InvalidArgumentError(None, None, f"`global_shuffle` requires the input dataset "
                                               f"to have a non-empty finite cardinality. Got "
                                               f"cardinality {n} for dataset "
                                               f"{dataset_variant_text(input_dataset)} "
                                               f"[Op:{op}]")
    hh = held(seed_generator)
    gen = hh.target if hh is not None and isinstance(hh.target, SeedGenerator) else None
    seeds = op_seeds(seed, seed2)
    return GlobalShuffled(ds, seeds, bool(reshuffle_each_iteration), gen), \
        "GlobalShuffleDatasetOp::Dataset"


def _reference(v: Any, seed: Any, seed2: Any, gen: Any, *,
               reshuffle_each_iteration: bool = True, **_: Any) -> DatasetVariant:
    items = v[()].elements()
    seeds = (int(seed), int(seed2))
    key = iteration_key(seeds, 0, reshuffle_each_iteration)
    words = np.array([k & 0xFFFFFFFF for k in key], np.int64)
    order = INDEX_SHUFFLE.reference(np.arange(len(items), dtype=np.int64), words,
                                    np.int64(len(items) - 1), _ROUNDS)
    return elements_variant([items[i] for i in order.tolist()])


def _filtered() -> np.ndarray:
    return variant_array(DatasetV2.range(5).filter(lambda x: x > 1), "FilterDatasetOp::Dataset")


_DUMMY = "tensorflow::data::SeedGenerator"

GLOBAL_SHUFFLE = listed_op(
    "GlobalShuffleDataset", _global_shuffle,
    infer=signature_infer("GlobalShuffleDataset", "viir", (None, "seed", "seed2"),
                          (dt.variant,)),
    reference=_reference,
    samples=lambda: [Sample((range_variant(10), _I64(1), _I64(2), dummy_handle(_DUMMY)),
                            I64_ATTRS, grad=False),
                     Sample((range_variant(300), _I64(5), _I64(7), dummy_handle(_DUMMY)),
                            dict(I64_ATTRS, reshuffle_each_iteration=False), grad=False)],
    bad_samples=lambda: [
        BadSample((_filtered(), _I64(1), _I64(2), dummy_handle(_DUMMY)), I64_ATTRS,
                  FailedPreconditionError,
                  _NEEDS + "FAILED_PRECONDITION: FilterDataset does not support random access."),
        BadSample((range_variant(0), _I64(1), _I64(2), dummy_handle(_DUMMY)), I64_ATTRS,
                  InvalidArgumentError, "`global_shuffle` requires the input dataset to have a "
                                        "non-empty finite cardinality. Got cardinality 0 for "
                                        "dataset RangeDatasetOp(0, 0, 1)::Dataset"),
        BadSample((range_variant(3), _I64([1]), _I64(2), dummy_handle(_DUMMY)), I64_ATTRS,
                  InvalidArgumentError, "seed must be a scalar")])


# -- WeightedFlatMapDataset --------------------------------------------------------------------

def _uint64(x: float) -> int:
    """A double cast to uint64 as TF's x86 build casts it (NaN and what is out of range give
    2**63)."""
    return int(x) if np.isfinite(x) and 0 <= x < 2.0 ** 64 else 1 << 63


def weighted_shares(cards: list, weights: list) -> list:
    """Each input's share of elements (TF's arithmetic in doubles), or (i, share) of the
    first input that has too few."""
    top = max(weights)
    least, k = np.finfo(np.float64).max, 0
    for i, (c, w) in enumerate(zip(cards, weights)):
        scaled = float(c) * w / top
        if least > scaled:
            least, k = scaled, i
    shares = [_uint64(least * w / weights[k]) for w in weights]
    for i, (c, n) in enumerate(zip(cards, shares)):
        if n > c:
            return [(i, n)]
    return shares


def _g(x: float) -> str:
    """A double as TF's StrCat writes it (six significant digits)."""
    return f"{x:.6g}"


def _weighted(op: str, *ins: Any, N: int = 2, output_types: tuple = (),
              output_shapes: tuple = (), **_: Any) -> tuple:
    inputs, weight_list = ins[:N], ins[N:]
    if len(inputs) < 2:
        raise C.fail(op, "WeightedFlatMap must have at least two input datasets.")
    if len(weight_list) != len(inputs):
        raise C.fail(op, f"`input_datasets` and `weights` of the WeightedFlatMap must have the "
                         f"same size. Got {len(inputs)} datasets and {len(weight_list)} "
                         f"weights.")
    datasets = [flat_input(op, d) for d in inputs]
    want = list(output_types)
    for i, d in enumerate(datasets[1:], 1):
        have = [s.dtype for s in flat_specs(d)]
        if have != want:
            raise C.fail(op, f"All inputs to WeightedFlatMap must have the same output types. "
                             f"Input {i} has output types: {_words(have)}. Expected: "
                             f"{_words(want)}.")
    shapes = [TensorShape(s) for s in output_shapes]
    for i, d in enumerate(datasets[1:], 1):
        specs = flat_specs(d)
        if len(specs) != len(shapes):
            raise C.fail(op, f"All inputs to WeightedFlatMap must have compatible outputs. "
                             f"Input {i} has {len(specs)} components. Expected to have "
                             f"{len(shapes)} components.")
        for j, s in enumerate(specs):
            if not s.shape.is_compatible_with(shapes[j]):
                raise C.fail(op, f"All inputs to WeightedFlatMap must have compatible output "
                                 f"shapes. Component {j} of input {i} has shape: "
                                 f"{_dims(s.shape)}. Expected to be compatible with shape: "
                                 f"{_dims(shapes[j])}.")
            shapes[j] = shapes[j].merge_with(s.shape)
    cards = [d._cardinality() for d in datasets]
    for i, n in enumerate(cards):
        if n in (UNKNOWN, INFINITE):
            raise C.fail(op, f"Cardinalities of the inputs must be known. Input {i} has "
                             f"{'INFINITE' if n == INFINITE else 'UNKNOWN'} cardinality.")
    weights = []
    for i, w in enumerate(weight_list):
        w = np.asarray(w)
        if w.size != 1:
            raise C.fail(op, f"weights[{i}] must be a scalar")
        value = float(w.reshape(-1)[0])
        if not value > 0.0:
            raise C.fail(op, f"`weights` must be greater than 0.0. Input {i} has a weight of "
                             f"{_g(value)}")
        weights.append(value)
    shares = weighted_shares(cards, weights)
    if isinstance(shares[0], tuple):
        i, n = shares[0]
        raise C.fail(op, f"Input {i} needs to have at least {n} elements. It only has "
                         f"{cards[i]} elements.")
    out = datasets[0].take(shares[0])
    for d, n in zip(datasets[1:], shares[1:]):
        out = out.concatenate(d.take(n))
    return out, "WeightedFlatMapDatasetOp::Dataset"


def _words(types: list) -> str:
    return ", ".join(C.dtype_word(t) for t in types)


def _dims(shape: TensorShape) -> str:
    dims = shape.as_list()
    return "<unknown>" if dims is None else "[" + ",".join(
        "?" if d is None else str(d) for d in dims) + "]"


def _weighted_reference(*ins: Any, N: int = 2, **_: Any) -> DatasetVariant:
    items = [v[()].elements() for v in ins[:N]]
    shares = weighted_shares([len(x) for x in items], [float(w) for w in ins[N:]])
    return elements_variant([e for x, n in zip(items, shares) for e in x[:n]])


def _offset_range(start: int, n: int) -> np.ndarray:
    return variant_array(DatasetV2.range(start, start + n),
                         f"RangeDatasetOp({start}, {start + n}, 1)::Dataset")


_F64 = np.float64

WEIGHTED_FLAT_MAP = listed_op(
    "WeightedFlatMapDataset", _weighted, reference=_weighted_reference,
    samples=lambda: [
        Sample((_offset_range(0, 6), _offset_range(100, 6), _F64(0.75), _F64(0.25)),
               dict(I64_ATTRS, N=2, M=2), grad=False),
        Sample((_offset_range(0, 3), _offset_range(100, 3), _offset_range(200, 3), _F64(0.2),
                _F64(0.3), _F64(0.5)), dict(I64_ATTRS, N=3, M=3), grad=False),
        Sample((_offset_range(0, 10), _offset_range(100, 10), _F64(0.7), _F64(0.3)),
               dict(I64_ATTRS, N=2, M=2), grad=False)],
    bad_samples=lambda: [
        BadSample((_offset_range(0, 6), _offset_range(100, 2), _F64(0.25), _F64(0.75)),
                  dict(I64_ATTRS, N=2, M=2), InvalidArgumentError,
                  "Input 1 needs to have at least 6 elements. It only has 2 elements."),
        BadSample((_offset_range(0, 4), _offset_range(100, 4), _F64(-1), _F64(2)),
                  dict(I64_ATTRS, N=2, M=2), InvalidArgumentError,
                  "`weights` must be greater than 0.0. Input 0 has a weight of -1"),
        BadSample((_offset_range(0, 4), _offset_range(100, 4), _F64(0.5), _F64(0.25),
                   _F64(0.25)), dict(I64_ATTRS, N=2, M=3), InvalidArgumentError,
                  "`input_datasets` and `weights` of the WeightedFlatMap must have the same "
                  "size. Got 2 datasets and 3 weights."),
        BadSample((_filtered(), _offset_range(100, 4), _F64(0.5), _F64(0.5)),
                  dict(I64_ATTRS, N=2, M=2), InvalidArgumentError,
                  "Cardinalities of the inputs must be known. Input 0 has UNKNOWN "
                  "cardinality.")])


# -- IndexFlatMapDataset -----------------------------------------------------------------------

_INDEX_WORDS = ("The `index_map_fn` for `index_flat_map` is expected to return two {what} "
                "values representing the element index and an offset within the element. "
                "Got: {got}")


def tensor_text(t: Any) -> str:
    """A tensor as TF's Tensor::DebugString shows it (its first values)."""
    a = np.asarray(t._numpy() if isinstance(t, EagerTensor) else t)
    shown = " ".join((f"{v:g}" if isinstance(v, float) else str(v))
                     for v in a.reshape(-1)[:3].tolist())
    dims = "[" + ",".join(str(d) for d in a.shape) + "]"
    word = C.dtype_word(t.dtype if isinstance(t, EagerTensor) else dt.as_dtype(a.dtype))
    return f"Tensor<type: {word} shape: {dims} values: {shown}{'...' if a.size > 3 else ''}>"


def _position(outs: list) -> tuple:
    """(element, offset) of index_map_func's outputs, with TF's errors; as TF's size_t, a
    negative element is past every element."""
    def fail(what: str, got: str) -> Exception:
        return InvalidArgumentError(None, None, _INDEX_WORDS.format(what=what, got=got) +
                                    " [Op:IteratorGetNext]")
    if len(outs) != 2:
        raise fail("int", "{" + ", ".join(tensor_text(t) for t in outs) + "}")
    words = []
    for t in outs:
        if t.dtype not in (dt.int32, dt.int64, dt.uint32, dt.uint64):
            raise fail("int32/int64", tensor_text(t))
        words.append(int(np.asarray(t._numpy()).reshape(-1)[0]) & 0xFFFFFFFFFFFFFFFF)
    return words[0], words[1]


class IndexFlatMapped(DatasetV2):
    """IndexFlatMapDataset's pipeline (see the module's doc)."""

    _repr_name = "_IndexFlatMapDataset"

    def __init__(self, input_dataset: DatasetV2, map_fn: Any, index_fn: Any,
                 structure: Any, count: int) -> None:
        super().__init__((input_dataset,), Structure(structure))
        self._map_fn, self._index_fn, self._count = map_fn, index_fn, count

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        return _IndexFlatIterator(self, self._inputs[0]._make_iterator(ctx))

    def _cardinality(self) -> int:
        return self._count


class _IndexFlatIterator(ElementIterator):
    __slots__ = ("_ds", "_it", "_position", "_element", "_mapped")

    def __init__(self, ds: IndexFlatMapped, it: ElementIterator) -> None:
        self._ds, self._it = ds, it
        self._position, self._element, self._mapped = 0, 0, None

    def __next__(self) -> tuple:
        element, offset = _position(self._ds._index_fn(self._position))
        if self._mapped is None or element > self._element:
            self._mapped = self._ds._map_fn(next(self._it))
            self._element = element
        out = []
        for t in self._mapped:
            if t.shape.rank == 0:
                out.append(t)
                continue
            if offset >= t.shape[0]:
                raise InvalidArgumentError(None, None, f"The offset {offset} is past the "
                                                       f"{t.shape[0]} values of the mapped "
                                                       f"element [Op:IteratorGetNext]")
            out.append(t[offset])
        self._position += 1
        return tuple(out)

    def close(self) -> None:
        self._it.close()


def _functions(op: str, ds: DatasetV2, map_func: Any, index_map_func: Any, margs: tuple,
               iargs: tuple) -> tuple:
    """(map, index map) as functions of an element's components and of a position."""
    for fn in (map_func, index_map_func):
        # (a concrete function, or an imported graph's library function, made concrete
        # below for the arguments the op passes it)
        if not hasattr(fn, "concrete_for") and not hasattr(fn, "call_flat_outputs"):
            raise TypeError(f"Expected a function for a func attribute, got {fn!r}")
    specs = list(flat_specs(ds))
    mapped = concrete_of(map_func, specs + [TensorSpec(a.shape, a.dtype) for a in margs])
    indexed = concrete_of(index_map_func, [TensorSpec([], dt.int64)] +
                          [TensorSpec(a.shape, a.dtype) for a in iargs])

    def map_fn(element: tuple) -> list:
        return list(call_flat(mapped, list(element) + list(margs)))

    def index_fn(position: int) -> list:
        p = EagerTensor(np.int64(position), dt.int64, CPU_DEVICE)
        return list(call_flat(indexed, [p] + list(iargs)))

    return map_fn, index_fn


def _index_flat_map(op: str, input_dataset: Any, *ins: Any, map_func: Any = None,
                    index_map_func: Any = None, Tmap_func_args: tuple = (),
                    Tindex_map_func_args: tuple = (), output_types: tuple = (),
                    output_shapes: tuple = (), **_: Any) -> tuple:
    ds = flat_input(op, input_dataset)
    n = len(Tmap_func_args)
    margs = others_of(ins[:n], Tmap_func_args)
    iargs = others_of(ins[n:n + len(Tindex_map_func_args)], Tindex_map_func_args)
    count = ins[n + len(Tindex_map_func_args)]
    if np.ndim(count):
        raise C.fail(op, "output_cardinality must be a scalar")
    map_fn, index_fn = _functions(op, ds, map_func, index_map_func, margs, iargs)
    structure = structure_of(tuple(output_types), tuple(output_shapes))
    return IndexFlatMapped(ds, map_fn, index_fn, structure, int(count)), \
        "IndexFlatMapDatasetOp::Dataset"


def _index_flat_reference(v: Any, *ins: Any, map_func: Any, index_map_func: Any,
                          Tmap_func_args: tuple = (), Tindex_map_func_args: tuple = (),
                          **_: Any) -> DatasetVariant:
    items, out, p, last, mapped = v[()].elements(), [], 0, 0, None
    while True:
        pos = index_map_func.call_flat_outputs([EagerTensor(np.int64(p), dt.int64,
                                                            CPU_DEVICE)])
        element, offset = (int(t._numpy()) for t in pos)
        if mapped is None or element > last:
            if not items:
                return elements_variant(out)
            x = items.pop(0)
            mapped = [np.asarray(t._numpy()) for t in map_func.call_flat_outputs(
                [EagerTensor(c, dt.as_dtype(c.dtype), CPU_DEVICE) for c in x])]
            last = element
        out.append([m if m.ndim == 0 else m[offset] for m in mapped])
        p += 1


def _concrete(fn: Any) -> Any:
    return function(fn).get_concrete_function(TensorSpec([], dt.int64))


def _triples(x: Any) -> Any:
    return stack([x * 10, x * 10 + 1, x * 10 + 2])


def _by_three(i: Any) -> Any:
    return i // 3, i % 3


def _by_two(i: Any) -> Any:
    return i // 2, i % 2


def _index_attrs(index_fn: Any = _by_three) -> dict:
    return dict(I64_ATTRS, map_func=_concrete(_triples), index_map_func=_concrete(index_fn),
                Tmap_func_args=(), Tindex_map_func_args=())


INDEX_FLAT_MAP = listed_op(
    "IndexFlatMapDataset", _index_flat_map, funcs=True, reference=_index_flat_reference,
    samples=lambda: [Sample((range_variant(4), _I64(12)), _index_attrs(), grad=False),
                     Sample((range_variant(4), _I64(8)), _index_attrs(_by_two), grad=False)],
    bad_samples=lambda: [BadSample((range_variant(4), _I64([12])), _index_attrs(),
                                   InvalidArgumentError,
                                   "output_cardinality must be a scalar")])
