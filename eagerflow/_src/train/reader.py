"""tf.train.load_checkpoint / list_variables / load_variable: reading checkpoints by key.

Sits on io/tensor_bundle.py (and io/tensor_slices.py for TF 1's V1 files) and
checkpoint_management.py. Accepts a checkpoint prefix
or a directory (whose latest checkpoint is used).
"""

from __future__ import annotations

import os
from typing import Any

from eagerflow._src.core.errors import NotFoundError
from eagerflow._src.io.tensor_bundle import missing_data
from eagerflow._src.io.tensor_slices import open_reader
from eagerflow._src.ops.checks import dt_enum
from eagerflow._src.train.checkpoint_management import latest_checkpoint


class CheckpointReader:
    """Reads the tensors of one checkpoint by key (what tf.train.load_checkpoint returns)."""

    def __init__(self, prefix: str) -> None:
        self._prefix = prefix
        self._bundle = open_reader(prefix)  # (TF 1's V1 file where there is no index)

    def get_tensor(self, tensor_str: str) -> Any:
        """The value stored under `tensor_str`: a NumPy array, scalar, or bytes."""
        try:
            arr = self._bundle.read(tensor_str)
        except NotFoundError as e:  # (a missing data file: TF's reader's OpError)
            raise missing_data(e) from None
        return arr[()] if arr.ndim == 0 else arr

    def has_tensor(self, tensor_str: str) -> bool:
        return self._bundle.has(tensor_str)

    def get_variable_to_shape_map(self) -> dict:
        return {k: self._bundle.shape(k) for k in self._bundle.keys()}

    def get_variable_to_dtype_map(self) -> dict:
        return {k: self._bundle.dtype(k) for k in self._bundle.keys()}

    def debug_string(self) -> bytes:
        lines = [f"{k} ({dt_enum(self._bundle.dtype(k))}) "
                 f"[{','.join(str(d) for d in self._bundle.shape(k))}]"
                 for k in self._bundle.keys()]
        return ("\n".join(lines) + "\n").encode("utf-8")


def _resolve(ckpt_dir_or_file: Any) -> str:
    path = os.fspath(ckpt_dir_or_file)
    if os.path.isdir(path):
        latest = latest_checkpoint(path)
        if latest is None:
            raise ValueError(f"Couldn't find 'checkpoint' file or checkpoints in given directory "
                             f"{path}")
        return latest
    return path


def load_checkpoint(ckpt_dir_or_file: Any) -> CheckpointReader:
    """A CheckpointReader for a checkpoint prefix, or for the latest one in a directory."""
    return CheckpointReader(_resolve(ckpt_dir_or_file))


def load_variable(ckpt_dir_or_file: Any, name: str) -> Any:
    """The value saved under key `name` (a trailing ':0' is ignored)."""
    if name.endswith(":0"):
        name = name[:-2]
    return load_checkpoint(ckpt_dir_or_file).get_tensor(name)


def list_variables(ckpt_dir_or_file: Any) -> list:
    """Sorted (key, shape) pairs of every tensor in a checkpoint."""
    reader = load_checkpoint(ckpt_dir_or_file)
    shapes = reader.get_variable_to_shape_map()
    return [(name, shapes[name]) for name in sorted(shapes)]
