"""The iterator path TF names in an error raised inside a pipeline's function
("Iterator::Root::Prefetch::Shuffle::ParallelMapV2"), from the pipeline eagerflow runs.

Data layer, below owned_iterator.py, which rewords an error (fn_errors.py's) when it
reaches the root iterator; it reads the datasets by their class names and attributes, so
it imports none of them (the classes carry TF's names, "_MapDataset"). TF names every
iterator between the root and the one whose function failed, after its default static
optimizations rewrote the pipeline:

- noop_elimination drops take(-1), skip(0) and repeat(1);
- shuffle_and_repeat_fusion makes a repeat of a shuffle one ShuffleAndRepeat;
- map_and_batch_fusion makes a batch of a map one MapAndBatch;
- map_parallelization runs a map whose function holds no stateful op (asserts aside) as
  ParallelMapV2, and
- inject_prefetch puts a Prefetch at the root of a pipeline whose last iterator does not
  work ahead (a parallel map, a map-and-batch, a prefetch, a parallel batch do);
these two only when autotuning is on.

Each option of tf.data.Options that turns one of these off is followed. A pipeline holding
a dataset whose name in TF's path is not known here keeps the path of function-bearing
datasets only (fn_errors.py's).
"""

from __future__ import annotations

from typing import Any

_ASYNC = ("ParallelMapV2", "MapAndBatch", "Prefetch", "ParallelBatch")
# datasets named by their class alone
_NAMES = {"FilterDataset": "Filter", "BatchDataset": "BatchV2",
          "PaddedBatchDataset": "PaddedBatchV2", "UnbatchDataset": "Unbatch",
          "PrefetchDataset": "Prefetch", "ShuffleDataset": "Shuffle",
          "ParallelMapDataset": "ParallelMapV2", "FlatMapDataset": "FlatMap",
          "InterleaveDataset": "Interleave", "WindowDataset": "Window",
          "AssertNextDataset": "AssertNext", "AssertPrevDataset": "AssertPrev"}
# file readers: TF reads their files one at a time by a flat_map, in parallel by its
# legacy parallel interleave
_READERS = ("FixedLengthRecordDatasetV2", "TextLineDatasetV2")
# datasets whose inputs are numbered in the path (Zip[1])
_INDEXED = {"ZipDataset": "Zip", "ConcatenateDataset": "Concatenate"}
# datasets that are no iterator of TF's (their options fold into the pipeline's; a
# dataset's variant read back, a dataset op's pipeline as its attrs declare it)
_TRANSPARENT = ("OptionsDataset", "VariantDataset", "Declared")


def tf_path(root: Any, site: Any, path: list) -> list | None:
    """TF's path (without "Iterator::Root") to the error raised in `site`'s function, whose
    path from that function's dataset inwards is `path` (its first step names `site`), in
    the pipeline of dataset `root`; None where a dataset on the way is not known here."""
    chain = _chain(root, site)
    if chain is None:
        return None
    opt = _optimizations(root)
    names: list = []
    i = 0
    while i < len(chain):
        ds, index = chain[i]
        kind = _kind(ds)
        nxt = _kind(chain[i + 1][0]) if i + 1 < len(chain) else None
        if kind in _TRANSPARENT:
            pass
        elif kind == "RepeatDataset":
            count = ds._count
            if count == 1 and opt["noop_elimination"]:
                pass
            elif nxt == "ShuffleDataset" and opt["shuffle_and_repeat_fusion"]:
                names.append("ShuffleAndRepeat")
                i += 1
            else:
                names.append(f"{'ForeverRepeat' if count < 0 else 'FiniteRepeat'}[0]")
        elif kind in ("TakeDataset", "SkipDataset"):
            noop = ds._count == (-1 if kind == "TakeDataset" else 0)
            if not (noop and opt["noop_elimination"]):
                names.append("FiniteTake" if kind == "TakeDataset" else "FiniteSkip")
        elif kind == "BatchDataset" and nxt in ("MapDataset", "ParallelMapDataset") and \
                i + 1 < len(chain) - 1 and opt["map_and_batch_fusion"]:
            names.append("MapAndBatch")
            i += 1
        elif kind == "CacheDataset":
            if ds._filename:
                return None
            names.append("MemoryCacheImpl")
        elif kind == "MapDataset":
            names.append("ParallelMapV2" if opt["map_parallelization"] and
                         _stateless(ds._fn) else "Map")
        elif kind in _INDEXED:
            names.append(f"{_INDEXED[kind]}[{index}]")
        elif kind in _NAMES:
            names.append(_NAMES[kind])
        elif kind in _READERS:
            names.append("FlatMap" if ds._parallel is None else "LegacyParallelInterleaveV2")
        else:
            return None
        i += 1
    # the failing function's own dataset (the chain's last) names itself in `path`
    names, last = names[:-1], names[-1] if names else None
    if last is None:
        return None
    step = path[0]
    if "[" in step:  # (an element of the dataset its function returned: FlatMap[0])
        last += step[step.index("["):]
    names += [last] + path[1:]
    if opt["inject_prefetch"] and names[0] not in _ASYNC:
        names.insert(0, "Prefetch")
    return names


def _kind(ds: Any) -> str:
    # (the classes carry TF's names: "_MapDataset")
    return type(ds).__name__.lstrip("_")


def _chain(root: Any, site: Any) -> list | None:
    """[(dataset, index of its input taken next)] from `root` to the dataset whose
    function is `site`'s, or None when it is not found."""
    todo = [(root, [])]
    while todo:
        ds, chain = todo.pop()
        here = chain + [(ds, 0)]
        if _has_site(ds, site):
            return here
        inputs = getattr(ds, "_inputs", ())
        source = getattr(ds, "_source", None)
        if not inputs and hasattr(source, "_make_iterator"):  # (a variant's pipeline)
            inputs = (source,)
        for k, sub in enumerate(inputs):
            step = here[:-1] + [(ds, k)]
            todo.append((sub, step))
    return None


def _has_site(ds: Any, site: Any) -> bool:
    for v in getattr(ds, "__dict__", {}).values():
        # (a file reader holds the site of the flat_map TF builds over its file names)
        if v is site or getattr(v, "_site", None) is site or \
                getattr(getattr(v, "fn", None), "_site", None) is site:
            return True
    return False


def _optimizations(root: Any) -> dict:
    """Which of the rewrites apply under `root`'s options (TF's defaults: all)."""
    options = root.options()
    o = options.experimental_optimization
    default = o.apply_default_optimizations is not False
    out = {k: default and getattr(o, k) is not False for k in (
        "noop_elimination", "shuffle_and_repeat_fusion", "map_and_batch_fusion",
        "map_parallelization", "inject_prefetch")}
    if options.autotune.enabled is False:  # (both make what autotuning would size)
        out["inject_prefetch"] = out["map_parallelization"] = False
    return out


def _stateless(fn: Any) -> bool:
    """Whether a map's traced function holds no stateful op but asserts (TF's
    map_parallelization skips asserts); a function that is not traced counts as stateful."""
    trace = getattr(fn, "_trace", None)
    graph = getattr(trace, "graph", None)
    return graph is not None and not _stateful(graph)


def _stateful(graph: Any) -> bool:
    for node in graph.operations:
        if node.op.name == "Assert":
            continue
        inner = [getattr(sub, "graph", sub) for sub in node.op.subgraphs]
        if inner:  # a cond's or loop's branches: what they hold
            if any(_stateful(g) for g in inner):
                return True
        elif node.op.stateful:
            return True
    return False
