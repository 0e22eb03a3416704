"""`tf.data.experimental.make_batched_features_dataset`: batches of parsed tf.train.Examples.

Data layer, a composition of tf.data transformations as TF 2.21 composes it: the files
matching `file_pattern` (shuffled when `shuffle`), read by `reader` (TFRecordDataset by
default) `reader_num_threads` at a time, record by record; (key, value) records keep
their value; then shuffle and repeat, batches (the last, short one dropped when
`drop_final_batch` or when repeating forever), each batch parsed with
`tf.io.parse_example(batch, features)`, the label split off when `label_key` is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from eagerflow._src.core import dtypes as _dt
from eagerflow._src.core.tensor_spec import TensorSpec
from eagerflow._src.data import structure as dstruct
from eagerflow._src.data.dataset import AUTOTUNE, DatasetV2
from eagerflow._src.data.options import Options
from eagerflow._src.data.readers import TFRecordDataset
from eagerflow._src.ops.parsing_features import parse_example


def _string_pair(spec: Any) -> bool:
    specs = dstruct.flatten(spec) if isinstance(spec, tuple) else ()
    return len(specs) == 2 and all(isinstance(s, TensorSpec) and s.dtype is _dt.string
                                   for s in specs)


def make_batched_features_dataset(
        file_pattern: Any, batch_size: Any, features: dict, reader: Callable | None = None,
        label_key: str | None = None, reader_args: list | None = None,
        num_epochs: int | None = None, shuffle: bool = True, shuffle_buffer_size: Any = 10000,
        shuffle_seed: int | None = None, prefetch_buffer_size: Any = None,
        reader_num_threads: Any = None, parser_num_threads: Any = None,
        sloppy_ordering: bool = False, drop_final_batch: bool = False) -> DatasetV2:
    """Dicts of feature tensors (and labels) parsed from batches of serialized Examples."""
    reader = TFRecordDataset if reader is None else reader
    reader_num_threads = 1 if reader_num_threads is None else reader_num_threads
    prefetch_buffer_size = AUTOTUNE if prefetch_buffer_size is None else prefetch_buffer_size
    args = list(reader_args or [])
    ds = DatasetV2.list_files(file_pattern, shuffle=shuffle, seed=shuffle_seed)
    if reader_num_threads == AUTOTUNE:
        ds = ds.interleave(lambda f: reader(f, *args), num_parallel_calls=AUTOTUNE)
        options = Options()
        options.deterministic = not sloppy_ordering
        ds = ds.with_options(options)
    else:
        ds = ds.interleave(lambda f: reader(f, *args), cycle_length=reader_num_threads,
                           block_length=1)
    if _string_pair(ds.element_spec):
        ds = ds.map(lambda _, v: v)
    if shuffle:
        ds = ds.shuffle(shuffle_buffer_size, shuffle_seed)
    if num_epochs != 1:
        ds = ds.repeat(num_epochs)
    ds = ds.batch(batch_size, drop_remainder=drop_final_batch or num_epochs is None)
    ds = ds.map(lambda serialized: parse_example(serialized, features))
    if label_key:
        if label_key not in features:
            raise ValueError(f"The `label_key` provided ({label_key}) must be one of the "
                             f"`features` keys: {features.keys()}.")
        ds = ds.map(lambda x: (x, x.pop(label_key)))
    return ds.prefetch(prefetch_buffer_size)
