"""Compiled replica functions: `strategy.run` under tf.function, one graph for all replicas.

When `fn` is a tf.function, or `strategy.run` is called eagerly by a tf.function that
runs as Python (given distributed values it cannot trace: polymorphic.py), the replica
function is traced once per input signature, on the caller's thread before the replica
threads start, under a tracing ReplicaContext. Every replica then runs that one compiled
graph on its own inputs: its variable reads and writes reach the replica's own copies
(MirroredVariable resolves them per thread) and its collectives are ops
(collective_ops) that meet the other replicas when the graph runs. When `strategy.run`
is called while a function is traced (the seeds' `@tf.function def
train_step(dist_inputs): strategy.run(step_fn, ...)`, whose per-replica argument is
traced), a Python `fn` is traced once per replica each time, as TF calls it in each
replica (`concrete`), and graph_run.py's op runs the replicas' graphs.

What a graph shared by the replicas cannot express makes the function run as Python,
as it did before, and that choice is remembered: a `merge_call` (outside the
optimizers' own update path), `all_gather`, or a write to a variable that is not
mirrored (each replica's graph would update the one shared copy). When `strategy.run`
is itself called while a function is traced (the input read inside the function:
graph_run.py), there is no Python path: `concrete` gives the traced replica functions,
and what they cannot express is traced replica by replica into the caller's graph
instead (graph_merge.py).
"""

from __future__ import annotations

import contextlib
import functools
from typing import Any, Callable

from eagerflow._src.core import device
from eagerflow._src.distribute import context
from eagerflow._src.distribute.values import select_replica
from eagerflow._src.function import polymorphic
from eagerflow._src.ops.variables import variable_creator_scope

_PYTHON = object()  # cache entry: this replica function runs as Python
_MAX_CACHED = 64


class NotTraceable(Exception):
    """Raised while tracing a replica function that needs the Python path."""


class ReplicaFunctions:
    """One strategy's compiled replica functions, keyed by the Python function."""

    def __init__(self, strategy: Any, make_context: Callable[[int], Any]) -> None:
        self._strategy = strategy
        self._make_context = make_context
        self._cache: dict = {}

    def concrete(self, fn: Callable, args: tuple, kwargs: dict) -> list:
        """(ConcreteFunction, its flat input tensors) for every local replica, for
        `strategy.run` inside a function being traced (see graph_run.py), where the
        Python path does not exist: NotTraceable says what the graph cannot express."""
        n = len(self._strategy._devices)
        if isinstance(fn, polymorphic.Function):  # its own traces, shared by the replicas
            return [self._concrete(fn, i, args, kwargs) for i in range(n)]
        # A Python function is called once per replica each time the caller is traced, as
        # TF's mirrored_run calls it in every replica (its Python side effects run once per
        # replica; what it reads, a global rebound or a flag, is read again): each
        # replica traces its own.
        return [self._concrete(polymorphic.Function(fn), i, args, kwargs) for i in range(n)]

    def _remember(self, key: tuple, function: Any) -> None:
        if len(self._cache) >= _MAX_CACHED:
            self._cache.clear()
        self._cache[key[0]] = (function, key[1])  # keeps the key's objects alive

    def prepare(self, fn: Callable, args: tuple, kwargs: dict) -> list | None:
        """One zero-argument callable per local replica that runs the compiled graph on
        that replica's inputs; None when `fn` runs as Python."""
        key = ((id(fn),), fn) if isinstance(fn, polymorphic.Function) else _cache_key(fn)
        entry = self._cache.get(key[0]) if key is not None else None
        if entry is _PYTHON:
            return None
        if isinstance(fn, polymorphic.Function):
            function = fn
        elif key is None or not polymorphic.in_per_replica_call():
            return None  # called eagerly: the replicas run `fn` as Python, as TF does
        elif entry is not None:
            function = entry[0]
        else:
            function = polymorphic.Function(fn)
            self._remember(key, function)
        try:
            return [self._trace(function, i, args, kwargs)
                    for i in range(len(self._strategy._devices))]
        except NotTraceable:
            if key is not None:
                self._cache[key[0]] = _PYTHON
            return None

    def python_function(self, fn: Callable) -> Callable:
        """What runs on each replica when `fn` takes the Python path."""
        if isinstance(fn, polymorphic.Function):
            return fn._python_callable()
        return fn

    def _trace(self, function: Any, i: int, args: tuple, kwargs: dict) -> Callable:
        cf, tensors = self._concrete(function, i, args, kwargs)
        return functools.partial(cf._call_flat, tensors)

    def _concrete(self, function: Any, i: int, args: tuple, kwargs: dict) -> tuple:
        strategy = self._strategy
        ctx = self._make_context(i)
        ctx._tracing = True
        prev = context.set_replica_context(ctx)
        placed = device.placed_on(strategy._devices[i])
        placed.__enter__()
        # Variables first created by the trace (optimizer slots) are mirrored, as in scope().
        creating = contextlib.nullcontext() if strategy in context.current_strategies() else \
            variable_creator_scope(strategy._create_variable)
        try:
            with creating:
                cf, tensors = function._concrete_for_call(select_replica(i, args),
                                                          select_replica(i, kwargs), None)
        finally:
            placed.__exit__(None, None, None)
            context.set_replica_context(prev)
        if _writes_unmirrored(cf.graph):
            raise NotTraceable("the replica function updates a variable that is not mirrored")
        if cf._fwd is None:  # optimize and generate code once, before the replicas race to
            cf._compile()
        return cf, tensors


def _writes_unmirrored(graph: Any) -> bool:
    for node in graph.operations:
        var = node.attrs.get("var") if isinstance(node.attrs, dict) else None
        if var is not None and not hasattr(var, "_copies"):
            return True
    return False


def _cache_key(fn: Callable) -> tuple | None:
    """(hashable key, objects to keep alive) naming what `fn` computes: its code, what it
    closes over and its defaults; a bound method adds its instance. None: not keyable."""
    instance = getattr(fn, "__self__", None)
    func = getattr(fn, "__func__", fn)
    code = getattr(func, "__code__", None)
    if code is None:
        return None
    try:
        contents = tuple(c.cell_contents for c in func.__closure__ or ())
    except ValueError:  # a cell not yet assigned
        return None
    defaults = tuple(func.__defaults__ or ())
    # the module globals its code names (a step function defined in a loop at module level
    # reads the loop's model and optimizer as globals: each is another function)
    names = func.__globals__ if hasattr(func, "__globals__") else {}
    used = tuple(names.get(n) for n in code.co_names)
    alive = (instance, contents, defaults, used)
    return (code, id(instance), tuple(map(id, contents)), tuple(map(id, defaults)),
            tuple(map(id, used))), alive
