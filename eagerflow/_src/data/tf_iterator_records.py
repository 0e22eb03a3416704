"""TF's checkpointed iterator state of a TFRecordDataset: its files read one at a time (a
FlatMap of one TFRecord iterator per file over a TensorSlice of the file names; a
TextLineDataset's the same way, each file's TextLine iterator at a byte position), or
`num_parallel_reads` at a time (a LegacyParallelInterleaveV2: its workers, each reading
a file on its thread; those interleaved in its cycle, those staged to replace them).
Each file reader's state is its offset in the file (in the inflated stream of a
compressed file, as TF's reader counts it).

Data layer, over tf_iterator_values.py, below tf_iterator_state.py (READ, WRITE: by TF's
iterator name). Reading counts the records of the files read before the readers' offsets
(and, in parallel, but those its workers still hold); writing puts the readers at the
records given, a parallel reader's workers as TF's deterministic cycle leaves them (run
here on the files' record counts), with nothing buffered.
"""

from __future__ import annotations

import os
from types import SimpleNamespace
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.data import tf_iterator_parallel
from eagerflow._src.data.tf_iterator_values import END, FULL, get, has, i64, refuse, total
from eagerflow._src.io import tfrecord


def _files(state: dict, prefix: str, dss: list, _n: int, root: Any) -> int:
    """Files read one at a time: every record of the files before the current one, and
    the current file's records before its reader's offset."""
    if int(get(state, prefix, "exhausted")):
        return total(dss[0], root)
    files = file_names(dss[0])
    started = int(get(state, prefix, "element_index"))
    done = started if int(get(state, prefix, "current_element_iterator_uninitialized")) \
        else started - 1
    name, key = _reader(dss[0])
    n = sum(_given(dss[0], f, None) for f in files[:done])
    if done < started:
        n += _given(dss[0], files[done], int(get(state, f"{prefix}[{done}]::{name}", key)))
    return n


def _reader(ds: Any) -> tuple:
    """(TF's iterator name of one file's reader, the state's key of its place in the file)
    of a TFRecordDataset or TextLineDataset."""
    return ("TextLine", "current_pos") if _lines(ds) else ("TFRecord", "offset")


def _lines(ds: Any) -> bool:
    return getattr(ds, "_repr_name", None) == "TextLineDatasetV2"


def _given(ds: Any, path: str, pos: int | None) -> int:
    """The records (lines) of file `path` read when its reader is at `pos` (None: all)."""
    if not _lines(ds):
        return _records(path, pos, ds._compression)
    ends = _line_ends(path, ds._compression)
    return len(ends) if pos is None else sum(e <= pos for e in ends)


def _position(ds: Any, path: str, n: int) -> int:
    """Where the reader of file `path` is once it has read `n` records (lines)."""
    if not _lines(ds):
        return _offset(path, n, ds._compression)
    return _line_ends(path, ds._compression)[n - 1] if n else 0


def _line_ends(path: str, compression: str) -> list:
    """Where each line of text file `path` ends in its (inflated) bytes, past its '\\n'
    (the last, unended, at the end): TF's TextLine reader's positions after each."""
    with open(path, "rb") as f:
        src: Any = tfrecord._Inflater(f, compression, path) if compression else f
        data = b"".join(iter(lambda: src.read(1 << 20), b""))
    ends = [i + 1 for i, c in enumerate(data) if c == 10]
    if data and data[-1] != 10:
        ends.append(len(data))
    return ends


def file_names(ds: Any) -> list:
    """The file names a TFRecordDataset reads (its input: a TensorSliceDataset of them)."""
    names = ds._inputs[0]
    arr = names._arrays[0] if hasattr(names, "_arrays") else None
    if arr is None:
        raise refuse("its TFRecordDataset's file names are not constants")
    return [x.decode() if isinstance(x, bytes) else str(x) for x in np.asarray(arr).reshape(-1)]


def _records(path: str, offset: int | None, compression: str) -> int:
    """The records of the TFRecord file `path` that end by `offset` (None: all)."""
    reader, n = tfrecord.RecordReader(path, compression), 0
    try:
        while (offset is None or reader.offset < offset) and reader.read_record() is not None:
            n += 1
    finally:
        reader.close()
    return n


def _offset(path: str, n: int, compression: str) -> int:
    """Where the (n+1)-th record of TFRecord file `path` begins."""
    reader = tfrecord.RecordReader(path, compression)
    try:
        for _ in range(n):
            reader.read_record()
        return reader.offset
    finally:
        reader.close()


def _name(path: str) -> tuple:
    return np.array(path.encode(), object), _dt.string


def _w_files(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    files = file_names(dss[0])
    done, offset = 0, 0
    if n != END:
        for done, f in enumerate(files):
            k = _given(dss[0], f, None)
            if n < k or done == len(files) - 1:
                offset = _position(dss[0], f, n)
                break
            n -= k
    out[prefix] = {"exhausted": i64(int(n == END)), "element_index": i64(done + 1),
                   "current_element_iterator_uninitialized": i64(0),
                   "inputs_size": i64(1), "inputs[0]": _name(files[done])}
    out[prefix + "::TensorSlice"] = {f"{FULL}{prefix}::TensorSlice:index": i64(done + 1),
                                     "global_shuffle_iterator_next_index": i64(0)}
    name, key = _reader(dss[0])
    out[f"{prefix}[{done}]::{name}"] = {"current_file_index": i64(0), key: i64(offset)}
    return n, prefix


# -- num_parallel_reads: TF's legacy parallel interleave ------------------------------------
def _parallel(state: dict, prefix: str, dss: list, _n: int, root: Any) -> int:
    """Files read in parallel: every record of the files handed to its workers but what
    they still hold (their buffered records, and what their readers have left)."""
    ds, z = dss[0], dss[0]._compression
    files = file_names(ds)
    handed = len(files) if has(state, prefix, "input_exhausted") else \
        int(get(state, f"{prefix}::TensorSlice", "index"))
    n = sum(_records(f, None, z) for f in files[:handed])
    for k in range(int(get(state, prefix, "workers_size"))):
        worker, thread = f"{prefix}::worker_{k}", f"{prefix}::worker_thread_{k}"
        n -= int(get(state, worker, "outputs_size"))
        n -= int(get(state, thread, "output_output_size")) > 0
        if int(get(state, worker, "input_size")):  # (not yet taken up by its thread)
            n -= _records(_file(files, get(state, worker, "input_0")), None, z)
        if not int(get(state, thread, "input_size")):
            continue
        path = _file(files, get(state, thread, "input_0"))
        reader = f"{prefix}[{k}]::TFRecord"
        if has(state, thread, "iterator_exhausted"):  # (its file taken, not yet opened)
            n -= _records(path, None, z)
        elif has(state, reader, "offset"):  # (else its reader is past its file's end)
            offset = int(get(state, reader, "offset"))
            n -= _records(path, None, z) - _records(path, offset, z)
    return n


def _file(files: list, saved: Any) -> str:
    """The file of `files` a state names (by its path, else by its name: the state may
    have been written where the files were elsewhere)."""
    v = np.asarray(saved).reshape(()).item()
    path = v.decode() if isinstance(v, bytes) else str(v)
    if path in files:
        return path
    same = [f for f in files if os.path.basename(f) == os.path.basename(path)]
    if len(same) != 1:
        raise refuse(f"its TFRecordDataset does not read the file {path}")
    return same[0]


def _w_parallel(out: dict, prefix: str, dss: list, n: int, root: Any) -> tuple:
    """Files read in parallel, having given `n` records: TF's workers as its cycle leaves
    them, each reading its file from the records it gave, nothing buffered."""
    ds = dss[0]
    run = _Readers(ds)
    if n != 0:
        run.give(n)
    values = {"next_index": i64(run.next), "block_count": i64(0),
              "workers_size": i64(run.threads), "interleave_size": i64(len(run.cycle)),
              "staging_size": i64(len(run.staged))}
    values.update({f"interleave_indices_{k}": i64(w) for k, w in enumerate(run.cycle)})
    values.update({f"staging_indices_{k}": i64(w) for k, w in enumerate(run.staged)})
    if run.started:
        values["worker_threads_running"] = _name("")
    if run.handed == len(run.files):
        values["input_exhausted"] = _name("")
    out[prefix] = values
    for k in range(run.threads):
        _w_worker(out, prefix, k, run)
    out[prefix + "::TensorSlice"] = {
        f"{FULL}{prefix}::TensorSlice:index": i64(run.handed),
        "global_shuffle_iterator_next_index": i64(0)}
    return (END if n == END else n), prefix


def _w_worker(out: dict, prefix: str, k: int, run: Any) -> None:
    reading = run.reading.get(k)  # (file index, records given) or None
    worker = {"input_size": i64(0), "outputs_size": i64(0)}
    thread = {"input_size": i64(0), "iterator_creation_status_code": i64(0),
              "output_status_code": i64(0), "output_output_size": i64(0)}
    if reading is None:
        thread["iterator_exhausted"] = _name("")
    else:
        path = run.files[reading[0]]
        worker["is_producing"] = _name("")
        thread["input_size"], thread["input_0"] = i64(1), _name(path)
        out[f"{prefix}[{k}]::TFRecord"] = {
            "current_file_index": i64(0), "offset": i64(_offset(path, reading[1], run.z))}
    out[f"{prefix}::worker_{k}"] = worker
    out[f"{prefix}::worker_thread_{k}"] = thread


class _Readers:
    """TF's deterministic legacy parallel interleave (block length 1) run on its files'
    record counts: `cycle_length` workers interleaved, `2 * cycle_length` staged (TF's
    readers' prefetch), a worker found done at its turn replaced by the first staged one
    (then given the next file itself, staged last), the turn moving past the slot."""

    def __init__(self, ds: Any) -> None:
        width = ds._parallel
        if width is None or width < 1:
            raise refuse("its TFRecordDataset's parallel reads are autotuned")
        self.files, self.z = file_names(ds), ds._compression
        self.sizes = [_records(f, None, self.z) for f in self.files]
        self.width, self.threads = width, 3 * width
        self.cycle: list = []
        self.staged: list = []
        self.reading: dict = {}  # worker -> [file index, records given]
        self.next = self.handed = 0
        self.started = False

    def _hand(self, worker: int) -> bool:
        if self.handed == len(self.files):
            return False
        self.reading[worker] = [self.handed, 0]
        self.handed += 1
        return True

    def _start(self) -> None:
        self.started = True
        for k in range(self.threads):
            if not self._hand(k):
                break
            (self.cycle if k < self.width else self.staged).append(k)

    def give(self, n: int) -> None:
        self._start()
        given = 0
        while n == END or given < n:
            if not self._next():
                break
            given += 1

    def _next(self) -> bool:
        """Gives one record; False at the end."""
        while True:
            moved = False
            for i in range(len(self.cycle)):
                index = (self.next + i) % len(self.cycle)
                w = self.cycle[index]
                if w < 0:
                    continue
                f, given = self.reading[w]
                if given < self.sizes[f]:
                    self.reading[w][1] += 1
                    self.next = (index + 1) % len(self.cycle)
                    return True
                self.cycle[index] = -1  # (its file is done: its worker takes the next)
                del self.reading[w]
                if self._hand(w):
                    self.staged.append(w)
                if self.staged:
                    self.cycle[index] = self.staged.pop(0)
                    self.next = (index + 1) % len(self.cycle)
                    moved = True
                    break
            if not moved:
                return False


# -- num_parallel_reads=AUTOTUNE: TF's interleave --------------------------------------
def _interleave(ds: Any) -> Any:
    """The interleave (ParallelInterleaveV4) TF reads the files of `ds` through when their
    parallel reads are autotuned: over their names, each file read by a TFRecord
    iterator under the element's prefix, its cycle length autotuned."""
    return SimpleNamespace(_inputs=ds._inputs, _block=1, _cycle=ds._cycle)


def _path(element: tuple) -> str:
    v = np.asarray(element[0]._arr).reshape(()).item()
    return v.decode() if isinstance(v, bytes) else str(v)


def autotuned(state: dict, prefix: str, ds: Any, root: Any) -> int:
    """Files read by an autotuned interleave: what it gave (tf_iterator_parallel.py), each
    file's reader having read up to its offset (past its end where it kept none)."""
    z = ds._compression

    def read(at: str, element: tuple) -> int:
        reader, path = f"{at}::TFRecord", _path(element)
        offset = int(get(state, reader, "offset")) if has(state, reader, "offset") else None
        return _records(path, offset, z)

    return tf_iterator_parallel.given(state, prefix, _interleave(ds), root,
                                      lambda e: _records(_path(e), None, z), read)


def w_autotuned(out: dict, prefix: str, ds: Any, n: int, root: Any) -> None:
    """Files read by an autotuned interleave having given `n` records: its cycle as TF's
    leaves it (tf_iterator_parallel.py), each open file's reader at the records it gave,
    the names' TensorSlice at those it read."""
    z = ds._compression

    def write(at: str, given: int, element: tuple) -> None:
        out[f"{at}::TFRecord"] = {"current_file_index": i64(0),
                                  "offset": i64(_offset(_path(element), given, z))}

    read = tf_iterator_parallel.write(out, prefix, _interleave(ds), n, root,
                                      lambda e: _records(_path(e), None, z), write)
    out[prefix + "::TensorSlice"] = {
        f"{FULL}{prefix}::TensorSlice:index": i64(
            len(file_names(ds)) if read == END else read),
        "global_shuffle_iterator_next_index": i64(0)}


READ = {"FlatMap": _files, "LegacyParallelInterleaveV2": _parallel}
WRITE = {"FlatMap": _w_files, "LegacyParallelInterleaveV2": _w_parallel}
