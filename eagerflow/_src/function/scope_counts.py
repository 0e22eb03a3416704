"""How many times each variable scope name was opened: what TF's
`variable_scope(None, default_name=...)` makes a name unique by ("w/ExponentialMovingAverage",
then "..._1"), one table per graph (TF keeps it in a graph collection).

Function layer, beside session.py's global default graph: eager code and tf.functions share
that graph's table (as TF's share its eager store), so tf.compat.v1.reset_default_graph (and
Keras's clear_session) starts it anew; a TF 1 graph has its own. v1/variable_scope.py and
train/moving_averages.py (whose averages TF names in such scopes) count in it.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.context import _state
from eagerflow._src.function.session import _default_graph


def store_graph() -> Any:
    """The graph whose variable-scope state (and collections) TF 1 code uses: the TF 1 graph
    being built, or the global default graph eagerly and in a tf.function."""
    g = _state.graph
    return _default_graph() if g is None or g.building_function else g


def counts() -> dict:
    """The scope counts of store_graph()."""
    return store_graph().__dict__.setdefault("_variable_scope_counts", {})


def open_scope(table: dict, name: str) -> None:
    """Counts scope `name` opened; its sub-scopes' counts start over, as TF's."""
    table[name] = table.get(name, 0) + 1
    prefix = name + "/"
    for k in list(table):
        if k.startswith(prefix):
            table[k] = 0


def unique_scope(table: dict, current: str, prefix: str) -> str:
    """`prefix`, or `prefix_<n>` where a scope of that name under `current` (the enclosing
    scope's name) was opened already."""
    name = f"{current}/{prefix}" if current else prefix
    if table.get(name, 0) == 0:
        return prefix
    i = 1
    while table.get(f"{name}_{i}", 0) > 0:
        i += 1
    return f"{prefix}_{i}"
