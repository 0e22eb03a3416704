"""File-reading sources: TFRecordDataset, TextLineDataset, FixedLengthRecordDataset.

Data layer, over the TFRecord framing of io/tfrecord.py. Filenames may be a
string, a list of strings, a string tensor or a dataset of scalar strings; files
are opened one at a time (or `num_parallel_reads` at once, interleaved record by
record, on threads) and closed as soon as they are done or the iterator is closed.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.context import CPU_DEVICE
from eagerflow._src.core.errors import DataLossError, InternalError, InvalidArgumentError, op_error
from eagerflow._src.core.shape import TensorShape
from eagerflow._src.core.tensor import EagerTensor, Tensor, convert_to_tensor
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import UNKNOWN, DatasetV2
from eagerflow._src.data.fn_errors import FnSite, annotate, reader_out_of_range
from eagerflow._src.data.iterators import ElementIterator, IterContext
from eagerflow._src.data.parallel import InterleaveDataset, autotuned_cycle
from eagerflow._src.data.sources import TensorSliceDataset, deferred_source, int64_arg
from eagerflow._src.io import tfrecord
from eagerflow._src.io.file_errors import local_path, os_error
from eagerflow._src.ops.eager_errors import raised_eagerly

_STRING = dstruct.Structure(TensorSpec._make(TensorShape([]), _dt.string))
_CHUNK = 256 * 1024


def string_scalar(b: bytes) -> EagerTensor:
    a = np.empty((), dtype=object)
    a[()] = b
    return EagerTensor(a, _dt.string, CPU_DEVICE)


def _filenames_dataset(filenames: Any) -> DatasetV2:
    if isinstance(filenames, DatasetV2):
        spec = filenames.element_spec
        if not (isinstance(spec, TensorSpec) and spec.dtype is _dt.string):
            types = spec.dtype if isinstance(spec, TensorSpec) else spec
            raise TypeError("The `filenames` argument must contain `tf.string` elements. Got a "
                            f"dataset of `{types!r}` elements.")
        if not spec.shape.is_compatible_with([]):
            raise TypeError("The `filenames` argument must contain `tf.string` elements of "
                            "shape [] (i.e. scalars). Got a dataset of element shape "
                            f"{spec.shape!r}.")
        return filenames
    if filenames is None:
        convert_to_tensor(filenames)  # (TF's conversion error)
    if isinstance(filenames, Tensor) and not isinstance(filenames, EagerTensor):
        return _symbolic_filenames(filenames)
    if isinstance(filenames, EagerTensor):
        if filenames.dtype is not _dt.string:
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                            f"`{filenames.dtype!r}` elements.")
        names = filenames.numpy()
    else:
        names = filenames
    if isinstance(names, (str, bytes, os.PathLike)):
        names = [names]
    arr = np.asarray([os.fsencode(n) if isinstance(n, (str, os.PathLike)) else n
                      for n in np.asarray(names, dtype=object).reshape(-1).tolist()], dtype=object)
    if any(not isinstance(n, bytes) for n in arr):
        # (TF converts the names to a tensor first: its dtype, or its conversion error)
        dtype = convert_to_tensor(filenames).dtype
        raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                        f"`{dtype!r}` elements.")
    if arr.size == 0:
        arr = np.zeros((0,), dtype=object)
    return TensorSliceDataset(arr)


class _FilesIterator(ElementIterator):
    """Reads the files named by a filenames iterator one after another."""

    __slots__ = ("_names", "_open", "_cur", "_site", "_opened")

    def __init__(self, names: ElementIterator, open_file: Callable,
                 site: FnSite | None = None) -> None:
        self._names, self._open = names, open_file
        self._cur: Any = None
        self._site = site  # (the flat_map TF reads the files by, where it names it)
        self._opened = 0

    def __next__(self) -> tuple:
        while True:
            if self._cur is None:
                name = next(self._names)[0]._arr[()]
                self._opened += 1
                try:
                    self._cur = self._open(local_path(os.fsdecode(name)))
                except _ReaderEOF as e:
                    err = InternalError(None, None, "EOF reached")
                    reader_out_of_range(err, self._site, self._opened - 1, e.reader)
                    raise err from None
            try:
                rec = self._cur.read_record()
            except BaseException:
                if getattr(self._cur, "record_skipped", False):
                    raise  # the reader is past the bad record: the file goes on
                # A broken file ends here; the error reaches the consumer, reading moves on.
                self._cur.close()
                self._cur = None
                raise
            if rec is None:
                self._cur.close()
                self._cur = None
                continue
            return rec if type(rec) is tuple else (string_scalar(rec),)  # CSV records: tuples

    def close(self) -> None:
        if self._cur is not None:
            self._cur.close()
            self._cur = None
        self._names.close()


def _symbolic_filenames(names: Tensor) -> DatasetV2:
    """File names computed inside a traced function (`interleave(TFRecordDataset)`): read
    from the feed each time the reader is iterated."""
    if names.dtype is not _dt.string:
        raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                        f"`{names.dtype!r}` elements.")
    rank = None if names._shape is None else len(names._shape)
    if rank not in (0, 1):
        raise ValueError(f"The `filenames` argument must be a scalar or a vector of "
                         f"`tf.string` file names, got shape {names.shape}.")
    return deferred_source("from_tensors" if rank == 0 else "from_tensor_slices", (names,), {})


class _FileReaderDataset(DatasetV2):
    """Common base: a dataset of records read from files by `_open(path)`."""

    def __init__(self, filenames: Any, num_parallel_reads: Any) -> None:
        names = _filenames_dataset(filenames)
        super().__init__((names,), _STRING)
        self._parallel = None if num_parallel_reads is None else int64_arg(num_parallel_reads)
        # (the files read at once: the interleave's cycle TF reads them through)
        self._cycle = None if self._parallel is None else \
            autotuned_cycle(self._parallel, self._parallel)
        if self._parallel is not None and self._parallel <= 0 and self._parallel != -1:
            # (TF reads the files through a LegacyParallelInterleaveDatasetV2 as many wide)
            raise raised_eagerly(op_error(InvalidArgumentError,
                                          "LegacyParallelInterleaveDatasetV2",
                                          "`cycle_length` must be > 0"),
                                 lengths={"Targuments": 0}, host=True)

    def _open(self, path: str) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    def _kernel_text(self) -> str:
        """TF's readers flat_map a reader dataset over the file names (interleave them, as
        many at once as `num_parallel_reads`; AUTOTUNE: through an interleave with
        num_parallel_calls): their variant is that dataset's."""
        kernel = "FlatMapDataset" if self._parallel is None else \
            "ParallelInterleaveDatasetV4" if self._parallel == -1 else \
            "LegacyParallelInterleaveDatasetV2"
        return f"{kernel}Op::Dataset"

    def _single(self, name: EagerTensor) -> DatasetV2:
        ds = object.__new__(type(self))
        ds.__dict__.update(self.__dict__)
        ds._inputs = (TensorSliceDataset(np.asarray([name._arr[()]], dtype=object)),)
        ds._parallel = None
        return ds

    def _make_iterator(self, ctx: IterContext | None = None) -> ElementIterator:
        if self._parallel is None:
            return _FilesIterator(self._inputs[0]._make_iterator(ctx), self._open,
                                  getattr(self, "_site", None))
        inter = InterleaveDataset(self._inputs[0], None, self._parallel, 1, self._parallel,
                                  None, _internal=lambda flat: self._single(flat[0]))
        inter._struct_cache = self._structure
        return inter._make_iterator(ctx)

    def _cardinality(self) -> int:
        return UNKNOWN


class TFRecordDataset(_FileReaderDataset):
    """`tf.data.TFRecordDataset(filenames, compression_type=None, buffer_size=None,
    num_parallel_reads=None)`: the records of TFRecord files as scalar strings."""

    _repr_name = "TFRecordDatasetV2"

    def __init__(self, filenames: Any, compression_type: Any = None, buffer_size: Any = None,
                 num_parallel_reads: Any = None, name: str | None = None) -> None:
        super().__init__(filenames, num_parallel_reads)
        # TF's TFRecord reader also reads SNAPPY (its stream of snappy blocks); it logs a
        # name it does not know and reads the file uncompressed
        c = tfrecord.dataset_compression(compression_type)
        self._compression = c if c in (*tfrecord.KNOWN, "SNAPPY") else ""
        self._buffer = None if buffer_size is None else int64_arg(buffer_size)
        if self._buffer is not None and self._buffer < 0:
            raise InvalidArgumentError(None, None, "`buffer_size` must be >= 0.")

    def _open(self, path: str) -> Any:
        return tfrecord.RecordReader(path, self._compression, self._buffer or None,
                                     op="IteratorGetNext")


def unsupported(compression: str, site: FnSite, op: str) -> None:
    """TF's text and fixed-length readers refuse a compression name they do not know when
    each file's reader (`op`) is made, inside the flat_map TF builds over the file names."""
    if compression not in tfrecord.KNOWN:
        e = InvalidArgumentError(None, None, f"Unsupported compression_type. [Op:{op}]")
        annotate(e, site)
        raise e


class _Source:
    """A read(n) over a plain or compressed file."""

    def __init__(self, path: str, compression: str) -> None:
        try:
            f = open(path, "rb", buffering=_CHUNK)  # noqa: SIM115 - closed in close()
        except OSError as e:
            raise os_error(e, path, "IteratorGetNext") from None
        self.raw = f
        self.src: Any = tfrecord._Inflater(f, compression, path) if compression else f
        self.path = path

    def read(self, n: int) -> bytes:
        return self.src.read(n)

    def close(self) -> None:
        if self.src is not None:
            self.src.close()
            self.src = None


class _LineReader:
    """TextLineDataset's reader: lines split on '\\n', every '\\r' dropped (as TF does)."""

    def __init__(self, path: str, compression: str) -> None:
        self._s: Any = _Source(path, compression)
        self._buf = b""
        self._eof = False

    def read_record(self) -> bytes | None:
        s = self._s
        if s is None:
            return None
        while True:
            i = self._buf.find(b"\n")
            if i >= 0:
                line, self._buf = self._buf[:i], self._buf[i + 1:]
                return line.replace(b"\r", b"")
            if self._eof:
                if self._buf:
                    line, self._buf = self._buf, b""
                    return line.replace(b"\r", b"")
                self.close()
                return None
            chunk = s.read(_CHUNK)
            if not chunk:
                self._eof = True
            self._buf += chunk

    def close(self) -> None:
        s, self._s = self._s, None
        if s is not None:
            s.close()


class TextLineDataset(_FileReaderDataset):
    """`tf.data.TextLineDataset(filenames, compression_type=None, buffer_size=None,
    num_parallel_reads=None)`: the lines of text files."""

    _repr_name = "TextLineDatasetV2"

    def __init__(self, filenames: Any, compression_type: Any = None, buffer_size: Any = None,
                 num_parallel_reads: Any = None, name: str | None = None) -> None:
        super().__init__(filenames, num_parallel_reads)
        self._compression = tfrecord.dataset_compression(compression_type)
        self._site = FnSite("Dataset.flat_map()")

    def _open(self, path: str) -> Any:
        unsupported(self._compression, self._site, "TextLineDataset")
        return _LineReader(path, self._compression)


class _ReaderEOF(Exception):
    """A reader met its file's end where it expected bytes (TF's OutOfRange, which its
    iterator refuses: _FilesIterator words it)."""

    def __init__(self, reader: str) -> None:
        super().__init__(reader)
        self.reader = reader


class _FixedReader:
    """FixedLengthRecordDataset's reader of one file. Uncompressed, TF checks the body's
    length when it opens the file; compressed, it keeps the footer's length of bytes read
    ahead and finds a body of the wrong length only at its last, short record. A
    compressed file that fails to inflate after its header and footer were read simply
    ends (TF's reader takes any error but a short read for the file's end)."""

    def __init__(self, path: str, compression: str, record: int, header: int,
                 footer: int) -> None:
        self._s: Any = _Source(path, compression)
        self._record, self._header, self._footer = record, header, footer
        self._compressed = bool(compression)
        self._buf = b""
        self._eof = False
        self._path = path
        self._body = 0  # (compressed: the body's bytes read so far)
        if not compression:  # TF checks an uncompressed file's length when it opens it
            # (TF's sizes are unsigned: a header and footer longer than the file wrap)
            body = (os.fstat(self._s.raw.fileno()).st_size - header - footer) % (1 << 64)
            if body % record:
                self.close()
                raise InvalidArgumentError(
                    None, None, f"{self._excluding()} has body length {body} bytes, which is "
                    f"not an exact multiple of the record length ({record} bytes). "
                    f"[Op:IteratorGetNext]")
        left = header  # (read in chunks: a header may be far longer than the file)
        while left > 0:
            got = len(self._s.read(min(left, _CHUNK)))
            left -= got
            if not got:
                self._eof = True
                break
        if compression and footer:  # (read ahead: the last `footer` bytes are no record's)
            self._buf = self._s.read(footer)
        if compression and (left > 0 or len(self._buf) < footer):
            self.close()  # (TF's: its compressed reader skips and reads them exactly)
            raise _ReaderEOF("FixedLengthRecordV2")

    def _excluding(self) -> str:
        return (f"Excluding the header ({self._header} bytes) and footer ({self._footer} "
                f"bytes), input file \"{self._path}\"")

    def read_record(self) -> bytes | None:
        if self._s is None:
            return None
        if self._compressed:
            return self._read_compressed()
        need = self._record + self._footer
        while len(self._buf) < need and not self._eof:
            chunk = self._s.read(_CHUNK)
            if not chunk:
                self._eof = True
            self._buf += chunk
        if len(self._buf) >= need:
            rec, self._buf = self._buf[:self._record], self._buf[self._record:]
            return rec
        self.close()
        return None

    def _read_compressed(self) -> bytes | None:
        try:
            got = self._s.read(self._record)
        except DataLossError:  # (TF's reader ends the file there, saying nothing)
            got = b""
        if len(got) == self._record:
            self._body += len(got)
            self._buf += got
            rec, self._buf = self._buf[:self._record], self._buf[self._record:]
            return rec
        self.close()
        if got:
            raise DataLossError(None, None, f"{self._excluding()} has body length "
                                f"{self._body + len(got)} bytes, which is not an exact "
                                f"multiple of the record length ({self._record} bytes).")
        return None

    def close(self) -> None:
        s, self._s = self._s, None
        if s is not None:
            s.close()


class FixedLengthRecordDataset(_FileReaderDataset):
    """`tf.data.FixedLengthRecordDataset(filenames, record_bytes, header_bytes=None,
    footer_bytes=None, buffer_size=None, compression_type=None, num_parallel_reads=None)`."""

    _repr_name = "FixedLengthRecordDatasetV2"

    def __init__(self, filenames: Any, record_bytes: Any, header_bytes: Any = None,
                 footer_bytes: Any = None, buffer_size: Any = None, compression_type: Any = None,
                 num_parallel_reads: Any = None, name: str | None = None) -> None:
        super().__init__(filenames, num_parallel_reads)
        self._record = int64_arg(record_bytes)
        self._header = 0 if header_bytes is None else int64_arg(header_bytes)
        self._footer = 0 if footer_bytes is None else int64_arg(footer_bytes)
        if self._record <= 0:
            raise InvalidArgumentError(None, None, f"record_bytes must be greater than zero "
                                       f"(got {self._record}). [Op:FixedLengthRecordDatasetV2]")
        if self._header < 0 or self._footer < 0:
            raise InvalidArgumentError(None, None, "header_bytes and footer_bytes must be >= 0. "
                                       "[Op:FixedLengthRecordDatasetV2]")
        self._compression = tfrecord.dataset_compression(compression_type)
        self._site = FnSite("Dataset.flat_map()")

    def _open(self, path: str) -> Any:
        unsupported(self._compression, self._site, "FixedLengthRecordDatasetV2")
        return _FixedReader(path, self._compression, self._record, self._header, self._footer)
