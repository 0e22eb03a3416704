"""keras.utils.Config (a dict with attribute access that can be frozen) and
keras.utils.get_source_inputs (the Input tensors a KerasTensor was computed from).

Keras layer level; plain Python over the functional graph's history.
"""

from __future__ import annotations

import json
from typing import Any

from eagerflow._src.keras.engine.keras_tensor import is_keras_tensor


class Config:
    """`keras.utils.Config(**kwargs)`: values read and set as attributes or items;
    `freeze()` makes it read-only."""

    __attrs__ = None

    def __init__(self, **kwargs: Any) -> None:
        object.__setattr__(self, "_config", kwargs)
        object.__setattr__(self, "_frozen", False)

    @property
    def frozen(self) -> bool:
        return self._frozen

    def freeze(self) -> None:
        object.__setattr__(self, "_frozen", True)

    def unfreeze(self) -> None:
        object.__setattr__(self, "_frozen", False)

    def _check_frozen(self) -> None:
        if self._frozen:
            raise ValueError("Cannot mutate attribute(s) because the config is frozen.")

    def as_dict(self) -> dict:
        return dict(self._config)

    def to_json(self) -> str:
        return json.dumps(self._config)

    def keys(self) -> Any:
        return self._config.keys()

    def values(self) -> Any:
        return self._config.values()

    def items(self) -> Any:
        return self._config.items()

    def pop(self, *args: Any) -> Any:
        self._check_frozen()
        return self._config.pop(*args)

    def update(self, *args: Any, **kwargs: Any) -> None:
        self._check_frozen()
        self._config.update(*args, **kwargs)

    def get(self, key: str, default: Any = None) -> Any:
        return self._config.get(key, default)

    def __setattr__(self, name: str, value: Any) -> None:
        self._check_frozen()
        self._config[name] = value

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_config", "_frozen"):
            raise AttributeError(name)
        try:
            return self._config[name]
        except KeyError:
            raise AttributeError(f"Unknown attribute: '{name}'.") from None

    def __setitem__(self, key: str, item: Any) -> None:
        self._check_frozen()
        self._config[key] = item

    def __getitem__(self, key: str) -> Any:
        return self._config[key]

    def __delitem__(self, key: str) -> None:
        self._check_frozen()
        del self._config[key]

    def __contains__(self, item: Any) -> bool:
        return item in self._config

    def __len__(self) -> int:
        return len(self._config)

    def __iter__(self) -> Any:
        return iter(self._config)

    def __repr__(self) -> str:
        return f"<Config {self._config}>"


def get_source_inputs(tensor: Any) -> list:
    """The Input KerasTensors `tensor` was computed from (a non-KerasTensor: itself)."""
    if not is_keras_tensor(tensor):
        return tensor
    history = tensor._keras_history
    node = history.layer._inbound_nodes[history.node_index]
    if node.is_input:
        return [tensor]
    sources: list = []
    for t in node.flat_inputs:
        for s in get_source_inputs(t):
            if all(s is not x for x in sources):
                sources.append(s)
    return sources
