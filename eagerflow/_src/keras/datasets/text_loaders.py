"""tf.keras.datasets.imdb and reuters: word-index sequences from Keras's .npz files.

Sits on loaders.py (the safe object-array reader) and keras/utils/data_utils.py (the
lookup: $EAGERFLOW_DATASETS, then the Keras cache, then a verified download). The
sequences are processed as Keras 3 does, step for step: shuffled by a RandomState of
`seed`, prefixed with `start_char` and shifted by `index_from`, sequences of `maxlen` or
more words dropped, words outside [skip_top, num_words) made `oov_char` (or dropped).
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np

from eagerflow._src.core.py_conversion import object_vector
from eagerflow._src.keras.datasets.loaders import _KERAS_DATA, load_npz_objects
from eagerflow._src.keras.utils import data_utils as du

IMDB_SHA256 = "69664113be75683a8fe16e3ed0ab59fda8886cb3cd7ada244f7d9544e4676b9f"
IMDB_INDEX_MD5 = "bfafd718b763782e994055a2d397834f"
REUTERS_SHA256 = "d6586e694ee56d7a4e65172e12b3e987c03096cb01eab99753921ef915959916"
REUTERS_INDEX_MD5 = "4d44cc38712099c9e383dc6e5f11a921"

REUTERS_LABELS = (
    "cocoa", "grain", "veg-oil", "earn", "acq", "wheat", "copper", "housing", "money-supply",
    "coffee", "sugar", "trade", "reserves", "ship", "cotton", "carcass", "crude", "nat-gas",
    "cpi", "money-fx", "interest", "gnp", "meal-feed", "alum", "oilseed", "gold", "tin",
    "strategic-metal", "livestock", "retail", "ipi", "iron-steel", "rubber", "heat", "jobs",
    "lei", "bop", "zinc", "orange", "pet-chem", "dlr", "gas", "silver", "wpi", "hog", "lead")


def _shift(xs: Any, start_char: int | None, index_from: int) -> list:
    if start_char is not None:
        return [[start_char] + [w + index_from for w in x] for x in xs]
    return [[w + index_from for w in x] for x in xs] if index_from else [list(x) for x in xs]


def _drop_long(maxlen: int, xs: list, labels: Any) -> tuple:
    kept = [(x, y) for x, y in zip(xs, labels) if len(x) < maxlen]
    return [x for x, _ in kept], [y for _, y in kept]


def _clip_words(xs: list, num_words: int | None, skip_top: int, oov_char: int | None) -> list:
    if not num_words:
        num_words = max(max(x) for x in xs)
    if oov_char is not None:
        return [[w if skip_top <= w < num_words else oov_char for w in x] for x in xs]
    return [[w for w in x if skip_top <= w < num_words] for x in xs]


def imdb_load_data(path: str = "imdb.npz", num_words: int | None = None, skip_top: int = 0,
                   maxlen: int | None = None, seed: int = 113, start_char: int | None = 1,
                   oov_char: int | None = 2, index_from: int = 3, **kwargs: Any) -> tuple:
    """IMDB reviews as lists of word indices (object arrays) and 0/1 labels."""
    fpath = du.fetch_file(fname=path, origin=f"{_KERAS_DATA}imdb.npz", file_hash=IMDB_SHA256)
    x_train, y_train, x_test, y_test = load_npz_objects(
        fpath, ("x_train", "y_train", "x_test", "y_test"))
    rng = np.random.RandomState(seed)
    idx = np.arange(len(x_train))
    rng.shuffle(idx)
    x_train, y_train = x_train[idx], y_train[idx]
    idx = np.arange(len(x_test))
    rng.shuffle(idx)
    x_test, y_test = x_test[idx], y_test[idx]
    x_train, x_test = _shift(x_train, start_char, index_from), _shift(x_test, start_char,
                                                                        index_from)
    if maxlen:
        x_train, y_train = _drop_long(maxlen, x_train, y_train)
        x_test, y_test = _drop_long(maxlen, x_test, y_test)
        if not x_train or not x_test:
            raise ValueError(f"After filtering for sequences shorter than maxlen={maxlen}, no "
                             "sequence was kept. Increase maxlen.")
    xs = _clip_words(x_train + x_test, num_words, skip_top, oov_char)
    labels = np.concatenate([y_train, y_test])
    n = len(x_train)
    return (object_vector(xs[:n]), labels[:n]), (object_vector(xs[n:]), labels[n:])


def reuters_load_data(path: str = "reuters.npz", num_words: int | None = None,
                      skip_top: int = 0, maxlen: int | None = None, test_split: float = 0.2,
                      seed: int = 113, start_char: int | None = 1, oov_char: int | None = 2,
                      index_from: int = 3) -> tuple:
    """Reuters newswires as lists of word indices (object arrays) and topic labels."""
    fpath = du.fetch_file(fname=path, origin=f"{_KERAS_DATA}reuters.npz",
                        file_hash=REUTERS_SHA256)
    xs, labels = load_npz_objects(fpath, ("x", "y"))
    idx = np.arange(len(xs))
    np.random.RandomState(seed).shuffle(idx)
    xs, labels = xs[idx], labels[idx]
    xs = _shift(xs, start_char, index_from) if start_char is not None or index_from else xs
    if maxlen:
        xs, labels = _drop_long(maxlen, xs, labels)
    xs = _clip_words(list(xs), num_words, skip_top, oov_char)
    n = int(len(xs) * (1 - test_split))
    return ((object_vector(xs[:n]), np.array(labels[:n])), (object_vector(xs[n:]),
                                                        np.array(labels[n:])))


def _word_index(path: str, origin: str, md5: str) -> dict:
    fpath = du.fetch_file(fname=path, origin=origin, file_hash=md5)
    with open(fpath) as f:
        return json.load(f)


def imdb_get_word_index(path: str = "imdb_word_index.json") -> dict:
    """{word: index} of the IMDB sequences (before `index_from` shifts them)."""
    return _word_index(path, f"{_KERAS_DATA}imdb_word_index.json", IMDB_INDEX_MD5)


def reuters_get_word_index(path: str = "reuters_word_index.json") -> dict:
    """{word: index} of the Reuters sequences (before `index_from` shifts them)."""
    return _word_index(path, f"{_KERAS_DATA}reuters_word_index.json", REUTERS_INDEX_MD5)


def reuters_get_label_names() -> tuple:
    """The 46 topic names, in label order."""
    return REUTERS_LABELS
