"""What TF's iterator checkpoint refuses before it saves anything: a pipeline whose
functions hold state outside it (its external state), and a from_generator's iterator;
and (`unserializable`) what a SavedModel refuses of a dataset an object holds, the same
external state, in DatasetToGraphV2's words.

Data layer, below owned_iterator.py, which calls `check` when an iterator is saved. Under
the pipeline's `experimental_external_state_policy` left unset (TF then fails, as under
FAIL), the first stateful op of a dataset's function, outermost dataset first, fails the
save with FailedPreconditionError "<op> is stateful." (stateful by TF's own OpDefs, read
from their table; TF skips Assert, looks into the branches of a cond and the body of a
loop, and lets a few ops through: lookups, print).
A from_generator's function is a py_func; under WARN or IGNORE its iterator still can't
be saved (UnimplementedError). The datasets are read by their attributes, as
iterator_path.py reads them (no dataset class is imported).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from eagerflow._src.core.errors import FailedPreconditionError, UnimplementedError
from eagerflow._src.ops import tf_op_defs

_WRAPPED = ("{{function_node __wrapped__SerializeIterator_device_/job:localhost/replica:0/"
            "task:0/device:CPU:0}} ")
_GRAPH_WRAPPED = ("{{function_node __wrapped__DatasetToGraphV2_device_/job:localhost/replica:0/"
                  "task:0/device:CPU:0}} ")
# the stateful ops TF lets dataset functions hold (Assert, and its allowlist as far as
# checked here: lookups, print)
_ALLOWED = frozenset(("Assert", "PrintV2", "Print", "LookupTableFindV2", "LookupTableSizeV2",
                      "LookupTableFind", "LookupTableSize"))


def check(root: Any) -> None:
    """Raises TF's error where the iterator of dataset `root` can't be saved."""
    name = stateful_node(root)
    if name is not None:
        raise _stateful(name)
    if any(hasattr(ds, "_generator") for ds in _datasets(root)):
        raise UnimplementedError(None, None, f"{_WRAPPED}GeneratorDataset does not support "
                                 "checkpointing. [Op:SerializeIterator] name: ")


def stateful_node(root: Any) -> str | None:
    """The TF op type of the first op holding state outside dataset `root`'s pipeline,
    outermost dataset first (a from_generator's py_func), where its policy fails on one
    (FAIL, or unset); else None."""
    policy = root.options().experimental_external_state_policy
    return first_stateful(root) if policy is None or policy.name == "FAIL" else None


def first_stateful(root: Any) -> str | None:
    """The TF op type of the first op holding state outside dataset `root`'s pipeline,
    outermost dataset first, whatever its policy (DatasetToGraphV2's own attr says it)."""
    for ds in _datasets(root):
        if hasattr(ds, "_generator"):  # (its py_func: PyFunc, or EagerPyFunc for composites)
            return _generator_node(ds)
        for graph in _graphs(ds):
            name = _first_stateful(graph)
            if name is not None:
                return name
    return None


def unserializable(root: Any) -> FailedPreconditionError | None:
    """TF's error serializing the pipeline of dataset `root` into a graph (what a
    SavedModel does to a dataset an object holds) where it holds external state."""
    name = stateful_node(root)
    if name is None:
        return None
    return FailedPreconditionError(None, None, _GRAPH_WRAPPED + "Failed to serialize the input "
                                   f"pipeline graph: {name} is stateful. [Op:DatasetToGraphV2] "
                                   "name: ")


def _stateful(name: str) -> FailedPreconditionError:
    return FailedPreconditionError(None, None, f"{_WRAPPED}{name} is stateful. "
                                               "[Op:SerializeIterator] name: ")


def _datasets(root: Any) -> Iterator:
    """The datasets of the pipeline of `root`, each before its inputs."""
    todo, seen = [root], set()
    while todo:
        ds = todo.pop()
        if id(ds) in seen:
            continue
        seen.add(id(ds))
        yield ds
        todo.extend(reversed(getattr(ds, "_inputs", ())))


def _graphs(ds: Any) -> list:
    """The traced graphs of dataset `ds`'s functions (a predicate's wraps its function;
    a function run eagerly has none)."""
    out = []
    for v in vars(ds).values():
        for fn in (v, getattr(v, "fn", None)):
            graph = getattr(getattr(fn, "_trace", None), "graph", None)
            if graph is not None:
                out.append(graph)
    return out


def _first_stateful(graph: Any) -> str | None:
    """The type of the first op of `graph` that TF counts as external state, else None."""
    for node in graph.operations:
        inner = [getattr(sub, "graph", sub) for sub in node.op.subgraphs]
        if inner:  # (a cond's branches, a loop's body: what they hold)
            for g in inner:
                name = _first_stateful(g)
                if name is not None:
                    return name
        elif _external(node.op):
            return node.op.name
    return None


def _external(op: Any) -> bool:
    """Whether TF counts `op` as external state: stateful by TF's own OpDef (eagerflow's
    mark more ops stateful, not to fold or merge them, and fewer: a stateful random op's
    state is its resource), unless allowed."""
    if op.name in _ALLOWED:
        return False
    tf_def = tf_op_defs.signatures().get(op.name)
    return op.stateful if tf_def is None else bool(tf_def.get("isStateful"))


def _generator_node(ds: Any) -> str:
    specs = ds._structure.specs
    return "PyFunc" if all(type(s).__name__ == "TensorSpec" for s in specs) else "EagerPyFunc"
