"""keras.utils.split_dataset: a dataset (a tf.data.Dataset, an array, or a list or tuple
of arrays of one length) split into a left and a right tf.data.Dataset.

Keras layer level, over tf.data. As Keras 3 does it: the samples are listed, shuffled
(when asked) by Python's `random` seeded with `seed`, the left split taken from the
front and the right one from the back, and a batched dataset's splits batched alike.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from eagerflow._src.data.batching import BatchDataset
from eagerflow._src.data.dataset import DatasetV2
from eagerflow._src.keras import tree


def split_dataset(dataset: Any, left_size: Any = None, right_size: Any = None,
                  shuffle: bool = False, seed: int | None = None,
                  preferred_backend: str | None = None) -> tuple:
    """(left, right) tf.data.Datasets; sizes are counts (int) or fractions (float)."""
    if not isinstance(dataset, (DatasetV2, np.ndarray, list, tuple)):
        raise TypeError(f"Unsupported dataset type: {type(dataset)}")
    if right_size is None and left_size is None:
        raise ValueError("At least one of the `left_size` or `right_size` must be specified. "
                         "Received: left_size=None and right_size=None")
    samples = _samples(dataset)
    if shuffle:
        if seed is None:
            seed = random.randint(0, int(1e6))
        random.seed(seed)
        random.shuffle(samples)
    left_size, right_size = _split_sizes(left_size, right_size, len(samples))
    left = _restore(samples[:left_size], dataset)
    right = _restore(samples[-right_size:], dataset)
    batch_size = _batch_size(dataset)
    splits = []
    for part in (left, right):
        ds = DatasetV2.from_tensor_slices(part)
        if batch_size is not None:
            ds = ds.batch(batch_size)
        splits.append(ds.prefetch(-1))
    return tuple(splits)


def _samples(dataset: Any) -> list:
    """The dataset's samples, one by one (a batched dataset unbatched)."""
    if isinstance(dataset, DatasetV2):
        if _batch_size(dataset) is not None:
            dataset = dataset.unbatch()
        return [tree.map_structure(lambda t: t.numpy(), s) for s in dataset]
    if isinstance(dataset, np.ndarray):
        return list(dataset)
    kind = type(dataset).__name__
    if not dataset:  # (Keras's words: a tuple's message says "list" too, without a space)
        raise ValueError("Received an empty list dataset. Please provide a non-empty list of "
                         "arrays." if kind == "list" else "Received an empty list dataset."
                         "Please provide a non-empty tuple of arrays.")
    first = None
    for i, element in enumerate(dataset):
        if not isinstance(element, np.ndarray):
            raise ValueError(f"Expected a {kind} of `numpy.ndarray` objects,Received: "
                             f"{type(element)} at index {i}.")
        if first is None:
            first = element.shape
        elif element.shape[0] != first[0]:
            raise ValueError(f"Received a {kind} of NumPy arrays with different lengths."
                             f"Mismatch found at index {i}, Expected shape={first} Received "
                             f"shape={element.shape}.Please provide a {kind} of NumPy arrays "
                             "of the same length.")
    return list(zip(*dataset))


def _batch_size(dataset: Any) -> int | None:
    """The batch size of a dataset made by `.batch(n)` (as Keras 3 reads it), else None."""
    return dataset._size if isinstance(dataset, BatchDataset) else None


def _restore(samples: list, original: Any) -> Any:
    """The samples stacked back into arrays, in the original's structure (tuples)."""
    if not isinstance(original, (DatasetV2, list, tuple)):
        # an array's rows stay a list, which tf.data converts as it converts a Python list
        # (NumPy int64 scalars become int32, as in Keras 3)
        return samples
    columns = [np.array(c) for c in zip(*(tree.flatten(s) for s in samples))]
    packed = tree.pack_sequence_as(samples[0], columns)
    return tree.lists_to_tuples(packed)


def _split_sizes(left: Any, right: Any, total: int) -> tuple[int, int]:
    """Keras 3's checks of the split sizes, and the sizes as counts."""
    lt, rt = type(left), type(right)
    if (left is not None and lt not in (int, float)) and (right is not None and
                                                          rt not in (int, float)):
        raise TypeError("Invalid `left_size` and `right_size` Types. Expected: integer or float"
                        f" or None, Received: type(left_size)={lt} and type(right_size)={rt}")
    if left is not None and lt not in (int, float):
        raise TypeError("Invalid `left_size` Type. Expected: int or float or None, Received: "
                        f"type(left_size)={lt}.  ")
    if right is not None and rt not in (int, float):
        raise TypeError("Invalid `right_size` Type. Expected: int or float or None,Received: "
                        f"type(right_size)={rt}.")
    if left == 0 and right == 0:
        raise ValueError("Both `left_size` and `right_size` are zero. At least one of the split"
                         " sizes must be non-zero.")
    if (lt is int and (left <= 0 or left >= total)) or (lt is float and
                                                         (left <= 0 or left >= 1)):
        raise ValueError(f"`left_size` should be either a positive integer smaller than {total},"
                         f" or a float within the range `[0, 1]`. Received: left_size={left}")
    if (rt is int and (right <= 0 or right >= total)) or (rt is float and
                                                          (right <= 0 or right >= 1)):
        raise ValueError(f"`right_size` should be either a positive integer and smaller than "
                         f"{total} or a float within the range `[0, 1]`. Received: "
                         f"right_size={right}")
    if lt is float and rt is float and left + right > 1:
        raise ValueError("The sum of `left_size` and `right_size` is greater than 1. It must be"
                         " less than or equal to 1.")
    # (fractions become counts; counts become floats, as Keras 3's messages show them)
    left = round(left * total) if lt is float else float(left) if lt is int else left
    right = round(right * total) if rt is float else float(right) if rt is int else right
    if left is None:
        left = total - right
    elif right is None:
        right = total - left
    if left + right > total:
        raise ValueError(f"The sum of `left_size` and `right_size` should be smaller than the "
                         f"{total}. Received: left_size + right_size = {left + right}"
                         f"and total_length = {total}")
    for split, side in ((left, "left"), (right, "right")):
        if split == 0:
            raise ValueError(f"With `dataset` of length={total}, `left_size`={left} and "
                             f"`right_size`={right}.Resulting {side} side dataset split"
                             " will be empty. Adjust any of the aforementioned parameters")
    return int(left), int(right)
