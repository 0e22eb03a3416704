"""Small synthetic dataset files in Keras's own formats (imdb.npz and reuters.npz with
object arrays of word-index lists, the word-index JSON files, california_housing.npz,
CIFAR-100's pickled `train`/`test` batches), and the load_data calls made on them; shared
by make_dataset_golden.py (Keras 3's loaders) and test_datasets_keras3.py (eagerflow's)."""

import json
import os
import pickle

import numpy as np


def _sequences(rng, n, vocab=30, longest=12):
    seqs = np.empty(n, dtype=object)
    seqs[:] = [[int(w) for w in rng.randint(1, vocab, rng.randint(1, longest))]
               for _ in range(n)]
    return seqs


def write_files(folder):
    """Writes the files into `folder` (as Keras's cache holds them)."""
    rng = np.random.RandomState(7)
    np.savez(os.path.join(folder, "imdb.npz"), x_train=_sequences(rng, 10),
             y_train=rng.randint(0, 2, 10), x_test=_sequences(rng, 8),
             y_test=rng.randint(0, 2, 8))
    np.savez(os.path.join(folder, "reuters.npz"), x=_sequences(rng, 15),
             y=rng.randint(0, 46, 15))
    for name in ("imdb_word_index.json", "reuters_word_index.json"):
        with open(os.path.join(folder, name), "w") as f:
            json.dump({"the": 1, "and": 2, "a": 3, name.split("_")[0]: 4}, f)
    np.savez(os.path.join(folder, "california_housing.npz"),
             x=rng.rand(20, 8).astype("float32"), y=(rng.rand(20) * 1e5).astype("float32"))
    cifar = os.path.join(folder, "cifar-100-python")
    os.makedirs(cifar, exist_ok=True)
    for part, n in (("train", 6), ("test", 4)):
        batch = {b"data": rng.randint(0, 256, (n, 3072)).astype("uint8"),
                 b"fine_labels": [int(v) for v in rng.randint(0, 100, n)],
                 b"coarse_labels": [int(v) for v in rng.randint(0, 20, n)]}
        with open(os.path.join(cifar, part), "wb") as f:
            pickle.dump(batch, f)


# (dataset, function, kwargs)
CASES = [
    ("imdb", "load_data", {}),
    ("imdb", "load_data", {"num_words": 20, "skip_top": 4}),
    ("imdb", "load_data", {"maxlen": 8, "seed": 3}),
    ("imdb", "load_data", {"start_char": None, "oov_char": None, "index_from": 0,
                           "num_words": 15}),
    ("imdb", "load_data", {"maxlen": 1}),
    ("imdb", "get_word_index", {}),
    ("reuters", "load_data", {}),
    ("reuters", "load_data", {"num_words": 20, "skip_top": 2, "test_split": 0.4,
                              "seed": 5}),
    ("reuters", "load_data", {"maxlen": 6, "start_char": 9, "index_from": 1}),
    ("reuters", "load_data", {"start_char": None, "index_from": 0, "oov_char": None,
                              "num_words": 10}),
    ("reuters", "get_word_index", {}),
    ("reuters", "get_label_names", {}),
    ("california_housing", "load_data", {}),
    ("california_housing", "load_data", {"version": "small", "test_split": 0.5, "seed": 1}),
    ("california_housing", "load_data", {"version": "medium"}),
    ("california_housing", "load_data", {"test_split": 1.0}),
    ("cifar100", "load_data", {}),
    ("cifar100", "load_data", {"label_mode": "coarse"}),
    ("cifar100", "load_data", {"label_mode": "middle"}),
]


def case_id(case):
    return f"{case[0]}.{case[1]}({', '.join(f'{k}={v!r}' for k, v in case[2].items())})"


def describe(value):
    """A JSON-able account of a loader's result: arrays as dtype, shape and contents."""
    if isinstance(value, tuple):
        return [describe(v) for v in value]
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return {"dtype": "object", "shape": list(value.shape),
                    "values": [list(map(int, v)) for v in value]}
        return {"dtype": str(value.dtype), "shape": list(value.shape),
                "values": value.ravel()[:40].tolist()}
    return value


def run_case(module, case):
    """describe() of the call, or the error's class and message."""
    try:
        return describe(getattr(module, case[1])(**case[2]))
    except Exception as e:  # noqa: BLE001 - the error is what is recorded
        return {"error": type(e).__name__, "message": str(e)}
