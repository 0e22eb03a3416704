"""What TF's iterator checkpoint refuses before it saves anything: a pipeline whose
functions hold state outside it (its external state), and a from_generator's iterator.

Data layer, below owned_iterator.py, which calls `check` when an iterator is saved. Under
the pipeline's `experimental_external_state_policy` left unset (TF then fails, as under
FAIL), the first stateful op of a dataset's function, outermost dataset first, fails the
save with FailedPreconditionError "<op> is stateful." (TF skips Assert, looks into the
branches of a cond and the body of a loop, and lets a few ops through: lookups, print).
A from_generator's function is a py_func; under WARN or IGNORE its iterator still can't
be saved (UnimplementedError). The datasets are read by their attributes, as
iterator_path.py reads them (no dataset class is imported).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from eagerflow._src.core.errors import FailedPreconditionError, UnimplementedError

_WRAPPED = ("{{function_node __wrapped__SerializeIterator_device_/job:localhost/replica:0/"
            "task:0/device:CPU:0}} ")
# stateful ops TF lets dataset functions hold (its allowlist, as far as checked here), and
# the ops eagerflow's OpDefs mark stateful (not to fold or merge them) that TF 2.21's op
# registry does not
_ALLOWED = frozenset((
    "Assert", "PrintV2", "Print", "LookupTableFindV2", "LookupTableSizeV2", "LookupTableFind",
    "LookupTableSize", "ReadFile", "MatchingFiles", "NoOp", "ControlTrigger", "Placeholder",
    "ImmutableConst", "FractionalMaxPool", "FractionalAvgPool", "GenerateBoundingBoxProposals",
    "CheckPinned", "BatchFunction", "Batch", "Unbatch", "UnbatchGrad", "CTCLossV2",
    "SegmentSumV2", "SegmentProdV2", "SegmentMaxV2", "SegmentMinV2", "QuantizedReluX",
    "FilterByLastComponentDataset", "SparseAccumulatorApplyGradient",
    "SparseAccumulatorTakeGradient", "BarrierInsertMany", "BarrierTakeMany", "BarrierClose",
    "BarrierReadySize", "BarrierIncompleteSize", "CudnnRNNParamsSize",
    "CudnnRNNCanonicalToParams", "CudnnRNNCanonicalToParamsV2", "CudnnRNNParamsToCanonical",
    "CudnnRNNParamsToCanonicalV2", *(f"TensorArray{k}V2" for k in (
        "Read", "Write", "Gather", "Scatter", "Split", "Size", "Concat", "Close"))))
# ops TF counts as external state whose eagerflow OpDefs are not stateful (a variable's read
# among them: TF 2.21 refuses a function reading a captured variable)
_STATEFUL = frozenset(("ReadVariableOp", "StatefulRandomBinomial", "RngReadAndSkip",
                       "AllCandidateSampler", "GuaranteeConst"))


def check(root: Any) -> None:
    """Raises TF's error where the iterator of dataset `root` can't be saved."""
    policy = root.options().experimental_external_state_policy
    fail = policy is None or policy.name == "FAIL"
    generator = None
    for ds in _datasets(root):
        if hasattr(ds, "_generator"):  # (its py_func: PyFunc, or EagerPyFunc for composites)
            generator = generator or ds
            if fail:
                raise _stateful(_generator_node(ds))
        elif fail:
            for graph in _graphs(ds):
                name = _first_stateful(graph)
                if name is not None:
                    raise _stateful(name)
    if generator is not None:
        raise UnimplementedError(None, None, f"{_WRAPPED}GeneratorDataset does not support "
                                 "checkpointing. [Op:SerializeIterator] name: ")


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
        elif node.op.stateful and node.op.name not in _ALLOWED or node.op.name in _STATEFUL:
            return node.op.name
    return None


def _generator_node(ds: Any) -> str:
    specs = ds._structure.specs
    return "PyFunc" if all(type(s).__name__ == "TensorSpec" for s in specs) else "EagerPyFunc"
