"""`tf.compat.v1.resource_loader`: paths of the data files that sit beside a script.

TF 1 layer (v1/). Paths are relative to the directory of the calling script's file (its
frame's), as TF's are outside a Bazel runfiles tree; `get_root_dir_with_all_resources`
walks up from there to the directory inside a `.runfiles` one, if any. `load_resource`
and a path asked for by this module itself are relative to this module's directory, as
TF's are to its own (TF's resources are not shipped here, so loading one of TF's paths
fails with FileNotFoundError as a missing file does in TF).
"""

from __future__ import annotations

import inspect
import os
import sys


def _caller_dir(depth: int) -> str:
    return os.path.dirname(inspect.getfile(sys._getframe(depth + 1)))


def get_data_files_path() -> str:
    """The directory of the calling script's file."""
    return _caller_dir(1)


def get_root_dir_with_all_resources() -> str:
    """The directory just inside the nearest `.runfiles` directory above this module's
    directory, else that directory itself (TF's search, started from its own module)."""
    start = _caller_dir(0)
    path = start
    while True:
        parent = os.path.dirname(path)
        if ".runfiles" in os.path.basename(parent):
            return path
        if ".runfiles" in os.path.basename(path) or parent == path:
            return start
        path = parent


def get_path_to_datafile(path: str) -> str:
    """`path` joined to the directory of the calling script's file."""
    return os.path.join(_caller_dir(1), path)


def load_resource(path: str) -> bytes:
    """The bytes of `path`, relative to this module's directory."""
    with open(get_path_to_datafile(path), "rb") as f:
        return f.read()


def readahead_file_path(path: str, readahead: str = "128M") -> str:
    """`path` itself (readahead is not implemented, as in TF)."""
    return path
