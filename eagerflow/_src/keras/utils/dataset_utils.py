"""keras.utils.text_dataset_from_directory: labelled text files as a tf.data pipeline.

Keras layer level, over tf.data. Files are indexed as Keras 3 does: class subdirectories
in sorted order (or `class_names`), files sorted by path within each, then shuffled by a
NumPy RandomState of `seed` (the same order as Keras for the same seed), split for
validation from the end, read with tf.io.read_file and batched.
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from eagerflow._src.core import dtypes as dt
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.ops import array as ta
from eagerflow._src.ops import io_ops, string_ops, unique_one_hot
from eagerflow._src.ops.math_base import cast


def index_directory(directory: str, labels: Any, formats: tuple, class_names: Any = None,
                    shuffle: bool = True, seed: int | None = None, follow_links: bool = False,
                    verbose: bool = True) -> tuple:
    """(file paths, integer labels, class names) of the files under `directory`."""
    if labels == "inferred":
        subdirs = [d for d in sorted(os.listdir(directory))
                   if os.path.isdir(os.path.join(directory, d)) and not d.startswith(".")]
        if class_names is not None:
            if not set(class_names).issubset(set(subdirs)):
                raise ValueError("The `class_names` passed did not match the names of the "
                                 "subdirectories of the target directory. Expected: "
                                 f"{subdirs} (or a subset of it), but received: "
                                 f"class_names={class_names}")
            subdirs = list(class_names)
    else:
        subdirs = [""]
        if class_names is not None:
            raise ValueError("When `labels=None` (no labels), argument `class_names` cannot "
                             "be specified." if labels is None else
                             "When argument `labels` is specified, argument `class_names` "
                             "cannot be specified (the `class_names` will be the sorted list "
                             "of labels).")
    filenames, found = [], []
    for index, sub in enumerate(subdirs):
        top = os.path.join(directory, sub)
        for root, _, files in sorted(os.walk(top, followlinks=follow_links),
                                     key=lambda w: w[0]):
            for name in sorted(files):
                if name.lower().endswith(formats):
                    rel = os.path.relpath(os.path.join(root, name), top)
                    filenames.append(os.path.join(os.path.basename(top), rel))
                    found.append(index)
    if labels == "inferred":
        labels = np.array(found, np.int32)
        names = subdirs
    elif labels is None:
        names = None
    else:
        if len(labels) != len(filenames):
            raise ValueError("Expected the lengths of `labels` to match the number of files "
                             f"in the target directory. len(labels) is {len(labels)} while we "
                             f"found {len(filenames)} files in directory {directory}.")
        names = [str(label) for label in sorted(set(labels))]
    if verbose:
        print(f"Found {len(filenames)} files." if labels is None else
              f"Found {len(filenames)} files belonging to {len(names)} classes.")
    paths = [os.path.join(directory, f) for f in filenames]
    if shuffle:
        seed = np.random.randint(1e6) if seed is None else seed
        np.random.RandomState(seed).shuffle(paths)
        if labels is not None:
            labels = np.array(labels)
            np.random.RandomState(seed).shuffle(labels)
    return paths, labels, names


def split_for_validation(samples: list, labels: Any, validation_split: Any,
                         subset: str | None) -> tuple:
    if not validation_split:
        return samples, labels
    n = int(validation_split * len(samples))
    if subset == "training":
        print(f"Using {len(samples) - n} files for training.")
        return samples[:-n], None if labels is None else labels[:-n]
    if subset == "validation":
        print(f"Using {n} files for validation.")
        return samples[-n:], None if labels is None else labels[-n:]
    raise ValueError(f'`subset` must be either "training" or "validation", received: {subset}')


def check_validation_split(validation_split: Any, subset: Any, shuffle: bool,
                           seed: Any) -> None:
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: "
                         f"{validation_split}")
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError(f'`subset` must be either "training", "validation" or "both", '
                         f"received: {subset}")
    if validation_split and shuffle and seed is None:
        raise ValueError("If using `validation_split` and shuffling the data, you must "
                         "provide a `seed` argument, to make sure that there is no overlap "
                         "between the training and validation subset.")


def labels_dataset(labels: Any, label_mode: str, num_classes: int) -> DatasetV2:
    ds = DatasetV2.from_tensor_slices(np.asarray(labels, np.int32))
    if label_mode == "binary":
        return ds.map(lambda x: ta.expand_dims(cast(x, dt.float32), -1))
    if label_mode == "categorical":
        return ds.map(lambda x: unique_one_hot.one_hot(x, num_classes))
    return ds


def _text_dataset(paths: list, labels: Any, label_mode: Any, num_classes: int,
                  max_length: Any, shuffle: bool, buffer: int, seed: Any) -> DatasetV2:
    ds = DatasetV2.from_tensor_slices(np.array(paths, dtype=object))
    if label_mode:
        ds = DatasetV2.zip((ds, labels_dataset(labels, label_mode, num_classes)))
    if shuffle:
        ds = ds.shuffle(buffer_size=buffer, seed=seed)

    def read(path: Any) -> Any:
        text = io_ops.read_file(path)
        return string_ops.substr(text, 0, max_length) if max_length is not None else text

    if label_mode:
        return ds.map(lambda path, label: (read(path), label))
    return ds.map(read)


def check_label_args(labels: Any, label_mode: Any, class_names: Any, what: str) -> tuple:
    """Keras's checks of `labels`, `label_mode` and `class_names`: (labels, label_mode),
    both None when either is."""
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError("`labels` argument should be a list/tuple of integer labels, of "
                             f"the same size as the number of {what} files in the target "
                             "directory. If you wish to infer the labels from the "
                             "subdirectory names in the target directory, pass "
                             '`labels="inferred"`. If you wish to get a dataset that only '
                             f"contains {'text samples' if what == 'text' else 'images'} (no "
                             f"labels), pass `labels=None`. Received: labels={labels}")
        if class_names:
            raise ValueError(f'You can only pass `class_names` if `labels="inferred"`. '
                             f"Received: labels={labels}, and class_names={class_names}")
    if label_mode not in {"int", "categorical", "binary", None}:
        raise ValueError('`label_mode` argument must be one of "int", "categorical", "binary", '
                         f"or None. Received: label_mode={label_mode}")
    if labels is None or label_mode is None:
        return None, None
    return labels, label_mode


def datasets_from_files(directory: str, formats: tuple, make: Any, missing: Any,
                        labels: Any, label_mode: Any, class_names: Any, batch_size: Any,
                        shuffle: bool, seed: Any, validation_split: Any, subset: Any,
                        follow_links: bool, verbose: bool, batch: Any = None) -> Any:
    """The dataset (or the training and validation pair) of the files of `directory`:
    indexed, split, built by `make(paths, labels, label_mode, num_classes, shuffle, buffer,
    seed)`, batched (by `batch(ds, batch_size)` where given) and prefetched; `missing(kind)`
    says that a subset has no files."""
    check_validation_split(validation_split, subset, shuffle, seed)
    seed = np.random.randint(1e6) if seed is None else seed
    paths, labels, class_names = index_directory(directory, labels, formats, class_names,
                                                 shuffle, seed, follow_links, verbose)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError('When passing `label_mode="binary"`, there must be exactly 2 '
                         f"class_names. Received: class_names={class_names}")
    buffer = batch_size * 8 if batch_size is not None else 1024
    num_classes = len(class_names) if class_names else 0
    subsets = ("training", "validation") if subset == "both" else (subset,)
    out = []
    for which in subsets:
        p, lab = split_for_validation(paths, labels, validation_split, which)
        if not p:
            raise ValueError(missing(f"{which} " if subset == "both" else ""))
        ds = make(p, lab, label_mode, num_classes,
                  shuffle and not (subset == "both" and which == "validation"), buffer, seed)
        if batch_size is not None:
            ds = batch(ds, batch_size) if batch is not None else ds.batch(batch_size)
        ds = ds.prefetch(-1)
        ds.class_names = class_names
        out.append((ds, p))
    return out


def text_dataset_from_directory(directory: str, labels: Any = "inferred",
                                label_mode: Any = "int", class_names: Any = None,
                                batch_size: int | None = 32, max_length: int | None = None,
                                shuffle: bool = True, seed: int | None = None,
                                validation_split: float | None = None,
                                subset: str | None = None, follow_links: bool = False,
                                format: str = "tf", verbose: bool = True) -> Any:  # noqa: A002
    """`keras.utils.text_dataset_from_directory`: a dataset of (text, label) batches read
    from the .txt files of `directory`'s class subdirectories."""
    labels, label_mode = check_label_args(labels, label_mode, class_names, "text")
    if format not in ("tf", "grain"):
        raise ValueError(f'`format` should be either "tf" or "grain". Received: format={format}')
    if format == "grain":
        raise NotImplementedError('eagerflow builds tf.data pipelines only (format="tf")')

    def make(paths: list, labels: Any, label_mode: Any, num_classes: int, shuffle: bool,
             buffer: int, seed: Any) -> DatasetV2:
        return _text_dataset(paths, labels, label_mode, num_classes, max_length, shuffle,
                             buffer, seed)

    out = datasets_from_files(
        directory, (".txt",), make,
        lambda kind: f"No {kind}text files found in directory {directory}. Allowed format: .txt",
        labels, label_mode, class_names, batch_size, shuffle, seed, validation_split, subset,
        follow_links, verbose)
    return [ds for ds, _ in out] if subset == "both" else out[0][0]
