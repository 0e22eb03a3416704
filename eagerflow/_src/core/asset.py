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
from eagerflow._src.core.errors import InvalidArgumentError
from eagerflow._src.core.py_conversion import object_scalar
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.trackable import Trackable


class Asset(Trackable):
    """tf.saved_model.Asset: a file a SavedModel carries in its assets/ directory."""

    def __init__(self, path: Any) -> None:
        if not isinstance(path, (str, bytes, os.PathLike, Tensor)):
            # (TF converts any other path to a string tensor: its refusals, and a list
            # of one taken as a vector, refused only where the file is read)
            path = convert_to_tensor(path, dtype=dt.string, name="asset_path")
        elif isinstance(path, Tensor) and path.dtype is not dt.string:
            convert_to_tensor(path, dtype=dt.string, name="asset_path")
        if isinstance(path, Tensor):
            if path.shape.rank != 0:
                self._path, self._tensor = None, path  # (not one file: see `path_of`)
                return
            path = path.numpy()
        if isinstance(path, bytes):
            path = path.decode()
        self._path = os.fspath(path)
        self._tensor = EagerTensor(object_scalar(self._path.encode()), dt.string)

    def path_of(self, op: str) -> str:
        """The one file's path, for `op` to read (TF's kernels refuse a path of any other
        shape, naming it)."""
        if self._path is None:
            dims = ",".join(str(d) for d in self._tensor.shape.as_list())
            raise InvalidArgumentError(
                None, None, f"filename should be a single string, but got [{dims}] [Op:{op}]")
        return self._path

    @property
    def asset_path(self) -> EagerTensor:
        return self._tensor

    def __tf_tensor__(self, dtype: Any = None, name: Any = None) -> Tensor:
        """Its path, as TF's conversion of an Asset gives it (`tf.strings.length(asset)`,
        a tf.function returning it)."""
        return convert_to_tensor(self._tensor, dtype=dtype)

    def __repr__(self) -> str:
        return f"<tf.saved_model.Asset path={self._path!r}>"
