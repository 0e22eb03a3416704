"""TF's error classes for failed file operations (NotFoundError, PermissionDeniedError, ...),
and the one check every file path passes: its URI scheme.

Bottom layer: imports only core/errors and io/filesystems (the RAM file system's names).
"""

from __future__ import annotations

import os
import re

from eagerflow._src.core.errors import (
    AlreadyExistsError,
    FailedPreconditionError,
    InvalidArgumentError,
    NotFoundError,
    PermissionDeniedError,
    UnimplementedError,
    UnknownError,
)
from eagerflow._src.io import filesystems

# TF's URI parse: a scheme is a letter, then letters, digits and dots, before "://"
_SCHEME = re.compile(r"([a-zA-Z][0-9a-zA-Z.]*)://")


def local_path(path: str, shown: str | None = None, op: str | None = None) -> str:
    """`path` as a local file name ("file://" dropped; a "ram://" path as its file in the
    RAM file system's store). A path of any other scheme (gs://, s3://, hdfs://) raises
    TF's UnimplementedError for a scheme without a file system, naming `shown` (the path
    TF's first file operation names, by default `path`):
    without this check such a path would be a relative local one, "gs:/bucket/...", and
    a save there would write beside the program.

    A local name holding a NUL ends there: TF hands it to the OS as a C string, so
    "a\\0b" is the file "a" (the RAM file system keys its files by the whole string;
    its names are left whole, which its store refuses)."""
    match = _SCHEME.match(path)
    if match is None:
        return c_name(path)
    if match.group(1) == "file":
        return c_name(path[len("file://"):])
    if match.group(1) == "ram":
        return filesystems.local_name(path)
    suffix = f" [Op:{op}]" if op else ""
    raise UnimplementedError(None, None, f"File system scheme '{match.group(1)}' not "
                             f"implemented (file: '{shown or path}'){suffix}")


def c_name(name: str) -> str:
    """A local file name as the OS takes it from TF's C++: up to its first NUL; one that
    starts with a NUL is "." (TF's cleaned path of no characters: a read of "\\0a" is
    ".; Is a directory")."""
    return (name.split("\0", 1)[0] or ".") if "\0" in name else name


def c_given(given: str, local: str) -> str:
    """The name a file op's error gives the file it opened by `given` (its local name
    `local`): `given` whole where it holds a NUL (TF's message holds it; the eager error
    ends at it), else `local`."""
    return given if "\0" in given and not filesystems.is_ram_name(local) else local


def ram_found(name: str) -> str:
    """`name`; a RAM file's that does not exist fails as TF's RAM file system fails a read
    (NotFoundError, no message), for readers (Keras's) that report a missing local file
    their own way."""
    if filesystems.is_ram_name(name) and not os.path.exists(name):
        raise NotFoundError(None, None, "")
    return name


def os_error(e: OSError, path: str, op: str | None = None) -> Exception:
    """The TF error for an OSError raised while opening, reading or writing `path`."""
    suffix = f" [Op:{op}]" if op else ""
    if filesystems.is_ram_name(path):
        return _ram_error(e, filesystems.uri(path), suffix)
    if isinstance(e, FileNotFoundError):
        return NotFoundError(None, None, f"{path}; No such file or directory{suffix}")
    if isinstance(e, PermissionError):
        return PermissionDeniedError(None, None, f"{path}; Permission denied{suffix}")
    if isinstance(e, (IsADirectoryError, NotADirectoryError)):  # TF's EISDIR, ENOTDIR
        return FailedPreconditionError(None, None, f"{path}; {e.strerror}{suffix}")
    if isinstance(e, FileExistsError):
        return AlreadyExistsError(None, None, f"{path}; {e.strerror}{suffix}")
    return UnknownError(None, None, f"{path}; {e.strerror or e}{suffix}")


def _ram_error(e: OSError, uri: str, suffix: str) -> Exception:
    """TF's error for a failed operation on a RAM file: a missing one (or one under a
    file) is NotFoundError with no message, a folder taken for a file InvalidArgumentError."""
    if isinstance(e, (FileNotFoundError, NotADirectoryError)):
        return NotFoundError(None, None, suffix)
    if isinstance(e, IsADirectoryError):
        return InvalidArgumentError(None, None, f"{uri} is a directory.{suffix}")
    return UnknownError(None, None, f"{uri}; {e.strerror or e}{suffix}")
