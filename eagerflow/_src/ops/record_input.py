"""RecordInput (ops layer, over io/tfrecord.py): TF's batches of TFRecord records, read in
a shuffled order by a "record yielder" that the op's kernel keeps from call to call.

TF's yielder, epoch after epoch: matches the files of each comma-separated pattern (in
the order the file system lists them, unsorted), shuffles them by std::shuffle with a
std::mt19937_64 seeded by TF's Hash64 of the epoch number (1 first) under
`file_random_seed`, rotates them left by `file_shuffle_shift_ratio` of their count (a
ratio outside [0, 1) rotates nothing), and deals them to `file_parallelism` shards, file
i to shard i mod N. Each shard reads its files in turn and hands its records to a buffer
of `file_buffer_size` once it holds 16 (and at its end), newest first, each put at a
random place of the buffer (the place drawn by another mt19937_64, seeded by the seed
itself); the op takes records off the buffer's end once it holds half its size (or the
epoch has been read whole). An epoch starts once the last one's records are all taken.

TF's shards are threads, so its order is the threads' race; here they take turns (each
shard reads until it hands records over, then the next), and they always run ahead of
the op (a shard reads until the buffer is full). Where TF's order depends on no race, it
is TF's order record for record: one shard and a buffer of one, or a buffer that holds
twice an epoch's records or more (nothing is taken until the epoch is read whole), or a
negative size (which TF reads as unbounded). The op's kernel is TF's: an eager call with
the same attributes as an earlier one goes on with its yielder (TF's kernel cache), each
node of a traced function has its own, and `tf.random.set_seed` starts them over.

Where TF's kernel waits forever (no shard, a buffer of size zero, files that hold no
record), the op raises instead.
"""

from __future__ import annotations

import struct
from collections.abc import Iterator
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.core.context import _state
from eagerflow._src.core.errors import InvalidArgumentError, NotFoundError, OpError
from eagerflow._src.core.tensor import check_finite_size
from eagerflow._src.io.gfile import matches
from eagerflow._src.io.tfrecord import RecordReader
from eagerflow._src.ops import checks as C
from eagerflow._src.ops.dispatch import bind
from eagerflow._src.ops.hash_ops import murmur64
from eagerflow._src.ops.random import kernel_state
from eagerflow._src.ops.random_unroll import next_node
from eagerflow._src.ops.registry import BadSample, OpDef, TFForm, register

_OP = "RecordInput"
_M64 = (1 << 64) - 1
_CHUNK = 16  # records a shard reads before handing them over (TF's kRecords)


# -- std::mt19937_64 and libstdc++'s std::shuffle -------------------------------

class MersenneTwister64:
    """C++'s std::mt19937_64."""

    def __init__(self, seed: int) -> None:
        mt = [seed & _M64]
        for i in range(1, 312):
            mt.append((6364136223846793005 * (mt[-1] ^ (mt[-1] >> 62)) + i) & _M64)
        self._mt, self._i = mt, 312

    def _twist(self) -> None:
        mt = self._mt
        for k in range(312):
            x = (mt[k] & 0xFFFFFFFF80000000) | (mt[(k + 1) % 312] & 0x7FFFFFFF)
            mt[k] = mt[(k + 156) % 312] ^ (x >> 1) ^ (0xB5026F5AA96619E9 if x & 1 else 0)
        self._i = 0

    def __call__(self) -> int:
        if self._i == 312:
            self._twist()
        x = self._mt[self._i]
        self._i += 1
        x ^= (x >> 29) & 0x5555555555555555
        x ^= (x << 17) & 0x71D67FFFEDA60000
        x ^= (x << 37) & 0xFFF7EEE000000000
        return x ^ (x >> 43)


def _uniform(g: MersenneTwister64, high: int) -> int:
    """libstdc++'s uniform_int_distribution(0, high) over a 64-bit engine (Lemire's
    multiply-and-reject)."""
    n = high + 1
    product = g() * n
    if product & _M64 < n:
        threshold = (-n & _M64) % n
        while product & _M64 < threshold:
            product = g() * n
    return product >> 64


def shuffle(items: list, g: MersenneTwister64) -> None:
    """libstdc++'s std::shuffle: where the engine's range holds the square of the count,
    two swap positions come from each draw."""
    n = len(items)
    if n < 2:
        return
    i = 1
    if n % 2 == 0:
        j = _uniform(g, 1)
        items[1], items[j] = items[j], items[1]
        i = 2
    while i < n:
        span = i + 1
        x = _uniform(g, span * (span + 1) - 1)
        for j in (x // (span + 1), x % (span + 1)):
            items[i], items[j] = items[j], items[i]
            i += 1


# -- the yielder ---------------------------------------------------------------------------------

def _matches(patterns: str) -> list:
    """The files of each comma-separated pattern, in the order the file system lists them
    (TF's GetMatchingPaths)."""
    return [f for pattern in patterns.split(",") for f in matches(pattern, True)]


def _stalls(why: str) -> InvalidArgumentError:
    return InvalidArgumentError(None, None, f"{why}: TF's RecordInput waits forever here "
                                            f"[Op:{_OP}]")


class _Yielder:
    """One kernel's records, in order (see the module's doc)."""

    def __init__(self, pattern: str, seed: int, shift: float, bufsize: int,
                 parallelism: int, compression: str) -> None:
        self._pattern, self._seed, self._shift = pattern, seed & _M64, np.float32(shift)
        self._bufsize, self._parallelism = bufsize & _M64, parallelism  # (TF's uint64)
        # (TF reads a compression it does not know as none)
        self._compression = compression if compression in ("ZLIB", "GZIP", "SNAPPY") else ""
        self._rnd = MersenneTwister64(self._seed)
        self._buf: list = []
        self._epoch = 0
        self._shards: list = []    # the epoch's shards still reading (generators)
        self._waiting: list = []   # each one's records waiting for room, or None
        self._failed: list = []    # the epoch's read errors
        self._added = 0            # records added in the epoch
        self._draining = True      # the epoch is read whole (TF's epoch_end_)
        self._error: OpError | None = None

    def take(self, n: int) -> list:
        """The op's call: `n` records, each taken as soon as the buffer holds enough; then
        the shards read on until the buffer is full, as TF's threads do between calls."""
        if not n:
            return []  # (TF's kernel asks its yielder for nothing, failed or not)
        if self._error is None:
            try:
                out = [self._one() for _ in range(n)]
                self._fill()
                return out
            except OpError as e:
                self._error = e
        raise self._error  # (TF's yielder keeps its failure: every later call gets it)

    def _one(self) -> bytes:
        while not self._enough():
            self._step()
        return self._buf.pop()

    def _fill(self) -> None:
        try:
            while self._shards or (self._draining and not self._buf):
                if not self._step():
                    return
        except OpError as e:  # (the next call raises it)
            self._error = e

    def _enough(self) -> bool:
        if self._draining:
            return bool(self._buf)
        return len(self._buf) >= max(1, self._bufsize // 2)

    def _step(self) -> bool:
        """The producer's next move: a new epoch once the last is taken, else one shard's
        next hand-over; False where every shard waits for room."""
        if self._draining:
            if self._buf:
                return False
            self._start()
            return True
        for i, shard in enumerate(self._shards):
            if self._waiting[i] is None:
                try:
                    self._waiting[i] = next(shard)
                except StopIteration as stop:
                    if stop.value is not None:
                        self._failed.append(stop.value)
                    del self._shards[i], self._waiting[i]
                    if not self._shards:
                        self._end()
                    return True
            if self._add(self._waiting[i]):
                self._waiting[i] = None
                # (the shard that handed over goes last: the others read meanwhile)
                self._shards.append(self._shards.pop(i))
                self._waiting.append(self._waiting.pop(i))
                return True
        return False

    def _start(self) -> None:
        self._epoch += 1
        files = _matches(self._pattern)
        if not files:
            raise NotFoundError(None, None, f"Found no files at {self._pattern} [Op:{_OP}]")
        shuffle(files, MersenneTwister64(murmur64(struct.pack("<q", self._epoch), self._seed)))
        if 0 <= self._shift < 1:
            k = int(self._shift * np.float32(len(files)))
            files = files[k:] + files[:k]
        n = self._parallelism
        self._shards = [self._shard(files[i::n]) for i in range(n)]
        self._waiting = [None] * n
        self._added, self._failed, self._draining = 0, [], False
        if not n:
            raise _stalls("file_parallelism 0 reads no file")

    def _end(self) -> None:
        """Every shard is done: the buffer shrinks to what the epoch held (TF's), and the
        epoch fails with a shard's read error, or drains."""
        if self._added < self._bufsize:
            self._bufsize = self._added
        if self._failed:
            raise self._failed[0]
        if not self._added:
            raise _stalls(f"the files matching {self._pattern} hold no record")
        self._draining = True

    def _add(self, values: list) -> bool:
        """A shard's hand-over: False where the buffer is full (the shard waits); else as
        many of `values` as fit, newest first, each at a random place."""
        buf = self._buf
        if len(buf) >= self._bufsize:
            return False
        while values and len(buf) < self._bufsize:
            i = self._rnd() % (len(buf) + 1)
            buf.append(values.pop())
            buf[i], buf[-1] = buf[-1], buf[i]
            self._added += 1
        return True

    def _shard(self, files: list) -> Iterator[list]:
        """Yields its records list each time it hands them over (whatever is left of it
        stays for the next time); returns its read error, if any."""
        values: list = []
        error = None
        for path in files:
            try:
                for record in RecordReader(path, self._compression, op=_OP):
                    values.append(record)
                    if len(values) >= _CHUNK:
                        yield values
            except OpError as e:
                error = _without_file(e)
                break
        while values:
            yield values
        return error


def _without_file(e: OpError) -> OpError:
    """A read error as TF's RecordReader words it: without the file TFRecordDataset names."""
    message = e._message.rsplit(" (file: ", 1)[0] if e._message.endswith(")") else e._message
    if not message.endswith(f"[Op:{_OP}]"):
        message += f" [Op:{_OP}]"
    e._message = message
    e.args = (message,) + e.args[1:]
    return e


# -- the op -------------------------------------------------------------------------------------

def _infer(*, file_pattern: str, file_random_seed: int = 301,
           file_shuffle_shift_ratio: float = 0.0, file_buffer_size: int = 10000,
           file_parallelism: int = 16, batch_size: int = 32, compression_type: str = "",
           node: int = 0) -> list:
    if file_parallelism < 0:
        raise C.fail(_OP, f"file_parallelism should >= 0, got {file_parallelism}")
    if batch_size < 0:
        raise C.fail(_OP, f"batch_size must be non-negative but got {batch_size}")
    check_finite_size(_OP, (batch_size,), dt.string)  # (refused before any record is read)
    return [((batch_size,), dt.string)]


def _kernel(xp: Any, *, file_pattern: str, file_random_seed: int = 301,
            file_shuffle_shift_ratio: float = 0.0, file_buffer_size: int = 10000,
            file_parallelism: int = 16, batch_size: int = 32, compression_type: str = "",
            node: int = 0) -> np.ndarray:
    if batch_size and not file_buffer_size:
        raise _stalls("a file_buffer_size of 0 holds no record")
    text = [v.decode() if isinstance(v, bytes) else v for v in (file_pattern, compression_type)]
    attrs = (*text, file_random_seed, float(file_shuffle_shift_ratio), file_buffer_size,
             file_parallelism)
    yielder = kernel_state((_OP, attrs, batch_size, node), lambda: _Yielder(
        text[0], file_random_seed, file_shuffle_shift_ratio, file_buffer_size,
        file_parallelism, text[1]))
    return np.array(yielder.take(batch_size), dtype=object).reshape(batch_size)


def _load(node: Any) -> Any:
    """A RecordInput node: traced, a kernel of its own (its `node` id), as TF's graph node."""
    attrs = {k: v for k, v in node.attrs.items() if k != "node"}
    attrs["node"] = 0 if _state.graph is None else next_node()
    return bind(RECORD_INPUT, (), attrs)


RECORD_INPUT = register(OpDef(
    _OP, _infer, _kernel, stateful=True, gpu=False, tf=TFForm(load=_load),
    bad_samples=lambda: [
        BadSample((), {"file_pattern": "x", "file_parallelism": -1}, InvalidArgumentError,
                  "file_parallelism should >= 0, got -1"),
        BadSample((), {"file_pattern": "x", "batch_size": -1}, InvalidArgumentError,
                  "batch_size must be non-negative but got -1")]))
