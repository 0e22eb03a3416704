"""`tf.compat.v1.layers` as TF 2.21 has it with Keras 3: a lazy loader of Keras 2's
legacy layers that Keras 3 does not ship, so every name it is asked for is refused.

Sits in v1/ (nothing imports it but tf.compat.v1). The object is TF's `KerasLazyLoader`:
its repr, its module name, an AttributeError naming the missing layer function or class
("`dense` is not available with Keras 3."), and the ModuleNotFoundError TF raises when
the module itself must be loaded (`dir()`).
"""

from __future__ import annotations

import types
from typing import Any

_MODULE = "keras._tf_keras.keras.__internal__.legacy.layers"


class KerasLazyLoader(types.ModuleType):
    """TF's lazy loader of `keras._tf_keras.keras.__internal__.legacy.layers`."""

    def __init__(self, module: str = _MODULE, text: str = "<KerasLazyLoader>") -> None:
        super().__init__(module)
        self.__dict__["_text"] = text

    def __getattr__(self, item: str) -> Any:
        if item.startswith("__") and item.endswith("__"):
            raise AttributeError(item)
        raise AttributeError(f"`{item}` is not available with Keras 3.")

    def __dir__(self) -> list:
        raise ModuleNotFoundError("No module named 'keras._tf_keras.keras.__internal__'")

    def __repr__(self) -> str:
        return self.__dict__["_text"]


layers = KerasLazyLoader()

__all__ = ["KerasLazyLoader", "layers"]
