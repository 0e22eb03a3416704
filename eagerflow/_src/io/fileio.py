"""Durable file writes for checkpoints: temporary names, fsync, atomic rename.

Sits in io/, under tensor_bundle.py and the checkpoint, SavedModel and Keras writers.
Every file a checkpoint consists of is first written under a temporary name in its
final directory, flushed and fsynced, then renamed over its final name (an atomic
replace on POSIX and Windows), and the directory is fsynced so that the rename itself
survives a power cut.

`fault_point(name)` marks each step of a save; tests install a hook there to
inject a crash (an exception, or killing the process) at every step.
"""

from __future__ import annotations

import os
import uuid
from typing import Any, Callable

from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.io.filesystems import is_ram_name

_fault_hook: Callable[[str], None] | None = None
_durable = True  # tests of the write protocol may switch the (slow) fsyncs off


def _fsync(fd: int) -> None:
    if _durable:
        os.fsync(fd)


def set_fault_hook(hook: Callable[[str], None] | None) -> None:
    """Test seam: `hook(step_name)` runs at every step of a save (None removes it)."""
    global _fault_hook
    _fault_hook = hook


def fault_point(name: str) -> None:
    if _fault_hook is not None:
        _fault_hook(name)


def temp_name(path: str) -> str:
    d, base = os.path.split(path)
    return os.path.join(d, f".{base}.tmp{uuid.uuid4().hex[:12]}")


def is_temp_name(filename: str) -> bool:
    base = os.path.basename(filename)
    return base.startswith(".") and ".tmp" in base


def fsync_dir(dirname: str) -> None:
    try:
        fd = os.open(dirname or ".", os.O_RDONLY)
    except OSError:  # pragma: no cover - e.g. Windows: directories can't be opened
        return
    try:
        _fsync(fd)
    except OSError:  # pragma: no cover - some filesystems refuse fsync on directories
        pass
    finally:
        os.close(fd)


def makedirs(dirname: str) -> None:
    if dirname:
        os.makedirs(local_path(dirname), exist_ok=True)


class TempFile:
    """A file written under a temporary name and later committed with `replace()`."""

    def __init__(self, final: str, step: str) -> None:
        self.final = local_path(final)
        self.step = step
        self.path = temp_name(self.final)
        self.f: Any = open(self.path, "wb")

    def write(self, data: Any) -> None:
        self.f.write(data)

    def tell(self) -> int:
        return self.f.tell()

    def close_synced(self) -> None:
        self.f.flush()
        fault_point(f"{self.step}:written")
        _fsync(self.f.fileno())
        self.f.close()
        fault_point(f"{self.step}:synced")

    def replace(self) -> None:
        try:
            os.replace(self.path, self.final)
        except IsADirectoryError as e:  # (a RAM folder under the name: TF's error for it)
            if not is_ram_name(self.final):
                raise
            raise os_error(e, self.final) from None
        fault_point(f"{self.step}:renamed")

    def discard(self) -> None:
        try:
            if not self.f.closed:
                self.f.close()
        finally:
            try:
                os.remove(self.path)
            except OSError:
                pass


def atomic_write(path: str, data: bytes, step: str) -> None:
    """Writes `data` to `path` durably; the old content stays until the new one is complete."""
    makedirs(os.path.dirname(path))
    tf_ = TempFile(path, step)
    try:
        tf_.write(data)
        tf_.close_synced()
        tf_.replace()
    except BaseException:
        tf_.discard()
        raise
    fsync_dir(os.path.dirname(path))
