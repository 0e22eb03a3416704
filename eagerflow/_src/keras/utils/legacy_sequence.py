"""tf.keras.preprocessing.sequence's Keras 1 utilities as Keras 3.15 keeps them:
TimeseriesGenerator, skipgrams and make_sampling_table (pad_sequences is in
sequence_utils).

Keras layer level, NumPy and Python's `random` only (skipgrams and a shuffling
TimeseriesGenerator draw from the global `random` / `np.random` states, which
keras.utils.set_random_seed seeds).
"""

from __future__ import annotations

import json
import random
from typing import Any

import numpy as np

from eagerflow._src.keras.data_adapter import PyDataset


class TimeseriesGenerator(PyDataset):
    """`TimeseriesGenerator(data, targets, length, sampling_rate=1, stride=1, start_index=0,
    end_index=None, shuffle=False, reverse=False, batch_size=128)`: batches of windows
    `data[row - length:row:sampling_rate]` with target `targets[row]`."""

    def __init__(self, data: Any, targets: Any, length: int, sampling_rate: int = 1,
                 stride: int = 1, start_index: int = 0, end_index: int | None = None,
                 shuffle: bool = False, reverse: bool = False, batch_size: int = 128,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if len(data) != len(targets):
            raise ValueError(f"Data and targets have to be of same length. Data length is "
                             f"{len(data)} while target length is {len(targets)}")
        self.data, self.targets = data, targets
        self.length, self.sampling_rate, self.stride = length, sampling_rate, stride
        self.start_index = start_index + length  # the first row that has a full window
        self.end_index = len(data) - 1 if end_index is None else end_index
        self.shuffle, self.reverse, self.batch_size = shuffle, reverse, batch_size
        if self.start_index > self.end_index:
            raise ValueError(f"`start_index+length={self.start_index} > end_index="
                             f"{self.end_index}` is disallowed, as no part of the sequence "
                             "would be left to be used as current step.")

    def __len__(self) -> int:
        span = self.batch_size * self.stride
        return (self.end_index - self.start_index + span) // span

    def __getitem__(self, index: int) -> tuple:
        if self.shuffle:
            rows = np.random.randint(self.start_index, self.end_index + 1, size=self.batch_size)
        else:
            first = self.start_index + self.batch_size * self.stride * index
            last = min(first + self.batch_size * self.stride, self.end_index + 1)
            rows = np.arange(first, last, self.stride)
        samples = np.array([self.data[row - self.length:row:self.sampling_rate]
                            for row in rows])
        targets = np.array([self.targets[row] for row in rows])
        return (samples[:, ::-1, ...] if self.reverse else samples), targets

    def get_config(self) -> dict:
        """The arguments, data and targets as JSON strings. (Keras 3.15's own raises
        AttributeError: its base class has no get_config.)"""
        def as_json(value: Any, what: str) -> str:
            value = value.tolist() if isinstance(value, np.ndarray) else value
            try:
                return json.dumps(value)
            except TypeError as e:
                raise TypeError(f"{what} not JSON Serializable: {value}") from e

        return {"data": as_json(self.data, "Data"),
                "targets": as_json(self.targets, "Targets"), "length": self.length,
                "sampling_rate": self.sampling_rate, "stride": self.stride,
                "start_index": self.start_index, "end_index": self.end_index,
                "shuffle": self.shuffle, "reverse": self.reverse,
                "batch_size": self.batch_size}

    def to_json(self, **kwargs: Any) -> str:
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()},
                          **kwargs)


def make_sampling_table(size: int, sampling_factor: float = 1e-5) -> np.ndarray:
    """word2vec's keep probabilities by word rank, min(1, sqrt(f)) with f the sampling
    factor over a Zipf estimate of the rank's frequency (rank 0 counted as rank 1)."""
    gamma = 0.577  # (Euler-Mascheroni, to Keras's three digits)
    rank = np.arange(size)
    rank[0] = 1
    f = sampling_factor * (rank * (np.log(rank) + gamma) + 0.5 - 1.0 / (12.0 * rank))
    return np.minimum(1.0, f / np.sqrt(f))


def skipgrams(sequence: Any, vocabulary_size: int, window_size: int = 4,
              negative_samples: float = 1.0, shuffle: bool = True, categorical: bool = False,
              sampling_table: Any = None, seed: int | None = None) -> tuple:
    """(couples, labels): [word, neighbour within window_size] pairs labelled 1, then
    `negative_samples` times as many [word, random word in [1, vocabulary_size)] labelled
    0; index 0 is no word. Draws from Python's `random` in Keras's order, so a seeded run
    gives Keras's pairs."""
    positive, negative = ([0, 1], [1, 0]) if categorical else (1, 0)
    couples, labels = [], []
    for i, wi in enumerate(sequence):
        if not wi:
            continue
        if sampling_table is not None and sampling_table[wi] < random.random():
            continue
        for j in range(max(0, i - window_size), min(len(sequence), i + window_size + 1)):
            if j != i and sequence[j]:
                couples.append([wi, sequence[j]])
                labels.append(positive)
    if negative_samples > 0:
        count = int(len(labels) * negative_samples)
        words = [c[0] for c in couples]
        random.shuffle(words)
        couples += [[words[i % len(words)], random.randint(1, vocabulary_size - 1)]
                    for i in range(count)]
        labels += [negative] * count
    if shuffle:
        if seed is None:
            seed = random.randint(0, int(10e6))  # (Keras passes the float 10e6)
        for items in (couples, labels):  # one permutation for both lists
            random.seed(seed)
            random.shuffle(items)
    return couples, labels
