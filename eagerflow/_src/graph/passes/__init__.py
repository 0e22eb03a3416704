"""Graph optimization passes and the pipeline that runs them.

Each pass takes a Graph, rewrites it in place and returns it; `optimize` runs them on
a copy of a traced graph (the traced graph stays as traced: it is what
`ConcreteFunction.graph` shows and what gradients replay).
"""

from __future__ import annotations

from collections.abc import Callable

from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.passes.common import copy_graph
from eagerflow._src.graph.passes.cse import cse
from eagerflow._src.graph.passes.dce import dce
from eagerflow._src.graph.passes.fold import fold_constants
from eagerflow._src.graph.passes.fuse import fuse_conv, fuse_relu_grad, keep_pool_argmax
from eagerflow._src.graph.passes.inline import inline_calls
from eagerflow._src.graph.passes.simplify import simplify

PIPELINE: list[tuple[str, Callable]] = [
    ("inline", inline_calls),
    ("fold", fold_constants),
    ("simplify", simplify),
    ("cse", cse),
    ("fold2", fold_constants),
    ("simplify2", simplify),
    ("cse2", cse),
    ("fuse", fuse_conv),
    ("fuse_relu_grad", fuse_relu_grad),
    ("keep_argmax", keep_pool_argmax),
    ("dce", dce),
]


def optimize(graph: Graph, after_each: Callable | None = None) -> Graph:
    """An optimized copy of `graph`; `after_each(name, graph)` runs after every pass."""
    g = copy_graph(graph)
    for name, p in PIPELINE:
        g = p(g)
        if after_each is not None:
            after_each(name, g)
    return g


__all__ = ["PIPELINE", "copy_graph", "cse", "dce", "fold_constants", "fuse_conv", "fuse_relu_grad",
           "inline_calls", "keep_pool_argmax", "optimize", "simplify"]
