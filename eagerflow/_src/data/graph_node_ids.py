"""The id TF gives a dataset's node in the graph it serializes a pipeline to (as its
iterator's errors name it: `ParallelInterleaveDatasetV4/_9`).

Data layer, below parallel.py. TF writes the graph inputs first: each dataset's input
datasets, then a node for each of its other (constant) inputs, then its own node; ids
count from 0 in that order. The table holds, per eagerflow class (TF's class names), the
nodes a dataset adds besides its inputs' (recorded from TF 2.21's
`_as_serialized_graph()`); a class not in it counts one node (itself).
"""

from __future__ import annotations

from typing import Any

# nodes a dataset adds: its own and its constant inputs' (a function's captured
# tensors add one each, `_captured`)
_FIXED = {
    "_RangeDataset": 4,           # start, stop, step
    "_RepeatDataset": 2, "_TakeDataset": 2, "_SkipDataset": 2, "_PrefetchDataset": 2,
    "CacheDataset": 3,            # filename, cache resource
    "_ShuffleDataset": 5,         # buffer_size, seed, seed2, seed generator
    "_BatchDataset": 3,           # batch_size, drop_remainder
    "_UnbatchDataset": 2,         # TF's normalizing MapDataset before it
    "_MapDataset": 1, "_FilterDataset": 1, "_FlatMapDataset": 1,
    "_ZipDataset": 1, "_ConcatenateDataset": 1,
    "_InterleaveDataset": 3,      # cycle_length, block_length
    "_ParallelInterleaveDataset": 6,  # cycle, block, buffer, prefetch, num_parallel_calls
}


def _components(ds: Any) -> int:
    return len(ds._structure.specs)


def _own_nodes(ds: Any) -> int:
    kind = type(ds).__name__
    if kind in ("_TensorDataset", "_TensorSliceDataset"):
        return 1 + _components(ds)
    if kind == "_PaddedBatchDataset":  # batch_size, drop_remainder, a shape and a value each
        return 3 + 2 * _components(ds)
    return _FIXED.get(kind, 1) + _captured(ds)


def _captured(ds: Any) -> int:
    fn = getattr(ds, "_fn", None)
    n = getattr(fn, "captured_arguments", 0) if fn is not None else 0
    return n if isinstance(n, int) else 0


def graph_nodes(ds: Any) -> int:
    """How many nodes TF's graph of the pipeline ending at `ds` holds (the last: `ds`)."""
    return sum(graph_nodes(d) for d in getattr(ds, "_inputs", ())) + _own_nodes(ds)


def node_id(ds: Any) -> int:
    """The id of `ds`'s own node in TF's graph of its pipeline."""
    return graph_nodes(ds) - 1
