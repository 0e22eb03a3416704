"""The file systems a path can name: the local one, and TF's process-wide RAM one (`ram://`).

Bottom layer: imports only the standard library and core/lazy. A "ram://" path names a file of this
process's RAM file system. Its files are kept in one private folder of the process on a
memory file system (/dev/shm, a tmpfs, where the machine has one with 1 GiB free; the
temporary folder elsewhere), made on first use and removed when the process exits (a
process killed outright leaves it behind). `local_name` turns a
URI into that folder's file name, so that every reader and writer of the library (open,
os, h5py, zipfile, mmap) handles a RAM file as it handles a local one, with the same
temporary-name-then-rename writes (a RAM file appears whole, never half written), and
`uri` turns such a name back into the URI for messages and results. A local path pays
one string check.

Where TF 2.21's RAM file system answers differently from a local one, tf.io.gfile and
the file ops keep its answers (io/file_errors.py, io/gfile.py): a missing file's
NotFoundError has an empty message, a folder read or written as a file is
InvalidArgumentError "<uri> is a directory.", files may be written without making their
folders first, stat reports mtime 0 and length 0 for a folder, a writer cannot tell its
position. Its faults are not kept (tests/io/test_ram_fs.py lists them): a writer there
appends to the old bytes, and a folder is any name's string prefix.
"""

from __future__ import annotations

import atexit
import os
import threading

from eagerflow._src.core.lazy import lazy_module

shutil = lazy_module("shutil")  # (both on first use of a RAM file: ~5 ms of the import)
tempfile = lazy_module("tempfile")

RAM = "ram://"

_root: str | None = None  # the store's folder, once made
_making = threading.Lock()  # (two threads' first files land in one store)


def _remove(root: str, owner: int) -> None:
    if os.getpid() == owner:  # (a forked child shares the store; its exit keeps it)
        shutil.rmtree(root, ignore_errors=True)


def _roomy(folder: str) -> bool:
    """Whether `folder` can hold a store: writable, with 1 GiB free (a container's
    /dev/shm is often 64 MiB, too small for a model)."""
    try:
        st = os.statvfs(folder)
    except (OSError, AttributeError):  # (no such folder; Windows has no statvfs)
        return False
    return os.access(folder, os.W_OK) and st.f_bavail * st.f_frsize >= 1 << 30


def _store() -> str:
    """The store's folder, made on first use."""
    global _root
    if _root is None:
        with _making:
            if _root is None:
                shm = "/dev/shm"  # noqa: S108 - a memory file system: the process's folder
                root = tempfile.mkdtemp(prefix=f"eagerflow-ram-{os.getpid()}-",
                                        dir=shm if _roomy(shm) else None)
                atexit.register(_remove, root, os.getpid())
                _root = root
    return _root


def is_ram(path: str) -> bool:
    return path.startswith(RAM)


def local_name(uri: str) -> str:
    """The store's file name of "ram://..." (".." cannot climb out of the store; a
    trailing "/" and repeated "/" are dropped, as the local file system drops them)."""
    rest = os.path.normpath("/" + uri[len(RAM):].lstrip("/"))
    return _store() + ("" if rest == "/" else rest)


def is_ram_name(name: str) -> bool:
    """Whether a local file name is one of the RAM store's."""
    return _root is not None and (name == _root or name.startswith(_root + "/"))


def uri(name: str) -> str:
    """A file name of the store as its "ram://" URI; any other name as it is."""
    if not is_ram_name(name):
        return name
    return RAM + name[len(_root) + 1:]  # type: ignore[arg-type]


def native(path: str) -> str:
    """The name the local file system knows a path by: a "ram://" path's file in the
    store, any other path as it is (for code that hands user paths to os and open)."""
    return local_name(path) if path.startswith(RAM) else path


def make_parent(name: str) -> None:
    """Makes the folder of a RAM file about to be written (TF's RAM file system writes a
    file without its folders); a local file's folder is the caller's to have made."""
    if is_ram_name(name):
        os.makedirs(os.path.dirname(name), exist_ok=True)
