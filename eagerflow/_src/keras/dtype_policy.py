"""keras.DTypePolicy (alias keras.mixed_precision.Policy) and the global dtype policy.

A policy names a layer's two dtypes: the one its computations run in and the one its
variables are stored in. `'float32'` (or any float dtype) uses the same for both;
`'mixed_float16'` and `'mixed_bfloat16'` compute in 16 bits and keep float32 variables.
Layers created without `dtype=` take the global policy (`set_global_policy`), which
starts as `keras.backend.floatx()`. Sits on backend.
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.keras import backend as kb

_MIXED = {"mixed_float16": "float16", "mixed_bfloat16": "bfloat16"}


class DTypePolicy:
    """`DTypePolicy(name=None)`: `'float32'`, `'mixed_float16'`, ... (None: the global)."""

    def __init__(self, name: str | None = None) -> None:
        if name is None:
            name = dtype_policy().name
        self._name = name
        self._compute_dtype, self._variable_dtype = self._parse_name(name)

    @staticmethod
    def _parse_name(name: Any) -> tuple:
        if not isinstance(name, str):
            raise TypeError("'name' must be a string, such as 'mixed_float16'. Received: "
                            f"name={name} (of type {type(name)})")
        if name in _MIXED:
            return _MIXED[name], "float32"
        try:
            dtype = kb.standardize_dtype(name).name
        except (TypeError, ValueError):
            raise ValueError(f"Cannot convert '{name}' to a mixed precision DTypePolicy. "
                             "Valid policies include 'mixed_float16', 'mixed_bfloat16', and "
                             "the name of any float dtype such as 'float32'.") from None
        return dtype, dtype

    @property
    def name(self) -> str:
        return self._name

    @property
    def compute_dtype(self) -> str:
        return self._compute_dtype

    @property
    def variable_dtype(self) -> str:
        return self._variable_dtype

    @property
    def quantization_mode(self) -> None:
        return None

    def get_config(self) -> dict:
        return {"name": self.name}

    @classmethod
    def from_config(cls, config: dict) -> DTypePolicy:
        return cls(**config)

    def __repr__(self) -> str:
        return f'<{type(self).__name__} "{self._name}">'

    def __eq__(self, other: Any) -> bool:
        if type(other) is not type(self):
            return False
        return self._name == other._name

    def __hash__(self) -> int:
        return hash(self._name)


Policy = DTypePolicy


class FloatDTypePolicy(DTypePolicy):
    """A float DTypePolicy under Keras 3's older name (its own class, as there)."""

_GLOBAL: list = [None]


def set_dtype_policy(policy: Any) -> None:
    """Sets the policy of layers created without `dtype=` (a name or a DTypePolicy)."""
    if not isinstance(policy, DTypePolicy):
        if not isinstance(policy, str):
            raise ValueError("Invalid `policy` argument. Expected the string name of a policy "
                             "(such as 'mixed_float16') or a `DTypePolicy` instance. Received: "
                             f"policy={policy} (of type {type(policy)})")
        policy = DTypePolicy(policy)
    _GLOBAL[0] = policy


def dtype_policy() -> DTypePolicy:
    """The global policy (`floatx()` until one is set)."""
    if _GLOBAL[0] is None:
        _GLOBAL[0] = DTypePolicy(kb.floatx())
    return _GLOBAL[0]


set_global_policy = set_dtype_policy
global_policy = dtype_policy


def get(identifier: Any) -> DTypePolicy:
    """A policy from None (the global one), a name, a dtype, a config dict, or a policy."""
    if identifier is None:
        return dtype_policy()
    if isinstance(identifier, DTypePolicy):
        return identifier
    if isinstance(identifier, dict):
        return DTypePolicy.from_config(identifier.get("config", {}))
    if isinstance(identifier, str):
        return DTypePolicy(identifier)
    if isinstance(identifier, dt.DType) or hasattr(identifier, "dtype") or \
            isinstance(identifier, type):
        return DTypePolicy(kb.standardize_dtype(identifier).name)
    raise ValueError(f"Cannot interpret `dtype` argument. Expected a string or an instance of "
                     f"DTypePolicy. Received: dtype={identifier}")


def serialize(policy: DTypePolicy) -> dict:
    return {"module": "keras", "class_name": type(policy).__name__,
            "config": policy.get_config(), "registered_name": None}


def deserialize(config: dict, custom_objects: dict | None = None) -> DTypePolicy:
    return get(config)
