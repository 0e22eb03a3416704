"""TF's `_read_only_resource_inputs` attr of a call or control-flow node: the indices of
its resource inputs that the functions it runs only read (TF's auto_control_deps_utils),
which TF's runtime orders as reads, not writes."""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt

READ_ONLY = "_read_only_resource_inputs"
# (the ops TF counts as reading their resource inputs; a node carrying READ_ONLY reads
# those it lists; any other use of a resource may write it)
_READ_OPS = frozenset(("ReadVariableOp", "ResourceGather", "ResourceGatherNd",
                       "VariableShape", "_ReadVariablesOp"))


def _only_read(fdef: Any) -> set:
    """The names of `fdef`'s arguments no node of it uses but as a read (what it returns
    passes through: no use)."""
    written: set = set()
    for nd in fdef.node_def:
        reads = range(len(nd.input)) if nd.op in _READ_OPS else \
            set(nd.attr[READ_ONLY].list.i) if READ_ONLY in nd.attr else ()
        written.update(x for i, x in enumerate(nd.input) if i not in reads)
    return {a.name for a in fdef.signature.input_arg} - written


def read_only_inputs(library: Any, fnames: list, offset: int = 0) -> list:
    """READ_ONLY's value for a node whose inputs from `offset` on are the arguments of
    each of the library's functions `fnames` (an If's branches after its condition): the
    resource arguments every one of them only reads."""
    fdefs = [f for f in library.function if f.signature.name in fnames]
    args = fdefs[0].signature.input_arg
    reads = [_only_read(f) for f in fdefs]
    return [offset + i for i, a in enumerate(args) if a.type == dt.resource.as_datatype_enum
            and all(f.signature.input_arg[i].name in r for f, r in zip(fdefs, reads))]
