"""tf.experimental.Optional (what `get_next_as_optional()` returns) and SparseTensorValue.

Data layer.
"""

from __future__ import annotations

import collections
from typing import Any

import numpy as np

from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.tensor import EagerTensor
from eagerflow._src.data.structure import normalize_element, structure_spec

SparseTensorValue = collections.namedtuple("SparseTensorValue",
                                           ["indices", "values", "dense_shape"])


class Optional:
    """A value that may be absent: `has_value()`, `get_value()`."""

    def __init__(self, value: Any, has: bool, element_spec: Any) -> None:
        self._value = value
        self._has = has
        self._element_spec = element_spec

    @staticmethod
    def from_value(value: Any) -> Optional:
        value = normalize_element(value)
        return Optional(value, True, structure_spec(value))

    @staticmethod
    def empty(element_spec: Any) -> Optional:
        return Optional(None, False, element_spec)

    def has_value(self, name: str | None = None) -> EagerTensor:
        return EagerTensor(np.array(self._has))

    def get_value(self, name: str | None = None) -> Any:
        if not self._has:
            raise InvalidArgumentError(None, None, "The optional does not have a value "
                                       "[Op:OptionalGetValue]")
        return self._value

    @property
    def element_spec(self) -> Any:
        return self._element_spec

    def __repr__(self) -> str:
        return f"<Optional has_value={self._has} element_spec={self._element_spec!r}>"
