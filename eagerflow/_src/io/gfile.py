"""tf.io.gfile: file-system helpers over the local file system (os, shutil, glob).

Bottom layer. Failures raise TF's error classes and messages (NotFoundError "<path>; No
such file or directory", FailedPreconditionError for a directory where a file is wanted,
AlreadyExistsError "file already exists" for copy/rename without overwrite, ...).

GFile is TF's FileIO: nothing is opened when it is made; the first read opens a read
stream (raw bytes: read() keeps '\\r', readline() drops it, as TF's buffered stream does)
and the first write opens a writer (truncating unless the mode has 'a'); close() drops
both, so a later read starts again at the top and a later write truncates again. Text
modes decode UTF-8 strictly, n counting bytes. The file systems are the local one only:
a path of another scheme (gs://, ram://) fails as a scheme TF has no file system for.
"""

from __future__ import annotations

import glob as _glob
import os
import shutil
from typing import Any

from eagerflow._src.core.errors import (
    AlreadyExistsError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    PermissionDeniedError,
)
from eagerflow._src.io.file_errors import local_path, os_error


def _name(path: Any) -> str:
    """The path as a string, "file://" dropped: for the functions for which TF answers
    any other scheme's path without failing (isdir, listdir, walk, join)."""
    name = os.fsdecode(path.numpy() if hasattr(path, "numpy") else path)
    return name[len("file://"):] if name.startswith("file://") else name


def _p(path: Any) -> str:
    """The local file name of a path; a path of a scheme without a file system here fails
    as TF's (UnimplementedError)."""
    return local_path(_name(path))


def _bytes(value: Any) -> bytes:
    """TF's compat.as_bytes: str (as UTF-8), bytes or bytearray, else TypeError."""
    if isinstance(value, str):
        return value.encode("utf-8")
    if isinstance(value, (bytes, bytearray)):
        return bytes(value)
    raise TypeError(f"Expected binary or unicode string, got {value!r}")


def exists(path: Any) -> bool:
    return os.path.exists(_p(path))


def isdir(path: Any) -> bool:
    return os.path.isdir(_name(path))


def glob(pattern: Any) -> list:
    """The paths matching a pattern or each of an iterable of patterns (TF iterates any
    non-str argument, so bytes are a sequence of ints, refused)."""
    pats = [pattern] if isinstance(pattern, str) else pattern
    out: list = []
    for p in pats:
        _bytes(p)
        out.extend(matches(os.fsdecode(p)))
    return out


def matches(pattern: str, in_listing_order: bool = False, op: str | None = None) -> list:
    """The sorted paths matching glob `pattern`, spelled as TF's GetMatchingPaths spells
    them: a pattern whose first wildcard comes before any "/" is matched in ".", and its
    matches say so ("./a.csv" for "*.csv"); a "file://" pattern's matches keep the scheme.
    `in_listing_order`: unsorted, in the order the file system lists them, as
    GetMatchingPaths itself gives them (RecordInput's files). Another scheme's pattern
    fails as TF's (naming the op `op` that matched, where one did)."""
    local = local_path(pattern, op=op)
    found = _glob.glob(local) if in_listing_order else sorted(_glob.glob(local))
    wild = min((i for i in map(local.find, "*?[\\") if i >= 0), default=-1)
    if wild >= 0 and "/" not in local[:wild]:
        found = ["./" + f for f in found]
    scheme = pattern[:len(pattern) - len(local)]  # ("file://", or "")
    return [scheme + f for f in found] if scheme else found


def listdir(path: Any) -> list:
    name = _name(path)
    if not os.path.isdir(name):
        raise NotFoundError(None, None, f"Could not find directory {name}")
    try:
        return os.listdir(name)
    except OSError as e:
        raise os_error(e, name) from None


def makedirs(path: Any) -> None:
    recursive_create_dir(_p(path))


def recursive_create_dir(name: str, op: str | None = None) -> None:
    """Creates `name` and its missing parents one by one, as TF's RecursivelyCreateDir: its
    errors name the first part of the path that is not a directory, or that could not be
    made (and the op `op` that made it, where an op did)."""
    suffix = f" [Op:{op}]" if op else ""
    parts = name.split("/")
    for i in range(1, len(parts) + 1):
        prefix = "/".join(parts[:i])
        if not prefix:
            continue
        if os.path.exists(prefix):
            if not os.path.isdir(prefix):
                raise FailedPreconditionError(None, None,
                                              f"{prefix} is not a directory{suffix}")
            continue
        try:
            os.mkdir(prefix)
        except FileExistsError:
            continue
        except OSError as e:
            raise os_error(e, prefix, op) from None


def mkdir(path: Any) -> None:
    """Creates a directory; one that exists already (a file too) is left as it is, as TF's."""
    try:
        os.mkdir(_p(path))
    except FileExistsError:
        return
    except OSError as e:
        raise os_error(e, _p(path)) from None


def remove(path: Any) -> None:
    try:
        os.remove(_p(path))
    except OSError as e:
        raise os_error(e, _p(path)) from None


def rmtree(path: Any) -> None:
    name = _p(path)
    if not os.path.exists(name):
        raise NotFoundError(None, None, f"{name} not found")
    if os.path.isdir(name):
        shutil.rmtree(name)
    else:
        os.remove(name)


def rename(src: Any, dst: Any, overwrite: bool = False) -> None:
    s, d = _p(src), _p(dst)
    if not overwrite and os.path.exists(d):
        raise AlreadyExistsError(None, None, "file already exists")
    if os.path.isdir(d) and not os.path.isdir(s):
        raise FailedPreconditionError(None, None, f"{s}; Is a directory")
    try:
        os.replace(s, d)
    except OSError as e:
        raise os_error(e, s) from None


def copy(src: Any, dst: Any, overwrite: bool = False) -> None:
    s, d = _p(src), _p(dst)
    if not overwrite and os.path.exists(d):
        raise AlreadyExistsError(None, None, "file already exists")
    if not os.path.exists(s):
        raise NotFoundError(None, None, f"{s}; No such file or directory")
    if os.path.isdir(s):  # TF's copy of a folder's bytes fails so
        raise InvalidArgumentError(None, None, f"{d}; Invalid argument")
    if os.path.exists(d) and os.path.samefile(s, d):
        return
    try:
        with open(s, "rb") as fs, open(d, "wb") as fd:
            shutil.copyfileobj(fs, fd)
    except OSError as e:
        raise os_error(e, d if os.path.exists(s) else s) from None


def walk(top: Any, topdown: bool = True, onerror: Any = None) -> Any:
    """(dir, subdirs, files) of `top`'s tree. A missing `top` yields nothing; with
    `onerror`, TF 2.21 calls it with the NotFoundError and then fails on its own unset
    listing (UnboundLocalError), which is kept."""
    name = _name(top)
    if not os.path.isdir(name):
        if onerror is not None:
            onerror(NotFoundError(None, None, f"Could not find directory {name}"))
            raise UnboundLocalError("cannot access local variable 'listing' where it is not "
                                    "associated with a value")
        return
    yield from os.walk(name, topdown=topdown)


def join(path: Any, *paths: Any) -> str:
    """Joins path components as os.path.join does (also after a "scheme://" prefix)."""
    return os.path.join(_name(path), *(_name(p) for p in paths))


class FileStatistics:
    """What `stat` knows of a file: its `length` in bytes, `mtime_nsec` (whole seconds, in
    nanoseconds, as TF's file systems report it) and `is_directory`."""

    __slots__ = ("length", "mtime_nsec", "is_directory")

    def __init__(self, length: int, mtime_nsec: int, is_directory: bool) -> None:
        self.length, self.mtime_nsec, self.is_directory = length, mtime_nsec, is_directory


def stat(path: Any) -> FileStatistics:
    """The file's statistics; NotFoundError when it does not exist."""
    name = _p(path)
    try:
        st = os.stat(name)
    except OSError as e:
        raise os_error(e, name) from None
    return FileStatistics(st.st_size, int(st.st_mtime) * 10**9, os.path.isdir(name))


def get_registered_schemes() -> list:
    """The URI schemes that have a file system: local paths, bare or as file://."""
    return ["file", ""]


_MODES = ("r", "w", "a", "r+", "w+", "a+")


class GFile:
    """`tf.io.gfile.GFile(name, mode='r')`: a file object, opened when first used."""

    def __init__(self, name: Any, mode: str = "r") -> None:
        self._name, self._mode = name, mode
        self._binary = "b" in mode
        bare = mode.replace("b", "")
        if bare not in _MODES:
            raise InvalidArgumentError(None, None,
                                       "mode is not 'r' or 'w' or 'a' or 'r+' or 'w+' or 'a+'")
        self._readable = bare in ("r", "r+", "a+", "w+")
        self._writable = bare in ("a", "w", "r+", "a+", "w+")
        self._append = "a" in bare
        self._rf: Any = None
        self._wf: Any = None

    @property
    def name(self) -> Any:
        return self._name

    @property
    def mode(self) -> str:
        return self._mode

    def _reader(self) -> Any:
        if self._rf is None:
            if not self._readable:
                raise PermissionDeniedError(None, None, "File isn't open for reading")
            path = _p(self._name)
            try:
                self._rf = open(path, "rb")  # noqa: SIM115 - closed by close()
            except OSError as e:
                raise os_error(e, path) from None
        return self._rf

    def _writer(self) -> Any:
        if self._wf is None:
            if not self._writable:
                raise PermissionDeniedError(None, None, "File isn't open for writing")
            path = _p(self._name)
            try:
                self._wf = open(path, "ab" if self._append else "wb")  # noqa: SIM115
            except OSError as e:
                raise os_error(e, path) from None
        return self._wf

    def _value(self, raw: bytes) -> Any:
        return raw if self._binary else raw.decode("utf-8")

    def size(self) -> int:
        return stat(self._name).length

    def write(self, file_content: Any) -> None:
        f = self._writer()  # opened (the file made) before the content is checked, as TF's
        f.write(_bytes(file_content))

    def read(self, n: int = -1) -> Any:
        f = self._reader()
        if n < -1:
            raise InvalidArgumentError(None, None, f"Can't read a negative number of bytes: {n}")
        return self._value(f.read() if n == -1 else f.read(n))

    def seek(self, offset: Any = None, whence: int = 0, position: Any = None) -> None:
        f = self._reader()
        if offset is None and position is None:
            raise TypeError("seek(): offset argument required")
        if offset is not None and position is not None:
            raise TypeError("seek(): offset and position may not be set simultaneously.")
        if position is not None:
            offset = position
        if whence == 1:
            offset += f.tell()
        elif whence == 2:
            offset += self.size()
        elif whence != 0:
            raise InvalidArgumentError(None, None, f"Invalid whence argument: {whence}. Valid "
                                       "values are 0, 1, or 2.")
        if offset > self.size():
            raise OutOfRangeError(None, None, "reached end of file")
        f.seek(offset)

    def readline(self) -> Any:
        """The next line with its '\\n' and without any '\\r'; '' at the end."""
        return self._value(self._reader().readline().replace(b"\r", b""))

    def readlines(self) -> list:
        lines = []
        while True:
            line = self.readline()
            if not line:
                return lines
            lines.append(line)

    def tell(self) -> int:
        return self._reader().tell() if self._readable else self._writer().tell()

    def flush(self) -> None:
        if self._wf is not None:
            self._wf.flush()

    def close(self) -> None:
        rf, wf, self._rf, self._wf = self._rf, self._wf, None, None
        if rf is not None:
            rf.close()
        if wf is not None:
            wf.close()

    def seekable(self) -> bool:
        return True

    def __iter__(self) -> GFile:
        return self

    def __next__(self) -> Any:
        line = self.readline()
        if not line:
            raise StopIteration
        return line

    def next(self) -> Any:
        return self.__next__()

    def __enter__(self) -> GFile:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


Open = GFile
