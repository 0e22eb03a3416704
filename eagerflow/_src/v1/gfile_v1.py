"""`tf.compat.v1.gfile`: TF 1's file functions (`Exists`, `GFile`, `Glob`, `MakeDirs`,
`ListDirectory`, `Walk`, ...) under their TF 1 names and parameter names, over
`tf.io.gfile` (io/gfile.py), as TF 2.21's `file_io` functions call its v2 ones.

TF 1 layer (v1/), loaded with `tf.compat.v1.gfile`. `FastGFile` is TF's deprecated
GFile (its notice on construction).
"""

from __future__ import annotations

from typing import Any

from eagerflow._src.core.api_names import tf_name
from eagerflow._src.core.tf_logging import deprecated_call
from eagerflow._src.io import gfile as _g

GFile = Open = _g.GFile


class FastGFile(_g.GFile):
    """`tf.compat.v1.gfile.FastGFile`: GFile behind TF's deprecation notice."""

    def __init__(self, name: Any, mode: str = "r") -> None:
        deprecated_call("FastGFile.__init__", "tensorflow.python.platform.gfile",
                        "Use tf.gfile.GFile.")
        super().__init__(name, mode)


@tf_name("copy")
def Copy(oldpath: Any, newpath: Any, overwrite: bool = False) -> None:  # noqa: N802
    _g.copy(oldpath, newpath, overwrite)


@tf_name("delete_recursively")
def DeleteRecursively(dirname: Any) -> None:  # noqa: N802
    _g.rmtree(dirname)


@tf_name("file_exists")
def Exists(filename: Any) -> bool:  # noqa: N802
    return _g.exists(filename)


@tf_name("get_matching_files")
def Glob(filename: Any) -> list:  # noqa: N802
    return _g.glob(filename)


@tf_name("is_directory")
def IsDirectory(dirname: Any) -> bool:  # noqa: N802
    return _g.isdir(dirname)


@tf_name("list_directory")
def ListDirectory(dirname: Any) -> list:  # noqa: N802
    return _g.listdir(dirname)


@tf_name("recursive_create_dir")
def MakeDirs(dirname: Any) -> None:  # noqa: N802
    _g.makedirs(dirname)


@tf_name("create_dir")
def MkDir(dirname: Any) -> None:  # noqa: N802
    _g.mkdir(dirname)


@tf_name("delete_file")
def Remove(filename: Any) -> None:  # noqa: N802
    _g.remove(filename)


@tf_name("rename")
def Rename(oldname: Any, newname: Any, overwrite: bool = False) -> None:  # noqa: N802
    _g.rename(oldname, newname, overwrite)


@tf_name("stat")
def Stat(filename: Any) -> Any:  # noqa: N802
    return _g.stat(filename)


@tf_name("walk")
def Walk(top: Any, in_order: bool = True) -> Any:  # noqa: N802
    """(dirname, subdirectories, files) for `top` and each directory below it; parents
    first when `in_order`."""
    return _g.walk(top, topdown=in_order)
