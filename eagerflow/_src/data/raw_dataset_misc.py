"""TF's random dataset ops, the caches and the resources they take: ShuffleDataset (V1-V3),
ShuffleAndRepeatDataset (V1, V2), RandomDataset (V1, V2, Experimental), the seed generators
(AnonymousSeedGenerator, DummySeedGenerator, DeleteSeedGenerator, ...), CacheDataset (V1,
V2) and the memory caches; and the OpDef makers of raw_dataset_options.py.

Data layer, over dataset_variants.py and iterator_ops.py (anonymous handles). Each op
builds its pipeline from the public Dataset methods (`shuffle`, `repeat`, `cache`,
`Dataset.random`), with TF's kernel checks before.

As in TF: a dataset op's seeds (seed, seed2) are two random words when both are 0 (but
RandomDataset's text shows them as given). A seed generator (AnonymousSeedGenerator)
holds seeds and whether to reshuffle; the datasets made with one draw each iterator's
seeds from it in turn (so two datasets sharing it count their iterations together), and
their own seeds and reshuffle attr are ignored. A handle that names no generator
(DummySeedGenerator's, another resource's) leaves the op's own seeds (ShuffleDatasetV2
has none: random ones, reshuffling). A memory cache (AnonymousMemoryCache) holds the
elements its first complete pass read: every dataset made with it reads them. Deleting
an anonymous resource fails as TF 2.21's ref-counted handles make it fail.
"""

from __future__ import annotations

import os
import weakref
from dataclasses import replace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.errors import InternalError, InvalidArgumentError, NotFoundError
from eagerflow._src.core.resource import cpu_handle
from eagerflow._src.data import dataset_methods  # noqa: F401 (the methods built on)
from eagerflow._src.data.cache import CacheDataset
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.data.dataset_variants import (
    I64_ATTRS,
    DatasetVariant,
    dataset_of,
    dataset_op,
    range_variant,
    tf_attrs_load,
    variant_array,
)
from eagerflow._src.data.iterator_ops import anonymous_handle, deleter
from eagerflow._src.data.random_seed import Words, iterator_seeds
from eagerflow._src.data.raw_dataset_sources import elements_variant
from eagerflow._src.data.sources import RandomDataset
from eagerflow._src.data.transformations import ShuffleDataset
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.registry import BadSample, OpDef, Sample, TFForm, register
from eagerflow._src.ops.table_handles import held

_I64 = np.int64
_UNKNOWN = -2
_DUMMY = "dummy_resource"
_HANDLES = (dt.resource, dt.variant)
SEED_GENERATOR = "tensorflow::data::SeedGeneratorManager"
MEMORY_CACHE = "tensorflow::data::MemoryCacheManager"


def signature_infer(name: str, dtypes: str, scalars: tuple, outs: tuple) -> Any:
    """An infer checking TF's signature: each input's dtype (`dtypes`, a letter each: v
    variant, r resource, i int64, s string, b bool), then that those TF's shape function
    wants scalars are (`scalars`: their names, None for one it doesn't check)."""
    want = [_DTYPES[c] for c in dtypes]

    def infer(*ins: Any, **_: Any) -> list:
        if len(ins) != len(want):
            raise TypeError(f"{name} takes {len(want)} inputs, not {len(ins)}")
        for i, (x, d) in enumerate(zip(ins, want)):
            if x._dtype is not d:
                raise C.wrong_input_dtype(name, i, d, x._dtype)
        for arg, x in zip(scalars, ins):
            if arg and x._shape != ():
                raise C.fail(name, f"{arg} must be a scalar")
        return [((), d) for d in outs]
    return infer


_DTYPES = {"v": dt.variant, "r": dt.resource, "i": dt.int64, "s": dt.string, "b": dt.bool}


def raw_op(name: str, build: Any, dtypes: str, scalars: tuple = (), infer: Any = None,
           **kw: Any) -> OpDef:
    """dataset_op's OpDef where `build(op, *inputs, **attrs)` gives the pipeline and its
    whole debug text (a text that shows what the kernel decided: drawn seeds); `dtypes`
    and `scalars` as signature_infer's (unless `infer` is given)."""
    infer = infer or signature_infer(name, dtypes, scalars, (dt.variant,))
    base = dataset_op(name, build, infer=infer, **kw)

    def kernel(xp: Any, *ins: Any, **attrs: Any) -> np.ndarray:
        return variant_array(*build(name, *ins, **attrs))

    return register(replace(base, kernel=kernel))


def _resource_op(name: str, kernel: Any, dtypes: str = "", scalars: tuple = (),
                 outs: tuple = (dt.resource,), **kw: Any) -> OpDef:
    """A resource op's OpDef, its inputs checked as signature_infer checks them."""
    infer = signature_infer(name, dtypes, scalars, outs)
    return register(OpDef(name, infer, kernel, num_outputs=len(outs), stateful=True,
                          gpu=False, tf=TFForm(load=tf_attrs_load(name), takes_handles=True),
                          **kw))


def _target(h: Any, cls: type) -> Any:
    """The resource of class `cls` a handle names, or None (a dummy's, another kind's)."""
    hh = held(h)
    target = hh.target if hh is not None else None
    return target if isinstance(target, cls) else None


# -- seed generators --------------------------------------------------------------------------

class SeedGenerator:
    """An AnonymousSeedGenerator: seeds, whether its datasets reshuffle, and how many
    iterators they have made."""

    def __init__(self, seeds: tuple, reshuffle: bool) -> None:
        self.seeds, self.reshuffle, self.count = seeds, reshuffle, 0


def op_seeds(seed: Any, seed2: Any) -> tuple:
    """TF's seeds of a dataset op: two random int64 words where both are 0."""
    s, s2 = int(seed), int(seed2)
    if s == 0 and s2 == 0:
        s, s2 = (int(w) for w in np.frombuffer(os.urandom(16), np.int64))
    return s, s2


def _anonymous_seed_generator(xp: Any, seed: Any, seed2: Any, reshuffle: Any) -> tuple:
    state = SeedGenerator(op_seeds(seed, seed2), bool(reshuffle))
    return anonymous_handle(SEED_GENERATOR, state), deleter()


def _unknown_reshuffle(xp: Any, seed: Any, seed2: Any) -> tuple:
    # (TF 2.21 runs this op with AnonymousSeedGenerator's kernel, which asks for the
    # reshuffle input it lacks)
    raise C.fail("AnonymousRandomSeedGenerator", "Unknown input name: reshuffle")


def dummy_handle(kind: str) -> np.ndarray:
    return cpu_handle(_DUMMY, "localhost", kind)


_DELETED: weakref.WeakSet = weakref.WeakSet()


def _delete(op: str, handle: Any, missing_ok: bool) -> tuple:
    """TF's Delete* ops on an anonymous resource's handle: that handle counts its
    references, so the first delete is refused (InternalError) and the resource is gone
    from the ResourceMgr after (NotFoundError, or nothing where `missing_ok`); a dummy
    handle's resource was never there."""
    hh = held(handle)
    where = f"{hh.container}/{hh.name}/<unknown>" if hh is not None else ""
    target = hh.target if hh is not None else None
    if target is not None and target not in _DELETED:
        _DELETED.add(target)
        raise InternalError(None, None, f"Cannot delete an unowned Resource {where} from "
                                        f"ResourceMgr. This indicates ref-counting "
                                        f"ResourceHandle is exposed to weak ResourceHandle "
                                        f"code paths. [Op:{op}]")
    if not missing_ok:
        raise NotFoundError(None, None, f"Resource {where} does not exist. [Op:{op}]")
    return ()


def _deleter_op(name: str, missing_ok: bool, **kw: Any) -> OpDef:
    return register(OpDef(name, signature_infer(name, "rv", (), ()),
                          lambda xp, handle, deleter: _delete(name, handle, missing_ok),
                          num_outputs=0, stateful=True, gpu=False,
                          tf=TFForm(load=tf_attrs_load(name), takes_handles=True), **kw))


_NEW = np.empty((), object)  # (a new resource's handle: no reference names it)
_FIXED = anonymous_handle(SEED_GENERATOR, SeedGenerator((1, 2), False))
_SEED_DUMMY = dummy_handle("tensorflow::data::SeedGenerator")
_NOT_THERE = "Resource localhost/dummy_resource/<unknown> does not exist."

ANONYMOUS_SEED_GENERATOR = _resource_op(
    "AnonymousSeedGenerator", _anonymous_seed_generator, "iib", ("seed", "seed2", "reshuffle"),
    outs=_HANDLES,
    reference=lambda seed, seed2, reshuffle: (_NEW, _NEW), nondeterministic=True,
    samples=lambda: [Sample((_I64(1), _I64(2), np.bool_(True)), grad=False)],
    bad_samples=lambda: [BadSample((_I64([1]), _I64(2), np.bool_(True)), {}, InvalidArgumentError,
                           "seed must be a scalar")])
ANONYMOUS_RANDOM_SEED_GENERATOR = _resource_op(
    "AnonymousRandomSeedGenerator", _unknown_reshuffle, "ii", ("seed", "seed2"),
    outs=_HANDLES,
    bad_samples=lambda: [BadSample((_I64(1), _I64(2)), {}, InvalidArgumentError,
                           "Unknown input name: reshuffle"),
                 BadSample((_I64(1), _I64([2])), {}, InvalidArgumentError,
                           "seed2 must be a scalar")])
DUMMY_SEED_GENERATOR = _resource_op(
    "DummySeedGenerator", lambda xp: dummy_handle("tensorflow::data::SeedGenerator"),
    reference=lambda: repr(_SEED_DUMMY[()]), samples=lambda: [Sample((), grad=False)])
DELETE_SEED_GENERATORS = {op: _deleter_op(
    op, False, bad_samples=lambda: [BadSample((_SEED_DUMMY, deleter()), {}, NotFoundError,
                                              _NOT_THERE)])
    for op in ("DeleteSeedGenerator", "DeleteRandomSeedGenerator")}


# -- shuffles ---------------------------------------------------------------------------------

class GeneratorCount:
    """A random dataset (shuffle, random) whose iterators' seeds come from a seed generator:
    the generator counts the iterators of every dataset made with it."""

    _generator: SeedGenerator | None

    @property
    def _iterations(self) -> int:
        return self._generator.count if self._generator is not None else 0

    @_iterations.setter
    def _iterations(self, value: int) -> None:
        # (the dataset's own start at 0, as it is made, is not the generator's)
        if self._generator is not None:
            self._generator.count = value


class GeneratorShuffle(GeneratorCount, ShuffleDataset):
    _repr_name = "_ShuffleDataset"

    def __init__(self, input_dataset: DatasetV2, buffer_size: int,
                 generator: SeedGenerator) -> None:
        self._generator = None
        super().__init__(input_dataset, buffer_size, 0, generator.reshuffle)
        self._generator = generator
        self._seeds = generator.seeds


class GeneratorRandom(GeneratorCount, RandomDataset):
    _repr_name = "_RandomDataset"

    def __init__(self, generator: SeedGenerator) -> None:
        self._generator = None
        super().__init__(0, generator.reshuffle)
        self._generator = generator
        self._seeds = generator.seeds


def _check_buffer(op: str, buffer_size: Any) -> int:
    size = int(buffer_size)
    if size <= 0 and size != _UNKNOWN:
        raise C.fail(op, "buffer_size must be greater than zero or UNKNOWN_CARDINALITY")
    return size


def _shuffled(op: str, input_dataset: Any, buffer_size: Any, seeds: tuple | None,
              reshuffle: bool, generator: Any = None, count: Any = None) -> tuple:
    """The shuffle (then repeat `count` times) and its text; `seeds`: the op's own (None:
    random), used where `generator` names no seed generator."""
    ds = dataset_of(op, input_dataset)  # (TF's kernel reads its input first)
    size = _check_buffer(op, buffer_size)
    if count is not None and int(count) <= 0 and int(count) != -1:
        raise C.fail(op, "count must be greater than zero or equal to -1.")
    gen = _target(generator, SeedGenerator) if generator is not None else None
    if gen is not None:
        shuffled = GeneratorShuffle(ds, size, gen)
    else:
        shuffled = ds.shuffle(size, seed=0, reshuffle_each_iteration=reshuffle)
        shuffled._seeds = op_seeds(*(seeds or (0, 0)))
    if count is None:
        return shuffled, shuffled._kernel_text()
    return shuffled.repeat(int(count)), shuffled._kernel_text("ShuffleAndRepeatDataset",
                                                              int(count))


def _shuffle(op: str, input_dataset: Any, buffer_size: Any, seed: Any, seed2: Any, *,
             reshuffle_each_iteration: bool = True, **_: Any) -> tuple:
    return _shuffled(op, input_dataset, buffer_size, (seed, seed2), reshuffle_each_iteration)


def _shuffle_v2(op: str, input_dataset: Any, buffer_size: Any, seed_generator: Any,
                **_: Any) -> tuple:
    return _shuffled(op, input_dataset, buffer_size, None, True, seed_generator)


def _shuffle_v3(op: str, input_dataset: Any, buffer_size: Any, seed: Any, seed2: Any,
                seed_generator: Any, *, reshuffle_each_iteration: bool = True,
                **_: Any) -> tuple:
    return _shuffled(op, input_dataset, buffer_size, (seed, seed2), reshuffle_each_iteration,
                     seed_generator)


def _shuffle_repeat(op: str, input_dataset: Any, buffer_size: Any, seed: Any, seed2: Any,
                    count: Any, seed_generator: Any = None, *,
                    reshuffle_each_iteration: bool = True, **_: Any) -> tuple:
    return _shuffled(op, input_dataset, buffer_size, (seed, seed2), reshuffle_each_iteration,
                     seed_generator, count)


def shuffled_elements(elements: list, size: int, seeds: tuple, epochs: int = 1,
                      reshuffle: bool = True) -> list:
    """The reference: TF's shuffle buffer, as a list. Each step fills the buffer, takes the
    element at (a word of the Philox stream of the iterator's seeds) mod its length and
    puts the buffer's first element in its place."""
    out = []
    for k in range(epochs):
        word, pending, buf = Words(iterator_seeds(seeds, k, reshuffle)), list(elements), []
        while pending or buf:
            while pending and (size == _UNKNOWN or len(buf) < size):
                buf.append(pending.pop(0))
            i = word() % len(buf)
            out.append(buf[i])
            buf[i] = buf[0]
            buf.pop(0)
    return out


def _elements(v: np.ndarray) -> list:
    return v[()].elements()


def _shuffle_reference(v: Any, size: Any, seed: Any, seed2: Any, count: Any = None, *_: Any,
                       reshuffle_each_iteration: bool = True, **__: Any) -> DatasetVariant:
    return elements_variant(shuffled_elements(
        _elements(v), int(size), (int(seed), int(seed2)), 1 if count is None else int(count),
        reshuffle_each_iteration))


_R10 = range_variant(10)
_BUFFER_BAD = "buffer_size must be greater than zero or UNKNOWN_CARDINALITY"

SHUFFLE = raw_op(
    "ShuffleDataset", _shuffle, "viii", (None, "buffer_size", "seed", "seed2"),
    reference=_shuffle_reference,
    samples=lambda: [Sample((_R10, _I64(4), _I64(1), _I64(2)), I64_ATTRS, grad=False),
             Sample((_R10, _I64(-2), _I64(5), _I64(0)), dict(I64_ATTRS,
                    reshuffle_each_iteration=False), grad=False)],
    bad_samples=lambda: [BadSample((_R10, _I64(0), _I64(1), _I64(2)), I64_ATTRS,
                           InvalidArgumentError, _BUFFER_BAD),
                 BadSample((_R10, _I64(4), _I64([1]), _I64(2)), I64_ATTRS,
                           InvalidArgumentError, "seed must be a scalar")])
SHUFFLE_V2 = raw_op(
    "ShuffleDatasetV2", _shuffle_v2, "vir", (None, "buffer_size"),
    reference=lambda v, size, gen, **_: _shuffle_reference(v, size, 1, 2,
                                                           reshuffle_each_iteration=False),
    samples=lambda: [Sample((_R10, _I64(3), _FIXED), I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((_R10, _I64(-1), _FIXED), I64_ATTRS, InvalidArgumentError,
                           _BUFFER_BAD)])
SHUFFLE_V3 = raw_op(
    "ShuffleDatasetV3", _shuffle_v3, "viiir", (None, "buffer_size", "seed", "seed2"),
    reference=lambda v, size, seed, seed2, gen, **kw: _shuffle_reference(v, size, seed, seed2,
                                                                         **kw),
    samples=lambda: [Sample((_R10, _I64(4), _I64(7), _I64(8), _SEED_DUMMY), I64_ATTRS,
                            grad=False)],
    bad_samples=lambda: [BadSample((_R10, _I64(0), _I64(1), _I64(2), _SEED_DUMMY), I64_ATTRS,
                           InvalidArgumentError, _BUFFER_BAD)])
_COUNT_BAD = "count must be greater than zero or equal to -1."
SHUFFLE_AND_REPEAT = raw_op(
    "ShuffleAndRepeatDataset", _shuffle_repeat, "viiii",
    (None, "buffer_size", "seed", "seed2", "count"),
    reference=_shuffle_reference,
    samples=lambda: [Sample((range_variant(5), _I64(4), _I64(1), _I64(2), _I64(2)), I64_ATTRS,
                    grad=False)],
    bad_samples=lambda: [BadSample((_R10, _I64(4), _I64(1), _I64(2), _I64(0)), I64_ATTRS,
                           InvalidArgumentError, _COUNT_BAD),
                 BadSample((_R10, _I64(4), _I64(1), _I64(2), _I64([2])), I64_ATTRS,
                           InvalidArgumentError, "count must be a scalar")])
SHUFFLE_AND_REPEAT_V2 = raw_op(
    "ShuffleAndRepeatDatasetV2", _shuffle_repeat, "viiiir",
    (None, "buffer_size", "seed", "seed2", "count"),
    reference=lambda v, size, seed, seed2, count, gen, **kw: _shuffle_reference(
        v, size, seed, seed2, count, **kw),
    samples=lambda: [Sample((range_variant(5), _I64(4), _I64(1), _I64(2), _I64(3), _SEED_DUMMY),
                    I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((_R10, _I64(4), _I64(1), _I64(2), _I64(-5), _SEED_DUMMY),
                           I64_ATTRS, InvalidArgumentError, _COUNT_BAD)])


# -- random ---------------------------------------------------------------------------------

def _random(op: str, seed: Any, seed2: Any, seed_generator: Any = None, *,
            rerandomize_each_iteration: bool = False, **_: Any) -> tuple:
    gen = _target(seed_generator, SeedGenerator) if seed_generator is not None else None
    if gen is not None:
        ds = GeneratorRandom(gen)
    else:
        ds = DatasetV2.random(seed=0, rerandomize_each_iteration=rerandomize_each_iteration)
        ds._seeds = op_seeds(seed, seed2)
    kernel = {"ExperimentalRandomDataset": "RandomDatasetV0", "RandomDatasetV2":
              "RandomDatasetV2"}.get(op, "RandomDataset")
    return ds, f"{kernel}Op({int(seed)}, {int(seed2)})::Dataset"


def random_words(seeds: tuple, n: int, iteration: int = 0, rerandomize: bool = False) -> list:
    """The reference: the first n words of the Philox stream of the iterator's seeds."""
    word = Words(iterator_seeds(seeds, iteration, rerandomize))
    return [[_I64(word())] for _ in range(n)]


class Prefix:
    """A reference's endless dataset: equal to a dataset variant whose first elements are
    these (the registry's tests compare whole datasets)."""

    __hash__ = None  # type: ignore[assignment]

    def __init__(self, elements: list) -> None:
        self.elements = elements

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DatasetVariant):
            return NotImplemented
        return DatasetVariant(other.dataset.take(len(self.elements)), "") == \
            elements_variant(self.elements)


_RANDOM_BAD = [BadSample((_I64([1]), _I64(2)), I64_ATTRS, InvalidArgumentError,
                         "seed must be a scalar")]
RANDOM = {op: raw_op(op, _random, "ii", ("seed", "seed2"),
                     reference=lambda seed, seed2, **_: Prefix(
                         random_words((int(seed), int(seed2)), 4)),
                     samples=lambda: [Sample((_I64(1), _I64(2)), I64_ATTRS, grad=False)],
                     bad_samples=lambda: _RANDOM_BAD)
          for op in ("RandomDataset", "ExperimentalRandomDataset")}
RANDOM_V2 = raw_op(
    "RandomDatasetV2", _random, "iir", ("seed", "seed2"),
    reference=lambda seed, seed2, gen, rerandomize_each_iteration=False, **_: Prefix(
        random_words((int(seed), int(seed2)), 4, 0, rerandomize_each_iteration)),
    samples=lambda: [Sample((_I64(5), _I64(6), _SEED_DUMMY), I64_ATTRS, grad=False),
             Sample((_I64(5), _I64(6), _SEED_DUMMY), dict(I64_ATTRS,
                    rerandomize_each_iteration=True), grad=False)],
    bad_samples=lambda: [BadSample((_I64(1), _I64([2]), _SEED_DUMMY), I64_ATTRS,
                           InvalidArgumentError, "seed2 must be a scalar")])


# -- caches -----------------------------------------------------------------------------------

class MemoryCache:
    """An AnonymousMemoryCache: the elements a complete pass read (None until one has)."""

    def __init__(self) -> None:
        self.items: list | None = None


class SharedCache(CacheDataset):
    """A memory cache whose elements a MemoryCache resource holds (shared with the other
    datasets made with it)."""

    _repr_name = "CacheDataset"

    def __init__(self, input_dataset: DatasetV2, cache: MemoryCache) -> None:
        self._cache = None
        super().__init__(input_dataset, "")
        self._cache = cache

    @property  # type: ignore[override]
    def _memory(self) -> list | None:
        return self._cache.items if self._cache is not None else None

    @_memory.setter
    def _memory(self, items: list | None) -> None:
        if self._cache is not None:
            self._cache.items = items


def _filename(value: Any) -> str:
    name = np.asarray(value)[()]
    return os.fsdecode(name) if isinstance(name, bytes) else str(name)


def _cache(op: str, input_dataset: Any, filename: Any, cache: Any = None, **_: Any) -> tuple:
    ds, name = dataset_of(op, input_dataset), _filename(filename)
    shared = _target(cache, MemoryCache) if cache is not None and not name else None
    out = SharedCache(ds, shared) if shared is not None else ds.cache(name)
    return out, f"CacheDatasetOp::{'File' if name else 'Memory'}Dataset"


_NAME = np.array(b"", object)
_CACHE_DUMMY = dummy_handle("tensorflow::data::MemoryCache")

CACHE = raw_op(
    "CacheDataset", _cache, "vs", (None, "filename"),
    reference=lambda v, name, **_: elements_variant(_elements(v)),
    samples=lambda: [Sample((_R10, _NAME), I64_ATTRS, grad=False)],
    bad_samples=lambda: [BadSample((_R10, np.array([b""], object)), I64_ATTRS,
                                   InvalidArgumentError, "filename must be a scalar")])
CACHE_V2 = raw_op(
    "CacheDatasetV2", _cache, "vsr", (None, "filename"),
    reference=lambda v, name, cache, **_: elements_variant(_elements(v)),
    samples=lambda: [Sample((_R10, _NAME, _CACHE_DUMMY), I64_ATTRS, grad=False),
             Sample((_R10, _NAME, anonymous_handle(MEMORY_CACHE, MemoryCache())), I64_ATTRS,
                    grad=False)],
    bad_samples=lambda: [BadSample((_R10, np.array([b""], object), _CACHE_DUMMY), I64_ATTRS,
                           InvalidArgumentError, "filename must be a scalar")])
ANONYMOUS_MEMORY_CACHE = _resource_op(
    "AnonymousMemoryCache", lambda xp: (anonymous_handle(MEMORY_CACHE, MemoryCache()),
                                        deleter()),
    outs=_HANDLES, reference=lambda: (_NEW, _NEW), nondeterministic=True,
    samples=lambda: [Sample((), grad=False)])
DUMMY_MEMORY_CACHE = _resource_op(
    "DummyMemoryCache", lambda xp: dummy_handle("tensorflow::data::MemoryCache"),
    reference=lambda: repr(_CACHE_DUMMY[()]), samples=lambda: [Sample((), grad=False)])
DELETE_MEMORY_CACHE = _deleter_op("DeleteMemoryCache", True, reference=lambda h, d: (),
                                  samples=lambda: [Sample((_CACHE_DUMMY, deleter()), grad=False)])

# (ops no sample can run: every call of them fails in TF 2.21)
NO_SAMPLES = ("AnonymousRandomSeedGenerator", *DELETE_SEED_GENERATORS)
