"""Which strategy is in scope and which replica this thread is, per thread.

`strategy.scope()` pushes a strategy; `strategy.run` starts one thread per local
replica, each with a ReplicaContext. Outside any scope the default strategy and
its default replica context apply, as in TF.
"""

from __future__ import annotations

import threading
from typing import Any

_local = threading.local()


def _stack() -> list:
    s = getattr(_local, "strategies", None)
    if s is None:
        s = _local.strategies = []
    return s


def push_strategy(strategy: Any) -> None:
    _stack().append(strategy)


def pop_strategy(strategy: Any) -> None:
    _stack().remove(strategy)


def current_replica_context() -> Any:
    """The ReplicaContext of this thread inside `strategy.run`, else None."""
    return getattr(_local, "replica", None)


def set_replica_context(ctx: Any) -> Any:
    prev = getattr(_local, "replica", None)
    _local.replica = ctx
    return prev


def inherit(strategies: list) -> None:
    """Gives a replica thread its parent's strategy stack."""
    _local.strategies = list(strategies)


def current_strategies() -> list:
    return list(_stack())


def get_strategy() -> Any:
    ctx = current_replica_context()
    if ctx is not None:
        return ctx.strategy
    stack = _stack()
    if stack:
        return stack[-1]
    from eagerflow._src.distribute.strategy import default_strategy

    return default_strategy()


def has_strategy() -> bool:
    from eagerflow._src.distribute.strategy import default_strategy

    return get_strategy() is not default_strategy()


def in_cross_replica_context() -> bool:
    return current_replica_context() is None and bool(_stack())


def get_replica_context() -> Any:
    ctx = current_replica_context()
    if ctx is not None:
        return ctx
    if _stack():
        return None  # inside a strategy's scope but outside run(): cross-replica context
    from eagerflow._src.distribute.strategy import default_strategy

    return default_strategy()._default_replica_context


def get_cross_replica_context() -> Any:
    if current_replica_context() is not None:
        return None
    return get_strategy()
