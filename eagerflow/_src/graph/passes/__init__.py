"""Graph optimization passes and the pipeline that runs them.

Each pass takes a Graph, rewrites it in place and returns it; `optimize` runs them on
a copy of a traced graph (the traced graph stays as traced: it is what
`ConcreteFunction.graph` shows and what gradients replay).
"""

from __future__ import annotations

from collections.abc import Callable

from eagerflow._src.core.runtime_options import pass_enabled
from eagerflow._src.graph.ir import Graph
from eagerflow._src.graph.passes.common import copy_graph
from eagerflow._src.graph.passes.cse import cse
from eagerflow._src.graph.passes.dce import dce
from eagerflow._src.graph.passes.fold import fold_constants
from eagerflow._src.graph.passes.fuse import (
    fuse_adam_apply,
    fuse_conv,
    fuse_relu_grad,
    keep_pool_argmax,
)
from eagerflow._src.graph.passes.inline import inline_calls
from eagerflow._src.graph.passes.simplify import simplify

# (name, pass, the TF optimizer switch that turns it off, or None: always runs)
PIPELINE: list[tuple[str, Callable, str | None]] = [
    ("inline", inline_calls, None),
    ("fold", fold_constants, "constant_folding"),
    ("simplify", simplify, "arithmetic_optimization"),
    ("cse", cse, "arithmetic_optimization"),
    ("fold2", fold_constants, "constant_folding"),
    ("simplify2", simplify, "arithmetic_optimization"),
    ("cse2", cse, "arithmetic_optimization"),
    ("fuse", fuse_conv, "remapping"),
    ("fuse_relu_grad", fuse_relu_grad, "remapping"),
    ("keep_argmax", keep_pool_argmax, "remapping"),
    ("fuse_adam_apply", fuse_adam_apply, "remapping"),
    ("dce", dce, None),
]


def run_passes(g: Graph, after_each: Callable | None = None) -> Graph:
    """`g` optimized in place by PIPELINE, but the passes that tf.config.optimizer switched
    off; `after_each(name, graph)` runs after every pass."""
    for name, p, switch in PIPELINE:
        if switch is not None and not pass_enabled(switch, len(g.operations)):
            continue
        g = p(g)
        if after_each is not None:
            after_each(name, g)
    return g


def optimize(graph: Graph, after_each: Callable | None = None) -> Graph:
    """An optimized copy of `graph` (see run_passes)."""
    return run_passes(copy_graph(graph), after_each)


__all__ = ["PIPELINE", "copy_graph", "cse", "dce", "fold_constants", "fuse_adam_apply",
           "fuse_conv", "fuse_relu_grad", "inline_calls", "keep_pool_argmax", "optimize",
           "run_passes", "simplify"]
