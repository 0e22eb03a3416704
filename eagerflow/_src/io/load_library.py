"""tf.load_op_library, tf.load_library, tf.compat.v1.load_file_system_library and
tf.experimental.register_filesystem_plugin: TF's loaders of C++ shared libraries.

io/ layer. eagerflow's ops are Python, so no TF C++ library can add kernels or file
systems to it. The loaders check what TF checks first (a path that does not exist: TF's
FileNotFoundError, or the dynamic loader's error), by asking the system's dynamic loader
as TF does (`dlopen`, through ctypes), so a missing or broken file fails with TF's
NotFoundError and message; a library that loads (it still adds nothing here) is refused
with an UnimplementedError saying why.
"""

from __future__ import annotations

import ctypes
import errno
import os
import platform
from typing import Any

from eagerflow._src.core.errors import NotFoundError, UnimplementedError
from eagerflow._src.core.tf_logging import deprecated_call

_WHY = ("eagerflow is TensorFlow's programming model in Python: it cannot run the C++ "
        "kernels{what} of a TensorFlow shared library")


def _dlopen(path: str, what: str) -> None:
    """The dynamic loader's verdict on `path`: TF's NotFoundError with its message when it
    fails, else the UnimplementedError saying that eagerflow can't use the library."""
    try:
        ctypes.CDLL(path, mode=getattr(os, "RTLD_LOCAL", 0) | getattr(os, "RTLD_NOW", 0))
    except OSError as e:
        message = str(e)
        if "libtensorflow" in message:  # (built against TF's framework library)
            message += " (" + _WHY.format(what=what) + ")"
        raise NotFoundError(None, None, message) from None
    raise UnimplementedError(None, None, f"{path}: " + _WHY.format(what=what))


def load_op_library(library_filename: Any) -> Any:
    """TF's loader of a library of custom ops (refused: see the module's docstring)."""
    _dlopen(os.fspath(library_filename), " and ops")


def _is_shared_object(filename: str) -> bool:
    """TF's test of a file name in a folder of kernel libraries."""
    system = platform.system()
    if system == "Linux":
        if filename.endswith(".so"):
            return True
        index = filename.rfind(".so.")
        return index != -1 and filename[index + 4:index + 5].isdecimal()
    if system == "Darwin":
        return filename.endswith(".dylib")
    return system == "Windows" and filename.endswith(".dll")


def load_library(library_location: Any) -> None:
    """TF's loader of kernel libraries: a file, or every shared object in a folder."""
    if not os.path.exists(library_location):
        raise FileNotFoundError(errno.ENOENT, "The file or folder to load kernel libraries "
                                              "from does not exist.", library_location)
    if os.path.isdir(library_location):
        libraries = [os.path.join(library_location, f) for f in os.listdir(library_location)
                     if _is_shared_object(f)]
    else:
        libraries = [library_location]
    for lib in libraries:
        _dlopen(os.fspath(lib), "")


def load_file_system_library(library_filename: Any) -> None:
    """TF 1's loader of a file system library (deprecated for tf.load_library)."""
    deprecated_call("load_file_system_library", "tensorflow.python.framework.load_library",
                    "Use `tf.load_library` instead.")
    _dlopen(os.fspath(library_filename), " and file systems")


def register_filesystem_plugin(plugin_location: Any) -> None:
    """TF's loader of a file system plugin."""
    if not os.path.exists(plugin_location):
        raise FileNotFoundError(errno.ENOENT, "The file to load file system plugin from does "
                                              "not exist.", plugin_location)
    _dlopen(os.fspath(plugin_location), " and file systems")
