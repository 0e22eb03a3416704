"""Distributed values: PerReplica, Mirrored and MirroredVariable.

A MirroredVariable keeps one copy of its value per replica. Inside a replica (a
thread run by `strategy.run`) reads and writes touch that replica's copy; in the
cross-replica context reads see the primary copy and writes reach every copy.
Because every replica applies the same all-reduced update, the copies stay equal.
A variable with an aggregation (MEAN for BatchNormalization's moving statistics, SUM,
ONLY_FIRST_REPLICA) combines a write made in a replica across the replicas first, as
TF does, so its copies stay equal even though each replica computes its own value.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.backend import to_host
from eagerflow._src.core import device, nest
from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.composite import CompositeSpec, CompositeTensor
from eagerflow._src.core.context import _state
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.distribute import collective_ops, context
from eagerflow._src.ops.math import equal
from eagerflow._src.ops.math_base import where, zeros_like
from eagerflow._src.ops.variables import (
    Variable,
    VariableAggregation,
    VariableSynchronization,
    is_tf_variable,
)


class DistributedValues:
    """Base of values that have one component per replica."""

    _kind = "DistributedValues"
    _is_distributed_value = True  # lets tf.function recognise them without importing us

    def __init__(self, values: tuple) -> None:
        self._values = tuple(values)

    @property
    def values(self) -> tuple:
        return self._values

    def _primary(self) -> Any:
        return self._values[0]

    def __repr__(self) -> str:  # the values' reprs, as TF's repr shows them
        body = ",\n".join(f"  {i}: {v!r}" for i, v in enumerate(self._values))
        return f"{self._kind}:{{\n{body}\n}}"

    def __str__(self) -> str:  # ... and their strs in print()
        body = ",\n".join(f"  {i}: {v!s}" for i, v in enumerate(self._values))
        return f"{self._kind}:{{\n{body}\n}}"


class PerReplica(DistributedValues):
    """Values that differ per replica (inputs and results of `strategy.run`)."""

    _kind = "PerReplica"

    @property
    def _type_spec(self) -> PerReplicaSpec:
        return PerReplicaSpec(*(v._type_spec if isinstance(v, CompositeTensor)
                                else TensorSpec.from_tensor(v) for v in self._values))


class PerReplicaSpec(CompositeSpec):
    """The type of a PerReplica, one spec per replica: what a distributed dataset's
    `element_spec` holds, and so what a tf.function's `input_signature` may name."""

    __slots__ = ("_value_specs",)

    def __init__(self, *value_specs: Any) -> None:
        self._value_specs = tuple(value_specs)

    @property
    def value_type(self) -> type:
        return PerReplica

    @property
    def _component_specs(self) -> list:
        return list(self._value_specs)

    @property
    def _flat_tensor_count(self) -> int:  # (one tensor per replica, as an op sees it)
        return len(self._value_specs)

    def _to_components(self, value: Any) -> list:
        return list(value.values)

    def _from_components(self, components: list) -> PerReplica:
        return PerReplica(components)

    def is_compatible_with(self, spec_or_value: Any) -> bool:
        other = spec_or_value
        if isinstance(other, PerReplica):
            other = other._type_spec
        return isinstance(other, PerReplicaSpec) and \
            len(other._value_specs) == len(self._value_specs) and \
            all(a.is_compatible_with(b) for a, b in zip(self._value_specs, other._value_specs))

    def _common(self, other: Any) -> PerReplicaSpec | None:
        if not isinstance(other, PerReplicaSpec) or \
                len(other._value_specs) != len(self._value_specs):
            return None
        common = [a.most_specific_common_supertype([b])
                  for a, b in zip(self._value_specs, other._value_specs)]
        return None if any(c is None for c in common) else PerReplicaSpec(*common)

    def __eq__(self, other: Any) -> bool:
        return isinstance(other, PerReplicaSpec) and self._value_specs == other._value_specs

    def __hash__(self) -> int:
        return hash(("PerReplicaSpec", self._value_specs))

    def __repr__(self) -> str:
        return f"PerReplicaSpec({', '.join(repr(s) for s in self._value_specs)})"


class Mirrored(DistributedValues):
    """Values known to be equal on every replica."""

    _kind = "Mirrored"


def current_replica_index() -> int | None:
    """The index of the replica running on this thread, or None in cross-replica context."""
    ctx = context.current_replica_context()
    return None if ctx is None else ctx.local_index


class MirroredVariable(Variable):
    """A variable with one copy per replica, kept in sync by identical updates."""

    _aggregates_replica_writes = True  # a replica's write is combined by the aggregation

    def _init_mirrored(self, copies: list, strategy: Any) -> None:
        self._copies = copies
        self._strategy = strategy

    def __init__(self, *args: Any, **kwargs: Any) -> None:  # pragma: no cover - guarded
        raise TypeError("MirroredVariable is created by a strategy's scope(), not directly")

    @classmethod
    def from_copies(cls, primary: Variable, copies: list, strategy: Any) -> MirroredVariable:
        if cls._aggregates_replica_writes and primary._aggregation == VariableAggregation.MEAN \
                and not primary.dtype.is_floating:
            raise ValueError("creating distributed tf.Variable with aggregation=MEAN and a "
                             "non-floating dtype is not supported, please use a different "
                             "aggregation or dtype")
        v = object.__new__(cls)
        v.__dict__.update({k: val for k, val in primary.__dict__.items()
                           if k not in ("_arr", "_device")})
        v._init_mirrored(copies, strategy)
        if v._synchronization == VariableSynchronization.AUTO:  # (TF's mirrored: ON_WRITE)
            v._synchronization = VariableSynchronization.ON_WRITE
            v._synchronization_given = VariableSynchronization.AUTO  # (what Keras 3 answers)
        return v

    @property
    def _device(self) -> str:
        """The device of the copy this thread's replica uses (the first outside them)."""
        i = current_replica_index()
        return self._strategy._devices[0 if i is None else i]

    @property
    def _arr(self) -> Any:
        i = current_replica_index()
        return self._copies[0 if i is None else i]

    @_arr.setter
    def _arr(self, value: Any) -> None:
        i = current_replica_index()
        if i is None:
            for k, name in enumerate(self._strategy._devices):
                self._copies[k] = value if k == 0 else \
                    device.copy_to_device(value, device.lookup(name))
        else:
            self._copies[i] = value

    def _write(self, t: Any, mode: str) -> Any:
        if self._aggregates_replica_writes and self._aggregation and \
                current_replica_index() is not None:
            # TF combines the value (or delta) of assign/assign_add/assign_sub made in a
            # replica before writing; with ops, so a traced replica graph does it too.
            t = _combine_replica_write(t, self._aggregation, self._strategy)
        out = super()._write(t, mode)
        if len(self._copies) > 1 and current_replica_index() is None and _state.graph is None:
            # TF returns every replica's new value, not a view of the variable
            return Mirrored([EagerTensor(c, self._dtype, d) for c, d in
                             zip(self._copies, self._strategy._devices)])
        return out

    @property
    def values(self) -> tuple:
        return tuple(_ComponentView(self, i) for i in range(len(self._copies)))

    def _get_on_device(self, i: int) -> Any:
        return self._copies[i]

    def __repr__(self) -> str:
        parts = []
        for i, c in enumerate(self.values):
            parts.append(f"  {i}: {c!r}")
        return "MirroredVariable:{\n" + ",\n".join(parts) + "\n}"


class SyncOnReadVariable(MirroredVariable):
    """A variable each replica updates on its own (metrics); reads outside the replicas
    combine the copies by the variable's aggregation (SUM by default), as TF's."""

    _aggregates_replica_writes = False  # each replica keeps its own contribution

    @property
    def _arr(self) -> Any:
        i = current_replica_index()
        if i is not None:
            return self._copies[i]
        if self._aggregation in (VariableAggregation.SUM, VariableAggregation.MEAN):
            first = device.lookup(self._strategy._devices[0])
            total = self._copies[0]
            for c in self._copies[1:]:
                total = total + device.to_device(c, first)
            if self._aggregation == VariableAggregation.MEAN:
                total = (total / len(self._copies)).astype(self._copies[0].dtype)
            return total
        return self._copies[0]

    @_arr.setter
    def _arr(self, value: Any) -> None:
        i = current_replica_index()
        if i is not None:
            self._copies[i] = value
            return
        # Cross-replica writes (reset_state, restore): the combined read gives `value` back.
        spread = self._aggregation == VariableAggregation.SUM
        for k, name in enumerate(self._strategy._devices):
            here = value if k == 0 else device.copy_to_device(value, device.lookup(name))
            self._copies[k] = here * 0 if k and spread else here

    def __repr__(self) -> str:
        return super().__repr__().replace("MirroredVariable", "SyncOnReadVariable", 1)


def _combine_replica_write(t: Any, aggregation: int, strategy: Any) -> Any:
    """A replica's write combined across the replicas: their mean or sum, or replica 0's."""
    if aggregation == VariableAggregation.ONLY_FIRST_REPLICA:
        first = equal(collective_ops.replica_id(strategy), 0)
        return collective_ops.all_reduce(where(first, t, zeros_like(t)), "SUM", strategy)
    op = "MEAN" if aggregation == VariableAggregation.MEAN else "SUM"
    return collective_ops.all_reduce(t, op, strategy)


class _ComponentView:
    """One replica's copy of a MirroredVariable, shown like a tf.Variable."""

    def __init__(self, var: MirroredVariable, index: int) -> None:
        self._var, self._index = var, index

    @property
    def name(self) -> str:
        base = self._var._name[:-2]
        return self._var._name if self._index == 0 else f"{base}/replica_{self._index}:0"

    def numpy(self) -> Any:
        a = to_host(self._var._copies[self._index])
        return a[()] if a.ndim == 0 else a.copy()

    def __repr__(self) -> str:
        a = to_host(self._var._copies[self._index])
        text = repr(a.item()) if a.ndim == 0 else repr(a)
        if "\n" in text:
            text = "\n" + text
        return (f"<tf.Variable '{self.name}' shape={self._var.shape} "
                f"dtype={dt.as_dtype(self._var.dtype).name}, numpy={text}>")


def select_replica(index: int, structure: Any) -> Any:
    """Each distributed value in `structure` replaced by its component for one replica."""
    def pick(x: Any) -> Any:
        if isinstance(x, DistributedValues):
            return x._values[index]
        return x
    return nest.map_structure(pick, structure)


def regroup(per_replica_results: list, wrap_same: bool = False,
            always_wrap: bool = False) -> Any:
    """[structure per replica] -> one structure whose leaves are PerReplica values. An
    object that every replica gave (a Python number, a tensor made outside) stays itself,
    as TF's regroup leaves it (in `run`'s results and merge_call's arguments alike);
    `wrap_same=True` makes it Mirrored, `always_wrap=True` PerReplica (None included, as
    experimental_distribute_values_from_function gives it; a distributed variable stays
    itself)."""
    first = per_replica_results[0]
    flats = [nest.flatten(r) for r in per_replica_results]
    leaves = []
    for parts in zip(*flats):
        if always_wrap:
            same_var = isinstance(parts[0], MirroredVariable) and all(p is parts[0]
                                                                       for p in parts)
            leaves.append(parts[0] if same_var else PerReplica(parts))
        elif all(p is parts[0] for p in parts):
            # the same object everywhere: itself (Mirrored when asked)
            leaves.append(parts[0] if is_tf_variable(parts[0]) or parts[0] is None
                          or not wrap_same else Mirrored(parts))
        else:
            leaves.append(PerReplica(parts))
    return nest.pack_sequence_as(first, leaves)
