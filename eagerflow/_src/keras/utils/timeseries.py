"""keras.utils.timeseries_dataset_from_array: sliding windows over an array as a tf.data
pipeline.

Sits in keras/utils/ over tf.data. The pipeline is Keras's: window start positions
(shuffled by NumPy's RandomState(seed), as Keras shuffles them), a dataset of each
window's indices, a gather from the whole array per window, then a local shuffle and the
batches. Built from the same tf.data steps, it yields Keras's windows in Keras's order.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import indexing
from eagerflow._src.ops.math_base import cast

AUTOTUNE = -1


def timeseries_dataset_from_array(data: Any, targets: Any, sequence_length: int,
                                  sequence_stride: int = 1, sampling_rate: int = 1,
                                  batch_size: int | None = 128, shuffle: bool = False,
                                  seed: int | None = None, start_index: int | None = None,
                                  end_index: int | None = None,
                                  format: str = "tf") -> Any:  # noqa: A002 (Keras's name)
    """A dataset of windows of `sequence_length` steps (every `sampling_rate`-th one)
    starting every `sequence_stride` steps, with the target of each window's first step."""
    _check(len(data), sequence_stride, sampling_rate, start_index, end_index, format)
    start = start_index or 0
    end = end_index or len(data)
    num_seqs = end - start - (sequence_length - 1) * sampling_rate
    if targets is not None:
        num_seqs = min(num_seqs, len(targets))
    index_dtype = "int32" if num_seqs < 2147483647 else "int64"
    starts = np.arange(0, num_seqs, sequence_stride, dtype=index_dtype)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(starts)
    length = cast(sequence_length, index_dtype)
    rate = cast(sampling_rate, index_dtype)
    positions = DatasetV2.from_tensors(starts).repeat()
    count = DatasetV2.range(len(starts))
    windows = DatasetV2.zip((count, positions)).map(
        lambda i, p: ta.range(p[i], p[i] + length * rate, rate), num_parallel_calls=AUTOTUNE)
    dataset = _gathered(data, windows, start, end)
    if targets is not None:
        firsts = DatasetV2.zip((count, positions)).map(lambda i, p: p[i],
                                                        num_parallel_calls=AUTOTUNE)
        dataset = DatasetV2.zip((dataset, _gathered(targets, firsts, start, end)))
    dataset = dataset.prefetch(AUTOTUNE)
    if batch_size is not None:
        if shuffle:  # and locally again at each iteration
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        return dataset.batch(batch_size)
    return dataset.shuffle(buffer_size=1024, seed=seed) if shuffle else dataset


def _gathered(array: Any, indices: DatasetV2, start: int, end: int) -> DatasetV2:
    whole = DatasetV2.from_tensors(array[start:end]).repeat()
    return DatasetV2.zip((whole, indices)).map(lambda steps, i: indexing.gather(steps, i),
                                               num_parallel_calls=AUTOTUNE)


def _check(n: int, stride: int, rate: int, start: Any, end: Any, fmt: str) -> None:
    """Keras's argument checks, with its messages."""
    if start:
        if start < 0:
            raise ValueError(f"`start_index` must be 0 or greater. Received: start_index={start}")
        if start >= n:
            raise ValueError(f"`start_index` must be lower than the length of the data. "
                             f"Received: start_index={start}, for data of length {n}")
    if end:
        if start and end <= start:
            raise ValueError(f"`end_index` must be higher than `start_index`. Received: "
                             f"start_index={start}, and end_index={end} ")
        if end >= n:
            raise ValueError(f"`end_index` must be lower than the length of the data. "
                             f"Received: end_index={end}, for data of length {n}")
        if end <= 0:
            raise ValueError(f"`end_index` must be higher than 0. Received: end_index={end}")
    for name, v in (("sampling_rate", rate), ("sequence_stride", stride)):
        if v <= 0:
            raise ValueError(f"`{name}` must be higher than 0. Received: {name}={v}")
        if v >= n:
            raise ValueError(f"`{name}` must be lower than the length of the data. "
                             f"Received: {name}={v}, for data of length {n}")
    if fmt not in ("tf", "grain"):
        raise ValueError(f'`format` should be either "tf" or "grain". Received: format={fmt}')
    if fmt == "grain":
        raise ValueError('format="grain" needs the grain package, which eagerflow does not '
                         'use: use format="tf"')
