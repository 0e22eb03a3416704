"""tf.train.experimental.PythonState: Python state that checkpoints save and restore.

Train layer: a subclass says how its state becomes a string (`serialize`) and back
(`deserialize`); checkpoints store that string under the object's `py_state` attribute, as
TF's do, through the `_serialize_to_tensors`/`_restore_from_tensors` pair that
graph_view.py and restore.py call.
"""

from __future__ import annotations

import abc
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.tensor import convert_to_tensor
from eagerflow._src.core.trackable import Trackable


class PythonState(Trackable, metaclass=abc.ABCMeta):
    """A trackable whose checkpointed value is the string its `serialize()` returns."""

    @abc.abstractmethod
    def serialize(self) -> Any:
        """This object's state as a string (str or bytes)."""

    @abc.abstractmethod
    def deserialize(self, string_value: bytes) -> Any:
        """Restores the state from the bytes `serialize()` returned."""

    def _serialize_to_tensors(self) -> dict:
        return {"py_state": convert_to_tensor(self.serialize(), dtype=dt.string)}

    def _restore_from_tensors(self, restored_tensors: dict) -> Any:
        value = restored_tensors["py_state"]
        return self.deserialize(bytes(value[()] if hasattr(value, "shape") else value))
