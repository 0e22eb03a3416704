"""tf.saved_model.Asset: a file a SavedModel carries in its assets/ directory.

Core layer (a lookup table's TextFileInitializer tracks its file as one; saved_model/
copies the files). An Asset's `asset_path` is a string tensor; a traced function that
uses it reads it as a captured argument, so that a loaded SavedModel passes the path of
its own copy of the file (assets/<name>), wherever it was moved.
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable


class Asset(Trackable):
    """tf.saved_model.Asset: a file a SavedModel carries in its assets/ directory."""

    def __init__(self, path: Any) -> None:
        if isinstance(path, Tensor):
            path = path.numpy()
        if isinstance(path, bytes):
            path = path.decode()
        self._path = os.fspath(path)
        self._tensor = EagerTensor(object_scalar(self._path.encode()), dt.string)

    @property
    def asset_path(self) -> EagerTensor:
        return self._tensor

    def __tf_tensor__(self, dtype: Any = None, name: Any = None) -> Tensor:
        """Its path, as TF's conversion of an Asset gives it (`tf.strings.length(asset)`,
        a tf.function returning it)."""
        return convert_to_tensor(self._tensor, dtype=dtype)

    def __repr__(self) -> str:
        return f"<tf.saved_model.Asset path={self._path!r}>"
