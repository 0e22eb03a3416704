"""Which strategy is in scope and which replica this thread is, per thread.

`strategy.scope()` pushes a strategy; `strategy.run` starts one thread per local
replica, each with a ReplicaContext. Outside any scope the default strategy and
its default replica context apply, as in TF (`get_strategy` and `get_replica_context`
are in strategy.py, beside the default strategy).
"""

from __future__ import annotations

import contextlib
import threading
from typing import Any, Iterator

from eagerflow._src.core.context import CALL_CONTEXT_KEY

_local = threading.local()


def _stack() -> list:
    s = getattr(_local, "strategies", None)
    if s is None:
        s = _local.strategies = []
    return s


def push_strategy(strategy: Any) -> None:
    _stack().append(strategy)
    CALL_CONTEXT_KEY[0] = call_context_key


def call_context_key() -> str | None:
    """Where a tf.function is called, for its trace cache: in a replica ("replica"), in a
    strategy's scope outside its replicas ("cross-replica"), else None. A function traced
    in a replica (its generators keyed by the replica) is traced again when called
    outside, as TF's call context tells them apart."""
    if getattr(_local, "replica", None) is not None:
        return "replica"
    return "cross-replica" if getattr(_local, "strategies", None) else None


def pop_strategy(strategy: Any) -> None:
    _stack().remove(strategy)


def current_replica_context() -> Any:
    """The ReplicaContext of this thread inside `strategy.run`, else None."""
    return getattr(_local, "replica", None)


def set_replica_context(ctx: Any) -> Any:
    prev = getattr(_local, "replica", None)
    _local.replica = ctx
    if ctx is not None:
        CALL_CONTEXT_KEY[0] = call_context_key
    return prev


def inherit(strategies: list) -> None:
    """Gives a replica thread its parent's strategy stack."""
    _local.strategies = list(strategies)


def current_strategies() -> list:
    return list(_stack())


def in_cross_replica_context() -> bool:
    return current_replica_context() is None and bool(_stack())


@contextlib.contextmanager
def update_scope() -> Iterator[None]:
    """Marks this thread as applying an update (TF's UpdateContext: an optimizer's step or
    `extended.update`), where a variable written in a replica needs no aggregation."""
    depth = getattr(_local, "updating", 0)
    _local.updating = depth + 1
    try:
        yield
    finally:
        _local.updating = depth


def in_update() -> bool:
    return getattr(_local, "updating", 0) > 0
