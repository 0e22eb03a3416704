"""A tf.data iterator's position read from, and written as, TensorFlow's checkpointed
iterator state (io/iterator_state.py's values), so that either framework restores the
other's iterator checkpoints.

Data layer, below owned_iterator.py, which keeps its position as the number of elements
its pipeline has given (and replays that many on restore); over tf_iterator_ops.py (the
single-input transformations counted one by one), tf_iterator_groups.py
(group_by_window), tf_iterator_parallel.py (interleave with num_parallel_calls) and
tf_iterator_values.py. TF's state is the state of each iterator of its optimized
pipeline: prefixes "Iterator::Root::Prefetch::Range", one per iterator, root first. Its
names follow TF's default static optimizations, as iterator_path.py applies them (an
injected root Prefetch, MapAndBatch, ShuffleAndRepeat, ParallelMapV2; a TFRecordDataset
is a FlatMap of one TFRecord iterator per file over a TensorSlice of the file names;
choose/sample_from_datasets a DirectedInterleave). The inputs of a zip, concatenation or
directed interleave, and the datasets a flat_map, interleave or group_by_window makes,
are named with their index: "Zip[1]::Range", "Interleave[0]::TensorSlice" (a cycle
slot's), "FlatMap[3]::BatchV2::Window" (a window's dataset's, under what the function
made of it); any other dataset a flat_map's or interleave's function returns is the one
it makes of that element, called eagerly (TF's functions' pipelines are not rewritten:
their maps are plain Maps), and an element a state names is the input's element equal
to it (or naming files of the same base names: a state written where they were elsewhere).

Reading: each iterator's count of elements given is worked out from its input's and what
it holds back (a prefetch buffer, a parallel map's results, a shuffle buffer, a
MapAndBatch's batches in flight), from the source up; an iterator whose input ended (TF
then saves no input) counts all its dataset gives. Writing: the state of the same pipeline
having given `count` elements with every buffer empty (TF fills them again as it runs) but
a shuffle's, which is rebuilt by running that shuffle as far (its order is TF's: the same
seeds and draws). Counts that need the elements (a filter's, an unbatch's, the sizes of an
interleave's datasets) run the pipeline again, drawing the saved iterator's seeds
(tf_iterator_values.began). A pipeline holding a dataset not read here (files read in
parallel, a cache in files) is refused (the iterator then saves eagerflow's own form).
"""

from __future__ import annotations

import math
import re
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data import (
    iterator_path,
    random_seed,
    tf_iterator_groups,
    tf_iterator_ops,
    tf_iterator_parallel,
    tf_iterator_records,
    tf_iterator_values,
)
from eagerflow._src.data.iterators import IterContext
from eagerflow._src.data.tf_iterator_ops import completed as _completed
from eagerflow._src.data.tf_iterator_values import END, FULL, ROOT, UNKNOWN
from eagerflow._src.data.tf_iterator_values import changed as _changed
from eagerflow._src.data.tf_iterator_values import elements as _elements
from eagerflow._src.data.tf_iterator_values import first as _first
from eagerflow._src.data.tf_iterator_values import get as _get
from eagerflow._src.data.tf_iterator_values import i64 as _i64
from eagerflow._src.data.tf_iterator_values import last as _last
from eagerflow._src.data.tf_iterator_values import refuse as _refuse
from eagerflow._src.data.tf_iterator_values import same_element as _same_element
from eagerflow._src.data.tf_iterator_values import slot as _slot
from eagerflow._src.data.tf_iterator_values import total as _total
from eagerflow._src.io import window_graph

_TRANSPARENT = ("OptionsDataset", "VariantDataset")


# -- the pipeline as TF's iterators --------------------------------------------------------
def _kind(ds: Any) -> str:
    kind = iterator_path._kind(ds)
    if kind == "ScanDataset" and ds._repr_name == "_RangeDataset" and \
            np.ndim(ds._start) == 0:
        return "RangeDataset"  # (enumerate's counter: TF's range up to the largest int64)
    if hasattr(ds, "_generator"):
        return "GeneratorDataset"  # (TF's is a flat_map of one)
    if getattr(ds, "_repr_name", None) == "_DirectedInterleaveDataset":
        return "DirectedInterleaveDataset"  # (choose_from_ and sample_from_datasets)
    return "TFRecordDataset" if kind.startswith("TFRecordDataset") else kind


def levels(root: Any) -> list:
    """[(TF's iterator name, [eagerflow datasets it stands for])] of the pipeline of
    dataset `root`, root first; raises InvalidArgumentError where a dataset on the way is
    not one this module knows. A zip's or concatenation's level is last: its inputs are
    pipelines of their own (`inputs`)."""
    opt = iterator_path._optimizations(root)
    out = _levels(root, opt)
    # (TF looks through an ignore_errors at the root for one that works ahead)
    top = next((name for name, _ in out if name != "IgnoreErrors"), None)
    if opt["inject_prefetch"] and top not in iterator_path._ASYNC + ("ParallelInterleaveV4",):
        out.insert(0, ("Prefetch", []))
    return out


def inputs(ds: Any, root: Any) -> list:
    """The levels of each input of a zip or concatenation `ds` in the pipeline of `root`."""
    opt = iterator_path._optimizations(root)
    return [_levels(d, opt) for d in ds._inputs]


def _levels(top: Any, opt: dict, arg: Any = None) -> list:
    """The levels from dataset `top` down to its source (to `arg`, where `top` is what a
    flat_map's function makes of its argument, a window's dataset)."""
    chain, ds = [], top
    while True:
        kind = _kind(ds)
        if ds is arg:  # (read as TF's WindowOp iterator: "Window", its elements given)
            chain.append(ds)
            break
        if kind not in _TRANSPARENT:
            chain.append(ds)
        if kind in ("RangeDataset", "TensorSliceDataset", "TFRecordDataset",
                    "TextLineDatasetV2", "RandomDataset") or kind in _BRANCHING:
            break
        inputs = getattr(ds, "_inputs", ())
        if len(inputs) != 1:
            raise _refuse(f"its pipeline holds a {kind.removesuffix('Dataset')}, whose "
                          "state is not read")
        ds = inputs[0]
    out, i = [], 0
    while i < len(chain):
        ds = chain[i]
        kind = _kind(ds)
        nxt = _kind(chain[i + 1]) if i + 1 < len(chain) else None
        if kind == "BatchDataset" and nxt in ("MapDataset", "ParallelMapDataset") and \
                i + 2 < len(chain) and opt["map_and_batch_fusion"]:
            out.append(("MapAndBatch", chain[i:i + 2]))
            i += 2
            continue
        if kind == "RepeatDataset" and nxt == "ShuffleDataset" and \
                opt["shuffle_and_repeat_fusion"] and ds._count != 1:
            out.append(("ShuffleAndRepeat", chain[i:i + 2]))
            i += 2
            continue
        name = "Window" if ds is arg else _NAMES.get(kind)
        if kind == "MapDataset":
            name = "ParallelMapV2" if opt["map_parallelization"] and \
                iterator_path._stateless(ds._fn) else "Map"
        elif kind == "RepeatDataset":
            name = None if ds._count == 1 and opt["noop_elimination"] else \
                "ForeverRepeat" if ds._count < 0 else "FiniteRepeat"
            if name is None:
                i += 1
                continue
        elif kind == "BatchDataset" and ds._repr_name != "_BatchDataset":
            name = None  # (a parallel or ragged batch)
        elif kind == "TFRecordDataset" and ds._parallel is not None:
            # (its files read in parallel: through an interleave, where autotuned)
            name = "LegacyParallelInterleaveV2" if ds._parallel > 0 else \
                "ParallelInterleaveV4"
        elif kind == "TextLineDatasetV2" and ds._parallel is not None:
            name = None  # (its files read in parallel)
        elif kind == "CacheDataset" and ds._filename:
            name = "FileCache"
        elif kind in ("TakeDataset", "SkipDataset"):
            # (take(-1) and skip(0) are no-ops TF drops; take(0), skip(-1) iterators of
            # another name)
            noop = ds._count == (-1 if kind == "TakeDataset" else 0)
            if noop and opt["noop_elimination"]:
                i += 1
                continue
            if ds._count == (0 if kind == "TakeDataset" else -1):
                name = None
        if name is None:
            raise _refuse(f"its pipeline holds a {kind.removesuffix('Dataset')}, whose "
                          "state is not read")
        out.append((name, [ds]))
        i += 1
    return out


_NAMES = {"RangeDataset": "Range", "TensorSliceDataset": "TensorSlice",
          "TFRecordDataset": "FlatMap", "TextLineDatasetV2": "FlatMap",
          "PrefetchDataset": "Prefetch",
          "ShuffleDataset": "Shuffle", "BatchDataset": "BatchV2",
          "ParallelMapDataset": "ParallelMapV2", "TakeDataset": "FiniteTake",
          "SkipDataset": "FiniteSkip", "FilterDataset": "Filter", "UnbatchDataset": "Unbatch",
          "PaddedBatchDataset": "PaddedBatchV2", "ZipDataset": "Zip",
          "ConcatenateDataset": "Concatenate", "CacheDataset": "MemoryCache",
          "FlatMapDataset": "FlatMap", "InterleaveDataset": "Interleave",
          "RebatchDataset": "RebatchV2", "ShardDataset": "Shard",
          "ParallelBatchDataset": "ParallelBatch", "ScanDataset": "Scan",
          "UniqueDataset": "Unique", "TakeWhileDataset": "TakeWhile",
          "IgnoreErrorsDataset": "IgnoreErrors", "RandomDataset": "Random",
          "DirectedInterleaveDataset": "DirectedInterleave", "WindowDataset": "Window",
          "GroupByWindowDataset": "GroupByWindow",
          "ParallelInterleaveDataset": "ParallelInterleaveV4"}
_BRANCHING = ("ZipDataset", "ConcatenateDataset", "FlatMapDataset", "InterleaveDataset",
              "DirectedInterleaveDataset", "GroupByWindowDataset", "ParallelInterleaveDataset")
# iterators TF saves nothing of
_STATELESS = ("Map", "IgnoreErrors")


# -- reading TF's state ------------------------------------------------------------------
def position(root: Any, state: dict) -> tuple:
    """(how many elements the pipeline of dataset `root` had given when TF saved `state`
    ({prefix: {name: array}}), END when it gives nothing more; {id(shuffle dataset): its
    reshuffle counter when that iterator began}, from the seeds its state counts)."""
    epochs: dict = {}
    with tf_iterator_values.began({}, root):
        return _count(levels(root), ROOT, state, root, epochs), epochs


def _count(chain: list, base: str, state: dict, root: Any, epochs: dict) -> int:
    """How many elements the levels `chain` under prefix `base` had given (END: all)."""
    prefixes = _prefixes(chain, base, state)
    n = 0
    for (name, dss), prefix in zip(reversed(chain), reversed(prefixes)):
        if prefix is None:  # (its count is not needed: the level over it had ended)
            continue
        if name in ("Shuffle", "ShuffleAndRepeat") and dss[-1]._reshuffle:
            # (each iterator of a shuffle draws two words of its seed generator)
            drawn = int(_get(state, prefix, "epoch_num_random_samples")) // 2
            _began(dss[-1], drawn - int(_get(state, prefix, "epoch")), prefix, epochs)
        elif name == "Random":
            # (an iterator of a random dataset counts itself: two words drawn where it
            # reseeds each iteration, else one)
            drawn = int(_get(state, prefix, "epoch_num_random_samples"))
            _began(dss[0], drawn // (1 + dss[0]._rerandomize) - 1, prefix, epochs)
        if name == "Zip":
            n = _zip(state, prefix, dss[0], root, epochs)
        elif name == "Concatenate":
            n = _concatenate(state, prefix, dss[0], root, epochs)
        elif dss and _kind(dss[0]) == "FlatMapDataset":
            n = _flat_map_fn(state, prefix, dss[0], root, epochs)
        elif name == "Interleave":
            n = _interleave(state, prefix, dss[0], root, epochs)
        elif name == "DirectedInterleave":
            n = _directed(state, prefix, dss[0], root, epochs)
        elif name == "GroupByWindow":
            n = _group_by_window(state, prefix, dss[0], root, epochs)
        elif name == "ParallelInterleaveV4":
            n = _parallel_interleave(state, prefix, dss[0], root, epochs)
        else:
            n = _READ[name](state, prefix, dss, n, root)
        if n == END:
            return END
    return n


def _began(ds: Any, k: int, prefix: str, epochs: dict) -> None:
    """A reseeding dataset's iterator at `prefix` drew with counter `k`: the pipeline's
    iterator began with it as many less as the epochs of the repeats over it
    ("FiniteRepeat[2]": each epoch made a new one); its input's replays draw with `k`."""
    above = sum(int(e) for e in re.findall(r"Repeat\[(\d+)\]", prefix))
    epochs[id(ds)] = max(k - above, 0)
    tf_iterator_values.set_counter(ds, max(k, 0))


def _zip(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """A zip gave as many as each of its inputs (named "Zip[k]")."""
    if int(_get(state, prefix, "input_impls_empty")):
        return _total(ds, root)
    counts = [_count(chain, f"{prefix}[{k}]", state, root, epochs)
              for k, chain in enumerate(inputs(ds, root))]
    return _total(ds, root) if END in counts else min(counts)


def _directed(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """A choose_from_datasets (sample_from_datasets) gave what its data inputs gave (named
    "DirectedInterleave[k]"; one let go gave all it holds); its selector is its input."""
    data = inputs(ds, root)[:-1]
    if all(int(_get(state, prefix, f"data_input_impl_empty[{k}]")) for k in range(len(data))) \
            and int(_get(state, prefix, "selector_input_impl_empty")):
        return _total(ds, root)
    n = 0
    for k, chain in enumerate(data):
        if int(_get(state, prefix, f"data_input_impl_empty[{k}]")):
            n += _total(ds._inputs[k], root)
            continue
        given = _count(chain, f"{prefix}[{k}]", state, root, epochs)
        n += _total(ds._inputs[k], root) if given == END else given
    return n


def _concatenate(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """A concatenation gave all of its inputs before the current one ("i") and what that
    one gave."""
    current = int(_get(state, prefix, "i"))
    if current >= len(ds._inputs):
        return _total(ds, root)
    done = sum(_total(d, root) for d in ds._inputs[:current])
    n = _count(inputs(ds, root)[current], f"{prefix}[{current}]", state, root, epochs)
    return done + (_total(ds._inputs[current], root) if n == END else n)


def _prefixes(chain: list, base: str, state: dict) -> list:
    """Each level's prefix in `state` (a repeat's input is named with its epoch:
    "FiniteRepeat[2]"); None for the levels under one whose input had ended (TF saves
    no iterator it let go)."""
    out, prefix, gone = [], base, False
    for name, _ in chain:
        prefix = f"{prefix}::{name}"
        if gone:
            out.append(None)
            continue
        if prefix not in state and name not in _STATELESS:
            raise _changed(prefix)
        out.append(prefix)
        gone = name not in _STATELESS and _ended(state, prefix)
        if name in ("FiniteRepeat", "ForeverRepeat"):
            prefix = f"{prefix}[{int(_get(state, prefix, 'i'))}]"
        elif name in ("MemoryCache", "FileCache"):
            # (what fills the cache is "...CacheImpl", its input under it; a cache
            # already filled, or its files read ("Mode" 0), reads no input)
            gone = _completed(state, prefix) if name == "MemoryCache" else \
                int(_get(state, prefix, "Mode")) == 0
            prefix += "Impl"
    return out


def _ended(state: dict, prefix: str) -> bool:
    """Whether the iterator at `prefix` let its input go (its input had ended)."""
    values = state[prefix]
    for key in ("input_impl_empty", "exhausted", f"{FULL}{prefix}:input_impl_empty",
                "end_of_input_sequence"):
        if key not in values:
            continue
        flag = np.asarray(values[key]).reshape(-1)[0]
        if isinstance(flag, bytes) or int(flag):  # (a window's: an empty string, present)
            return True
    return False


def _range(state: dict, prefix: str, dss: list, _n: int, root: Any) -> int:
    ds = dss[0]
    return len(range(ds._start, int(_get(state, prefix, "next")), ds._step))


def _slices(state: dict, prefix: str, dss: list, _n: int, root: Any) -> int:
    return int(_get(state, prefix, "index"))


def _prefetch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    # (one element per buffered entry "prefix::k", whose "buffer.size" counts components)
    return n - int(_get(state, prefix, "buffer_size"))


def _parallel_map(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    held = int(_get(state, prefix, "invocation_results_size"))
    for k in range(held):
        if not int(_get(state, f"{prefix}_invocation_results[{k}]", "end_of_input")):
            n -= 1
    return n


def _batch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    if int(_get(state, prefix, "input_impl_empty")):
        return _total(dss[0], root)
    return n // dss[0]._size


def _map_and_batch(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    calls = int(_get(state, prefix, "call_counter"))
    return math.ceil(calls / dss[0]._size) - int(_get(state, prefix, "batch_results_size"))


def _shuffle(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    """A shuffle gave what its input gave (in all the epochs of a ShuffleAndRepeat) but
    what its buffer holds; its input ended, it had given all of this epoch's."""
    held = int(_get(state, prefix, "num_elements"))
    if int(_get(state, prefix, "end_of_input_sequence")):
        if not held:
            return _total(dss[0], root)
        n = _total(dss[-1]._inputs[0], root)  # (TF saves no input it let go)
    epoch = int(_get(state, prefix, "epoch"))
    size = _finite_size(dss[-1]._inputs[0], root) if epoch > 1 else 0
    return max(epoch - 1, 0) * size + n - held


def _finite_size(ds: Any, root: Any) -> int:
    """How many elements dataset `ds` (a shuffle's input, in each epoch) gives, counted by
    running it where its cardinality is not known (a filter's)."""
    size = ds._cardinality()
    if size == UNKNOWN:
        size = _total(ds, root)
    if size < 0:
        raise _refuse("a shuffle's infinite input was repeated")
    return size


def _repeat(state: dict, prefix: str, dss: list, n: int, root: Any) -> int:
    if int(_get(state, prefix, "input_impl_empty")):
        return _total(dss[0], root)
    epoch = int(_get(state, prefix, "i"))
    # (replays of its input over, from its first epoch: the counters it began with)
    tf_iterator_values.advance(dss[0]._inputs[0], -epoch)
    return epoch * _epoch_size(dss[0], root) + n if epoch else n


def _epoch_size(repeat: Any, root: Any) -> int:
    """How many elements each pass of a repeat's input gives (counted by running it where
    its cardinality is not known: a filter's)."""
    size = repeat._inputs[0]._cardinality()
    if size == UNKNOWN:
        size = _total(repeat._inputs[0], root)
    if size <= 0:
        raise _refuse("a repeat's input of unknown size")
    return size


def _flat_map_fn(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """A flat_map gave every element of the datasets of its input's elements before the
    current one ("element_index" counts those it began), and what the current one gave
    (its iterators under "FlatMap[k]")."""
    if int(_get(state, prefix, "exhausted")):
        return _total(ds, root)
    begun = int(_get(state, prefix, "element_index"))
    done = begun if int(_get(state, prefix, "current_element_iterator_uninitialized")) \
        else begun - 1
    read = _first(ds._inputs[0], begun, root)
    sizes = _inner_sizes(ds, begun, root)
    n = sum(sizes[:done])
    if done < begun:
        inner = _inner_levels(ds, root, read[done])
        top = f"{prefix}[{done}]::{inner[0][0]}"
        # (a current dataset whose iterator let its input go gave all it holds)
        ended = top in state and _ended(state, top)
        n += sizes[done] if ended else _count(inner, f"{prefix}[{done}]", state, root, epochs)
    return n


def _group_by_window(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """A group_by_window gave its groups' datasets' elements (tf_iterator_groups.py); the
    current group's dataset what its iterators say (all, where they let their input go)."""
    def current(at: str, size: int, key: int, group: list) -> int:
        inner = _group_levels(ds, root, key, group)
        top = f"{at}::{inner[0][0]}"
        return size if top in state and _ended(state, top) else \
            _count(inner, at, state, root, epochs)
    return tf_iterator_groups.given(state, prefix, ds, root, current)


def _group_levels(ds: Any, root: Any, key: int, group: list) -> list:
    """The levels of a group_by_window's dataset of a group: its reduce function's over
    the group's window, or bucket_by_sequence_length's batch of the group (its size the
    bucket's)."""
    batcher = getattr(ds, "_batcher", None)
    if batcher is None:
        return _function_levels(getattr(ds, "_red_fn", None), root)
    window = ds._group(list(group))
    plain = dict.fromkeys(iterator_path._optimizations(root), False)
    return _down_to(_levels(batcher(key, window), plain, window), window)


def _parallel_interleave(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """An interleave with num_parallel_calls (tf_iterator_parallel.py)."""
    if _kind(ds) == "TFRecordDataset":
        return tf_iterator_records.autotuned(state, prefix, ds, root)
    _inner_levels(ds, root)
    open_ = ds._fn.bind(IterContext(root.options(), root))
    _cycle(ds)
    return tf_iterator_parallel.given(
        state, prefix, ds, root, lambda e: _inner_size(open_, e),
        lambda at, e: _count(_inner_levels(ds, root, e), at, state, root, epochs))


def _interleave(state: dict, prefix: str, ds: Any, root: Any, epochs: dict) -> int:
    """An interleave gave every element of the datasets of the input elements it read
    ("next_input_element_index" counts them) but what those still open in its cycle
    have left: each slot keeps its input element, its dataset's iterators under
    "Interleave[slot]"."""
    if int(_get(state, prefix, "end_of_input")) and not int(_get(state, prefix, "num_open")):
        return _total(ds, root)
    open_ = ds._fn.bind(IterContext(root.options(), root))
    read = _first(ds._inputs[0], int(_get(state, prefix, "next_input_element_index")), root)
    n = sum(_inner_size(open_, e) for e in read)
    specs = ds._inputs[0]._structure.specs
    for k in range(_cycle(ds)):
        if int(_get(state, prefix, f"current_elements_uninitialized[{k}]")):
            continue
        args = _same_element(tuple(
            EagerTensor(np.asarray(_get(state, prefix, f"args_list_[{k}][{j}]")), spec.dtype,
                        CPU_DEVICE) for j, spec in enumerate(specs)), read)
        given = _count(_inner_levels(ds, root, args), f"{prefix}[{k}]", state, root, epochs)
        n -= _inner_size(open_, args) - given
    return n


def _cycle(ds: Any) -> int:
    if ds._fn is None:  # (an AUTOTUNE length is fixed when the dataset is made)
        raise _refuse("its interleave's cycle length is not fixed")
    return ds._cycle


def _inner_levels(ds: Any, root: Any, element: tuple | None = None) -> list:
    """The levels of the datasets a flat_map's or interleave's function returns: slices of
    its element (their count is all their state holds), the records of the file it names
    (a TFRecordDataset of it: `element`'s, where known), what it makes of a window
    (down to the window's own dataset, its argument), or any other pipeline it makes
    (`element`'s, where known)."""
    fn = ds._fn
    template = getattr(fn, "_template", None)
    # (a traced function's slices of its argument are built when it runs)
    if getattr(template, "_repr_name", None) == "_TensorSliceDataset" and \
            not template._inputs:
        return [("TensorSlice", [template])]
    if template is not None and _kind(template) == "TFRecordDataset" and \
            template._parallel is None and len(ds._inputs[0]._structure.specs) == 1:
        if element is None:  # (only its kind asked)
            return [("FlatMap", [template])]
        reader = type(template)(element[0], template._compression or None,
                                template._buffer)
        return _levels(reader, iterator_path._optimizations(root))
    if _kind(ds._inputs[0]) == "WindowDataset":
        return _function_levels(fn, root)
    if template is None:
        raise _refuse("its flat_map's function returns a dataset whose state is not read")
    if element is None:  # (any other pipeline: read once an element makes it)
        return []
    # (TF rewrites the pipeline's graph, not its functions': no map there runs parallel)
    plain = dict.fromkeys(iterator_path._optimizations(root), False)
    return _levels(fn.dataset_of(element), plain)


def _function_levels(fn: Any, root: Any) -> list:
    """The levels of the dataset function `fn` (a flat_map's over windows, a
    group_by_window's reduce function) makes of one of its dataset arguments (a window's:
    a window of tuples gives one per component)."""
    leaf = template = getattr(fn, "_template", None)
    args = [k for k in getattr(fn, "_kinds", ()) if hasattr(k, "_make_iterator")]
    while leaf is not None and len(getattr(leaf, "_inputs", ())) == 1 and \
            all(leaf is not a for a in args):
        leaf = leaf._inputs[0]
    arg = next((a for a in args if a is leaf), None)
    if arg is None:
        raise _refuse("its function returns a dataset whose state is not read")
    # (TF rewrites the pipeline's graph, not its functions': no map there runs parallel)
    plain = dict.fromkeys(iterator_path._optimizations(root), False)
    return _down_to(_levels(template, plain, arg), arg)


def _down_to(chain: list, arg: Any) -> list:
    """The levels of a function's dataset, read only where they run down to its argument
    one by one (what a flat_map or zip there holds is made of the argument when it runs)."""
    if not chain[-1][1] or chain[-1][1][0] is not arg:
        raise _refuse("its function returns a dataset whose state is not read")
    return chain


def _inner_sizes(ds: Any, n: int, root: Any) -> list:
    """How many elements the datasets of the first `n` input elements of flat_map `ds`
    give."""
    open_ = ds._fn.bind(IterContext(root.options(), root))
    return [_inner_size(open_, e) for e in _first(ds._inputs[0], n, root)]


def _inner_size(open_: Any, element: tuple) -> int:
    it = open_(element)
    try:
        return sum(1 for _ in it)
    finally:
        it.close()


# -- running part of the pipeline (what a count that needs its elements takes) -------------


_READ = {"Range": _range, "TensorSlice": _slices, "Prefetch": _prefetch,
         "ParallelMapV2": _parallel_map, "Map": lambda s, p, d, n, r: n, "BatchV2": _batch,
         "MapAndBatch": _map_and_batch, "Shuffle": _shuffle, "ShuffleAndRepeat": _shuffle,
         "FiniteRepeat": _repeat, "ForeverRepeat": _repeat, **tf_iterator_records.READ,
         "Random": lambda s, p, d, n, r: int(_get(s, p, "num_random_samples")),
         **tf_iterator_ops.READ}


# -- writing TF's state ------------------------------------------------------------------
def tf_state(root: Any, count: int, epochs: dict | None = None) -> dict:
    """TF's state ({prefix: {name: (array, DType)}}) of the pipeline of dataset `root`
    having given `count` elements (END: all of them), its buffers empty but a shuffle's;
    `epochs`: {id(shuffle dataset): its reshuffle counter when the iterator began}."""
    out: dict = {}
    with tf_iterator_values.began(epochs or {}, root):
        _write(out, levels(root), ROOT, count, root, epochs or {})
    return out


def _write(out: dict, chain: list, prefix: str, count: int, root: Any, epochs: dict) -> None:
    """The state of the levels `chain` under `prefix` having given `count` elements."""
    for name, dss in chain:
        prefix = f"{prefix}::{name}"
        if name in ("Shuffle", "ShuffleAndRepeat"):
            count = _w_shuffle(out, prefix, dss, count, root, epochs)
        elif name == "Zip":
            _w_zip(out, prefix, dss[0], count, root, epochs)
        elif name == "Concatenate":
            _w_concatenate(out, prefix, dss[0], count, root, epochs)
        elif dss and _kind(dss[0]) == "FlatMapDataset":
            _w_flat_map_fn(out, prefix, dss[0], count, root, epochs)
        elif name == "Interleave":
            _w_interleave(out, prefix, dss[0], count, root, epochs)
        elif name == "DirectedInterleave":
            _w_directed(out, prefix, dss[0], count, root, epochs)
        elif name == "GroupByWindow":
            _w_group_by_window(out, prefix, dss[0], count, root, epochs)
        elif name == "ParallelInterleaveV4":
            _w_parallel_interleave(out, prefix, dss[0], count, root, epochs)
        elif name == "Random":
            _w_random(out, prefix, dss[0], count, epochs)
        else:
            count, prefix = _WRITE[name](out, prefix, dss, count, root)


def _w_zip(out: dict, prefix: str, ds: Any, n: int, root: Any, epochs: dict) -> None:
    out[prefix] = {"input_impls_empty": _i64(int(n == END))}
    if n != END:  # (an ended zip keeps no input)
        for k, chain in enumerate(inputs(ds, root)):
            _write(out, chain, f"{prefix}[{k}]", n, root, epochs)


def _w_directed(out: dict, prefix: str, ds: Any, n: int, root: Any, epochs: dict) -> None:
    """A choose_from_datasets having given `n`: its selector read as far as it took (run
    here on its data inputs' sizes), each data input having given what was taken of it,
    those found ended let go; ended, it keeps no input."""
    chains = inputs(ds, root)
    read, counts, alive = _directed_run(ds, n, root, epochs)
    values = {f"{FULL}{prefix}:selector_input_impl_empty": _i64(int(read == END))}
    for k in range(len(counts)):
        ended = read == END or not alive[k]
        values[f"{FULL}{prefix}:data_input_impl_empty[{k}]"] = _i64(int(ended))
        if not ended:
            _write(out, chains[k], f"{prefix}[{k}]", counts[k], root, epochs)
    out[prefix] = values
    if read != END:
        _write(out, chains[-1], prefix, read, root, epochs)


def _directed_run(ds: Any, n: int, root: Any, epochs: dict) -> tuple:
    """TF's directed interleave `ds` having given `n` elements (END: all): (selector
    elements read, END where it ended; [elements taken of each data input], [whether
    each is not known to have ended])."""
    sizes = [_total(d, root) for d in ds._inputs[:-1]]
    counts, alive = [0] * len(sizes), [True] * len(sizes)
    read = given = 0
    it = _elements(ds._inputs[-1], root)  # (the saved iterator's draws)
    try:
        while (n == END or given < n) and any(alive):
            try:
                (k,) = next(it)
            except StopIteration:
                return END, counts, alive
            read, k = read + 1, int(k._arr)
            if not 0 <= k < len(sizes) or not alive[k]:
                continue
            if sizes[k] == END or counts[k] < sizes[k]:
                counts[k] += 1
                given += 1
            elif ds._stop_on_empty:
                return END, counts, alive
            else:
                alive[k] = False
    finally:
        it.close()
    return (read if any(alive) else END), counts, alive


def _w_random(out: dict, prefix: str, ds: Any, n: int, epochs: dict) -> None:
    """A random dataset's iterator having given `n` numbers, with its seeds (the k-th
    iterator's, from its counter)."""
    k = tf_iterator_values.counter(ds)
    seeds = random_seed.iterator_seeds(ds._seeds, k, ds._rerandomize)
    out[prefix] = {f"{FULL}{prefix}:{key}": _i64(v) for key, v in (
        ("epoch_num_random_samples", (k + 1) * (1 + ds._rerandomize)),
        ("num_random_samples", n), ("seed", seeds[0]), ("seed2", seeds[1]))}


def _w_concatenate(out: dict, prefix: str, ds: Any, n: int, root: Any, epochs: dict) -> None:
    """A concatenation having given `n`: in the input that gives its n-th element, the
    inputs after it not begun (nor those before it, which TF does not read again)."""
    current = len(ds._inputs)
    if n != END:
        for current, d in enumerate(ds._inputs):
            size = _total(d, root)  # (END: an infinite one, never left)
            if size == END or n < size or current == len(ds._inputs) - 1:
                break
            n -= size
    out[prefix] = {"i": _i64(current), "element_count": _i64(0)}
    for k in range(len(ds._inputs)):
        out[prefix][f"input_impl_uninitialized[{k}]"] = _i64(int(k != current))
    if current < len(ds._inputs):
        _write(out, inputs(ds, root)[current], f"{prefix}[{current}]", n, root, epochs)


def _w_shuffle(out: dict, prefix: str, dss: list, n: int, root: Any, epochs: dict) -> int:
    """A shuffle's state (a ShuffleAndRepeat's: dss = [repeat, shuffle]) having given `n`
    elements: its buffer as a new iterator of it holds it after as many (the same seeds:
    its reshuffle counter's), each element in TF's slot (its position in all the epochs'
    elements, modulo the buffer's size). Returns what its input had given this epoch."""
    shuffle = dss[-1]
    size = shuffle._size
    each = _finite_size(shuffle._inputs[0], root) if len(dss) == 2 else 0
    repeats = 1 if len(dss) == 1 else dss[0]._count  # (the epochs of a ShuffleAndRepeat)
    if len(dss) == 2 and repeats > 0 and each > 0 and n >= repeats * each:
        n = END  # (its last epoch's input was seen to end as it gave its last element)
    if n == END and repeats > 0 and shuffle._reshuffle and size is not None:
        return _w_shuffle_ended(out, prefix, shuffle, root, epochs, repeats)
    if n == END or not shuffle._reshuffle or size is None or (len(dss) == 2 and each <= 0):
        raise _refuse("this shuffle's buffer is not written in TF's form")
    epoch, within = divmod(n, each) if len(dss) == 2 else (0, n)
    k = tf_iterator_values.counter(shuffle) + epoch
    kept, shuffle._iterations = shuffle._iterations, k
    try:
        it = shuffle._make_iterator(IterContext(root.options(), root))
    finally:
        shuffle._iterations = kept
    try:
        for _ in range(within):
            next(it)
        seeds = random_seed.iterator_seeds(shuffle._seeds, k, True)
        base = epoch * each if len(dss) == 2 else 0
        out[prefix] = {
            "epoch_num_random_samples": _i64(2 * (k + 1)), "num_random_samples": _i64(within),
            "seed": _i64(seeds[0]), "seed2": _i64(seeds[1]),
            "end_of_input_sequence": _i64(0), "epoch": _i64(epoch + 1),
            "num_elements": _i64(it._end - it._start), "slices_size": _i64(1),
            "slices_start_0": _i64(base + it._start), "slices_end_0": _i64(base + it._end),
            "slices_reached_end_of_sequence_0": _i64(int(it._done))}
        if n:
            out[prefix]["data_produced"] = (np.array(b"", object), _dt.string)
        out[f"{prefix}:buffer"] = {"num_elements": _i64(size)}
        slots = {(base + p) % size: it._buf[p % size] for p in range(it._start, it._end)}
        for slot in range(size):
            out[f"{prefix}:buffer::{slot}"] = _slot(it, slots.get(slot))
        return it._end
    finally:
        it.close()


def _w_shuffle_ended(out: dict, prefix: str, shuffle: Any, root: Any, epochs: dict,
                     repeats: int) -> int:
    """A shuffle (of a ShuffleAndRepeat: in each of its `repeats` epochs) that gave all its
    input's elements: its buffer empty, its input let go, the last epoch's seeds."""
    k = tf_iterator_values.counter(shuffle) + repeats - 1
    seeds = random_seed.iterator_seeds(shuffle._seeds, k, True)
    given = _total(shuffle._inputs[0], root)
    out[prefix] = {
        "epoch_num_random_samples": _i64(2 * (k + 1)), "num_random_samples": _i64(given),
        "seed": _i64(seeds[0]), "seed2": _i64(seeds[1]), "end_of_input_sequence": _i64(1),
        "epoch": _i64(repeats), "num_elements": _i64(0), "slices_size": _i64(1),
        "slices_start_0": _i64(given * repeats), "slices_end_0": _i64(given * repeats),
        "slices_reached_end_of_sequence_0": _i64(1),
        "data_produced": (np.array(b"", object), _dt.string)}
    out[f"{prefix}:buffer"] = {"num_elements": _i64(shuffle._size)}
    for slot in range(shuffle._size):
        out[f"{prefix}:buffer::{slot}"] = {"num_components": _i64(0)}
    return END


def _w_range(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    ds = dss[0]
    stop = getattr(ds, "_stop", None)  # (None: enumerate's counter)
    if stop is None:
        stop = ds._start + max(n, 0) * ds._step
    elif n == END:
        pass
    else:
        stop = min(ds._start + n * ds._step, stop) if ds._step > 0 else \
            max(ds._start + n * ds._step, stop)
    out[prefix] = {"next": _i64(stop), "global_shuffle_iterator_next_index": _i64(0)}
    return n, prefix


def _w_slices(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    total = dss[0]._cardinality()
    out[prefix] = {f"{FULL}{prefix}:index": _i64(total if n == END else n),
                   "global_shuffle_iterator_next_index": _i64(0)}
    return n, prefix


def _w_prefetch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    out[prefix] = {"buffer_size": _i64(0)}
    return n, prefix


def _w_parallel_map(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    out[prefix] = {"invocation_results_size": _i64(0)}
    return n, prefix


def _w_map(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    return n, prefix


def _w_batch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    n = _last(dss[0], n)
    out[prefix] = {"input_impl_empty": _i64(int(n == END))}
    return (END if n == END else n * dss[0]._size), prefix


def _w_map_and_batch(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    given = _total(dss[0]._inputs[0]._inputs[0], root)  # (what the map's input gives)
    calls = given if n == END else n * dss[0]._size if given == END else \
        min(n * dss[0]._size, given)
    out[prefix] = {"call_counter": _i64(max(calls, 0)), "batch_results_size": _i64(0)}
    return n if n == END else calls, prefix


def _w_repeat(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    if n == END:
        out[prefix] = {"i": _i64(max(dss[0]._count, 0)), "input_impl_empty": _i64(1)}
        return END, prefix
    epoch, n = divmod(n, _epoch_size(dss[0], root))
    tf_iterator_values.advance(dss[0]._inputs[0], epoch)  # (its input's epoch-th iterator)
    out[prefix] = {"i": _i64(epoch), "input_impl_empty": _i64(0)}
    return n, f"{prefix}[{epoch}]"


def _w_flat_map_fn(out: dict, prefix: str, ds: Any, n: int, root: Any, epochs: dict) -> None:
    """A flat_map having given `n`: the dataset of the input element that gives its n-th
    element begun (that element kept, as TF makes the dataset again from it), or, past
    them all, every element read and none begun."""
    _inner_levels(ds, root)
    current, element = 0, None
    if n != END:
        open_ = ds._fn.bind(IterContext(root.options(), root))
        it = _elements(ds._inputs[0], root)
        try:
            for e in it:
                size = _inner_size(open_, e)
                if n < size:
                    element = e
                    break
                n -= size
                current += 1
        finally:
            it.close()
    begun = element is not None
    values = {"exhausted": _i64(int(n == END)), "element_index": _i64(current + begun),
              "current_element_iterator_uninitialized": _i64(int(not begun)),
              "inputs_size": _i64(len(element) if begun else 0)}
    for k, c in enumerate(element or ()):
        if hasattr(c, "_elements"):  # (a window's dataset: TF keeps its graph)
            values.update(_window_value(f"inputs[{k}]", c))
            continue
        if not hasattr(c, "_arr"):
            raise _refuse("its flat_map's input holds sparse components")
        values[f"inputs[{k}]"] = (c._arr.astype(object) if c.dtype is _dt.string
                                  else c._arr, c.dtype)
    out[prefix] = values
    if n != END:
        _write(out, _levels(ds._inputs[0], iterator_path._optimizations(root)), prefix,
               current + begun, root, epochs)
    if begun:
        _write(out, _inner_levels(ds, root, element), f"{prefix}[{current}]", n, root, epochs)


def _window_value(name: str, window: Any) -> dict:
    """The values TF saves of a window's dataset held as an element: its graph, named by
    its output node."""
    specs = window._structure.specs
    if not all(type(s).__name__ == "TensorSpec" for s in specs):
        raise _refuse("its window holds sparse or ragged components")
    values = [tuple(c._arr for c in e) for e in window._elements]
    graph, node = window_graph.window_graph(values, [s.dtype for s in specs],
                                            [s.shape.as_list() if s.shape.rank is not None
                                             else None for s in specs])
    return {f"{name}.is_dataset": (np.array(b"", object), _dt.string),
            f"{name}.output_node": (np.array(node.encode(), object), _dt.string),
            name: (np.array(graph, object), _dt.string)}


def _w_group_by_window(out: dict, prefix: str, ds: Any, n: int, root: Any,
                       epochs: dict) -> None:
    """A group_by_window having given `n` (tf_iterator_groups.py), its current group's
    dataset's iterators under its prefix, then its input having given what it read."""
    read = tf_iterator_groups.write(
        out, prefix, ds, n, root, lambda at, given, key, group: _write(
            out, _group_levels(ds, root, key, group), at, given, root, epochs))
    _write(out, _levels(ds._inputs[0], iterator_path._optimizations(root)), prefix, read,
           root, epochs)


def _w_parallel_interleave(out: dict, prefix: str, ds: Any, n: int, root: Any,
                           epochs: dict) -> None:
    """An interleave with num_parallel_calls having given `n` (tf_iterator_parallel.py);
    its input having given what it read."""
    if _kind(ds) == "TFRecordDataset":
        return tf_iterator_records.w_autotuned(out, prefix, ds, n, root)
    _inner_levels(ds, root)
    open_ = ds._fn.bind(IterContext(root.options(), root))
    _cycle(ds)
    read = tf_iterator_parallel.write(
        out, prefix, ds, n, root, lambda e: _inner_size(open_, e),
        lambda at, given, e: _write(out, _inner_levels(ds, root, e), at, given, root, epochs))
    _write(out, _levels(ds._inputs[0], iterator_path._optimizations(root)), prefix, read,
           root, epochs)


def _w_interleave(out: dict, prefix: str, ds: Any, n: int, root: Any, epochs: dict) -> None:
    """An interleave having given `n`: its cycle as TF's iterator leaves it then (run here
    on the sizes of its input elements' datasets), each open slot's element and its
    dataset's iterators kept."""
    _inner_levels(ds, root)
    cycle = _cycle(ds)
    slots, at = _interleave_run(ds, n, root)
    values = {"cycle_index": _i64(at[0]), "block_index": _i64(at[1]),
              "end_of_input": _i64(at[2]), "num_open": _i64(sum(s is not None for s in slots)),
              "next_input_element_index": _i64(at[3]),
              "last_checkpointed_input_element_index": _i64(-1)}
    for k in range(cycle):
        element, given = slots[k] if slots[k] is not None else ((), 0)
        values[f"current_elements_uninitialized[{k}]"] = _i64(int(slots[k] is None))
        values[f"args_size[{k}]"] = _i64(len(element))
        for j, c in enumerate(element):
            values[f"args_list_[{k}][{j}]"] = (c._arr.astype(object) if c.dtype is _dt.string
                                              else c._arr, c.dtype)
        if slots[k] is not None:
            _write(out, _inner_levels(ds, root, element), f"{prefix}[{k}]", given, root,
                   epochs)
    out[prefix] = values
    # (TF's interleave keeps its input's iterator, ended or not)
    _write(out, _levels(ds._inputs[0], iterator_path._optimizations(root)), prefix, at[3],
           root, epochs)


def _interleave_run(ds: Any, n: int, root: Any) -> tuple:
    """TF's interleave cycle having given `n` elements (END: all): ([(input element,
    elements its dataset gave) or None, per slot], (cycle index, index in the block, 1
    where the input has ended, input elements read)). A slot whose dataset has given
    all stays open until its turn comes again, as TF's."""
    cycle, block = _cycle(ds), ds._block
    open_ = ds._fn.bind(IterContext(root.options(), root))
    slots: list = [None] * cycle
    sizes: list = [0] * cycle
    index = within = read = given = 0
    ended = False
    it = _elements(ds._inputs[0], root)
    try:
        while n == END or given < n:
            if slots[index] is not None:
                element, done = slots[index]
                if done < sizes[index]:
                    slots[index] = (element, done + 1)
                    given += 1
                    within += 1
                    if within == block:
                        index, within = (index + 1) % cycle, 0
                    continue
                slots[index] = None  # (its dataset ended: the next in the cycle)
            elif not ended:
                try:
                    element = next(it)
                except StopIteration:
                    ended = True
                    continue
                slots[index], sizes[index] = (element, 0), _inner_size(open_, element)
                read += 1
                continue
            elif not any(slots):
                break
            index, within = (index + 1) % cycle, 0
    finally:
        it.close()
    return slots, (index, within, int(ended), read)


_WRITE = {"Range": _w_range, "TensorSlice": _w_slices, "Prefetch": _w_prefetch,
          "ParallelMapV2": _w_parallel_map, "Map": _w_map, "BatchV2": _w_batch,
          "MapAndBatch": _w_map_and_batch, "FiniteRepeat": _w_repeat,
          "ForeverRepeat": _w_repeat, **tf_iterator_records.WRITE, **tf_iterator_ops.WRITE}
