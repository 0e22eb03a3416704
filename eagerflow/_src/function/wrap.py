"""tf.compat.v1.wrap_function: a TF1-style function traced once into a graph, and pruned.

Sits in function/ over concrete.py and trace_io.py. `wrap_function(fn, signature)`
traces `fn` once with placeholders for `signature` (variables may be created, as in TF1
code) and returns a WrappedFunction: a ConcreteFunction whose `prune(feeds, fetches)`
makes a new function of any tensors of that graph (the feeds) computing any others (the
fetches). That is how TF 2 runs a frozen GraphDef: wrap `tf.compat.v1.import_graph_def`,
then prune from the imported placeholders to the outputs.

A prune replays (graph/replay.py) only the operations the fetches need, stopping at the
feeds, into a fresh graph whose placeholders stand for the feeds: the copy is made of the
registry's ops, so it compiles, differentiates and runs like any traced function.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, Callable

from eagerflow._src.core import nest
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.function import concrete, trace_io
from eagerflow._src.function.concrete import ConcreteFunction
from eagerflow._src.graph.interpreter import ancestors
from eagerflow._src.graph.ir import FuncGraph
from eagerflow._src.graph.replay import replay
from eagerflow._src.graph.symbolic_tensor import SymbolicTensor

__all__ = ["WrappedFunction", "UnliftableError", "wrap_function"]


class UnliftableError(Exception):
    """A pruned function's fetch needs a placeholder that is not among its feeds."""


class WrappedFunction(ConcreteFunction):
    """The function `wrap_function` returns: callable on its signature, and prunable."""

    def prune(self, feeds: Any, fetches: Any, name: str | None = None,
              input_signature: Any = None,
              are_keyword_args_also_positional: bool = False) -> WrappedFunction:
        """A function taking `feeds` (tensors of this graph, or their names; one or a
        list) and returning `fetches` (a structure of tensors or names of this graph)."""
        del input_signature, are_keyword_args_also_positional  # flat feeds, as TF calls them
        g = self.graph
        flat_feeds = [g.as_graph_element(f, allow_operation=False)
                      for f in nest.flatten(feeds)]
        fetches = nest.map_structure(g.as_graph_element, fetches)
        fetched = [t for t in nest.flatten(fetches) if isinstance(t, SymbolicTensor)]
        fed = {id(t) for t in flat_feeds}
        needed = ancestors(fetched, fed)
        captured = {id(ph): outer for outer, ph in g._captures.values()}
        for op in needed:
            if op.type == "Placeholder" and id(op.outputs[0]) not in captured:
                users = [t for t in fetched if op in ancestors([t], fed)]
                raise UnliftableError(
                    f"Unable to lift tensor {users[0]!r} because it depends transitively on "
                    f"placeholder {op!r}")
        pruned = FuncGraph(name or f"pruned_{self._name}", parent=_state.graph)
        with concrete.tracing_scope(pruned):
            phs = [pruned.placeholder(t._shape, t._dtype, t.op.name, is_input=True)
                   for t in flat_feeds]
            env = {i: outer for i, outer in captured.items()}
            view = SimpleNamespace(name=g.name, fed_inputs=flat_feeds, operations=needed)
            env = replay(view, phs, skip_effects=False, env=env,  # type: ignore[arg-type]
                         keep_names=True)
            values = nest.map_structure(
                lambda t: env[id(t)] if isinstance(t, SymbolicTensor) else None, fetches)
            flat_out: list = []
            template = trace_io._output_template(pruned, values, flat_out, mark=False)
            pruned.outputs = flat_out
        outer = pruned.feed_captures()
        return WrappedFunction(pruned, template, pruned.name, None, outer)


def wrap_function(fn: Callable, signature: Any, name: str | None = None) -> WrappedFunction:
    """`fn` traced once, with a placeholder for each TensorSpec of `signature` (a list, or
    None for no arguments), into a WrappedFunction."""
    specs = list(signature or [])
    fname = name or getattr(fn, "__name__", "wrapped_function")
    graph = FuncGraph(fname, parent=_state.graph)
    graph.allow_variable_creation = True
    with concrete.tracing_scope(graph):
        flat_specs = nest.flatten(specs)
        for s in flat_specs:
            if not isinstance(s, TensorSpec):
                raise TypeError(f"wrap_function's signature holds TensorSpecs, got {s!r}")
        phs = [graph.placeholder(None if s.shape.rank is None else tuple(s.shape), s.dtype,
                                 s.name or "Placeholder", is_input=True) for s in flat_specs]
        args = nest.pack_sequence_as(specs, phs)
        result = fn(*args)
        if graph._pending_reads:  # (reads no op consumed: named where they were made)
            graph.settle_reads()
        flat_out: list = []
        template = trace_io._output_template(graph, result, flat_out, mark=False)
        graph.outputs = flat_out
    outer = graph.feed_captures()
    return WrappedFunction(graph, template, fname, (_named_specs(specs), {}), outer)


def _named_specs(specs: list) -> tuple:
    """The signature as TF's wrapped function gives it: an unnamed spec named by its
    argument's position and its path inside it ("tensor_1_k", "tensor_2_0")."""
    def named(spec: TensorSpec, path: str) -> TensorSpec:
        return spec if spec.name else TensorSpec(spec.shape, spec.dtype, path)

    def walk(x: Any, path: str) -> Any:
        if isinstance(x, dict):
            return type(x)((k, walk(v, f"{path}_{k}")) for k, v in x.items())
        if isinstance(x, (list, tuple)) and not hasattr(x, "_fields"):
            return type(x)(walk(v, f"{path}_{i}") for i, v in enumerate(x))
        return named(x, path) if isinstance(x, TensorSpec) else x

    return tuple(walk(s, f"tensor_{i}") for i, s in enumerate(specs))


