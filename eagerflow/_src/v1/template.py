"""TF 1's helpers over variable_scope.py: `make_template` (a function whose get_variable
calls make their variables on the first call and share them on every later one) and
`create_partitioned_variables` (a partitioned variable's parts, sliced as told).

TF 1 layer (v1/). A template the template opens its variable scope (made
unique, "name", "name_1", ..., when it is first needed: at construction with
`create_scope_now_`, else on the first call), without reuse on the first call and with it
after, so get_variable finds the variables the first call made. A later call that makes
a new trainable variable (a tf.Variable where get_variable was meant) is an error, as in
TF. Eagerly the template keeps the variables the same way (the eager store of
get_variable's variables).
"""

from __future__ import annotations

import functools
import re
import traceback
from typing import Any, Callable

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.function.compat_v1 import get_default_graph
from eagerflow._src.function.graph_variables import GraphKeys
from eagerflow._src.v1.variable_scope import _store, variable_scope


class Template:
    """A function sharing the variables its first call made with get_variable."""

    def __init__(self, name: str, func: Callable, create_scope_now: bool = False,
                 unique_name: str | None = None, custom_getter: Any = None) -> None:
        self._func = func
        self._stacktrace = traceback.format_stack()[:-2]
        self._name = name
        self._unique_name = unique_name
        self._custom_getter = custom_getter
        if name is None:
            raise ValueError("name cannot be None.")
        self._variable_scope = None
        if create_scope_now:
            with variable_scope(self._unique_name, self._name,
                                custom_getter=self._custom_getter,
                                auxiliary_name_scope=False) as vs:
                self._variable_scope = vs
        self._variables_created = False
        self._first_call = True
        self._eager_vars: dict = {}  # (eagerly: this template's own get_variable variables)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if _state.graph is not None:
            return self._call_in_scope(args, kwargs)
        store = _store()
        saved = store.vars, store.keeps
        store.vars, store.keeps = self._eager_vars, True
        try:
            return self._call_in_scope(args, kwargs)
        finally:
            store.vars, store.keeps = saved

    def _call_in_scope(self, args: tuple, kwargs: dict) -> Any:
        if self._variable_scope is not None:
            with variable_scope(self._variable_scope, reuse=not self._first_call):
                return self._call_func(args, kwargs)
        with variable_scope(self._unique_name, self._name,
                            custom_getter=self._custom_getter) as vs:
            self._variable_scope = vs
            return self._call_func(args, kwargs)

    def _call_func(self, args: tuple, kwargs: dict) -> Any:
        try:
            trainable_at_start = len(self._all(GraphKeys.TRAINABLE_VARIABLES))
            result = self._func(*args, **kwargs)
            if self._variables_created:
                trainable = self._all(GraphKeys.TRAINABLE_VARIABLES)
                if len(trainable) != trainable_at_start:
                    raise ValueError("Trainable variable created when calling a template "
                                     "after the first time, perhaps you used tf.Variable "
                                     "when you meant tf.get_variable: "
                                     f"{trainable[trainable_at_start:]}")
            else:
                self._variables_created = True
            self._first_call = False
            return result
        except Exception as exc:
            head = exc.args[0] if exc.args else ""
            trace = "".join(self._stacktrace)
            exc.args = (f"{head}\n\noriginally defined at:\n{trace}",) + exc.args[1:]
            raise

    def _all(self, key: str, scope: str | None = None) -> list:
        """The variables of collection `key` (eagerly, where there are no collections: the
        template's own) under `scope`."""
        if _state.graph is not None:
            return get_default_graph().get_collection(key, scope)
        found = [v for v in self._eager_vars.values()
                 if key != GraphKeys.TRAINABLE_VARIABLES or v.trainable]
        return [v for v in found if scope is None or re.match(scope, v.name)]

    @property
    def name(self) -> str:
        return self._name

    @property
    def func(self) -> Callable:
        return self._func

    @property
    def variable_scope(self) -> Any:
        return self._variable_scope

    @property
    def variable_scope_name(self) -> str | None:
        """The variable scope's name with a trailing "/" (a prefix of its variables')."""
        if self._variable_scope is None:
            return None
        name = self._variable_scope.name
        return name if not name or name.endswith("/") else name + "/"

    @property
    def variables(self) -> list:
        return self.global_variables + self.local_variables

    @property
    def trainable_variables(self) -> list:
        return self._scoped(GraphKeys.TRAINABLE_VARIABLES)

    @property
    def non_trainable_variables(self) -> list:
        trainable = {id(v) for v in self.trainable_variables}
        return [v for v in self.global_variables if id(v) not in trainable]

    @property
    def global_variables(self) -> list:
        return self._scoped(GraphKeys.GLOBAL_VARIABLES)

    @property
    def local_variables(self) -> list:
        return [] if _state.graph is None else self._scoped(GraphKeys.LOCAL_VARIABLES)

    trainable_weights = trainable_variables
    non_trainable_weights = non_trainable_variables
    weights = variables

    def _scoped(self, key: str) -> list:
        if not self._variables_created:
            return []
        return self._all(key, re.escape(self.variable_scope_name))


def make_template(name_: str, func_: Callable, create_scope_now_: bool = False,
                  unique_name_: str | None = None, custom_getter_: Any = None,
                  **kwargs: Any) -> Template:
    """`func_` (with `kwargs` bound) as a Template: its get_variable variables are made in
    the scope `name_` on the first call and shared by the later ones."""
    if kwargs:
        func_ = functools.wraps(func_)(functools.partial(func_, **kwargs))
    if _state.graph is None and unique_name_ is not None:
        raise ValueError("unique_name_ cannot be used when eager execution is enabled.")
    return Template(name_, func_, create_scope_now=create_scope_now_,
                    unique_name=unique_name_, custom_getter=custom_getter_)


def create_partitioned_variables(shape: Any, slicing: Any, initializer: Any,
                                 dtype: Any = dt.float32, trainable: bool = True,
                                 collections: Any = None, name: str | None = None,
                                 reuse: Any = None) -> list:
    """The parts of a partitioned variable of `shape` cut `slicing[i]` times along each
    axis i, in the variable scope `name` (default "PartitionedVariable", made unique)."""
    deprecated_call("create_partitioned_variables",
                    "tensorflow.python.ops.partitioned_variables",
                    "Use `tf.get_variable` with a partitioner set.")
    if len(shape) != len(slicing):
        raise ValueError("The 'shape' and 'slicing' of a partitioned Variable must have the "
                         f"length: shape: {shape}, slicing: {slicing}")
    if len(shape) < 1:
        raise ValueError(f"A partitioned Variable must have rank at least 1: shape: {shape}")
    with variable_scope(name, "PartitionedVariable", reuse=reuse) as scope:
        partitioned = _store().get_variable(
            scope.name, shape=shape, dtype=dtype, initializer=initializer,
            reuse=scope.reuse, trainable=trainable, collections=collections,
            partitioner=lambda **_: list(slicing))
        return list(partitioned)
