"""The records of an LMDB database file, as TF's LMDB dataset and reader read them.

IO layer, loaded on first use. A file is one LMDB environment's data file (no folder
around it: LMDB's "no subdir" form, as TF opened it), opened read-only without the lock
file; its records are its main database's (key, value) pairs in key order, LMDB's cursor
order. The files are read through py-lmdb (the `lmdb` extra), imported when first needed.
LMDB opens a file once per process (py-lmdb refuses a second open): the readers of one
file at a time (parallel pipelines, several datasets) share its environment, closed when
the last of them ends.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from typing import Any

from eagerflow._src.core.errors import InvalidArgumentError, UnimplementedError


def _lmdb() -> Any:
    try:
        import lmdb
    except ImportError:
        raise UnimplementedError(None, None, "Reading LMDB files needs the py-lmdb package "
                                 "(`pip install eagerflow[lmdb]`)") from None
    return lmdb


_OPEN: dict = {}  # the real path -> [its environment, how many readers hold it]
_LOCK = threading.Lock()


def _acquire(lmdb: Any, path: str) -> tuple[str, Any]:
    real = os.path.realpath(path)
    with _LOCK:
        held = _OPEN.get(real)
        if held is None:
            try:
                env = lmdb.open(path, subdir=False, readonly=True, lock=False, create=False)
            except lmdb.Error as e:
                raise InvalidArgumentError(None, None, str(e)) from None
            held = _OPEN[real] = [env, 0]
        held[1] += 1
        return real, held[0]


def _release(real: str) -> None:
    with _LOCK:
        held = _OPEN[real]
        held[1] -= 1
        if not held[1]:
            del _OPEN[real]
            held[0].close()


def open_records(path: str) -> Iterator[tuple[bytes, bytes]]:
    """The (key, value) records of the LMDB file `path`, in key order. The file opens now
    (InvalidArgumentError, with LMDB's words, when it is missing or no LMDB file); the
    records are read as the iterator is consumed, and the file closes at its end (or when
    the iterator is dropped)."""
    lmdb = _lmdb()
    real, env = _acquire(lmdb, path)
    return _Records(lmdb, real, env)


class _Records:
    """A read transaction's cursor over one file's records."""

    def __init__(self, lmdb: Any, real: str, env: Any) -> None:
        self._lmdb, self._real = lmdb, real
        self._txn: Any = None
        self._env: Any = env
        self._cursor: Any = None

    def __iter__(self) -> _Records:
        return self

    def __next__(self) -> tuple[bytes, bytes]:
        if self._env is None:
            raise StopIteration
        try:
            if self._cursor is None:
                self._txn = self._env.begin(buffers=False)
                self._cursor = iter(self._txn.cursor())
            key, value = next(self._cursor)
        except StopIteration:
            self.close()
            raise
        except self._lmdb.Error as e:  # (a file corrupt past its header)
            self.close()
            raise InvalidArgumentError(None, None, str(e)) from None
        return bytes(key), bytes(value)

    def close(self) -> None:
        if self._env is not None:
            if self._txn is not None:
                self._txn.abort()
            self._env = self._txn = self._cursor = None
            _release(self._real)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # noqa: BLE001 - (at interpreter exit the module may be gone)
            pass
