"""The records of an LMDB database file, as TF's LMDB dataset and reader read them.

IO layer, loaded on first use. A file is one LMDB environment's data file (no folder
around it: LMDB's "no subdir" form, as TF opened it), opened read-only without the lock
file; its records are its main database's (key, value) pairs in key order, LMDB's cursor
order. The files are read through py-lmdb (the `lmdb` extra), imported when first needed.
"""

from __future__ import annotations

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


def open_records(path: str) -> Iterator[tuple[bytes, bytes]]:
    """The (key, value) records of the LMDB file `path`, in key order. The file opens now
    (InvalidArgumentError, with LMDB's words, when it is missing or no LMDB file); the
    records are read as the iterator is consumed, and the file closes at its end."""
    lmdb = _lmdb()
    try:
        env = lmdb.open(path, subdir=False, readonly=True, lock=False, create=False)
    except lmdb.Error as e:
        raise InvalidArgumentError(None, None, str(e)) from None
    return _records(env, lmdb)


def _records(env: Any, lmdb: Any) -> Iterator[tuple[bytes, bytes]]:
    try:
        with env.begin(buffers=False) as txn:
            for key, value in txn.cursor():
                yield bytes(key), bytes(value)
    except lmdb.Error as e:  # (a file corrupt past its header)
        raise InvalidArgumentError(None, None, str(e)) from None
    finally:
        env.close()
