"""tf.io.gfile: file-system helpers over the local file system (os, shutil, glob).

Bottom layer. Failures raise TF's error classes and messages (NotFoundError "<path>; No
such file or directory", FailedPreconditionError for a directory where a file is wanted,
AlreadyExistsError "file already exists" for copy/rename without overwrite, ...).

GFile is TF's FileIO: nothing is opened when it is made; the first read opens a read
stream (raw bytes: read() keeps '\\r', readline() drops it, as TF's buffered stream does)
and the first write opens a writer (truncating unless the mode has 'a'); close() drops
both, so a later read starts again at the top and a later write truncates again. Text
modes decode UTF-8 strictly, n counting bytes. The file systems are the local one and
the RAM one ("ram://", io/filesystems.py), with TF's RAM answers where they differ (a
RAM GFile's bytes reach the file whole, on flush and close); a path of another scheme
(gs://, s3://) fails as a scheme TF has no file system for.
"""

from __future__ import annotations

import glob as _glob
import os
import shutil
import uuid
from typing import Any

from eagerflow._src.core.errors import (
    AlreadyExistsError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    OutOfRangeError,
    PermissionDeniedError,
    UnimplementedError,
)
from eagerflow._src.io import filesystems as fs
from eagerflow._src.io.file_errors import c_name, local_path, os_error


def _name(path: Any) -> str:
    """The path as a string, "file://" dropped: for the functions for which TF answers
    any other scheme's path without failing (isdir, listdir, walk, join)."""
    value = path.numpy() if hasattr(path, "numpy") else os.fspath(path) \
        if isinstance(path, os.PathLike) else path
    name = os.fsdecode(_bytes(value))  # (TF's compat.as_bytes: its TypeError for a 5)
    return name[len("file://"):] if name.startswith("file://") else name


def _p(path: Any) -> str:
    """The local file name of a path; a path of a scheme without a file system here fails
    as TF's (UnimplementedError)."""
    return local_path(_name(path))


def _shown(path: Any, local: str) -> str:
    """The name TF's messages give the file `local` (_p's) that `path` names: a local name
    whole, with its NUL and what follows, where the OS was given it up to the NUL."""
    name = _name(path)
    return name if "\0" in name and not fs.is_ram(name) else local


def _dir(name: str) -> str:
    """The local name of a folder for isdir/listdir/walk: a RAM one's in the store, any
    other scheme's as it is (TF answers those without failing), up to a NUL (`c_name`)."""
    return fs.local_name(name) if fs.is_ram(name) else c_name(name)


def _publish(name: str, data: bytes) -> None:
    """Replaces the RAM file `name` (a name in the store) whole: written under a temporary
    name beside it, then renamed over it; its folders are made first, as TF's RAM file
    system needs none."""
    folder, base = os.path.split(name)
    recursive_create_dir(folder)  # (a file on the way: TF's FailedPreconditionError)
    tmp = os.path.join(folder, f".{base}.tmp{uuid.uuid4().hex[:12]}")
    try:
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, name)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


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
    return os.path.isdir(_dir(_name(path)))


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
    if fs.is_ram(pattern):  # (TF's RAM matches are sorted, whatever the flag)
        return sorted(map(fs.uri, _glob.glob(fs.local_name(pattern))))
    local = local_path(pattern, op=op)
    found = _glob.glob(local) if in_listing_order else sorted(_glob.glob(local))
    wild = min((i for i in map(local.find, "*?[\\") if i >= 0), default=-1)
    if wild >= 0 and "/" not in local[:wild]:
        found = ["./" + f for f in found]
    scheme = "file://" if pattern.startswith("file://") else ""
    return [scheme + f for f in found] if scheme else found


def listdir(path: Any) -> list:
    name = _name(path)
    folder = _dir(name)
    if not os.path.isdir(folder):
        raise NotFoundError(None, None, f"Could not find directory {name}")
    try:
        names = os.listdir(folder)
    except OSError as e:
        raise os_error(e, folder) from None
    return sorted(names) if fs.is_ram_name(folder) else names


def makedirs(path: Any) -> None:
    name = _p(path)
    if fs.is_ram_name(name) and os.path.isfile(name):
        raise AlreadyExistsError(None, None, "cannot create directory with same name as an "
                                 "existing file")
    recursive_create_dir(name)


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
                                              f"{fs.uri(prefix)} is not a directory{suffix}")
            continue
        try:
            os.mkdir(prefix)
        except FileExistsError:
            continue
        except OSError as e:
            raise os_error(e, prefix, op) from None


def mkdir(path: Any) -> None:
    """Creates a directory; one that exists already (a file too) is left as it is, as TF's.
    A RAM one's missing parents are made with it, as TF's RAM file system needs none."""
    name = _p(path)
    if fs.is_ram_name(name) and not os.path.exists(name):
        recursive_create_dir(name)
        return
    try:
        os.mkdir(name)
    except FileExistsError:
        return
    except OSError as e:
        raise os_error(e, _shown(path, _p(path))) from None


def remove(path: Any) -> None:
    name = _p(path)
    if fs.is_ram_name(name) and os.path.isdir(name):
        # (TF's RAM file system removes a folder's own entry: a folder that holds files
        # stays, as theirs)
        if not os.listdir(name):
            os.rmdir(name)
        return
    try:
        os.remove(name)
    except OSError as e:
        raise os_error(e, _shown(path, name)) from None


def rmtree(path: Any) -> None:
    name = _p(path)
    if not os.path.exists(name):  # (TF's RAM NotFoundError says nothing)
        raise NotFoundError(None, None, "" if fs.is_ram_name(name) else
                            f"{_shown(path, name)} not found")
    if os.path.isdir(name):
        shutil.rmtree(name)
    else:
        os.remove(name)


def rename(src: Any, dst: Any, overwrite: bool = False) -> None:
    s, d = _p(src), _p(dst)
    if fs.is_ram_name(s) != fs.is_ram_name(d):
        raise UnimplementedError(None, None, f"Renaming {_name(src)} to {_name(dst)} not "
                                 "implemented")
    if not overwrite and os.path.exists(d):
        raise AlreadyExistsError(None, None, "file already exists")
    if os.path.isdir(d) and not os.path.isdir(s):
        raise FailedPreconditionError(None, None, f"{fs.uri(s)}; Is a directory")
    if fs.is_ram_name(d) and os.path.exists(s):
        os.makedirs(os.path.dirname(d), exist_ok=True)
    try:
        os.replace(s, d)
    except OSError as e:
        raise os_error(e, _shown(src, s)) from None


def copy(src: Any, dst: Any, overwrite: bool = False) -> None:
    s, d = _p(src), _p(dst)
    if not overwrite and os.path.exists(d):
        raise AlreadyExistsError(None, None, "file already exists")
    if not os.path.exists(s):
        raise os_error(FileNotFoundError(2, "No such file or directory"), _shown(src, s))
    if fs.is_ram_name(s) or fs.is_ram_name(d):
        _copy_ram(s, d)
        return
    if os.path.isdir(s):  # TF's copy of a folder's bytes fails so, having made the copy
        with open(d, "wb"):  # (an empty file, as TF's opened it for writing first)
            pass
        raise InvalidArgumentError(None, None, f"{d}; Invalid argument")
    if os.path.exists(d) and os.path.samefile(s, d):
        return
    try:
        with open(s, "rb") as fsrc, open(d, "wb") as fdst:
            shutil.copyfileobj(fsrc, fdst)
    except OSError as e:
        raise os_error(e, d if os.path.exists(s) else s) from None


def _copy_ram(s: str, d: str) -> None:
    """Copies a file from or to the RAM file system (a RAM copy appears whole)."""
    try:
        with open(s, "rb") as f:
            data = f.read()
        if fs.is_ram_name(d):
            _publish(d, data)
        else:
            with open(d, "wb") as f:
                f.write(data)
    except OSError as e:
        raise os_error(e, e.filename or d) from None


def walk(top: Any, topdown: bool = True, onerror: Any = None) -> Any:
    """(dir, subdirs, files) of `top`'s tree. A missing `top` yields nothing; with
    `onerror`, TF 2.21 calls it with the NotFoundError and then fails on its own unset
    listing (UnboundLocalError), which is kept."""
    name = _name(top)
    if fs.is_ram(name):
        yield from _walk_ram(name, topdown)
        return
    if "\0" in name and os.path.isdir(c_name(name)):
        yield from _walk_c_name(name, topdown)
        return
    if not os.path.isdir(name):
        if onerror is not None:
            onerror(NotFoundError(None, None, f"Could not find directory {name}"))
            raise UnboundLocalError("cannot access local variable 'listing' where it is not "
                                    "associated with a value")
        return
    yield from os.walk(name, topdown=topdown)


def _walk_c_name(top: str, topdown: bool) -> Any:
    """walk of a folder named up to a NUL, as TF's: its listing is the OS's folder's, and
    each subfolder is walked as `top` joined with its name, which the OS reads as `top`
    again: a folder that holds one recurses until Python's limit (TF 2.21's
    RecursionError, raised here at once)."""
    names = os.listdir(c_name(top))
    dirs = [n for n in names if os.path.isdir(os.path.join(c_name(top), n))]
    files = [n for n in names if n not in dirs]
    if topdown:
        yield top, dirs, files
    if dirs:
        raise RecursionError("maximum recursion depth exceeded while calling a Python object")
    if not topdown:
        yield top, dirs, files


def _walk_ram(top: str, topdown: bool) -> Any:
    """A RAM folder's tree, its names sorted and its paths URIs, as TF's."""
    folder = fs.local_name(top)
    if not os.path.isdir(folder):
        return
    names = sorted(os.listdir(folder))
    subdirs = [n for n in names if os.path.isdir(os.path.join(folder, n))]
    files = [n for n in names if n not in subdirs]
    if topdown:
        yield top, subdirs, files
    for sub in subdirs:
        yield from _walk_ram(top.rstrip("/") + "/" + sub, topdown)
    if not topdown:
        yield top, subdirs, files


def join(path: Any, *paths: Any) -> Any:
    """Joins path components as TF's does: posixpath.join of the arguments as given (a
    scheme kept, bytes with bytes, a mix of the two Python's TypeError)."""
    return os.path.join(path, *paths)


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
        raise os_error(e, _shown(path, name)) from None
    folder = os.path.isdir(name)
    if fs.is_ram_name(name):  # (TF's RAM file system keeps no times, folders no length)
        return FileStatistics(0 if folder else st.st_size, 0, folder)
    return FileStatistics(st.st_size, int(st.st_mtime) * 10**9, folder)


def get_registered_schemes() -> list:
    """The URI schemes that have a file system: the RAM one, local paths bare or as
    file://."""
    return ["ram", "file", ""]


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
                raise os_error(e, _shown(self._name, path)) from None
        return self._rf

    def _writer(self) -> Any:
        if self._wf is None:
            if not self._writable:
                raise PermissionDeniedError(None, None, "File isn't open for writing")
            path = _p(self._name)
            try:
                self._wf = _RamWriter(path, self._append) if fs.is_ram_name(path) else \
                    open(path, "ab" if self._append else "wb")  # noqa: SIM115
            except OSError as e:
                raise os_error(e, _shown(self._name, path)) from None
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


class _RamWriter:
    """A RAM file's writer: the bytes written are kept here, and flush and close replace
    the file whole with them (after the file's old bytes, for an appending one); a writer
    dropped unclosed publishes them too, as a local file's buffer is flushed then."""

    __slots__ = ("name", "data", "dirty")

    def __init__(self, name: str, append: bool) -> None:
        self.dirty = False  # (first: __del__ reads it even when a folder is refused)
        if os.path.isdir(name):
            raise IsADirectoryError(21, "Is a directory", name)
        self.name = name
        self.data = bytearray()
        if append and os.path.isfile(name):
            with open(name, "rb") as f:
                self.data += f.read()

    def write(self, data: bytes) -> None:
        self.data += data
        self.dirty = True

    def tell(self) -> int:
        raise UnimplementedError(None, None, "This filesystem does not support Tell()")

    def flush(self) -> None:
        _publish(self.name, bytes(self.data))
        self.dirty = False

    close = flush

    def __del__(self) -> None:
        if self.dirty:
            try:
                self.flush()
            except OSError:  # (the store gone at exit: nothing to keep)
                pass
